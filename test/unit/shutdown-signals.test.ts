import type { Logger } from '../../shared/logger';
import { REPEAT_SIGNAL_WINDOW_MS, handleShutdown, signalPolicy } from '../../shared/process';

/**
 * SIGTERM or SIGINT, sent once or to the whole process group (which reaches a process directly
 * and again through npm/tsx), drains; only a signal 2 s or more after the first forces the exit.
 * The clock is injected: nothing here waits.
 */

test('the policy: the first signal drains, repeats within 2 s are ignored, one 2 s or more later forces', () => {
  let t = 1_000_000;
  const policy = signalPolicy(() => t);
  expect(policy()).toBe('drain');
  expect(policy()).toBe('ignore'); // same instant: the group signal forwarded by tsx
  t += 1_999;
  expect(policy()).toBe('ignore');
  t += 1;
  expect(REPEAT_SIGNAL_WINDOW_MS).toBe(2_000);
  expect(policy()).toBe('force');
  t += 60_000;
  expect(policy()).toBe('force');
});

test('the window counts from the first signal, not the last ignored one', () => {
  let t = 0;
  const policy = signalPolicy(() => t);
  expect(policy()).toBe('drain');
  t = 1_500;
  expect(policy()).toBe('ignore');
  t = 2_100; // only 600 ms after the ignored one, but 2.1 s after the first
  expect(policy()).toBe('force');
});

describe('handleShutdown', () => {
  let handlers: Map<string, (signal: NodeJS.Signals) => void>;
  let exits: number[];
  let logs: { level: string; msg: string }[];
  const logger = Object.fromEntries(
    ['info', 'warn', 'error', 'fatal'].map((level) => [
      level,
      (a: unknown, b?: string) => logs.push({ level, msg: typeof a === 'string' ? a : b! }),
    ]),
  ) as unknown as Logger;

  beforeEach(() => {
    handlers = new Map();
    exits = [];
    logs = [];
    jest.spyOn(process, 'on').mockImplementation(((event: string, handler: (s: NodeJS.Signals) => void) => {
      handlers.set(event, handler);
      return process;
    }) as typeof process.on);
    jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      exits.push(code);
    }) as typeof process.exit);
  });
  afterEach(() => jest.restoreAllMocks());

  /** A stop() that finishes when the test says so. */
  function pendingStop() {
    let finish!: () => void;
    const stop = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    return { stop, finish: () => finish() };
  }

  test('a group SIGTERM delivered twice drains once and exits 0 when stop() finishes', async () => {
    let t = 0;
    const { stop, finish } = pendingStop();
    handleShutdown(logger, 60_000, stop, () => t);
    handlers.get('SIGTERM')!('SIGTERM');
    t = 5;
    handlers.get('SIGTERM')!('SIGTERM');
    t = 300;
    handlers.get('SIGINT')!('SIGINT');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);
    expect(logs.filter((l) => l.msg.startsWith('repeated signal'))).toHaveLength(2);
    finish();
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([0]);
    expect(logs.map((l) => l.msg)).toContain('stopped');
  });

  test('a signal 2 s after the first forces exit 1, logged, without waiting for stop()', () => {
    let t = 0;
    const { stop } = pendingStop();
    handleShutdown(logger, 60_000, stop, () => t);
    handlers.get('SIGINT')!('SIGINT');
    t = 2_000;
    handlers.get('SIGINT')!('SIGINT');
    expect(exits).toEqual([1]);
    expect(logs).toContainEqual({ level: 'warn', msg: 'signal 2 s or more after the first: exiting now' });
  });

  test('a signal while stopping for another reason keeps draining, with that reason’s exit code', async () => {
    let t = 0;
    const { stop, finish } = pendingStop();
    const shutdown = handleShutdown(logger, 60_000, stop, () => t);
    shutdown('a server is gone', 1);
    handlers.get('SIGTERM')!('SIGTERM');
    t = 10;
    handlers.get('SIGTERM')!('SIGTERM');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);
    finish();
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([1]);
  });
});

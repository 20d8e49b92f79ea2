import type { ProcessExit, RestartableServer, SupervisedProcess } from '../../tooling/supervised-process';
import { createLogger } from '../../shared/logger';
import { MAX_RESTARTS, superviseServer } from '../../services/launcher/supervise';

/** A server whose process "exits" when the test says so; restart() starts the next one or fails. */
function fakeServer(options: { restartError?: string } = {}) {
  let pid = 100;
  let exit!: (value: ProcessExit) => void;
  const spawn = (): SupervisedProcess => {
    pid += 1;
    const exited = new Promise<ProcessExit>((resolve) => (exit = resolve));
    return {
      name: 'fake server',
      pid,
      watchdogPid: pid + 1000,
      logFile: '/data/logs/fake.log',
      exited,
      hasExited: () => false,
      stop: async () => undefined,
    };
  };
  let current = spawn();
  let restarts = 0;
  const server: RestartableServer = {
    name: 'fake server',
    get process() {
      return current;
    },
    restart: async () => {
      if (options.restartError) throw new Error(options.restartError);
      restarts += 1;
      current = spawn();
    },
    stop: async () => undefined,
  };
  return {
    server,
    kill: () => exit({ code: null, signal: 'SIGKILL' }),
    restarts: () => restarts,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const logger = createLogger({ level: 'silent', name: 'test' });

describe('superviseServer (the launcher restarts a server it started, a bounded number of times)', () => {
  test(`restarts a killed server up to ${MAX_RESTARTS} times, then gives up with a message naming it`, async () => {
    const fake = fakeServer();
    const fatal: string[] = [];
    superviseServer(fake.server, { logger, isStopping: () => false, onFatal: (m) => fatal.push(m) });
    for (let i = 1; i <= MAX_RESTARTS; i += 1) {
      fake.kill();
      await settle();
      expect({ restarts: fake.restarts(), fatal }).toEqual({ restarts: i, fatal: [] });
    }
    const lastPid = fake.server.process.pid;
    fake.kill();
    await settle();
    expect(fake.restarts()).toBe(MAX_RESTARTS);
    expect(fatal).toEqual([
      `the fake server (pid ${lastPid}) stopped (killed by SIGKILL) after ${MAX_RESTARTS} restarts within 10 minutes; giving up (its log: /data/logs/fake.log)`,
    ]);
  });

  test('a restart that fails ends the launcher with the reason', async () => {
    const fake = fakeServer({ restartError: 'port 7233 is in use' });
    const fatal: string[] = [];
    superviseServer(fake.server, { logger, isStopping: () => false, onFatal: (m) => fatal.push(m) });
    fake.kill();
    await settle();
    expect(fatal).toEqual([
      'the fake server (pid 101) stopped (killed by SIGKILL) and could not be restarted: port 7233 is in use',
    ]);
  });

  test('a server that stops while the launcher stops is neither restarted nor reported', async () => {
    const fake = fakeServer();
    const fatal: string[] = [];
    superviseServer(fake.server, { logger, isStopping: () => true, onFatal: (m) => fatal.push(m) });
    fake.kill();
    await settle();
    expect({ restarts: fake.restarts(), fatal }).toEqual({ restarts: 0, fatal: [] });
  });
});

import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureDatabase } from '../../../shared/db/databases';
import { isPortOpen } from '../../../tooling/temporal-server';
import { createTemporal } from '../../../shared/temporal/client';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { selfCheckWorkflow } from '../../../workflows/self-check.workflow';
import { basic, eventually, postJson } from '../../helpers/harness';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  awaitExit,
  expectDemoTenantQuery,
  freePorts,
  killTree,
  launcherEnv,
  stillRunningAfter,
  startLauncher,
  stopLauncher,
  waitForLogLine,
  type Launcher,
} from '../../helpers/launcher';

/**
 * Supervision under `npm start`: launcher A starts its own Temporal dev server (nothing answers on
 * TEMPORAL_PORT), which it restarts when killed and which does not outlive A's SIGKILL; launcher B,
 * with another DATA_DIR on the same database, finds that server, says it did not start it, and leaves
 * A's demo key working. Both use a database of this file's own on the suite's PostgreSQL.
 */

describe('npm start supervises the servers it starts', () => {
  const started: ChildProcess[] = [];
  const serverGroups: number[] = [];
  const dataDirs: string[] = [];
  let databaseUrl: string;
  let databaseName: string;
  let temporalPort: number;
  let uiPort: number;
  let a: Launcher | undefined;
  /** A's current Temporal dev server (after its restart). */
  let aTemporal: { pid: number; watchdogPid: number } | undefined;

  const env = (dataDir: string) =>
    launcherEnv({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      TEMPORAL_PORT: String(temporalPort),
      TEMPORAL_UI_PORT: String(uiPort),
      TEMPORAL_TASK_QUEUE: `launcher-${crypto.randomUUID()}`,
      PORT: '0',
      WORKER_HTTP_PORT: '0',
      DEMO_TENANT_ALIAS: 'demo',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-supervision-'));
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    databaseName = `referral_test_${Date.now()}_${process.pid}_supervision`;
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    await ensureDatabase(databaseUrl);
    [temporalPort, uiPort] = (await freePorts(2)) as [number, number];
  });

  afterAll(async () => {
    await Promise.all(started.map((child) => killTree(child, serverGroups)));
    await dropDatabase(databaseUrl).catch(() => undefined);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test(
    'runs its own Temporal dev server with output to a file, and restarts it when it is killed',
    async () => {
      const dataDir = newDataDir();
      const envA = env(dataDir);
      a = await startLauncher(envA, started);
      const { ready } = a;
      const logFile = path.join(dataDir, 'logs', 'temporal.log');

      expect(ready.temporal).toBe('started');
      expect(ready.temporalAddress).toBe(`127.0.0.1:${temporalPort}`);
      expect(ready.processes).toEqual({
        launcher: expect.any(Number),
        temporal: { pid: expect.any(Number), watchdogPid: expect.any(Number), logFile },
      });
      const first = ready.processes.temporal!;
      serverGroups.push(first.pid);
      expect(a.output().stdout).toContain(
        `Temporal          127.0.0.1:${temporalPort} (dev server started by npm start, log ${logFile})`,
      );
      // Its output goes to the log file, not to a pipe that dies with the launcher.
      expect(fs.readlinkSync(`/proc/${first.pid}/fd/1`)).toBe(logFile);
      expect(fs.readlinkSync(`/proc/${first.pid}/fd/2`)).toBe(logFile);
      expect(fs.readFileSync(logFile, 'utf8')).toContain(`Temporal Server:      localhost:${temporalPort}`);

      process.kill(first.pid, 'SIGKILL');
      const restarted = await waitForLogLine(a, 'the Temporal dev server was restarted', 60_000);
      expect(restarted).toMatchObject({ previousPid: first.pid });
      aTemporal = { pid: restarted.pid as number, watchdogPid: restarted.watchdogPid as number };
      serverGroups.push(aTemporal.pid);
      expect(await stillRunningAfter([first.pid, first.watchdogPid], 5000)).toEqual([]);

      // The stack works again: a workflow on A's task queue runs on A's worker through the new server.
      const temporal = createTemporal({
        address: ready.temporalAddress,
        namespace: 'default',
        taskQueue: envA.TEMPORAL_TASK_QUEUE!,
      });
      try {
        const check = await temporal.client.workflow.execute(selfCheckWorkflow, {
          taskQueue: envA.TEMPORAL_TASK_QUEUE!,
          workflowId: workflowIds.selfCheck(`supervision-${crypto.randomUUID()}`),
          args: [{ requestedBy: 'launcher-supervision test' }],
          workflowExecutionTimeout: '60s',
        });
        expect(check.database.database).toBe(databaseName);
      } finally {
        await temporal.close();
      }
      await expectDemoTenantQuery(a, ready.demoTenant.apiKey);
    },
    START_TIMEOUT_MS + 90_000,
  );

  test(
    'a second launcher on the same database finds that server, says it did not start it, and revokes no key',
    async () => {
      if (!a || !aTemporal) throw new Error('launcher A did not start; nothing to test against');
      const dataDir = newDataDir();
      const b = await startLauncher(env(dataDir), started);
      const keyA = a.ready.demoTenant.apiKey;
      const keyB = b.ready.demoTenant.apiKey;

      // B could not know A's key (only its hash is stored), so it added one of its own.
      expect(keyB).not.toBe(keyA);
      await expectDemoTenantQuery(a, keyA);
      await expectDemoTenantQuery(b, keyA);
      await expectDemoTenantQuery(b, keyB);
      await eventually("A's gateway accepts B's key", async () => {
        const res = await postJson(
          a!.ready.graphqlUrl,
          { query: '{ tenant { alias } }' },
          { authorization: basic(keyB) },
        );
        return res.status === 200;
      });

      expect(b.ready.temporal).toBe('found');
      expect(b.ready.processes).toEqual({ launcher: expect.any(Number) });
      expect(b.output().stdout).toContain(
        `Temporal          127.0.0.1:${temporalPort} (found running: not started by npm start, so not supervised or restarted by it)`,
      );

      // B stops without touching the server it did not start.
      const stopped = await stopLauncher(b);
      expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 0, signal: null });
      expect(await stillRunningAfter([aTemporal.pid], 0)).toEqual([aTemporal.pid]);
      expect(await isPortOpen('127.0.0.1', temporalPort)).toBe(true);
      await expectDemoTenantQuery(a, keyA);
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );

  test(
    'SIGKILL to the launcher leaves nothing it started running',
    async () => {
      if (!a || !aTemporal) throw new Error('launcher A did not start; nothing to test against');
      const t0 = Date.now();
      process.kill(a.ready.processes.launcher, 'SIGKILL');
      const pids = [a.ready.processes.launcher, aTemporal.pid, aTemporal.watchdogPid];
      expect(await stillRunningAfter(pids, 15_000)).toEqual([]);
      const goneMs = Date.now() - t0;
      expect(await isPortOpen('127.0.0.1', temporalPort)).toBe(false);
      const exit = await awaitExit(a, 'SIGKILL to the launcher process');
      expect(exit).not.toEqual({ code: 0, signal: null }); // tsx reports its child's death
      const log = fs.readFileSync(a.ready.processes.temporal!.logFile, 'utf8');
      expect(log).toContain(`watchdog ${aTemporal.watchdogPid}: the launcher closed its pipe`);
      console.log(
        `launcher-supervision: the Temporal dev server was gone ${goneMs} ms after SIGKILL to the launcher`,
      );
    },
    STOP_TIMEOUT_MS,
  );
});

import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureDatabase } from '../../../shared/db/databases';
import { isPortOpen } from '../../../tooling/temporal-server';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  awaitExit,
  killTree,
  launcherEnv,
  liveGroupMembers,
  logLines,
  startLauncher,
} from '../../helpers/launcher';
import { startSlowGraphqlRequest } from '../../helpers/slow-request';

/**
 * a SIGTERM to the launcher's whole process group (tsx and the launcher's node, as a terminal's
 * Ctrl-C or a container runtime sends it) drains gracefully. The launcher gets the signal directly and
 * again forwarded by tsx; here it also gets a third one straight after, as someone pressing Ctrl-C twice
 * would send. None of them within 2 s of the first may cut the drain short. The launcher uses a database
 * of this file's own on the suite's PostgreSQL and the suite's Temporal server.
 */

describe('npm start and a SIGTERM to its whole process group', () => {
  const started: ChildProcess[] = [];
  let databaseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/referral_test_${Date.now()}_${process.pid}_group_signal`;
    databaseUrl = url.toString();
    await ensureDatabase(databaseUrl);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-group-signal-'));
  });

  afterAll(async () => {
    await Promise.all(started.map((child) => killTree(child)));
    await dropDatabase(databaseUrl).catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    'drains: the request in flight completes, then everything stops and the launcher exits 0',
    async () => {
      const launcher = await startLauncher(
        launcherEnv({
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS!,
          TEMPORAL_TASK_QUEUE: `launcher-${crypto.randomUUID()}`,
          PORT: '0',
          WORKER_HTTP_PORT: '0',
          DEMO_TENANT_ALIAS: 'demo',
          LOG_LEVEL: 'info',
          NODE_ENV: 'development',
        }),
        started,
      );
      const { ready } = launcher;
      const pgid = launcher.child.pid!;
      // tsx runs the launcher in a node process of its own, in the same (test-made) process group.
      expect(ready.processes.launcher).not.toBe(pgid);
      expect(liveGroupMembers(pgid).map((m) => Number(m.split(' ')[0]))).toEqual(
        expect.arrayContaining([pgid, ready.processes.launcher]),
      );

      const inFlight = startSlowGraphqlRequest(ready.graphqlUrl, ready.demoTenant.apiKey);
      const first = await Promise.race([
        inFlight.continued.then(() => 'continued'),
        inFlight.response.then((r) => `answered ${r.status} before its body: ${r.body}`),
      ]);
      expect(first).toBe('continued');
      process.kill(-pgid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      try {
        process.kill(ready.processes.launcher, 'SIGTERM'); // again, well within 2 s of the first
      } catch (err) {
        const { stdout, stderr } = launcher.output();
        throw new Error(
          `the launcher was gone 300 ms after the SIGTERM, with a request in flight (${(err as Error).message})\n${stdout}\n${stderr}`,
        );
      }
      await new Promise((r) => setTimeout(r, 700));
      const gatewayPort = Number(new URL(ready.gatewayUrl).port);
      expect(await isPortOpen('127.0.0.1', gatewayPort, 2000)).toBe(false); // draining: no new connections
      inFlight.finish();
      const late = await inFlight.response.catch((err: Error) => {
        throw new Error(`the request in flight failed (${err.message})\n${launcher.output().stdout}`);
      });
      expect({ status: late.status, body: JSON.parse(late.body) as unknown }).toEqual({
        status: 200,
        body: { data: { tenant: { alias: 'demo', mode: 'LIVE' } } },
      });

      const exit = await awaitExit(launcher, 'SIGTERM to the process group');
      expect(exit).toEqual({ code: 0, signal: null });
      expect(logLines(launcher, 'shutting down')).toHaveLength(1);
      expect(logLines(launcher, 'stopped')).toHaveLength(1);
      // At least the third signal was a repeat (the second, tsx's forward, may race with the first).
      expect(
        logLines(launcher, 'repeated signal within 2 s of the first: still draining').length,
      ).toBeGreaterThanOrEqual(1);
      expect(logLines(launcher, 'signal 2 s or more after the first: exiting now')).toEqual([]);
      expect(await isPortOpen('127.0.0.1', ready.workerHttpPort, 2000)).toBe(false);
      expect(liveGroupMembers(pgid)).toEqual([]);
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});

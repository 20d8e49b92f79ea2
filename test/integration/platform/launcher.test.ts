import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { basic, eventually, postJson } from '../../helpers/harness';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  awaitExit,
  expectDemoTenantQuery,
  freePorts,
  killTree,
  launcherEnv,
  liveGroupMembers,
  logLines,
  reportedPids,
  startLauncher,
  stillRunningAfter,
  waitForLogLine,
  stopLauncher,
} from '../../helpers/launcher';
import { isPortOpen } from '../../../tooling/temporal-server';
import { startSlowGraphqlRequest } from '../../helpers/slow-request';

/**
 * `npm start` end to end: the launcher as a child process with no PostgreSQL where it looks first, so it
 * runs an embedded one under DATA_DIR. It reuses the suite's Temporal server (TEMPORAL_ADDRESS) on a task
 * queue of its own, so its worker takes no other test's tasks.
 */

const acceptsTcp = (port: number) => isPortOpen('127.0.0.1', port, 2000);

function pgUrl(port: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/referral_service`;
}

/** Connects to the embedded server; resolves with the error when it does not accept the connection. */
async function connectPg(port: number): Promise<{ client: Client } | { error: Error }> {
  const client = new Client({ connectionString: pgUrl(port), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return { client };
  } catch (err) {
    await client.end().catch(() => undefined);
    return { error: err as Error };
  }
}

/** The embedded server answers queries on the migrated database again (retried while it recovers). */
async function expectDemoTenantRow(port: number) {
  let last = '';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const connected = await connectPg(port);
    if ('client' in connected) {
      try {
        const { rows } = await connected.client.query('select mode from tenants where alias = $1', ['demo']);
        expect(rows).toEqual([{ mode: 'live' }]);
        return;
      } finally {
        await connected.client.end();
      }
    }
    last = connected.error.message;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the embedded PostgreSQL did not answer again: ${last}`);
}

describe('npm start (services/launcher/main.ts) with an embedded PostgreSQL', () => {
  const started: ChildProcess[] = [];
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let embeddedPort: number;
  let firstKey: string | undefined;
  /** Process groups of the servers the launchers reported (each server leads one). */
  const serverGroups: number[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-test-'));
    // PostgreSQL runs as the `postgres` user, which must be able to reach its data folder.
    fs.chmodSync(dataDir, 0o755);
    const [nothingListens, embedded] = await freePorts(2);
    embeddedPort = embedded!;
    env = launcherEnv({
      PGHOST: '127.0.0.1',
      PGPORT: String(nothingListens), // no local PostgreSQL answers: the launcher must start its own
      EMBEDDED_PG_PORT: String(embeddedPort),
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS!,
      TEMPORAL_TASK_QUEUE: `launcher-${crypto.randomUUID()}`,
      PORT: '0',
      WORKER_HTTP_PORT: '0',
      DEMO_TENANT_ALIAS: 'demo',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
  });

  afterAll(async () => {
    await Promise.all(started.map((child) => killTree(child, serverGroups)));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    'starts PostgreSQL and everything else, serves the demo tenant, and stops everything on SIGTERM',
    async () => {
      const t0 = Date.now();
      const launcher = await startLauncher(env, started);
      const startMs = Date.now() - t0;
      const { ready } = launcher;

      // One ready line, pino JSON logs before it, the human banner after it.
      const lines = launcher.output().stdout.split('\n');
      const readyIndex = lines.findIndex((l) => l.startsWith('{"event":"ready"'));
      expect(lines.filter((l) => l.startsWith('{"event":"ready"'))).toHaveLength(1);
      for (const line of lines.slice(0, readyIndex)) {
        expect(JSON.parse(line)).toEqual(
          expect.objectContaining({ level: expect.any(Number), msg: expect.any(String) }),
        );
      }
      expect(lines.slice(readyIndex + 1).join('\n')).toContain('Referral service is running.');

      expect(ready.postgres).toBe('embedded');
      expect(ready.temporalAddress).toBe(process.env.TEST_TEMPORAL_ADDRESS);
      // A Temporal server it did not start is named as such, and it supervises only PostgreSQL.
      expect(ready.temporal).toBe('configured');
      expect(launcher.output().stdout).toContain(
        `Temporal          ${ready.temporalAddress} (TEMPORAL_ADDRESS: not started by npm start`,
      );
      expect(ready.processes).toEqual({
        launcher: expect.any(Number),
        postgres: {
          pid: expect.any(Number),
          watchdogPid: expect.any(Number),
          logFile: path.join(dataDir, 'logs', 'postgres.log'),
        },
      });
      serverGroups.push(ready.processes.postgres!.pid);
      expect(ready.gatewayUrl).toMatch(/^http:\/\/localhost:\d+$/);
      expect(ready.apiBaseUrl).toBe(`${ready.gatewayUrl}/api/v1/demo`);
      expect(ready.graphqlUrl).toBe(`${ready.apiBaseUrl}/graphql`);
      expect(ready.temporalUiUrl).toMatch(/^https?:\/\//);
      expect(ready.demoTenant).toEqual({
        alias: 'demo',
        mode: 'live',
        apiKey: expect.stringMatching(/^rsk_live_[A-Za-z0-9_-]{86}$/),
      });
      firstKey = ready.demoTenant.apiKey;

      // The key is kept for the next start, readable only by its owner.
      const keyFile = path.join(dataDir, 'demo-tenant-demo.json');
      expect(JSON.parse(fs.readFileSync(keyFile, 'utf8'))).toEqual(ready.demoTenant);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

      const readyz = await fetch(`${ready.gatewayUrl}/readyz`);
      expect(readyz.status).toBe(200);
      expect(await readyz.json()).toMatchObject({ status: 'ready' });

      await expectDemoTenantQuery(launcher, ready.demoTenant.apiKey);
      // The portal's URL, and the demo operator signs in to the demo tenant's test twin as well.
      expect(ready.adminUrl).toBe(`${ready.gatewayUrl}/admin/`);
      expect(launcher.output().stdout).toContain(`  Admin portal      ${ready.gatewayUrl}/admin/\n`);
      // The SFTP server runs beside them, its host key generated into DATA_DIR (owner-only).
      expect(launcher.output().stdout).toContain(
        `  SFTP              sftp -P ${ready.sftpPort} demo@localhost\n`,
      );
      expect(launcher.output().stdout).toContain(`  SFTP host key     ${ready.sftpHostKeyFingerprint}\n`);
      expect(ready.sftpHostKeyFingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
      expect(fs.statSync(path.join(dataDir, 'sftp', 'ssh_host_ed25519_key')).mode & 0o777).toBe(0o600);
      expect(ready.demoTestTenant).toEqual({
        alias: 'test_demo',
        mode: 'test',
        apiKey: expect.stringMatching(/^rsk_test_[A-Za-z0-9_-]{86}$/),
      });
      const twinLogin = await postJson(`${ready.gatewayUrl}/admin/api/login`, {
        tenantAlias: 'test_demo',
        email: ready.demoOperator.email,
        password: ready.demoOperator.password,
      });
      expect(twinLogin.status).toBe(200);
      expect(twinLogin.json).toMatchObject({
        tenant: { alias: 'test_demo', mode: 'test' },
        twin: { alias: 'demo', mode: 'live' },
      });
      const wrong = await postJson(
        ready.graphqlUrl,
        { query: '{ tenant { alias } }' },
        { authorization: basic('rsk_live_wrong') },
      );
      expect(wrong.status).toBe(401);

      // npm start is for development: a webhook endpoint on this machine is accepted.
      const local = await postJson(
        ready.graphqlUrl,
        {
          query: `mutation { createWebhookEndpoint(input: { url: "http://localhost:3000/hooks", eventTypes: [] }) { id } }`,
        },
        { authorization: basic(ready.demoTenant.apiKey) },
      );
      expect(local.json).toMatchObject({ data: { createWebhookEndpoint: { id: expect.any(String) } } });

      const worker = await fetch(`http://127.0.0.1:${ready.workerHttpPort}/healthz`);
      expect(worker.status).toBe(200);

      // Without SMTP_URL npm start catches e-mail in DATA_DIR/mail: a test send lands there as a file.
      expect(ready.mailDir).toBe(path.join(dataDir, 'mail'));
      expect(launcher.output().stdout).toContain(`  E-mail            caught in ${ready.mailDir} (`);
      const sent = await postJson(
        ready.graphqlUrl,
        {
          query: `mutation { sendTestNotification(kind: FRIEND_SIGNED_UP, locale: "en", to: "dev@example.com") { status } }`,
        },
        { authorization: basic(ready.demoTenant.apiKey) },
      );
      expect(sent.json).toMatchObject({ data: { sendTestNotification: { status: 'SENT' } } });
      const caught = fs.readdirSync(ready.mailDir!).filter((f) => f.endsWith('-dev@example.com.eml'));
      expect(caught).toHaveLength(1);
      const message = fs.readFileSync(path.join(ready.mailDir!, caught[0]!), 'utf8');
      expect(message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(message).toMatch(/^Content-Type: text\/html/m);

      // The embedded server is a real PostgreSQL holding the migrated database and the demo tenant.
      const connected = await connectPg(embeddedPort);
      if ('error' in connected)
        throw new Error(`embedded PostgreSQL refused a connection: ${connected.error.message}`);
      try {
        const { rows } = await connected.client.query(
          'select current_database() as db, mode from tenants where alias = $1',
          ['demo'],
        );
        expect(rows).toEqual([{ db: 'referral_service', mode: 'live' }]);
      } finally {
        await connected.client.end();
      }

      // SIGTERM while a request is in flight: the gateway finishes it with PostgreSQL still up (the
      // embedded server stops last), then everything stops and the process exits 0.
      const gatewayPort = Number(new URL(ready.gatewayUrl).port);
      const inFlight = startSlowGraphqlRequest(ready.graphqlUrl, ready.demoTenant.apiKey);
      await Promise.race([inFlight.continued, inFlight.response]);
      const stopping = stopLauncher(launcher);
      await new Promise((r) => setTimeout(r, 700));
      expect(await acceptsTcp(gatewayPort)).toBe(false); // no new connections while draining
      inFlight.finish();
      const late = await inFlight.response.catch(async (err: Error) => {
        const exit = await stopping.catch((e: Error) => e.message);
        throw new Error(
          `the request in flight at SIGTERM failed (${err.message}); launcher: ${JSON.stringify(exit)}\n` +
            launcher.output().stdout.split('\n').slice(-8).join('\n'),
        );
      });
      expect({ status: late.status, body: JSON.parse(late.body) as unknown }).toEqual({
        status: 200,
        body: { data: { tenant: { alias: 'demo', mode: 'LIVE' } } },
      });
      const stopped = await stopping;
      expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 0, signal: null });
      expect(launcher.output().stdout).toContain('"msg":"stopped"');

      const after = await connectPg(embeddedPort);
      if ('client' in after) {
        await after.client.end();
        throw new Error('embedded PostgreSQL still accepts connections after the launcher exited');
      }
      expect(await acceptsTcp(embeddedPort)).toBe(false);
      expect(await acceptsTcp(gatewayPort)).toBe(false);
      expect(await acceptsTcp(ready.workerHttpPort)).toBe(false);
      // No leftovers: nothing of the launcher's process group runs any more, PostgreSQL included.
      expect(liveGroupMembers(launcher.child.pid!)).toEqual([]);
      expect(await stillRunningAfter(reportedPids(ready), 1000)).toEqual([]);

      console.log(
        `launcher: ready after ${startMs} ms (first start, initdb included); exited ${stopped.ms} ms after SIGTERM`,
      );
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );

  test(
    'a second start with the same DATA_DIR reuses the data and key, restarts a killed PostgreSQL, and leaves nothing behind when npm is SIGKILLed',
    async () => {
      if (!firstKey) throw new Error('the first start did not complete; nothing to compare with');
      const t0 = Date.now();
      const launcher = await startLauncher(env, started, { viaNpm: true });
      const startMs = Date.now() - t0;
      const { ready } = launcher;

      expect(ready.postgres).toBe('embedded');
      expect(launcher.output().stdout).not.toContain('initialising embedded PostgreSQL');
      expect(ready.demoTenant).toEqual({ alias: 'demo', mode: 'live', apiKey: firstKey });

      await expectDemoTenantQuery(launcher, firstKey);
      serverGroups.push(ready.processes.postgres!.pid);

      // Killed, the embedded PostgreSQL is started again on the same port and data.
      const killedPid = ready.processes.postgres!.pid;
      process.kill(killedPid, 'SIGKILL');
      const restarted = await waitForLogLine(launcher, 'the embedded PostgreSQL was restarted', 60_000);
      expect(restarted).toMatchObject({ previousPid: killedPid, pid: expect.any(Number) });
      const postgresPid = restarted.pid as number;
      serverGroups.push(postgresPid);
      await expectDemoTenantRow(embeddedPort);
      // The gateway's pool drops the connections the old server had and opens new ones.
      await eventually('the gateway is ready again', async () => {
        const res = await fetch(`${ready.gatewayUrl}/readyz`);
        return res.status === 200;
      });

      // SIGKILL to `npm start` itself (npm, then sh, tsx and the launcher's node): no signal reaches the
      // launcher, which notices that the processes that started it are gone and stops everything.
      const t1 = Date.now();
      launcher.child.kill('SIGKILL');
      const pids = [ready.processes.launcher, postgresPid, restarted.watchdogPid as number];
      expect(await stillRunningAfter(pids, 20_000)).toEqual([]);
      const goneMs = Date.now() - t1;
      expect(await acceptsTcp(embeddedPort)).toBe(false);
      expect(await awaitExit(launcher, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      // sh and tsx's own node wait for the launcher they started, so they go a moment after it.
      await eventually('npm start leaves nothing of its process group', async () => {
        return liveGroupMembers(launcher.child.pid!).length === 0;
      }).catch(() => undefined);
      expect(liveGroupMembers(launcher.child.pid!)).toEqual([]);
      expect(
        logLines(launcher, 'the embedded PostgreSQL stopped unexpectedly (killed by SIGKILL); restarting it'),
      ).toHaveLength(1);

      console.log(
        `launcher: ready after ${startMs} ms (second start); everything gone ${goneMs} ms after SIGKILL to npm`,
      );
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});

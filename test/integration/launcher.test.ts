import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { PROJECT_ROOT } from '../../shared/config';
import { basic, postJson } from '../helpers/harness';
import { isPortOpen } from '../../shared/infra/temporal-server';

/**
 * `npm start` end to end: the launcher as a child process with no PostgreSQL where it looks first, so it
 * runs an embedded one under DATA_DIR. It reuses the suite's Temporal server (TEMPORAL_ADDRESS) on a task
 * queue of its own, so its worker takes no other test's tasks.
 */

const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 30_000;

interface ReadyLine {
  event: 'ready';
  apiBaseUrl: string;
  gatewayUrl: string;
  graphqlUrl: string;
  temporalAddress: string;
  temporalUiUrl: string;
  workerHttpPort: number;
  postgres: 'embedded' | 'external';
  demoTenant: { alias: string; mode: string; apiKey: string };
}

interface Launcher {
  child: ChildProcess;
  ready: ReadyLine;
  /** Everything printed so far. */
  output(): { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Free TCP ports on 127.0.0.1, distinct from each other (all are held until every one is picked). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

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

/** The test process's environment without anything that would point the launcher at the suite's servers. */
function launcherEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      /^(DATABASE_|PG|TEMPORAL_|EMBEDDED_PG_|DATA_DIR$|PORT$|WORKER_HTTP_PORT$|HOST$|PUBLIC_URL$|DEMO_TENANT_ALIAS$)/.test(
        name,
      )
    )
      continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/**
 * Spawns the launcher in a process group of its own (tsx runs the script in a child node process, which
 * runs PostgreSQL), so cleanup can kill the whole tree. Resolves once the ready line is printed; rejects
 * with everything printed when the process exits first or START_TIMEOUT_MS pass.
 */
function startLauncher(env: NodeJS.ProcessEnv, started: ChildProcess[]): Promise<Launcher> {
  const child = spawn(TSX, ['services/launcher/main.ts'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  const output = () => ({ stdout, stderr });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise<Launcher>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${why}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`));
    };
    const timer = setTimeout(
      () => fail(`the launcher printed no ready line within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    child.once('error', (err) => fail(`the launcher could not be spawned: ${err.message}`));
    void exited.then(({ code, signal }) =>
      fail(`the launcher exited (code ${code}, signal ${signal}) before it was ready`),
    );
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{"event":"ready"'));
      if (!line) return;
      clearTimeout(timer);
      try {
        resolve({ child, ready: JSON.parse(line) as ReadyLine, output, exited });
      } catch (err) {
        fail(`the ready line is not JSON: ${(err as Error).message}`);
      }
    });
  });
}

/** The README's first GraphQL call with the demo key; a failure shows the launcher's warnings and errors. */
async function expectDemoTenantQuery(launcher: Launcher, apiKey: string) {
  const res = await postJson(
    launcher.ready.graphqlUrl,
    { query: '{ tenant { alias mode } }' },
    { authorization: basic(apiKey) },
  );
  const expected = { status: 200, body: { data: { tenant: { alias: 'demo', mode: 'LIVE' } } } };
  if (res.status !== 200) {
    const problems = launcher
      .output()
      .stdout.split('\n')
      .filter((l) => /"level":[456]0/.test(l));
    throw new Error(
      `GraphQL answered ${res.status} ${res.text}\nlauncher warnings/errors:\n${problems.join('\n')}`,
    );
  }
  expect({ status: res.status, body: res.json }).toEqual(expected);
}

/**
 * A GraphQL request still in flight: its headers now, its body by finish(), so a shutdown in between must
 * let it complete (the API key check and the resolver both need PostgreSQL). `Expect: 100-continue`
 * makes the server say when it has the request (`continued`), so the test knows it is in flight.
 */
function startSlowGraphqlRequest(url: string, apiKey: string) {
  const body = Buffer.from(JSON.stringify({ query: '{ tenant { alias mode } }' }));
  const target = new URL(url);
  const req = http.request({
    host: '127.0.0.1',
    port: Number(target.port),
    path: target.pathname,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      authorization: basic(apiKey),
      connection: 'close',
      expect: '100-continue',
    },
  });
  const continued = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode!, body: text }));
      res.once('error', reject);
    });
  });
  response.catch(() => undefined); // awaited by the test; not an unhandled rejection meanwhile
  req.flushHeaders();
  return { continued, response, finish: () => req.end(body) };
}

/** SIGTERM to the launcher (tsx passes it on to the script); its exit, or a failure naming the output. */
async function stopLauncher(launcher: Launcher) {
  const t0 = Date.now();
  launcher.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const { stdout, stderr } = launcher.output();
      reject(
        new Error(
          `the launcher did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`,
        ),
      );
    }, STOP_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([launcher.exited, timeout]);
    return { ...result, ms: Date.now() - t0 };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Processes of a process group that still run (zombies excluded: tsx's esbuild service is reparented to
 * init when tsx exits and lingers as a zombie until init reaps it). Linux /proc.
 */
function liveGroupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z')
      members.push(`${entry} ${stat.slice(stat.indexOf('('), stat.lastIndexOf(')') + 1)}`);
  }
  return members;
}

/** Kills what is still running of a spawned launcher: its whole process group, by the group's id. */
async function killTree(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const alive = () => liveGroupMembers(child.pid!).length > 0;
  if (!alive()) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && alive(); i += 1) await new Promise((r) => setTimeout(r, 100));
}

describe('npm start (services/launcher/main.ts) with an embedded PostgreSQL', () => {
  const started: ChildProcess[] = [];
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let embeddedPort: number;
  let firstKey: string | undefined;

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
    await Promise.all(started.map(killTree));
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
      const wrong = await postJson(
        ready.graphqlUrl,
        { query: '{ tenant { alias } }' },
        { authorization: basic('rsk_live_wrong') },
      );
      expect(wrong.status).toBe(401);

      const worker = await fetch(`http://127.0.0.1:${ready.workerHttpPort}/healthz`);
      expect(worker.status).toBe(200);

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

      console.log(
        `launcher: ready after ${startMs} ms (first start, initdb included); exited ${stopped.ms} ms after SIGTERM`,
      );
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );

  test(
    'a second start with the same DATA_DIR reuses the data and prints the same demo API key',
    async () => {
      if (!firstKey) throw new Error('the first start did not complete; nothing to compare with');
      const t0 = Date.now();
      const launcher = await startLauncher(env, started);
      const startMs = Date.now() - t0;
      const { ready } = launcher;

      expect(ready.postgres).toBe('embedded');
      expect(launcher.output().stdout).not.toContain('initialising embedded PostgreSQL');
      expect(ready.demoTenant).toEqual({ alias: 'demo', mode: 'live', apiKey: firstKey });

      await expectDemoTenantQuery(launcher, firstKey);

      const stopped = await stopLauncher(launcher);
      expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 0, signal: null });
      expect(await acceptsTcp(embeddedPort)).toBe(false);

      console.log(
        `launcher: ready after ${startMs} ms (second start); exited ${stopped.ms} ms after SIGTERM`,
      );
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});

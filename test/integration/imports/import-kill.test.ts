/**
 * Crash safety of import jobs: the worker process is killed with SIGKILL in the middle of an
 * import, twice, and started again each time. The job completes, every row is applied exactly once, and
 * the stats and the result file are exact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import {
  createTestTenant,
  basic,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { importClient } from '../../helpers/imports';
import { typescriptCommand } from '../../helpers/typescript-process';

const ROWS = 6000;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-kill-'));
const config = testConfig({
  FILE_STORAGE_DIR: storageDir,
  // A short heartbeat timeout, so the retry after a kill comes quickly.
  IMPORT_HEARTBEAT_TIMEOUT_MS: '2000',
});
let gw: TestGateway;
let worker: ChildProcess | undefined;

/** The worker as its own process, in a process group of its own. */
function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(...typescriptCommand('test/helpers/worker-main.ts'), {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: config.TEMPORAL_TASK_QUEUE,
      WORKER_HTTP_PORT: '0',
      FILE_STORAGE_DIR: storageDir,
      IMPORT_CHUNK_ROWS: '20',
      // This worker shares the test database: its reconciler must leave other files' referrals alone.
      RECONCILE_GRACE_MS: String(24 * 3600 * 1000),
    },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not running after 60 s:\n${output}`)), 60_000);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('"msg":"worker running"')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}) before it ran:\n${output}`));
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(-child.pid!, 'SIGKILL');
  return exited;
}

beforeAll(async () => {
  gw = await startTestGateway({ config });
});
afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) await kill(worker);
  await gw?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

test('SIGKILL of the worker mid-import, twice: the job completes with every row applied exactly once', async () => {
  const tenant = await createTestTenant(gw.deps.db, 'kill');
  const { id: tenantId } = await gw.deps.db('tenants').where({ alias: tenant.alias }).first('id');
  const jobs = importClient({ base: gw.api(tenant.alias), auth: basic(tenant.apiKey) });
  const rows = Array.from({ length: ROWS }, (_, i) => `u${i},a${i},user${i}@example.com,First${i % 7},Last`);
  const fileRef = await jobs.upload(
    'kill.csv',
    ['id,accountId,email,firstName,lastName', ...rows].join('\n'),
  );

  worker = await startWorkerProcess();
  const created = await jobs.create({ fileRef, type: 'MUTATION/USER' });
  let kills = 0;
  for (const fraction of [0.15, 0.5]) {
    for (;;) {
      const job = (await jobs.job(created.id))!;
      expect(job.status).not.toBe('COMPLETED');
      if (job.stats.recordsProcessed >= fraction * ROWS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await kill(worker);
    kills += 1;
    const atKill = (await jobs.job(created.id))!.stats.recordsProcessed;
    expect(atKill).toBeLessThan(ROWS);
    worker = await startWorkerProcess();
  }
  expect(kills).toBe(2);

  const job = await jobs.waitFor(created.id, 120_000);
  expect(job).toMatchObject({
    status: 'COMPLETED',
    stats: { recordsProcessed: ROWS, recordsFailed: 0, recordsTotal: ROWS },
  });
  const db = gw.deps.db;
  const [users] = await db('users').where({ tenant_id: tenantId }).count<{ count: string }[]>('* as count');
  expect(Number(users!.count)).toBe(ROWS);
  const [codes] = await db('referral_codes')
    .where({ tenant_id: tenantId })
    .count<{ count: string }[]>('* as count');
  expect(Number(codes!.count)).toBe(ROWS);
  const [ledger] = await db('import_job_chunks')
    .where({ job_id: created.id })
    .sum<{ sum: string }[]>('rows as sum');
  expect(Number(ledger!.sum)).toBe(ROWS);
  const results = await jobs.results(job);
  expect(results).toHaveLength(ROWS);
  expect(results.map((r) => Number(r[0]))).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
  expect(new Set(results.map((r) => r[1]))).toEqual(new Set(['SUCCESS']));
  // Three worker starts (with the run's prebuilt bundle, a few seconds each) and the import itself; a
  // loaded CI machine has taken twice the quiet figure.
}, 120_000);

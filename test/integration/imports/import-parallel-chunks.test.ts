/**
 * Import chunks applied side by side (IMPORT_PARALLEL_CHUNKS): neighbouring chunks that touch
 * the same users, idempotency keys and name codes, in opposite orders, so their transactions wait for
 * each other and can deadlock. Whatever PostgreSQL does with them, the job must end as applying the file
 * one row after the other would: each user as its last row says, created once (one `user.created` event),
 * each key used by its first row, results in file order, one ledger row per chunk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importClient } from '../../helpers/imports';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-parallel-imports-'));
let api: ReferralApi;
let jobs: ReturnType<typeof importClient>;

beforeAll(async () => {
  api = await startReferralApi({
    env: { FILE_STORAGE_DIR: storageDir, IMPORT_CHUNK_ROWS: '2', IMPORT_PARALLEL_CHUNKS: '3' },
  });
  jobs = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const db = () => api.gw.deps.db;
const PAIRS = 6;

test('neighbouring chunks on the same users end as the file says, in file order', async () => {
  const account = uid('acct');
  const name = `Par${Date.now().toString(36)}`;
  const lines = ['id,accountId,email,firstName,lastName'];
  const expected: Record<string, string> = {};
  for (let i = 0; i < PAIRS; i += 1) {
    const [x, y] = [`x${i}`, `y${i}`];
    // Chunk 3i: x then y; chunk 3i+1: y then x (the opposite lock order); chunk 3i+2: x again, and a
    // newcomer with the same name as everyone (its code is the name's only for the first holder).
    lines.push(`${x},${account},${x}.1@example.com,${name},Same`, `${y},${account},${y}.1@example.com,,`);
    lines.push(`${y},${account},${y}.2@example.com,,`, `${x},${account},${x}.2@example.com,,`);
    lines.push(`${x},${account},${x}.3@example.com,,`, `n${i},${account},n${i}@example.com,${name},Same`);
    Object.assign(expected, {
      [x]: `${x}.3@example.com`,
      [y]: `${y}.2@example.com`,
      [`n${i}`]: `n${i}@example.com`,
    });
  }
  const job = await jobs.run('parallel.csv', lines.join('\n'), 'MUTATION/USER');
  expect(job.status).toBe('COMPLETED');
  expect(job.stats).toMatchObject({ recordsProcessed: PAIRS * 6, recordsFailed: 0 });
  const results = await jobs.results(job);
  expect(results.map((r) => Number(r[0]))).toEqual(lines.slice(1).map((_, i) => i + 2));
  // The first row of each user created it; every later one updated it.
  const seen = new Set<string>();
  const outcome = lines.slice(1).map((line) => {
    const id = line.split(',')[0]!;
    const first = !seen.has(id);
    seen.add(id);
    return first ? 'created' : 'updated';
  });
  expect(results.map((r) => r[2])).toEqual(outcome);

  const users = await db()('users').where({ tenant_id: api.tenantId, account_id: account });
  expect(Object.fromEntries(users.map((u) => [u.id, u.email]))).toEqual(expected);
  // Share codes: distinct, all from the name, exactly one of them the name's own code, each claimed once.
  const codes = users.filter((u) => u.first_name === name).map((u) => u.share_code as string);
  const base = `${name}SAME`.toUpperCase();
  expect(new Set(codes).size).toBe(PAIRS * 2);
  expect(codes.filter((c) => c === base.slice(0, 15))).toHaveLength(1);
  for (const code of codes) expect(code.startsWith(base.slice(0, 9))).toBe(true);
  const claimed = await db()('referral_codes').where({ tenant_id: api.tenantId, account_id: account });
  expect(claimed.map((c) => c.code).sort()).toEqual(users.map((u) => u.share_code).sort());
  const created = await db()('webhook_events')
    .where({ tenant_id: api.tenantId, type: 'user.created' })
    .whereRaw(`payload->'data'->>'accountId' = ?`, [account]);
  expect(created.map((e) => e.payload.data.id).sort()).toEqual(Object.keys(expected).sort());
  const ledger = await db()('import_job_chunks').where({ job_id: job.id }).orderBy('start_offset');
  expect(ledger.map((c) => c.rows)).toEqual(Array.from({ length: PAIRS * 3 }, () => 2));
});

test('an idempotency key repeated in the next chunk is used by its first row only', async () => {
  const account = uid('acct');
  await api.identify(account, 'evt', { email: 'evt@example.com' });
  const lines = ['userId,accountId,idempotencyKey,event.key,event.fields.n'];
  for (let i = 0; i < PAIRS; i += 1) {
    lines.push(
      `evt,${account},key-${account}-a${i},buy,${i}`,
      `evt,${account},key-${account}-b${i},buy,${i}`,
    );
    lines.push(
      `evt,${account},key-${account}-b${i},buy,${i}`,
      `evt,${account},key-${account}-a${i},buy,${i}`,
    );
  }
  const job = await jobs.run('parallel-events.csv', lines.join('\n'), 'MUTATION/USER_EVENT');
  expect(job.status).toBe('COMPLETED');
  expect(job.stats).toMatchObject({ recordsProcessed: PAIRS * 4, recordsFailed: PAIRS * 2 });
  const results = await jobs.results(job);
  expect(results.map((r) => r[1])).toEqual(
    Array.from({ length: PAIRS }, () => ['SUCCESS', 'SUCCESS', 'FAILED', 'FAILED']).flat(),
  );
  const events = await db()('user_events').where({ tenant_id: api.tenantId, account_id: account });
  expect(events).toHaveLength(PAIRS * 2);
});

/**
 * A long import job continues as new: with one chunk per activity call, a job of more than 200
 * chunks hands its next run only its identity, and the next run resumes from the position in PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { importClient } from '../../helpers/imports';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

const ROWS = 230;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-can-'));
let api: ReferralApi;

beforeAll(async () => {
  api = await startReferralApi({
    env: { FILE_STORAGE_DIR: storageDir, IMPORT_CHUNK_ROWS: '1', IMPORT_ACTIVITY_BUDGET_MS: '0' },
  });
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

test('a job of 230 activity calls continues as new once and applies every row once', async () => {
  const jobs = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
  const account = uid('acct');
  const rows = Array.from({ length: ROWS }, (_, i) => `u${i},${account}-${i}`);
  const fileRef = await jobs.upload('long.csv', ['id,accountId', ...rows].join('\n'));
  const created = await jobs.create({ fileRef, type: 'MUTATION/USER' });
  const job = await jobs.waitFor(created.id, 120_000);
  expect(job).toMatchObject({
    status: 'COMPLETED',
    stats: { recordsProcessed: ROWS, recordsFailed: 0, recordsTotal: ROWS },
  });
  const stored = await api.gw.deps
    .db('users')
    .where({ tenant_id: api.tenantId })
    .where('account_id', 'like', `${account}-%`)
    .count<{ count: string }[]>('* as count');
  expect(Number(stored[0]!.count)).toBe(ROWS);

  const { client } = api.gw.deps.temporal;
  const workflowId = workflowIds.importJob(api.tenant.alias, created.id);
  // The job row says COMPLETED when the last activity commits; the workflow closes a moment later.
  await client.workflow.getHandle(workflowId).result();
  // The last run was started by the first one's continue-as-new (histories and describe are strongly
  // consistent, unlike the visibility list).
  const last = await client.workflow.getHandle(workflowId).fetchHistory();
  const started = last.events![0]!.workflowExecutionStartedEventAttributes!;
  expect(started.continuedExecutionRunId).toBeTruthy();
  const first = client.workflow.getHandle(workflowId, started.continuedExecutionRunId!);
  expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
  expect((await client.workflow.getHandle(workflowId).describe()).status.name).toBe('COMPLETED');
  // Each run's history stays far from Temporal's 10,000-event limit.
  expect((await first.fetchHistory()).events!.length).toBeLessThan(2000);
  expect(last.events!.length).toBeLessThan(2000);
}, 180_000);

/**
 * Bulk import jobs (issue 5) through the real gateway, PostgreSQL and Temporal: upload, validate, create,
 * poll, result files, and the four job types with the same rules as the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importClient } from '../helpers/imports';
import { startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-imports-'));
let api: ReferralApi;
let jobs: ReturnType<typeof importClient>;

beforeAll(async () => {
  api = await startReferralApi({ env: { FILE_STORAGE_DIR: storageDir, IMPORT_CHUNK_ROWS: '3' } });
  jobs = importClient(api);
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe('MUTATION/USER', () => {
  test('upload, validate, create and poll: users exist with share codes; stats and result file are exact', async () => {
    const a = uid('acct');
    const csv = [
      'id,accountId,email,firstName,lastName,customFields.plan',
      `u1,${a},one@example.com,Ada,Lovelace,pro`,
      `u2,${a},two@example.com,Alan,Turing,`,
      `u3,${a},not-an-email,Grace,Hopper,`,
      `u4,${uid('acct')},,,,"=cmd"`,
    ].join('\n');
    const fileRef = await jobs.upload('users.csv', csv);
    expect(await jobs.validate(fileRef, 'MUTATION/USER')).toEqual([
      'line 4: column "email" must be an e-mail address',
    ]);
    const created = await jobs.create({ fileRef, type: 'MUTATION/USER', outputFormat: 'CSV', name: 'first' });
    expect(created).toMatchObject({ type: 'MUTATION/USER', requester: 'API', name: 'first', fileRef });
    expect(['PENDING', 'IN_PROGRESS', 'COMPLETED']).toContain(created.status);
    const job = await jobs.waitFor(created.id);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      stats: { recordsProcessed: 4, recordsFailed: 1, recordsTotal: 4 },
    });
    expect(job.dateStarted).toBeGreaterThanOrEqual(job.dateCreated);
    expect(job.dateCompleted).toBeGreaterThanOrEqual(job.dateStarted);
    expect(await jobs.results(job)).toEqual([
      ['2', 'SUCCESS', 'created'],
      ['3', 'SUCCESS', 'created'],
      ['4', 'FAILED', expect.stringContaining('column "email" must be an e-mail address')],
      ['5', 'SUCCESS', 'created'],
    ]);
    const users = await api.gw.deps.db('users').where({ tenant_id: api.tenantId, account_id: a }).orderBy('id');
    expect(users.map((u) => [u.id, u.email, u.share_code, u.custom_fields])).toEqual([
      ['u1', 'one@example.com', 'ADALOVELACE', { plan: 'pro' }],
      ['u2', 'two@example.com', 'ALANTURING', {}],
    ]);
  });
});

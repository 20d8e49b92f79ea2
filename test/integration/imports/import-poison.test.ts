/**
 * Poison import files through the real gateway, PostgreSQL and Temporal: a JSON Lines row
 * nested 100,000 levels deep, text PostgreSQL cannot hold, and failures no retry can fix. None of them
 * takes the service down or keeps a job PENDING or IN_PROGRESS for ever; abortJob ends a PENDING job.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { RunningWorker } from '../../../services/worker/worker';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import type { FinishInput } from '../../../shared/types/imports';
import { importJobWorkflow } from '../../../workflows/import-job.workflow';
import {
  basic,
  createTestTenant,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { importClient } from '../../helpers/imports';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-import-poison-'));
let api: ReferralApi;
let jobs: ReturnType<typeof importClient>;

beforeAll(async () => {
  api = await startReferralApi({ env: { FILE_STORAGE_DIR: storageDir, IMPORT_CHUNK_ROWS: '2' } });
  jobs = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

async function expectAlive(gw: TestGateway): Promise<void> {
  expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
}

const DEPTH = 100_000;
/** `{"id":...,"customFields": {"a": {"a": ... 1 ...}}}`, the row object being level 1. */
const nested = (id: string, account: string, levels: number) =>
  `{"id":"${id}","accountId":"${account}","customFields":${'{"a":'.repeat(levels - 1)}1${'}'.repeat(levels)}`;

describe('a JSON Lines row nested 100,000 levels deep', () => {
  test('is one line-numbered error in validation and in the result file; the job completes without it', async () => {
    const a = uid('acct');
    const lines = [
      `{"id":"ok1","accountId":"${a}"}`,
      nested('deep', a, DEPTH),
      `{"id":"list","accountId":"${a}","customFields":{"l":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}}`,
      nested('edge', a, 16),
      nested('over', a, 17),
      `{"id":"ok2","accountId":"${a}"}`,
    ];
    const fileRef = await jobs.upload('deep.jsonl', `${lines.join('\n')}\n`);
    expect(await jobs.validate(fileRef, 'MUTATION/USER')).toEqual([
      'line 2: nested deeper than 16 levels',
      'line 3: nested deeper than 16 levels',
      'line 5: nested deeper than 16 levels',
    ]);
    await expectAlive(api.gw);

    const job = await jobs.waitFor((await jobs.create({ fileRef, type: 'MUTATION/USER' })).id, 30_000);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      error: null,
      stats: { recordsProcessed: 6, recordsFailed: 3, recordsTotal: 6 },
    });
    expect(await jobs.results(job)).toEqual([
      ['1', 'SUCCESS', 'created'],
      ['2', 'FAILED', 'INVALID_ROW: nested deeper than 16 levels'],
      ['3', 'FAILED', 'INVALID_ROW: nested deeper than 16 levels'],
      ['4', 'SUCCESS', 'created'],
      ['5', 'FAILED', 'INVALID_ROW: nested deeper than 16 levels'],
      ['6', 'SUCCESS', 'created'],
    ]);
    // The upload and the result file both count towards the tenant's storage quota.
    const stored = await api.gw.deps
      .db('stored_files')
      .where({ tenant_id: api.tenantId })
      .whereIn('file_ref', [fileRef, job.resultFileRef]);
    expect(stored.map((f) => [f.kind, Number(f.bytes)]).sort()).toEqual([
      ['RESULT', fs.statSync(path.join(storageDir, job.resultFileRef)).size],
      ['UPLOAD', fs.statSync(path.join(storageDir, fileRef)).size],
    ]);
    const users = await api.gw.deps.db('users').where({ tenant_id: api.tenantId, account_id: a });
    expect(users.map((u) => u.id).sort()).toEqual(['edge', 'ok1', 'ok2']);
    const edge = users.find((u) => u.id === 'edge');
    expect(edge.custom_fields).toEqual({ [Array(15).fill('a').join('.')]: 1 });
    await expectAlive(api.gw);
  });
});

describe('text PostgreSQL cannot hold never reaches it: each such row is a row error', () => {
  test('NUL characters, unpaired surrogates and control characters in JSON Lines names and values', async () => {
    const a = uid('acct');
    const lines = [
      `{"id":"t1","accountId":"${a}"}`,
      `{"id":"t2","accountId":"${a}","customFields":{"k\\u0000":"v"}}`,
      `{"id":"t3","accountId":"${a}","firstName":"x\\u0000y"}`,
      `{"id":"t4\\ud800","accountId":"${a}"}`,
      `{"id":"t5","accountId":"${a}","customFields":{"note":"\\udc00"}}`,
      `{"id":"t6","accountId":"${a}","customFields":{"\\ud800x":"v"}}`,
      `{"id":"t7\\u0001","accountId":"${a}"}`,
      `{"id":"t8","accountId":"${a}","customFields":{"plan":"pro"}}`,
    ];
    const fileRef = await jobs.upload('text.jsonl', `${lines.join('\n')}\n`);
    expect(await jobs.validate(fileRef, 'MUTATION/USER')).toEqual([
      'line 2: column name "customFields.k\\u0000" must not contain NUL (U+0000) characters',
      'line 3: column "firstName" must not contain NUL (U+0000) characters',
      'line 4: column "id" must not contain unpaired UTF-16 surrogates',
      'line 5: column "customFields.note" must not contain unpaired UTF-16 surrogates',
      'line 6: column name "customFields.\\ud800x" must not contain unpaired UTF-16 surrogates',
      'line 7: column "id" must not contain control characters',
    ]);
    const job = await jobs.waitFor((await jobs.create({ fileRef, type: 'MUTATION/USER' })).id, 30_000);
    expect(job).toMatchObject({ status: 'COMPLETED', stats: { recordsProcessed: 8, recordsFailed: 6 } });
    const results = await jobs.results(job);
    expect(results.map((r) => [r[0], r[1]])).toEqual([
      ['1', 'SUCCESS'],
      ['2', 'FAILED'],
      ['3', 'FAILED'],
      ['4', 'FAILED'],
      ['5', 'FAILED'],
      ['6', 'FAILED'],
      ['7', 'FAILED'],
      ['8', 'SUCCESS'],
    ]);
    expect(results[1]![2]).toBe(
      'INVALID_ROW: column name "customFields.k\\u0000" must not contain NUL (U+0000) characters',
    );
    const users = await api.gw.deps.db('users').where({ tenant_id: api.tenantId, account_id: a });
    expect(users.map((u) => u.id).sort()).toEqual(['t1', 't8']);
  });
});

describe('abortJob', () => {
  test('ends a PENDING job at once, and its workflow, when it runs, leaves it ABORTED', async () => {
    // A gateway whose task queue has no worker yet: the job stays PENDING until one comes.
    const config = testConfig({ FILE_STORAGE_DIR: storageDir });
    const gw = await startTestGateway({ config });
    let worker: RunningWorker | undefined;
    try {
      const tenant = await createTestTenant(gw.deps.db, 'pend');
      const client = importClient({ base: gw.api(tenant.alias), auth: basic(tenant.apiKey) });
      const a = uid('acct');
      const fileRef = await client.upload('pending.csv', `id,accountId\nu1,${a}\nu2,${a}\n`);
      const created = await client.create({ fileRef, type: 'MUTATION/USER' });
      expect(created.status).toBe('PENDING');
      const aborted = await client.gql(
        'mutation A($id: ID!) { abortJob(id: $id) { status dateCompleted } }',
        {
          id: created.id,
        },
      );
      expect(aborted.data.abortJob.status).toBe('ABORTED');
      expect(aborted.data.abortJob.dateCompleted).toEqual(expect.any(Number));

      worker = await startTestWorker(config);
      const handle = gw.deps.temporal.client.workflow.getHandle(
        workflowIds.importJob(tenant.alias, created.id),
      );
      expect(await handle.result()).toBe('FINAL');
      expect(await client.job(created.id)).toMatchObject({
        status: 'ABORTED',
        stats: { recordsProcessed: 0, recordsFailed: 0 },
      });
      expect(await gw.deps.db('users').where({ account_id: a })).toHaveLength(0);
    } finally {
      await worker?.close();
      await gw.close();
    }
  });
});

describe('a failure no retry can fix', () => {
  test('ends the job FAILED with its reason after one attempt', async () => {
    const config = testConfig();
    const connection = await NativeConnection.connect({ address: config.temporalAddress });
    const calls = { prepare: 0, chunks: 0, finished: [] as FinishInput[] };
    const worker = await Worker.create({
      connection,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! },
      activities: {
        prepareImportJob: async () => {
          calls.prepare += 1;
          return { proceed: true };
        },
        importChunks: async () => {
          calls.chunks += 1;
          throw ApplicationFailure.create({
            type: 'ImportFileError',
            message: 'lines 7 to 9: the database cannot store a value of the file (SQLSTATE 22P05)',
            nonRetryable: true,
          });
        },
        finishImportJob: async (input: FinishInput) => {
          calls.finished.push(input);
        },
      },
    });
    try {
      const result = await worker.runUntil(
        api.gw.deps.temporal.client.workflow.execute(importJobWorkflow, {
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          workflowId: `test-import-poison/${uid('job')}`,
          args: [
            {
              tenantId: api.tenantId,
              tenantAlias: api.tenant.alias,
              jobId: uid('job'),
              heartbeatTimeoutMs: 5000,
            },
          ],
        }),
      );
      expect(result).toBe('FAILED');
      expect(calls).toMatchObject({ prepare: 1, chunks: 1 });
      expect(calls.finished).toEqual([
        expect.objectContaining({
          status: 'FAILED',
          error: 'lines 7 to 9: the database cannot store a value of the file (SQLSTATE 22P05)',
        }),
      ]);
    } finally {
      await connection.close();
    }
  });
});

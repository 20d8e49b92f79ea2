/**
 * CSV exports (docs/exports.md) through the real gateway, PostgreSQL and Temporal: each type's header and
 * rows, the filters, formulas defused and awkward text quoted, another tenant's rows never in an export,
 * and JobInput.fileRef optional for exports only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import { EXPORT_TYPE_REGISTRY } from '../../../shared/exports/export-types';
import { Readable } from 'node:stream';
import { createImportJobsRepo } from '../../../shared/repos/import-jobs.repo';
import { parseFileRef, type FileStorage } from '../../../shared/storage/file-storage';
import { exportRows } from '../../../shared/use-cases/run-export-job';
import { createTestTenant } from '../../helpers/harness';
import { keyApi } from '../../helpers/api-client';
import { AWKWARD, exportClient, FORMULA, seedExportRows, type SeededRows } from '../../helpers/exports';
import { startReferralApi, type ReferralApi } from '../../helpers/referrals';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-exports-'));
let api: ReferralApi;
let exportsA: ReturnType<typeof exportClient>;
let exportsB: ReturnType<typeof exportClient>;
let seeded: SeededRows;
let seededB: SeededRows;

beforeAll(async () => {
  api = await startReferralApi({ env: { FILE_STORAGE_DIR: storageDir } });
  exportsA = exportClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
  const tenantB = await createTestTenant(api.gw.deps.db, 'expb');
  const { id: tenantBId } = await api.gw.deps.db('tenants').where({ alias: tenantB.alias }).first('id');
  exportsB = exportClient({ base: api.gw.api(tenantB.alias), auth: keyApi(api.gw, tenantB).auth! });
  seeded = await seedExportRows(api.gw.deps.db, api.tenantId, 'ta');
  seededB = await seedExportRows(api.gw.deps.db, tenantBId, 'tb');
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

/** The export's rows as objects by column, after checking the header is the type's. */
async function exported(type: keyof typeof EXPORT_TYPE_REGISTRY, filters?: Record<string, string>) {
  const job = await exportsA.run(type, filters);
  expect(job).toMatchObject({ status: 'COMPLETED', type, fileRef: null });
  const [header, ...rows] = await exportsA.rows(job);
  expect(header).toEqual(EXPORT_TYPE_REGISTRY[type].columns);
  expect(job.stats).toEqual({ recordsProcessed: rows.length, recordsFailed: 0, recordsTotal: rows.length });
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]])));
}

describe('each export type: header and rows', () => {
  test('QUERY/REFERRALS: users, program, fraud signals, rewards and their explanation, oldest first', async () => {
    const rows = await exported('QUERY/REFERRALS');
    expect(rows.map((r) => r.id)).toEqual(seeded.referrals.map((r) => r.id));
    expect(rows[0]).toMatchObject({
      createdAt: '2026-05-10T00:00:00.000Z',
      referrerUserId: seeded.users[0],
      referrerAccountId: seeded.accounts[0],
      friendUserId: seeded.users[1],
      friendAccountId: seeded.accounts[1],
      code: 'TACODE',
      programId: 'default',
      status: 'IN_PROGRESS',
      fraudSignals: 'SAME_CLIENT;SAME_NAME',
      rewards: '',
    });
    expect(rows[1]).toMatchObject({
      status: 'CONVERTED',
      programId: 'spring',
      updatedAt: '2026-06-11T00:00:00.000Z',
      rewards: 'referrer CREDIT 5.00 USD AVAILABLE',
      rewardExplanations: '"Converted friend" gave 5.00 USD of credit: the friend converted on 2026-06-11.',
    });
  });

  test('QUERY/REWARDS, QUERY/LEDGER_ENTRIES and QUERY/PAYOUTS', async () => {
    const rewards = await exported('QUERY/REWARDS');
    expect(rewards).toEqual([
      expect.objectContaining({
        id: seeded.rewards[0],
        programId: 'spring',
        type: 'CREDIT',
        amountCents: '500',
        unit: 'USD',
        status: 'AVAILABLE',
      }),
    ]);
    const entries = await exported('QUERY/LEDGER_ENTRIES');
    expect(entries.map((e) => [e.book, e.amount, e.rewardId, e.programId])).toEqual([
      ['available', '500', seeded.rewards[0], 'spring'],
      ['funding', '-500', seeded.rewards[0], 'spring'],
    ]);
    const payouts = await exported('QUERY/PAYOUTS');
    expect(payouts).toEqual([
      expect.objectContaining({
        id: seeded.payouts[0],
        amountCents: '500',
        status: 'PAID',
        // A value of the provider's that starts with "-" is text, not a formula.
        providerMessage: "'-refused, then paid",
      }),
    ]);
  });

  test('QUERY/USERS: a formula is defused; commas, quotes and line breaks survive quoting', async () => {
    const rows = await exported('QUERY/USERS');
    expect(rows.map((r) => r.id)).toEqual(seeded.users);
    expect(rows[1]).toMatchObject({
      firstName: `'${FORMULA}`,
      lastName: AWKWARD,
      customFields: '{"plan":"+pro"}',
    });
  });

  test('QUERY/USER_EVENTS and QUERY/WEBHOOK_DELIVERIES', async () => {
    const events = await exported('QUERY/USER_EVENTS');
    expect(events).toEqual([
      expect.objectContaining({ id: seeded.userEvents[0], key: 'purchase', fields: '{"sku":"@sku,1"}' }),
    ]);
    const deliveries = await exported('QUERY/WEBHOOK_DELIVERIES');
    expect(deliveries).toEqual([
      expect.objectContaining({
        id: seeded.deliveries[0],
        endpointUrl: 'https://ta.example.com/hook',
        outcome: 'FAILED',
        statusCode: '500',
        error: "'=1+1",
      }),
    ]);
  });
});

describe('filters', () => {
  test('date range [from, to), status and program select the rows', async () => {
    const ids = async (filters: Record<string, string>) =>
      (await exported('QUERY/REFERRALS', filters)).map((r) => r.id);
    const [may, june, july] = seeded.referrals.map((r) => r.id);
    expect(await ids({ from: '2026-06-01', to: '2026-07-10T00:00:00Z' })).toEqual([june]);
    expect(await ids({ from: '2026-06-10T00:00:00.000Z' })).toEqual([june, july]);
    expect(await ids({ status: 'ENDED' })).toEqual([july]);
    expect(await ids({ programId: 'default' })).toEqual([may, july]);
    expect(await ids({ programId: 'spring', status: 'IN_PROGRESS' })).toEqual([]);
    expect((await exported('QUERY/WEBHOOK_DELIVERIES', { status: 'SUCCEEDED' })).length).toBe(0);
    // A reward's program is its referral's.
    expect((await exported('QUERY/REWARDS', { programId: 'spring' })).length).toBe(1);
    expect((await exported('QUERY/REWARDS', { programId: 'default', status: 'AVAILABLE' })).length).toBe(0);
    expect((await exported('QUERY/LEDGER_ENTRIES', { programId: 'spring', to: '2030-01-01' })).length).toBe(
      2,
    );
  });

  test('a status the type lacks, a program where there is none, an unknown field: refused, naming the field', async () => {
    const refused = async (type: string, filters: Record<string, unknown>) => {
      const result = await exportsA.createRaw({ type, filters });
      expect(result.data?.createJob ?? null).toBeNull();
      return result.errors[0];
    };
    const status = await refused('QUERY/REFERRALS', { status: 'PAID' });
    expect(status.message).toBe(
      'filters.status: unknown status "PAID" for QUERY/REFERRALS; one of IN_PROGRESS, CONVERTED, ENDED',
    );
    expect(status.extensions.code).toBe('VALIDATION_FAILED');
    expect((await refused('QUERY/USERS', { status: 'ACTIVE' })).message).toBe(
      'filters.status: QUERY/USERS has no status to filter by',
    );
    expect((await refused('QUERY/USER_EVENTS', { programId: 'default' })).message).toBe(
      'filters.programId: QUERY/USER_EVENTS has no program to filter by',
    );
    expect((await refused('QUERY/REFERRALS', { from: 'yesterday' })).extensions.validationErrors).toEqual([
      { path: 'jobInput.filters.from', message: expect.stringContaining('ISO 8601') },
    ]);
    expect((await refused('QUERY/REFERRALS', { from: '2026-06-02', to: '2026-06-01' })).message).toBe(
      'Invalid input: jobInput.filters.to',
    );
    expect((await refused('QUERY/REFERRALS', { sort: 'id' })).message).toContain('"sort"');
    expect((await refused('MUTATION/USER', { status: 'ENDED' })).message).toContain('Invalid input');
  });
});

describe('JobInput.fileRef', () => {
  test('a MUTATION type without fileRef is refused with the error a missing required fileRef had', async () => {
    const result = await exportsA.createRaw({ type: 'MUTATION/USER', outputFormat: 'CSV' });
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'Invalid input: jobInput.fileRef',
        extensions: expect.objectContaining({
          code: 'VALIDATION_FAILED',
          validationErrors: [
            { path: 'jobInput.fileRef', message: 'Invalid input: expected string, received undefined' },
          ],
        }),
      }),
    ]);
  });

  test('an export takes no file', async () => {
    const fileRef = await exportsA.upload('users.csv', 'id,accountId\nu1,a1\n');
    const result = await exportsA.createRaw({ type: 'QUERY/USERS', fileRef });
    expect(result.errors[0].message).toBe('fileRef: an export job (QUERY/…) takes no file');
  });
});

describe('tenants', () => {
  test("another tenant's export holds none of this tenant's rows; its job and file are not found", async () => {
    const job = await exportsA.run('QUERY/REFERRALS');
    const text = (await exportsA.download(job.resultFileRef)).text;
    const jobB = await exportsB.run('QUERY/REFERRALS');
    const textB = (await exportsB.download(jobB.resultFileRef)).text;
    for (const r of seeded.referrals) expect(textB).not.toContain(r.id);
    for (const r of seededB.referrals) expect(textB).toContain(r.id);
    expect(textB).not.toContain('TACODE');
    expect(text).not.toContain('TBCODE');
    for (const type of Object.keys(EXPORT_TYPE_REGISTRY)) {
      const other = await exportsB.run(type);
      const { text: csv } = await exportsB.download(other.resultFileRef);
      for (const id of [...seeded.users, ...seeded.accounts, ...seeded.rewards, ...seeded.payouts]) {
        expect(csv).not.toContain(id);
      }
      expect(csv).not.toContain('ta.example.com');
    }
    expect(await exportsB.job(job.id)).toBeNull();
    expect((await exportsB.download(job.resultFileRef)).status).toBe(404);
  });
});

describe('docs/exports.md', () => {
  const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'exports.md'), 'utf8');
  const block = (lang: string, tag: string) =>
    new RegExp('```' + lang + (tag ? ' ' + tag : '') + '\\n([\\s\\S]*?)```').exec(guide)![1]!;

  test("the guide's GraphQL starts an export with its filters and polls it to its file", async () => {
    const variables = JSON.parse(block('json', ''));
    // The guide's status, this test's rows' month and program.
    const filters = {
      ...variables.jobInput.filters,
      from: '2026-06-01',
      to: '2026-07-01',
      programId: 'spring',
    };
    variables.jobInput.filters = filters;
    const created = await api.gqlOk(block('graphql', 'export-create'), variables);
    expect(created.createJob).toMatchObject({
      type: 'QUERY/REFERRALS',
      filters: {
        from: '2026-06-01T00:00:00.000Z',
        to: '2026-07-01T00:00:00.000Z',
        status: 'CONVERTED',
        programId: 'spring',
      },
    });
    const done = await exportsA.waitFor(created.createJob.id);
    const polled = await api.gqlOk(block('graphql', 'export-poll'), { id: done.id });
    expect(polled.job).toMatchObject({
      status: 'COMPLETED',
      stats: { recordsProcessed: 1, recordsTotal: 1 },
    });
    expect(polled.job.resultFileRef).toMatch(/\/export-referrals\.csv$/);
  });

  test('the guide lists each type with its header exactly as the code writes it', () => {
    for (const [type, spec] of Object.entries(EXPORT_TYPE_REGISTRY)) {
      const row = guide.split('\n').find((line) => line.startsWith(`| \`${type}\``));
      expect(row).toContain(`\`${spec.columns.join(',')}\``);
      for (const status of spec.statuses ?? []) expect(row).toContain(status);
    }
  });
});

describe('streaming', () => {
  test('20,000 referrals stream from a cursor into the file, a chunk at a time, with progress', async () => {
    const db = api.gw.deps.db;
    const tenant = await createTestTenant(db, 'exps');
    const { id: tenantId } = await db('tenants').where({ alias: tenant.alias }).first('id');
    const ROWS = 20_000;
    // Written with triggers off (the portal's counters are not this test's): seconds faster.
    await db.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await trx.raw(`insert into accounts (tenant_id, id) select ?, 's-' || g from generate_series(0, ?) g`, [
        tenantId,
        ROWS,
      ]);
      await trx.raw(
        `insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id,
           referral_code_used, attribution_source, status, date_started)
         select ?, 's-' || g, 's-0', 'u-0', 'C0', 'CODE', 'IN_PROGRESS', timestamptz '2026-01-01' + g * interval '1 s'
         from generate_series(1, ?) g`,
        [tenantId, ROWS],
      );
    });
    const { row: job } = await createImportJobsRepo(db).insertOnce({
      id: crypto.randomUUID(),
      tenant_id: tenantId,
      type: 'QUERY/REFERRALS',
      requester: 'API',
      name: null,
      file_ref: null,
      file_format: 'csv',
      output_format: 'CSV',
      idempotency_key: null,
      filters: '{}',
    });
    await db('import_jobs').where({ id: job.id }).update({ status: 'IN_PROGRESS' });
    const chunks: number[] = [];
    let cursorOpenMidway: string[] = [];
    // A file storage that records the chunks as they come, and looks at the database after the first.
    const storage: FileStorage = {
      async write(_ref, source: Readable) {
        let bytes = 0;
        for await (const chunk of source) {
          const text = String(chunk);
          bytes += Buffer.byteLength(text);
          chunks.push(text.split('\r\n').length - 1);
          if (chunks.length === 2) {
            const { rows } = await db.raw(
              `select state from pg_stat_activity where query like 'select t.id, %from referrals t%' and pid <> pg_backend_pid()`,
            );
            cursorOpenMidway = (rows as { state: string }[]).map((r) => r.state);
          }
        }
        return bytes;
      },
      read: async () => undefined,
      size: async () => undefined,
      delete: async () => undefined,
    };
    const beats: number[] = [];
    const result = await exportRows(
      { db, storage },
      (await createImportJobsRepo(db).find(tenantId, job.id))!,
      tenant.alias,
      { beat: (rows) => beats.push(rows) },
    );
    expect(result).toEqual({ state: 'done' });
    // The header, then chunks of at most 500 records: never the whole file at once.
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(ROWS + 1);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(500);
    expect(chunks.length).toBeGreaterThanOrEqual(ROWS / 500);
    // While the file was being written, the query was still open on the server (a cursor, not a result
    // read whole first).
    expect(cursorOpenMidway.length).toBe(1);
    expect(beats[beats.length - 1]).toBe(ROWS);
    expect(
      parseFileRef(tenant.alias, (await createImportJobsRepo(db).find(tenantId, job.id))!.result_file_ref!),
    ).toBeDefined();
  });
});

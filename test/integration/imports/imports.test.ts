/**
 * Bulk import jobs through the real gateway, PostgreSQL and Temporal: upload, validate, create,
 * poll, result files, and the four job types with the same rules as the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createImportJobsRepo } from '../../../shared/repos/import-jobs.repo';
import { claimShareCodes } from '../../../shared/imports/claim-share-codes';
import { importClient } from '../../helpers/imports';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { until } from '../../helpers/wait';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-imports-'));
let api: ReferralApi;
let jobs: ReturnType<typeof importClient>;

beforeAll(async () => {
  api = await startReferralApi({ env: { FILE_STORAGE_DIR: storageDir, IMPORT_CHUNK_ROWS: '3' } });
  jobs = importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth });
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const db = () => api.gw.deps.db;

const referrer = (first?: string, last?: string) => identifyReferrer(api, first, last);

/** An account's view with ids and times left out, to compare an imported account with an API one. */
function shape(account: Record<string, any>) {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !/^(id|date.*|referralId|referredAccountId|referrerUserId|email)$/.test(k))
          .map(([k, v]) => [k, strip(v)]),
      );
    }
    return value;
  };
  return strip({ ...account, users: account.users.length });
}

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
    const users = await api.gw.deps
      .db('users')
      .where({ tenant_id: api.tenantId, account_id: a })
      .orderBy('id');
    expect(users.map((u) => [u.id, u.email, u.share_code, u.custom_fields])).toEqual([
      ['u1', 'one@example.com', 'ADALOVELACE', { plan: 'pro' }],
      ['u2', 'two@example.com', 'ALANTURING', {}],
    ]);
  });
});

describe('MUTATION/USER rules as identification', () => {
  test('a referral by code and a first PAID reach the same final state as through the API', async () => {
    const r = await referrer('Imp', 'Orter');
    const viaApi = uid('acct');
    const res = await api.identify(viaApi, uid('user'), { referredByCode: r.code, accountStatus: 'PAID' });
    expect(res.body.referredBy.status).toBe('CONVERTED');

    const viaImport = uid('acct');
    const pending = uid('acct');
    const csv = [
      'id,accountId,referredBy.code,accountStatus,paymentProviderId',
      `${uid('user')},${viaImport},${r.code.toLowerCase()},PAID,${uid('cus')}`,
      `${uid('user')},${pending},${r.code},TRIAL,`,
    ].join('\n');
    const job = await jobs.run('referred.csv', csv, 'MUTATION/USER');
    expect(job).toMatchObject({ status: 'COMPLETED', stats: { recordsProcessed: 2, recordsFailed: 0 } });

    const expected = shape((await api.account(viaApi))!);
    const imported = await until(
      () => api.account(viaImport),
      (a) => a?.referredBy?.status === 'CONVERTED' && a.referredBy.referrerReward !== null,
    );
    expect(shape(imported!)).toEqual(expected);
    const inProgress = await api.account(pending);
    expect(inProgress!.referredBy).toMatchObject({ status: 'IN_PROGRESS', attributionSource: 'CODE' });
    // The referrer's side: two referrals, one converted with its reward.
    const referrerView = await until(
      () => api.account(r.accountId),
      (a) => a!.rewards.length === 2,
    );
    expect(referrerView!.referrals).toHaveLength(3);

    // Referrals an import creates tell nobody by mail (notifications' outbox); the API's one does.
    const startsQueued = async (accountId: string) =>
      (
        await db().raw<{ rows: { n: number }[] }>(
          `select count(*)::int as n from notification_outbox o join webhook_events e on e.id = o.event_id
            where o.type = 'referral.started' and e.payload::text like ?`,
          [`%${accountId}%`],
        )
      ).rows[0]!.n;
    expect(await startsQueued(viaApi)).toBe(1);
    expect(await startsQueued(viaImport)).toBe(0);
    expect(await startsQueued(pending)).toBe(0);
  });

  test('a rejected row writes nothing: unknown code, self-referral, a taken vanity code', async () => {
    const r = await referrer('Self', 'Ref');
    const fresh = uid('acct');
    const csv = [
      'id,accountId,referredBy.code,shareCode',
      `${uid('user')},${fresh},NOSUCHCODE1,`,
      `${uid('user')},${r.accountId},${r.code},`,
      `${uid('user')},${uid('acct')},,${r.code}`,
    ].join('\n');
    const job = await jobs.run('bad-codes.csv', csv, 'MUTATION/USER');
    expect(job).toMatchObject({ status: 'COMPLETED', stats: { recordsProcessed: 3, recordsFailed: 3 } });
    const results = await jobs.results(job);
    expect(results.map((x) => x[2]!.split(':')[0])).toEqual([
      'INVALID_REFERRAL_CODE',
      'SELF_REFERRAL',
      'CODE_TAKEN',
    ]);
    expect(await db()('accounts').where({ tenant_id: api.tenantId, id: fresh }).first()).toBeUndefined();
    expect(await db()('users').where({ tenant_id: api.tenantId, account_id: r.accountId })).toHaveLength(1);
  });

  test('an update leaves empty cells alone; a user repeated in the file ends as its last row says', async () => {
    const a = uid('acct');
    await api.identify(a, 'keep', {
      email: 'keep@example.com',
      firstName: 'Kee',
      lastName: 'Per',
      locale: 'en',
    });
    const csv = [
      'id,accountId,email,firstName,lastName,locale,customFields.tier,customFields.score',
      `keep,${a},,Keeper,,,gold,`,
      `twice,${a},first@example.com,Two,Rows,,,1`,
      `twice,${a},second@example.com,,,fr,,2.5`,
    ].join('\n');
    const job = await jobs.run('update.csv', csv, 'MUTATION/USER');
    expect(job.stats).toMatchObject({ recordsProcessed: 3, recordsFailed: 0 });
    expect((await jobs.results(job)).map((x) => x[2])).toEqual(['updated', 'created', 'updated']);
    const users = await db()('users').where({ tenant_id: api.tenantId, account_id: a }).orderBy('id');
    expect(users.map((u) => [u.id, u.email, u.first_name, u.last_name, u.locale, u.custom_fields])).toEqual([
      ['keep', 'keep@example.com', 'Keeper', 'Per', 'en', { tier: 'gold' }],
      ['twice', 'second@example.com', 'Two', 'Rows', 'fr', { score: 2.5 }],
    ]);
  });

  test('share codes: the name when free, else the name with a random tail, never twice', async () => {
    const accounts = [uid('acct'), uid('acct'), uid('acct')];
    const first = `Zed${Date.now().toString(36)}`;
    const csv = ['id,accountId,firstName,lastName', ...accounts.map((a) => `u,${a},${first},Same`)].join(
      '\n',
    );
    const job = await jobs.run('codes.csv', csv, 'MUTATION/USER');
    expect(job.stats).toMatchObject({ recordsProcessed: 3, recordsFailed: 0 });
    const users = await db()('users').where({ tenant_id: api.tenantId }).whereIn('account_id', accounts);
    const codes = users.map((u) => u.share_code as string);
    expect(new Set(codes).size).toBe(3);
    const base = `${first}SAME`.toUpperCase();
    expect(codes).toContain(base.slice(0, 15));
    for (const code of codes) expect(code.startsWith(base.slice(0, 9))).toBe(true);
    const owned = await db()('referral_codes')
      .where({ tenant_id: api.tenantId })
      .whereIn('account_id', accounts);
    expect(owned).toHaveLength(3);
  });

  test('a proposed share code that a concurrent writer claimed first is replaced by a fresh one', async () => {
    const holder = await referrer('Claim', `Race${Date.now().toString(36)}`);
    const account = uid('acct');
    const user = uid('user');
    await db().transaction(async (trx) => {
      // As the bulk upsert leaves it: the user written with its proposal, which the holder has since taken.
      await trx('accounts').insert({ tenant_id: api.tenantId, id: account });
      await trx('users').insert({
        tenant_id: api.tenantId,
        account_id: account,
        id: user,
        share_code: holder.code,
      });
      await claimShareCodes(
        {
          trx,
          tenant: {
            id: api.tenantId,
            alias: api.tenant.alias,
            conversionEventKey: null,
            paymentEventKey: null,
            ruledEventKeys: new Set(),
            shareLinkFormat: undefined,
          },
          nowMs: 0,
          lifecycle: [],
          publicUrl: 'http://localhost:8080',
        },
        [{ account_id: account, id: user, share_code: holder.code }],
      );
    });
    const stored = await db()('users')
      .where({ tenant_id: api.tenantId, account_id: account, id: user })
      .first();
    expect(stored.share_code).not.toBe(holder.code);
    const codes = await db()('referral_codes').where({ tenant_id: api.tenantId, account_id: account });
    expect(codes.map((c) => c.code)).toEqual([stored.share_code]);
    const held = await db()('referral_codes').where({ tenant_id: api.tenantId, code: holder.code });
    expect(held.map((c) => c.user_id)).toEqual([holder.userId]);
  });

  test('JSON Lines with nested members, and CSV with a BOM, CRLF and a quoted newline', async () => {
    const a = uid('acct');
    const jsonl = [
      JSON.stringify({ id: 'j1', accountId: a, firstName: 'Jay', customFields: { plan: 'pro', seats: 3 } }),
      '',
      JSON.stringify({ id: 'j2', accountId: a, referredBy: { code: 'NOPE_NOT_A_CODE' } }),
      '{"id": "j3", "accountId": ',
    ].join('\n');
    const job = await jobs.run('users.jsonl', jsonl, 'MUTATION/USER');
    expect(job).toMatchObject({
      status: 'COMPLETED',
      stats: { recordsProcessed: 4, recordsFailed: 3, recordsTotal: 4 },
    });
    const results = await jobs.results(job);
    expect(results.map((x) => [x[0], x[1], x[2]!.split(':')[0]])).toEqual([
      ['1', 'SUCCESS', 'created'],
      ['2', 'FAILED', 'INVALID_ROW'],
      ['3', 'FAILED', 'INVALID_REFERRAL_CODE'],
      ['4', 'FAILED', 'INVALID_ROW'],
    ]);
    const j1 = await db()('users').where({ tenant_id: api.tenantId, account_id: a, id: 'j1' }).first();
    expect(j1.custom_fields).toEqual({ plan: 'pro', seats: 3 });

    const b = uid('acct');
    const csv = `\uFEFFid,accountId,firstName\r\nc1,${b},"Multi\r\nLine"\r\nc2,${b},\r\n\r\nc3,${b},"x""y"\r\n`;
    const job2 = await jobs.run('crlf.csv', csv, 'MUTATION/USER');
    expect(job2.stats).toMatchObject({ recordsProcessed: 4, recordsFailed: 1, recordsTotal: 4 });
    expect((await jobs.results(job2)).map((x) => [x[0], x[1]])).toEqual([
      ['2', 'SUCCESS'],
      ['4', 'SUCCESS'],
      ['5', 'FAILED'],
      ['6', 'SUCCESS'],
    ]);
    const c1 = await db()('users').where({ tenant_id: api.tenantId, account_id: b, id: 'c1' }).first();
    expect(c1.first_name).toBe('Multi\r\nLine');
    const c3 = await db()('users').where({ tenant_id: api.tenantId, account_id: b, id: 'c3' }).first();
    expect(c3.first_name).toBe('x"y');
  });
});

describe('MUTATION/DELETE_USER', () => {
  test('deletes users with their events and codes; an emptied account goes with its referral and rewards', async () => {
    const r = await referrer('Del', 'Referrer');
    const gone = uid('acct');
    const kept = uid('acct');
    await api.identify(gone, 'g1', { referredByCode: r.code, accountStatus: 'PAID' });
    await api.identify(kept, 'k1', {});
    await api.identify(kept, 'k2', {});
    const ev = await api.call('POST', `/open/account/${gone}/user/g1/events`, {
      userId: 'g1',
      accountId: gone,
      events: [{ key: 'purchase' }],
    });
    expect(ev.status).toBe(200);
    const csv = [
      'id,accountId,preserveEmptyAccount,doNotTrack',
      `g1,${gone},,`,
      `k1,${kept},false,true`,
      `nobody,${kept},,`,
      `never-seen,${kept},,true`,
    ].join('\n');
    const job = await jobs.run('delete.csv', csv, 'MUTATION/DELETE_USER');
    expect(job).toMatchObject({ status: 'COMPLETED', stats: { recordsProcessed: 4, recordsFailed: 1 } });
    expect((await jobs.results(job)).map((x) => x[2]!.split(':')[0])).toEqual([
      'deleted with its account',
      'deleted',
      'USER_NOT_FOUND',
      'no such user; remembered as doNotTrack',
    ]);
    const t = api.tenantId;
    expect(await db()('accounts').where({ tenant_id: t, id: gone }).first()).toBeUndefined();
    expect(
      await db()('referrals').where({ tenant_id: t, referred_account_id: gone }).first(),
    ).toBeUndefined();
    expect(await db()('user_events').where({ tenant_id: t, account_id: gone })).toHaveLength(0);
    expect(await db()('referral_codes').where({ tenant_id: t, account_id: gone })).toHaveLength(0);
    expect((await db()('users').where({ tenant_id: t, account_id: kept })).map((u) => u.id)).toEqual(['k2']);
    // The referrer's reward for that referral went with it.
    expect(await db()('rewards').where({ tenant_id: t, account_id: r.accountId })).toHaveLength(0);

    // doNotTrack: identification and imports never create those users again.
    const again = await api.identify(kept, 'k1', {});
    expect(again.status).toBe(409);
    expect(again.body.apiErrorCode).toBe('DO_NOT_TRACK');
    const reimport = await jobs.run(
      'again.csv',
      `id,accountId\nk1,${kept}\nnever-seen,${kept}\nk3,${kept}`,
      'MUTATION/USER',
    );
    expect((await jobs.results(reimport)).map((x) => x[2]!.split(':')[0])).toEqual([
      'DO_NOT_TRACK',
      'DO_NOT_TRACK',
      'created',
    ]);
  });

  test('preserveEmptyAccount keeps the account of its last user', async () => {
    const a = uid('acct');
    await api.identify(a, 'only', {});
    const job = await jobs.run(
      'keep.csv',
      `id,accountId,preserveEmptyAccount\nonly,${a},true`,
      'MUTATION/DELETE_USER',
    );
    expect(job.stats).toMatchObject({ recordsProcessed: 1, recordsFailed: 0 });
    expect(await db()('accounts').where({ tenant_id: api.tenantId, id: a }).first()).toBeDefined();
    expect(await db()('users').where({ tenant_id: api.tenantId, account_id: a })).toHaveLength(0);
  });
});

describe('MUTATION/USER_EVENT', () => {
  test('events are stored with the API idempotency rules per row; numbers stay numbers', async () => {
    const a = uid('acct');
    await api.identify(a, 'e1', {});
    const used = `used-${uid('k')}`;
    const ev = await api.call('POST', `/open/account/${a}/user/e1/events`, {
      userId: 'e1',
      accountId: a,
      idempotencyKey: used,
      events: [{ key: 'signup' }],
    });
    expect(ev.status).toBe(200);
    const fresh = `fresh-${uid('k')}`;
    const csv = [
      'userId,accountId,idempotencyKey,event.key,event.dateTriggered,event.fields.amount,event.fields.sku',
      `e1,${a},${fresh},purchase,1700000000000,12.5,A-1`,
      `e1,${a},${fresh},purchase,,3,`,
      `e1,${a},${used},purchase,,,`,
      `ghost,${a},,purchase,,,`,
      `e1,${a},,visit,,,007`,
    ].join('\n');
    const job = await jobs.run('events.csv', csv, 'MUTATION/USER_EVENT');
    expect(job).toMatchObject({ status: 'COMPLETED', stats: { recordsProcessed: 5, recordsFailed: 3 } });
    expect((await jobs.results(job)).map((x) => [x[1], x[2]!.split(':')[0]])).toEqual([
      ['SUCCESS', expect.stringMatching(/^[0-9a-f-]{36}$/)],
      ['FAILED', 'IDEMPOTENCY_KEY_USED'],
      ['FAILED', 'IDEMPOTENCY_KEY_USED'],
      ['FAILED', 'USER_NOT_FOUND'],
      ['SUCCESS', expect.stringMatching(/^[0-9a-f-]{36}$/)],
    ]);
    const events = await db()('user_events').where({ tenant_id: api.tenantId, account_id: a }).orderBy('key');
    expect(events.map((e) => [e.key, e.fields, e.idempotency_key])).toEqual([
      ['purchase', { amount: 12.5, sku: 'A-1' }, fresh],
      ['signup', {}, used],
      ['visit', { sku: '007' }, null],
    ]);
    expect(events[0].date_triggered.getTime()).toBe(1700000000000);
    // The key the import used is live for the API too.
    const replay = await api.call('POST', `/open/account/${a}/user/e1/events`, {
      userId: 'e1',
      accountId: a,
      idempotencyKey: fresh,
      events: [{ key: 'purchase' }],
    });
    expect(replay.status).toBe(409);
  });

  test("an event with the program's conversion key converts a referred account", async () => {
    const key = `paid_${Date.now().toString(36)}`;
    expect((await api.call('PATCH', '/program', { conversionEventKey: key })).status).toBe(200);
    try {
      const r = await referrer('Conv', 'Erter');
      const a = uid('acct');
      await api.identify(a, 'buyer', { referredByCode: r.code });
      const job = await jobs.run(
        'convert.csv',
        `userId,accountId,event.key\nbuyer,${a},${key}`,
        'MUTATION/USER_EVENT',
      );
      expect(job.stats).toMatchObject({ recordsProcessed: 1, recordsFailed: 0 });
      const account = await until(
        () => api.account(a),
        (x) => x?.referredBy?.status === 'CONVERTED',
      );
      expect(account!.referredBy.status).toBe('CONVERTED');
    } finally {
      await api.call('PATCH', '/program', { conversionEventKey: null });
    }
  });
});

describe('MUTATION/REDEEMABLE_REWARD_BALANCE', () => {
  test('redeems credit oldest first, all or nothing per row', async () => {
    const UPDATE = 'mutation U($input: ProgramInput!) { updateProgram(input: $input) { discountId } }';
    await api.gql(UPDATE, { input: { referrerReward: { type: 'CREDIT', amountCents: 500, unit: 'USD' } } });
    try {
      const r = await referrer('Credit', 'Importer');
      for (let i = 0; i < 2; i += 1) {
        const res = await api.identify(uid('acct'), uid('user'), {
          referredByCode: r.code,
          accountStatus: 'PAID',
        });
        expect(res.body.referredBy.status).toBe('CONVERTED');
      }
      const csv = [
        'accountId,userId,unit,valueToRedeem',
        `${r.accountId},${r.userId},USD,700`,
        `${r.accountId},,USD,301`,
        `${r.accountId},nobody,USD,1`,
        `${r.accountId},,USD,abc`,
        `${r.accountId},,USD,300`,
      ].join('\n');
      const job = await jobs.run('redeem.csv', csv, 'MUTATION/REDEEMABLE_REWARD_BALANCE');
      expect(job.stats).toMatchObject({ recordsProcessed: 5, recordsFailed: 3 });
      expect((await jobs.results(job)).map((x) => x[2]!.split(':')[0])).toEqual([
        '300 USD left',
        'INSUFFICIENT_BALANCE',
        'USER_NOT_FOUND',
        'INVALID_ROW',
        '0 USD left',
      ]);
    } finally {
      await api.gql(UPDATE, { input: { referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10 } } });
    }
  });
});

describe('jobs', () => {
  test('createJob refuses an unknown type, a missing or foreign fileRef and another output format', async () => {
    const fileRef = await jobs.upload('x.csv', 'id,accountId\nu,a');
    const cases: [Record<string, unknown>, string][] = [
      [{ fileRef, type: 'MUTATION/NOPE' }, 'type'],
      [{ fileRef: fileRef.replace(/\/[^/]+$/, '/other.csv'), type: 'MUTATION/USER' }, 'fileRef'],
      [{ fileRef: fileRef.replace(api.tenant.alias, 'someone_else'), type: 'MUTATION/USER' }, 'fileRef'],
      [{ fileRef: '../../etc/passwd', type: 'MUTATION/USER' }, 'fileRef'],
      [{ fileRef, type: 'MUTATION/USER', outputFormat: 'JSON' }, 'jobInput.outputFormat'],
    ];
    for (const [input, field] of cases) {
      const result = await jobs.createRaw(input);
      expect(result.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      expect(result.errors[0].extensions.validationErrors.map((v: { path: string }) => v.path)).toContain(
        field,
      );
    }
    expect(await jobs.validate(fileRef, 'MUTATION/NOPE')).toEqual([
      expect.stringMatching(/^type: unknown job type "MUTATION\/NOPE"/),
    ]);
    expect(await jobs.validate(`${fileRef}x`, 'MUTATION/USER')).toEqual([
      expect.stringMatching(/^fileRef: no such file/),
    ]);
  });

  test('a repeated idempotencyKey returns the first job; other tenants never see a job', async () => {
    const fileRef = await jobs.upload('idem.csv', `id,accountId\nu,${uid('acct')}`);
    const key = `job-${uid('k')}`;
    // Six at once: the race between their inserts must still end in one job.
    const [a, ...rest] = await Promise.all(
      Array.from({ length: 6 }, () => jobs.create({ fileRef, type: 'MUTATION/USER', idempotencyKey: key })),
    );
    expect(new Set(rest.map((b) => b.id))).toEqual(new Set([a.id]));
    const done = await jobs.waitFor(a.id);
    const again = await jobs.create({ fileRef, type: 'MUTATION/USER', idempotencyKey: key });
    expect(again).toMatchObject({ id: a.id, status: 'COMPLETED', stats: done.stats });
    expect(done.stats.recordsProcessed).toBe(1);

    const other = await startReferralApi({ env: { FILE_STORAGE_DIR: storageDir } });
    try {
      const theirs = await other.gql('query Q($id: ID!) { job(id: $id) { id } }', { id: a.id });
      expect(theirs.data.job).toBeNull();
      const list = await other.gql('{ jobs { totalCount jobs { id } } }');
      expect(list.data.jobs.totalCount).toBe(0);
      const dl = await fetch(
        `${other.gw.api(other.tenant.alias)}/export/download?fileRef=${encodeURIComponent(done.resultFileRef)}`,
        {
          headers: { authorization: other.auth },
        },
      );
      expect(dl.status).toBe(404);
    } finally {
      await other.close();
    }
    expect(await jobs.job('not-a-uuid')).toBeNull();
  });

  test('concurrent inserts of one keyed job store one row and all return it', async () => {
    const repo = createImportJobsRepo(db());
    // The race is a narrow window between PostgreSQL's conflict pre-check and the index insert: many rounds.
    for (let round = 0; round < 40; round++) {
      const id = randomUUID();
      const job = {
        id,
        tenant_id: api.tenantId,
        type: 'MUTATION/USER',
        requester: 'API',
        name: null,
        file_ref: 'race.csv',
        file_format: 'csv' as const,
        output_format: 'CSV',
        idempotency_key: `race-${id}`,
      };
      try {
        const results = await Promise.all(Array.from({ length: 8 }, () => repo.insertOnce(job)));
        expect(results.filter((r) => r.created)).toHaveLength(1);
        expect(new Set(results.map((r) => r.row.id))).toEqual(new Set([id]));
      } finally {
        await db()('import_jobs').where({ tenant_id: api.tenantId, id }).delete();
      }
    }
  });

  test('jobs lists newest first, filtered by status; the workflow is found by tenant, type and job id', async () => {
    const list = await api.gql('{ jobs(limit: 100) { totalCount jobs { id status dateCreated } } }');
    const listed = list.data.jobs.jobs as { id: string; status: string; dateCreated: number }[];
    expect(list.data.jobs.totalCount).toBeGreaterThan(3);
    const dates = listed.map((j) => j.dateCreated);
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    const completed = await api.gql('{ jobs(status: COMPLETED, limit: 100) { jobs { status } } }');
    expect(new Set(completed.data.jobs.jobs.map((j: { status: string }) => j.status))).toEqual(
      new Set(['COMPLETED']),
    );

    const id = listed[0]!.id;
    const handle = api.gw.deps.temporal.client.workflow.getHandle(`import/${api.tenant.alias}/${id}`);
    const description = await handle.describe();
    const attributes = description.typedSearchAttributes;
    const value = (name: string) => attributes.getAll().find((p) => p.key.name === name)?.value;
    expect(value('TenantAlias')).toBe(api.tenant.alias);
    expect(value('EntityId')).toBe(id);
    expect(value('WorkflowKind')).toBe('import');
    expect(value('ImportJobType')).toMatch(/^MUTATION\//);
  });

  test('createJob refuses a file the job could not start on, naming the problem, and leaves no job', async () => {
    const jobCount = async () =>
      Number((await db()('import_jobs').where({ tenant_id: api.tenantId }).count())[0]!.count);
    const before = await jobCount();
    const cases: [string, string | Buffer, string[]][] = [
      [
        'bad-header.csv',
        'id,nope\nu,x',
        ['line 1: unknown column "nope" for MUTATION/USER', 'line 1: missing required column "accountId"'],
      ],
      [
        'binary.csv',
        Buffer.concat([
          Buffer.from('id,accountId\n'),
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0x22, 0xff, 0x0a]),
        ]),
        ['line 2: binary content (a NUL byte); expected a UTF-8 text file'],
      ],
      [
        'utf16.csv',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id,accountId\nu,a\n', 'utf16le')]),
        ['line 1: the file is UTF-16 text; save it as UTF-8'],
      ],
      [
        'latin1-header.csv',
        Buffer.concat([
          Buffer.from('id,accountId,customFields.caf'),
          Buffer.from([0xe9]),
          Buffer.from('\nu,a,x\n'),
        ]),
        ['line 1: column name "customFields.caf\uFFFD" is not valid UTF-8'],
      ],
      [
        'binary.jsonl',
        Buffer.concat([Buffer.from('{"id":"u","accountId":"a"}\n'), Buffer.from([0, 1, 2, 3])]),
        ['line 2: binary content (a NUL byte); expected a UTF-8 text file'],
      ],
    ];
    for (const [name, content, problems] of cases) {
      const fileRef = await jobs.upload(name, content);
      const result = await jobs.createRaw({ fileRef, type: 'MUTATION/USER' });
      expect(result.data).toBeNull();
      expect(result.errors[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        validationErrors: problems.map((message) => ({ path: 'fileRef', message })),
      });
      expect(result.errors[0].message).toContain(problems[0]);
    }
    expect(await jobCount()).toBe(before);

    const empty = await jobs.run('header-only.csv', 'id,accountId\n', 'MUTATION/USER');
    expect(empty).toMatchObject({
      status: 'COMPLETED',
      stats: { recordsProcessed: 0, recordsFailed: 0, recordsTotal: 0 },
    });
  });

  test('bad rows, through the gateway: line-numbered validation errors, and a job that rejects only them', async () => {
    const a = uid('acct');
    const content = Buffer.concat([
      Buffer.from(
        [
          'id,accountId,accountStatus,firstName,customFields.bio',
          `good1,${a}-1,,Ada,`, // line 2
          `enum,${a}-2,GOLD,,`, // line 3: bad enum
          `long,${a}-3,,${'x'.repeat(101)},`, // line 4: over-long cell
          '', // line 5: empty line
          `wide,${a}-5,,,,extra`, // line 6: more cells than the header
          `,${a}-6,,,`, // line 7: required cell empty
          '',
        ].join('\n'),
      ),
      Buffer.from(`utf8,${a}-8,,`), // line 8: invalid UTF-8 in a cell
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`,\ngood2,${a}-9,,Bea,"two\nlines"\n`), // line 9 (spans 10)
    ]);
    const fileRef = await jobs.upload('bad-rows.csv', content);
    expect(await jobs.validate(fileRef, 'MUTATION/USER')).toEqual([
      'line 3: column "accountStatus" must be one of TRIAL, PAID, FREE, CANCELLED',
      'line 4: column "firstName" is longer than 100 characters',
      'line 5: empty line',
      'line 6: 6 cells, but the header has 5 columns',
      'line 7: column "id" is required',
      'line 8: invalid UTF-8',
    ]);
    const job = await jobs.waitFor((await jobs.create({ fileRef, type: 'MUTATION/USER' })).id);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      stats: { recordsProcessed: 8, recordsFailed: 6, recordsTotal: 8 },
    });
    expect((await jobs.results(job)).map((r) => [r[0], r[1]])).toEqual([
      ['2', 'SUCCESS'],
      ['3', 'FAILED'],
      ['4', 'FAILED'],
      ['5', 'FAILED'],
      ['6', 'FAILED'],
      ['7', 'FAILED'],
      ['8', 'FAILED'],
      ['9', 'SUCCESS'],
    ]);
    const stored = await db()('users')
      .where({ tenant_id: api.tenantId })
      .where('account_id', 'like', `${a}-%`);
    expect(stored.map((u) => u.id).sort()).toEqual(['good1', 'good2']);
  });

  test('abortJob stops a running job after its chunk: applied rows stay applied and counted', async () => {
    const a = uid('acct');
    const rows = Array.from({ length: 3000 }, (_, i) => `u${i},${a}-${i}`);
    const fileRef = await jobs.upload('abort.csv', ['id,accountId', ...rows].join('\n'));
    const created = await jobs.create({ fileRef, type: 'MUTATION/USER' });
    await until(
      () => jobs.job(created.id),
      (j) => (j?.stats.recordsProcessed ?? 0) > 0,
    );
    const aborted = await api.gql('mutation A($id: ID!) { abortJob(id: $id) { id status } }', {
      id: created.id,
    });
    expect(aborted.data.abortJob.id).toBe(created.id);
    const job = await jobs.waitFor(created.id);
    expect(job.status).toBe('ABORTED');
    const processed = job.stats.recordsProcessed as number;
    expect(processed).toBeGreaterThan(0);
    expect(processed).toBeLessThan(3000);
    const [{ count }] = await db()('users')
      .where({ tenant_id: api.tenantId })
      .andWhereLike('account_id', `${a}-%`)
      .count();
    expect(Number(count)).toBe(processed);
    expect(await jobs.results(job)).toHaveLength(processed);
    // A finished job stays as it is.
    const again = await api.gql('mutation A($id: ID!) { abortJob(id: $id) { status } }', { id: created.id });
    expect(again.data.abortJob.status).toBe('ABORTED');
  });
});

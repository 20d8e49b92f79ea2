/**
 * The safe defaults (migration 029): a new program caps a referrer's summed discounts at 50 % and
 * holds SAME_EMAIL and DISPOSABLE_EMAIL referrals for review; a program that existed before the
 * migration keeps its settings (only the column defaults change).
 */
import { createDb, type Db } from '../../../shared/db/knex';
import { createTenant } from '../../../shared/domain/tenants/tenants';
import { ownDatabase } from '../../helpers/own-database';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

const SAFE_POLICY = [
  { signal: 'SAME_EMAIL', action: 'REVIEW' },
  { signal: 'DISPOSABLE_EMAIL', action: 'REVIEW' },
];

const settingsOf = async (db: Db, alias: string) =>
  db('tenants').where({ alias }).first('max_referrer_discount_percent', 'fraud_policy');

describe('migration 029', () => {
  const database = ownDatabase('defaults');
  let db: Db;
  beforeAll(async () => {
    await database.create();
    db = createDb({ url: database.url, poolMax: 2 });
  });
  afterAll(async () => {
    await db?.destroy();
    await database.drop();
  });

  test('changes the defaults of new programs only; an existing program keeps its settings', async () => {
    await db.migrate.down({ name: '029-operator-numbers' });
    await createTenant(db, { alias: 'before_029' });
    expect(await settingsOf(db, 'before_029')).toEqual({
      max_referrer_discount_percent: 100,
      fraud_policy: [],
    });

    await db.migrate.latest();
    expect(await settingsOf(db, 'before_029')).toEqual({
      max_referrer_discount_percent: 100,
      fraud_policy: [],
    });
    await createTenant(db, { alias: 'after_029' });
    expect(await settingsOf(db, 'after_029')).toEqual({
      max_referrer_discount_percent: 50,
      fraud_policy: SAFE_POLICY,
    });
  });
});

describe('a new program through the API', () => {
  let api: ReferralApi;
  beforeAll(async () => {
    api = await startReferralApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  test('answers the safe defaults, and a same-mailbox referral waits for review', async () => {
    const res = await api.gql('{ program { maxReferrerDiscountPercent fraudPolicy { signal action } } }');
    expect(res.data.program).toEqual({ maxReferrerDiscountPercent: 50, fraudPolicy: SAFE_POLICY });
    expect((await api.call('GET', '/program')).body).toMatchObject({
      maxReferrerDiscountPercent: 50,
      fraudPolicy: SAFE_POLICY,
    });

    const referrer = await api.identify(uid('acct-r'), uid('user'), { email: 'dee.fault@example.com' });
    const friend = uid('acct');
    await api.identify(friend, uid('user'), {
      email: 'Dee.Fault+2@example.com',
      referredByCode: referrer.body.shareCode,
    });
    const row = await api.gw.deps
      .db('referrals')
      .where({ tenant_id: api.tenantId, referred_account_id: friend })
      .first('review_status');
    expect(row).toEqual({ review_status: 'PENDING' });
  });
});

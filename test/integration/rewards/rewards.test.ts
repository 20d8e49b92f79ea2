/**
 * Program settings, code lookup, account rewards, credit balances, and what operators see in Temporal.
 */
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

const PROGRAM = /* GraphQL */ `
  {
    program {
      name
      referredDiscountPercent
      maxReferrerDiscountPercent
      discountId
      landingUrl
      referrerReward {
        type
        discountPercent
        amountCents
        unit
      }
    }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation U($input: ProgramInput!) {
    updateProgram(input: $input) {
      referredDiscountPercent
      maxReferrerDiscountPercent
      discountId
      referrerReward {
        type
        discountPercent
        amountCents
        unit
      }
    }
  }
`;

async function setProgram(input: Record<string, unknown>) {
  const res = await api.gql(UPDATE, { input });
  expect(res.errors).toBeUndefined();
  return res.data.updateProgram;
}

const referrer = (first?: string, last?: string) => identifyReferrer(api, first, last);

/** An account referred by the code and converted (identified user + PAID). */
async function convertedReferral(code: string) {
  const accountId = uid('acct');
  const res = await api.identify(accountId, uid('user'), { referredByCode: code, accountStatus: 'PAID' });
  expect(res.body.referredBy.status).toBe('CONVERTED');
  return accountId;
}

describe('program', () => {
  test('defaults, update, and validation naming the field', async () => {
    const initial = await api.gql(PROGRAM);
    expect(initial.data.program).toMatchObject({
      referredDiscountPercent: 10,
      // The safe default: a new program caps a referrer's summed discounts at 50 %.
      maxReferrerDiscountPercent: 50,
      discountId: 'service_discount',
      referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10, amountCents: null, unit: null },
    });
    const updated = await setProgram({ referredDiscountPercent: 15, discountId: 'ref_disc' });
    expect(updated).toMatchObject({ referredDiscountPercent: 15, discountId: 'ref_disc' });

    const bad = await api.gql(UPDATE, {
      input: { referredDiscountPercent: 150, referrerReward: { type: 'CREDIT' } },
    });
    expect(bad.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(bad.errors[0].extensions.validationErrors.map((v: { path: string }) => v.path).sort()).toEqual(
      expect.arrayContaining(['input.referredDiscountPercent', 'input.referrerReward.amountCents']),
    );
    await setProgram({ referredDiscountPercent: 10, discountId: 'service_discount' });
  });
});

describe('GET /code/{code}', () => {
  test('answers the code, what the referred customer gets and the referrer name, case-insensitively', async () => {
    const r = await referrer('Cody', 'Lookup');
    const res = await api.call('GET', `/code/${r.code.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: r.code,
      couponCode: r.code,
      discountId: 'service_discount',
      discountPercentage: 10,
      dateCreated: expect.any(Number),
      referrerName: 'Cody Lookup',
    });
  });

  test.each(['NOSUCHCODE9', 'bad-code!', 'x'.repeat(40)])(
    'unknown %s is 404 REFERRAL_CODE_NOT_FOUND',
    async (code) => {
      const res = await api.call('GET', `/code/${encodeURIComponent(code)}`);
      expect(res.status).toBe(404);
      expect(res.body.apiErrorCode).toBe('REFERRAL_CODE_NOT_FOUND');
    },
  );
});

describe('GET /account/{id}/reward', () => {
  test('previews a couponCode for an account not yet referred without changing it; 404 for unknowns', async () => {
    const r = await referrer('Pre', 'View');
    const accountId = uid('acct');
    await api.identify(accountId, uid('user'), {});
    const preview = await api.rewards(accountId, r.code);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      accountId,
      discountPercentage: 10,
      referredDiscountPercent: 10,
      referrerDiscountPercent: 0,
      discountId: 'service_discount',
      referrerName: 'Pre View',
      rewards: [],
    });
    expect((await api.account(accountId))!.referredBy).toBeNull();
    expect((await api.rewards(accountId)).body.discountPercentage).toBe(0);

    expect((await api.rewards(accountId, 'NOSUCHCODE8')).status).toBe(404);
    expect((await api.rewards(uid('missing'))).status).toBe(404);
  });

  test('sums live referrer discounts up to maxReferrerDiscountPercent, plus the referred side', async () => {
    await setProgram({ maxReferrerDiscountPercent: 25 });
    try {
      const top = await referrer('Top', 'Referrer');
      const r = await referrer('Mid', 'Referrer');
      // r is itself referred by top, then refers three paying accounts.
      await api.identify(r.accountId, r.userId, { referredByCode: top.code });
      for (let i = 0; i < 3; i += 1) await convertedReferral(r.code);
      const res = await api.rewards(r.accountId);
      expect(res.body).toMatchObject({
        referrerDiscountPercent: 25,
        referredDiscountPercent: 10,
        discountPercentage: 35,
        referrerName: 'Top Referrer',
      });
      expect(res.body.rewards).toHaveLength(4);
    } finally {
      await setProgram({ maxReferrerDiscountPercent: 50 });
    }
  });
});

describe('credit rewards', () => {
  const BALANCE = `query B($a: String!) { rewardBalance(accountId: $a) { unit totalAssigned totalRedeemed available } }`;
  const REDEEM = `mutation R($a: String!, $u: String!, $n: Int!) {
    redeemRewardBalance(accountId: $a, unit: $u, amount: $n) { unit totalAssigned totalRedeemed available } }`;

  test('form a balance per unit, redeemed oldest first, all or nothing', async () => {
    await setProgram({ referrerReward: { type: 'CREDIT', amountCents: 500, unit: 'USD' } });
    try {
      const r = await referrer('Credit', 'Holder');
      for (let i = 0; i < 3; i += 1) await convertedReferral(r.code);
      let balance = await api.gql(BALANCE, { a: r.accountId });
      expect(balance.data.rewardBalance).toEqual([
        { unit: 'USD', totalAssigned: 1500, totalRedeemed: 0, available: 1500 },
      ]);

      const redeemed = await api.gql(REDEEM, { a: r.accountId, u: 'USD', n: 700 });
      expect(redeemed.data.redeemRewardBalance).toEqual({
        unit: 'USD',
        totalAssigned: 1500,
        totalRedeemed: 700,
        available: 800,
      });
      const rewards = (await api.account(r.accountId))!.rewards;
      expect(rewards.map((x: { status: string }) => x.status)).toEqual([
        'REDEEMED',
        'AVAILABLE',
        'AVAILABLE',
      ]);

      const tooMuch = await api.gql(REDEEM, { a: r.accountId, u: 'USD', n: 801 });
      expect(tooMuch.errors[0].extensions.code).toBe('INSUFFICIENT_BALANCE');
      balance = await api.gql(BALANCE, { a: r.accountId });
      expect(balance.data.rewardBalance[0].available).toBe(800);

      const rest = await Promise.all([1, 2].map(() => api.gql(REDEEM, { a: r.accountId, u: 'USD', n: 500 })));
      expect(rest.filter((x) => x.errors).length).toBe(1);
      expect((await api.gql(BALANCE, { a: r.accountId })).data.rewardBalance[0].available).toBe(300);
      expect((await api.gql(BALANCE, { a: uid('missing') })).data.rewardBalance).toBeNull();
    } finally {
      await setProgram({ referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10 } });
    }
  });
});

describe('Temporal', () => {
  test('one lifecycle per referred account, findable by tenant, account and status; it ends with the referral', async () => {
    const r = await referrer();
    const accountId = await convertedReferral(r.code);
    const client = api.gw.deps.temporal.client;
    const id = workflowIds.referral(api.tenant.alias, accountId);
    const handle = client.workflow.getHandle(id);
    const description = await handle.describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])).toEqual(
      expect.arrayContaining([
        ['TenantAlias', api.tenant.alias],
        ['EntityId', accountId],
        ['WorkflowKind', 'referral'],
        ['ReferralStatus', 'CONVERTED'],
      ]),
    );
    expect(await description.staticSummary()).toContain(r.code);

    await api.sync({ id: accountId, subscription: { status: 'CANCELLED' } });
    expect(await handle.result()).toMatchObject({ status: 'ENDED' });
    // Later messages neither fail nor start a second execution.
    const again = await api.sync({ id: accountId, subscription: { status: 'PAID' } });
    expect(again.status).toBe(200);
    const runs = [];
    for await (const wf of client.workflow.list({ query: `WorkflowId = '${id}'` })) runs.push(wf.runId);
    expect(runs).toHaveLength(1);
  });
});

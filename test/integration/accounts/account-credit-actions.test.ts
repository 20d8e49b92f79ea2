/**
 * Hand actions on an account's credit, with the real gateway, worker, PostgreSQL and
 * Temporal: adjustCredit and redeemCredit, each with a reason, applied once per key (10 parallel identical
 * calls → one change), never below zero (10 parallel different redemptions), with their `credit.adjusted`
 * webhook event; the dashboard does not count adjusted credit as a referral reward; another tenant can
 * neither act nor see; a VIEWER cannot act and an operator's action is audited with a sentence.
 */
import { adminApi, signedInOperator, type PortalTenant } from '../../helpers/admin-api';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { anotherTenant, expectEachNotFound } from '../../helpers/cross-tenant';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
  const res = await api.gql(
    `mutation { updateProgram(input: { referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" } }) {
       referredDiscountPercent } }`,
  );
  expect(res.errors).toBeUndefined();
});
afterAll(async () => {
  await api?.close();
});

const RESULT = `outcome action { id kind accountId userId reason actor summary }
  balance { unit available totalAssigned totalRedeemed } reward { id rewardSource referralId amountCents unit status }
  account { id } accountDeleted`;
const M = {
  adjust: `mutation A($accountId: ID!, $amountCents: Int!, $unit: String, $reason: String!, $key: String) {
    adjustCredit(accountId: $accountId, amountCents: $amountCents, unit: $unit, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  redeem: `mutation R($accountId: ID!, $amountCents: Int!, $reference: String, $reason: String!, $key: String) {
    redeemCredit(accountId: $accountId, amountCents: $amountCents, reference: $reference, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
};

async function account() {
  const id = uid('acct-c');
  expect((await api.identify(id, uid('user'), { firstName: 'Cora' })).status).toBe(200);
  return id;
}

async function available(accountId: string): Promise<number> {
  const res = await api.gql(`query B($id: String!) { rewardBalance(accountId: $id) { unit available } }`, {
    id: accountId,
  });
  return (
    (res.data.rewardBalance as { unit: string; available: number }[]).find((b) => b.unit === 'USD')
      ?.available ?? 0
  );
}

async function creditEvents(accountId: string) {
  const rows = await api.gw.deps
    .db('webhook_events')
    .where({ tenant_id: api.tenantId, type: 'credit.adjusted' });
  return rows
    .map((r: { payload: { data: Record<string, unknown> } }) => r.payload.data)
    .filter((d: Record<string, unknown>) => d.accountId === accountId);
}

test('adjustCredit: 10 parallel identical calls add the credit once, one ADJUSTMENT reward, one event', async () => {
  const id = await account();
  const calls = await Promise.all(
    Array.from({ length: 10 }, () =>
      api.gql(M.adjust, { accountId: id, amountCents: 1500, reason: 'Goodwill' }),
    ),
  );
  for (const c of calls) expect(c.errors).toBeUndefined();
  const outcomes = calls.map((c) => c.data.adjustCredit.outcome).sort();
  expect(outcomes).toEqual(['ALREADY_APPLIED', ...Array<string>(8).fill('ALREADY_APPLIED'), 'APPLIED']);
  const applied = calls.find((c) => c.data.adjustCredit.outcome === 'APPLIED')!.data.adjustCredit;
  expect(applied.reward).toMatchObject({
    rewardSource: 'ADJUSTMENT',
    referralId: null,
    amountCents: 1500,
    unit: 'USD',
    status: 'AVAILABLE',
  });
  expect(applied.action).toMatchObject({
    kind: 'ADJUST_CREDIT',
    accountId: id,
    reason: 'Goodwill',
    actor: 'api',
  });
  expect(applied.balance).toEqual([{ unit: 'USD', available: 1500, totalAssigned: 1500, totalRedeemed: 0 }]);
  expect(await available(id)).toBe(1500);
  const db = api.gw.deps.db;
  expect(await db('rewards').where({ tenant_id: api.tenantId, account_id: id }).count('* as n')).toEqual([
    { n: '1' },
  ]);
  expect(await db('hand_actions').where({ tenant_id: api.tenantId, account_id: id }).count('* as n')).toEqual(
    [{ n: '1' }],
  );
  expect(await creditEvents(id)).toEqual([
    expect.objectContaining({
      amountCents: 1500,
      kind: 'ADJUSTMENT',
      unit: 'USD',
      available: 1500,
      reason: 'Goodwill',
    }),
  ]);
  // The credit does not expire and is no referral reward: the dashboard's rewards given stay as they were.
  const reward = await db('rewards').where({ id: applied.reward.id }).first();
  expect(reward.expires_at).toBeNull();
});

test('adjustCredit down: drawn from the credit there is, never below zero (409 naming amountCents, nothing changed); zero is a 400', async () => {
  const id = await account();
  expect(
    (await api.gql(M.adjust, { accountId: id, amountCents: 1000, reason: 'Credit' })).errors,
  ).toBeUndefined();
  const over = await api.gql(M.adjust, { accountId: id, amountCents: -1001, reason: 'Too much' });
  expect(over.errors[0].extensions.code).toBe('INSUFFICIENT_BALANCE');
  expect(over.errors[0].extensions.validationErrors[0].path).toBe('amountCents');
  expect(await available(id)).toBe(1000);
  const down = await api.gql(M.adjust, { accountId: id, amountCents: -400, reason: 'Billing error' });
  expect(down.errors).toBeUndefined();
  expect(down.data.adjustCredit.balance[0].available).toBe(600);
  // The removal is drawn from the credit there is: no negative row that could outlive it (were that
  // credit to expire, a negative row would leave the balance below zero).
  const db = api.gw.deps.db;
  const rows = await db('rewards').where({ tenant_id: api.tenantId, account_id: id });
  expect(rows.map((r) => [Number(r.amount_cents), Number(r.redeemed_cents)])).toEqual([[1000, 400]]);
  await db('rewards').where({ tenant_id: api.tenantId, account_id: id }).update({ status: 'EXPIRED' });
  expect(await available(id)).toBe(0);
  await db('rewards').where({ tenant_id: api.tenantId, account_id: id }).update({ status: 'AVAILABLE' });
  // A redemption counts the removal: 600 can be redeemed, 601 cannot.
  const tooMuch = await api.gql(M.redeem, { accountId: id, amountCents: 601, reason: 'Order 1' });
  expect(tooMuch.errors[0].extensions.validationErrors[0].path).toBe('amountCents');
  expect(
    (await api.gql(M.redeem, { accountId: id, amountCents: 600, reason: 'Order 2' })).errors,
  ).toBeUndefined();
  expect(await available(id)).toBe(0);
  const zero = await api.gql(M.adjust, { accountId: id, amountCents: 0, reason: 'Nothing' });
  expect(zero.errors[0].extensions.validationErrors[0].path).toBe('amountCents');
  const noReason = await api.gql(M.adjust, { accountId: id, amountCents: 5, reason: ' ' });
  expect(noReason.errors[0].extensions.validationErrors[0].path).toBe('reason');
  expect(await available(id)).toBe(0);
});

test('redeemCredit: 10 parallel identical calls redeem once; 10 different ones never take the balance below zero', async () => {
  const id = await account();
  await api.gql(M.adjust, { accountId: id, amountCents: 1000, reason: 'Start' });
  const same = await Promise.all(
    Array.from({ length: 10 }, () =>
      api.gql(M.redeem, { accountId: id, amountCents: 100, reference: 'INV-1', reason: 'Order INV-1' }),
    ),
  );
  expect(same.map((c) => c.data.redeemCredit.outcome).filter((o: string) => o === 'APPLIED')).toHaveLength(1);
  expect(await available(id)).toBe(900);
  const events = await creditEvents(id);
  expect(events.filter((e: Record<string, unknown>) => e.kind === 'REDEMPTION')).toEqual([
    expect.objectContaining({ amountCents: -100, reference: 'INV-1', available: 900 }),
  ]);

  const different = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      api.gql(M.redeem, { accountId: id, amountCents: 200, reason: `Order ${i}`, key: `redeem-${id}-${i}` }),
    ),
  );
  const ok = different.filter((c) => !c.errors);
  const refused = different.filter((c) => c.errors);
  expect(ok).toHaveLength(4);
  for (const c of refused) expect(c.errors[0].extensions.code).toBe('INSUFFICIENT_BALANCE');
  expect(await available(id)).toBe(100);
  const [row] = await api.gw.deps.db('rewards').where({ account_id: id, tenant_id: api.tenantId });
  expect(Number(row.redeemed_cents)).toBe(900);
});

test('another tenant can neither act on nor see the account: not found, nothing changed', async () => {
  const id = await account();
  await api.gql(M.adjust, { accountId: id, amountCents: 700, reason: 'Mine' });
  const other = await anotherTenant(api.gw);
  const call = other.gql;
  await expectEachNotFound(other, [
    [M.adjust, { accountId: id, amountCents: 100, reason: 'theirs' }],
    [M.adjust, { accountId: id, amountCents: -100, reason: 'theirs' }],
    [M.redeem, { accountId: id, amountCents: 100, reason: 'theirs' }],
  ] as const);
  const seen = await call(`query B($id: String!) { rewardBalance(accountId: $id) { available } }`, { id });
  expect(seen.data?.rewardBalance).toBeNull();
  expect(await available(id)).toBe(700);
  expect(await api.gw.deps.db('hand_actions').where({ account_id: id })).toHaveLength(1);
});

test('ADJUSTMENT credit is no referral reward on the dashboard; the credit outstanding counts it', async () => {
  const db = api.gw.deps.db;
  const given = async () =>
    Number(
      (await db('portal_daily_stats').where({ tenant_id: api.tenantId }).sum('rewards_given as n'))[0].n ?? 0,
    );
  const outstanding = async () =>
    Number(
      (
        await db('portal_credit_stats')
          .where({ tenant_id: api.tenantId, unit: 'USD' })
          .sum('outstanding_cents as n')
      )[0].n ?? 0,
    );
  const today = new Date().toISOString().slice(0, 10);
  const dashboard = async () => {
    const res = await api.gql(
      `query D($range: DateRangeInput!) { dashboard(range: $range) { rewardsGiven
         numbers { rewardsToReferrers rewardsToReferred rewardCost { side currency rewardsGiven costGiven } } } }`,
      { range: { from: today, to: today } },
    );
    expect(res.errors).toBeUndefined();
    return res.data.dashboard;
  };
  const [g0, o0, d0] = [await given(), await outstanding(), await dashboard()];
  const id = await account();
  await api.gql(M.adjust, { accountId: id, amountCents: 2500, reason: 'Dashboard check' });
  expect(await given()).toBe(g0);
  expect(await outstanding()).toBe(o0 + 2500);
  expect(await dashboard()).toEqual(d0);
  const numbers = await db.raw(
    `select count(*)::int as n from rewards where tenant_id = ? and reward_source = 'ADJUSTMENT'`,
    [api.tenantId],
  );
  expect(numbers.rows[0].n).toBeGreaterThan(0);
});

test("in the portal: a VIEWER cannot act; an operator's action is audited with a sentence", async () => {
  const tenant = { ...api.tenant, id: api.tenantId } as PortalTenant;
  const owner = await signedInOperator(api.gw, tenant, 'OWNER');
  const viewer = await signedInOperator(api.gw, tenant, 'VIEWER');
  const portal = adminApi(api.gw);
  const id = await account();
  const refused = await portal.graphql(viewer, M.adjust, { accountId: id, amountCents: 100, reason: 'hi' });
  expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');
  expect(await available(id)).toBe(0);
  const done = await portal.graphql(owner, M.adjust, {
    accountId: id,
    amountCents: 250,
    unit: 'USD',
    reason: 'Late delivery',
  });
  expect(done.json.errors).toBeUndefined();
  expect(done.json.data.adjustCredit.action.actor).toBe(owner.view.operator.email);
  const redeemed = await portal.graphql(owner, M.redeem, {
    accountId: id,
    amountCents: 50,
    reason: 'Phone order',
  });
  expect(redeemed.json.errors).toBeUndefined();
  const audit = await portal.graphql(owner, '{ auditLog(first: 2) { entries { action target sentence } } }');
  expect(audit.json.data.auditLog.entries).toEqual([
    {
      action: 'redeemCredit',
      target: id,
      sentence: `${owner.view.operator.email} redeemed 50 cents of credit for ${id}: Phone order`,
    },
    {
      action: 'adjustCredit',
      target: id,
      sentence: `${owner.view.operator.email} added 250 USD cents of credit to ${id}: Late delivery`,
    },
  ]);
});

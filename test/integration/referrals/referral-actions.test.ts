/**
 * Hand actions on referrals and rewards, with the real gateway, worker, PostgreSQL and
 * Temporal: cancel, re-attribute, grant, void, mark fulfilled and notes, each with a reason, applied once
 * per key (10 parallel identical calls → one effect), taken by the referral's lifecycle workflow, with
 * their webhook events; the state rules' refusals name the problem; bulk with a result per row and at
 * most 500 ids; another tenant cannot act; a VIEWER cannot act and an operator's action is audited.
 */
import { adminApi, signedInOperator, type PortalTenant } from '../../helpers/admin-api';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { anotherTenant, expectEachNotFound } from '../../helpers/cross-tenant';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
  const res = await api.gql(
    `mutation { updateProgram(input: {
       referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, referredDiscountPercent: 10 }) {
       referredDiscountPercent } }`,
  );
  expect(res.errors).toBeUndefined();
});
afterAll(async () => {
  await api?.close();
});

const RESULT = `outcome action { id action reason actor rewardId reference summary }
  referral { id status referrerAccountId referrerUserId referralCodeUsed
    referrerReward { id status amountCents redeemedCents } referredReward { id status } }`;
const M = {
  cancel: `mutation C($id: ID!, $reason: String!, $key: String) {
    cancelReferral(id: $id, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  void: `mutation V($id: ID!, $reason: String!, $key: String) {
    voidReward(id: $id, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  fulfil: `mutation F($id: ID!, $ref: String!, $reason: String!, $key: String) {
    markRewardFulfilled(id: $id, reference: $ref, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  grant: `mutation G($id: ID!, $side: ReferralSide!, $reward: ManualRewardInput!, $reason: String!, $key: String) {
    grantReward(id: $id, side: $side, reward: $reward, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  note: `mutation N($id: ID!, $reason: String!, $key: String) {
    addReferralNote(id: $id, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  move: `mutation R($id: ID!, $to: ReferrerTargetInput!, $reason: String!) {
    reattributeReferral(id: $id, to: $to, reason: $reason) { ${RESULT} } }`,
  bulk: `mutation B($input: BulkReferralActionInput!) {
    bulkReferralAction(input: $input) { id outcome message problem } }`,
};
const DETAIL = `query D($id: ID!) { referral(id: $id) {
  actions { action reason actor summary reference } grantedRewards { id amountCents unit status rewardSource } } }`;

/** A referrer and a friend it referred; `pay` converts it (the referrer's 500 USD credit is AVAILABLE). */
async function referral(options: { pay?: boolean } = {}) {
  const referrer = await api.identify(uid('acct-r'), uid('user'), { firstName: 'Rita', lastName: 'R' });
  const friend = uid('acct-f');
  await api.identify(friend, uid('user'), { firstName: 'Fred', referredByCode: referrer.body.shareCode });
  if (options.pay)
    expect((await api.sync({ id: friend, subscription: { status: 'PAID' } })).status).toBe(200);
  const account = await api.account(friend);
  return {
    friend,
    referrer: referrer.body as { accountId: string; id: string; shareCode: string },
    referralId: account!.referredBy.id as string,
    rewardId: account!.referredBy.referrerReward?.id as string | undefined,
  };
}

async function events(type: string, match: (data: Record<string, unknown>) => boolean) {
  const rows = await api.gw.deps.db('webhook_events').where({ tenant_id: api.tenantId, type });
  return rows.filter((r: { payload: { data: Record<string, unknown> } }) => match(r.payload.data)).length;
}

test('cancel: 10 parallel identical calls end the referral once, void its live rewards once, one action', async () => {
  const r = await referral({ pay: true });
  const calls = await Promise.all(
    Array.from({ length: 10 }, () => api.gql(M.cancel, { id: r.referralId, reason: 'Duplicate sign-up' })),
  );
  for (const c of calls) expect(c.errors).toBeUndefined();
  const outcomes = calls.map((c) => c.data.cancelReferral.outcome).sort();
  expect(outcomes).toEqual(['ALREADY_APPLIED', ...Array<string>(8).fill('ALREADY_APPLIED'), 'APPLIED']);
  expect(calls[0].data.cancelReferral.referral).toMatchObject({
    status: 'ENDED',
    referrerReward: { status: 'CANCELLED' },
    referredReward: { status: 'CANCELLED' },
  });
  const db = api.gw.deps.db;
  expect(await db('referral_actions').where({ referral_id: r.referralId }).count('* as n')).toEqual([
    { n: '1' },
  ]);
  expect(await events('referral.ended', (d) => d.id === r.referralId)).toBe(1);
  expect(await events('reward.cancelled', (d) => d.referralId === r.referralId)).toBe(2);
  // The lifecycle took it: nothing is left pending for the reconciler.
  const row = await db('referral_actions').where({ referral_id: r.referralId }).first();
  expect(row.delivered_at).not.toBeNull();
  expect((await db('referrals').where({ id: r.referralId }).first()).lifecycle_pending_since).toBeNull();
  // A second cancel with another key is refused by the rules, naming the problem.
  const again = await api.gql(M.cancel, { id: r.referralId, reason: 'again', key: 'another-key-1' });
  expect(again.errors[0].extensions).toMatchObject({ code: 'CONFLICT', problem: 'REFERRAL_ENDED' });
});

test('void and fulfil follow the state rules: a fulfilled reward cannot be voided, a void one cannot be fulfilled', async () => {
  const a = await referral({ pay: true });
  const fulfilled = await api.gql(M.fulfil, { id: a.rewardId, ref: 'PAYPAL-77', reason: 'Paid by PayPal' });
  expect(fulfilled.errors).toBeUndefined();
  expect(fulfilled.data.markRewardFulfilled.referral.referrerReward).toMatchObject({
    status: 'REDEEMED',
    redeemedCents: 500,
  });
  expect(fulfilled.data.markRewardFulfilled.action).toMatchObject({
    reference: 'PAYPAL-77',
    rewardId: a.rewardId,
  });
  expect(await events('reward.redeemed', (d) => d.id === a.rewardId)).toBe(1);
  const voidIt = await api.gql(M.void, { id: a.rewardId, reason: 'oops' });
  expect(voidIt.errors[0].extensions).toMatchObject({ code: 'CONFLICT', problem: 'REWARD_FULFILLED' });
  expect(voidIt.errors[0].message).toMatch(/PAYPAL-77/);

  const b = await referral({ pay: true });
  expect((await api.gql(M.void, { id: b.rewardId, reason: 'Fraud' })).errors).toBeUndefined();
  const fulfilVoid = await api.gql(M.fulfil, { id: b.rewardId, ref: 'X-1', reason: 'paid' });
  expect(fulfilVoid.errors[0].extensions).toMatchObject({ code: 'CONFLICT', problem: 'REWARD_VOIDED' });
  const percent = (await api.account(b.friend))!.referredBy.referredReward.id as string;
  const notCredit = await api.gql(M.fulfil, { id: percent, ref: 'X-2', reason: 'paid' });
  expect(notCredit.errors[0].extensions.problem).toBe('NOT_CREDIT');
  // The referrer's credit balance follows: nothing available after the void.
  const balance = await api.gql(`query B($a: String!) { rewardBalance(accountId: $a) { unit available } }`, {
    a: b.referrer.accountId,
  });
  expect(balance.data.rewardBalance).toEqual([]);
});

test('grant: a manual reward on a side, once per key; notes listed with author and time', async () => {
  const r = await referral();
  const reward = { type: 'CREDIT', amountCents: 250, unit: 'USD' };
  const calls = await Promise.all(
    Array.from({ length: 10 }, () =>
      api.gql(M.grant, {
        id: r.referralId,
        side: 'REFERRER',
        reward,
        reason: 'Goodwill',
        key: 'grant-key-0001',
      }),
    ),
  );
  expect(calls.filter((c) => c.data?.grantReward.outcome === 'APPLIED')).toHaveLength(1);
  const detail = await api.gql(DETAIL, { id: r.referralId });
  expect(detail.data.referral.grantedRewards).toEqual([
    {
      id: expect.any(String),
      amountCents: 250,
      unit: 'USD',
      status: 'AVAILABLE',
      rewardSource: 'FRIEND_SIGNUP',
    },
  ]);
  const granted = detail.data.referral.grantedRewards[0].id as string;
  expect(await events('reward.created', (d) => d.id === granted)).toBe(1);
  const balance = await api.gql(`query B($a: String!) { rewardBalance(accountId: $a) { unit available } }`, {
    a: r.referrer.accountId,
  });
  expect(balance.data.rewardBalance).toEqual([{ unit: 'USD', available: 250 }]);
  // The same key for another action is refused, naming idempotencyKey.
  const reused = await api.gql(M.note, { id: r.referralId, reason: 'x', key: 'grant-key-0001' });
  expect(reused.errors[0].extensions.validationErrors[0].path).toBe('idempotencyKey');
  // Without a key, a double-click (same note twice) is one note; another text is another.
  await api.gql(M.note, { id: r.referralId, reason: 'Called the customer' });
  await api.gql(M.note, { id: r.referralId, reason: 'Called the customer' });
  await api.gql(M.note, { id: r.referralId, reason: 'They confirmed' });
  const after = await api.gql(DETAIL, { id: r.referralId });
  expect(after.data.referral.actions).toEqual([
    expect.objectContaining({ action: 'GRANT_REWARD', reason: 'Goodwill', actor: 'api' }),
    expect.objectContaining({ action: 'NOTE', reason: 'Called the customer' }),
    expect.objectContaining({ action: 'NOTE', reason: 'They confirmed' }),
  ]);
});

test('re-attribute: by share code, the referrer reward moves; never to the referred account', async () => {
  const r = await referral({ pay: true });
  const other = await api.identify(uid('acct-o'), uid('user'), { firstName: 'Olga' });
  const moved = await api.gql(M.move, {
    id: r.referralId,
    to: { code: other.body.shareCode },
    reason: 'Wrong link',
  });
  expect(moved.errors).toBeUndefined();
  expect(moved.data.reattributeReferral.referral).toMatchObject({
    referrerAccountId: other.body.accountId,
    referrerUserId: other.body.id,
    referralCodeUsed: other.body.shareCode,
    referrerReward: { status: 'AVAILABLE', amountCents: 500 },
  });
  const reward = await api.gw.deps.db('rewards').where({ id: r.rewardId }).first();
  expect(reward.account_id).toBe(other.body.accountId);
  expect(await events('referral.reattributed', (d) => d.id === r.referralId)).toBe(1);
  const self = await api.gql(M.move, {
    id: r.referralId,
    to: { accountId: r.friend, userId: 'nobody' },
    reason: 'x',
  });
  expect(self.errors[0].extensions.code).toBe('USER_NOT_FOUND');
  expect(self.errors[0].extensions.validationErrors[0].path).toBe('to.userId');
});

test('bulk: a result per row (applied, refused, not found); over 500 ids is a 400 naming ids; sent twice applies once', async () => {
  const a = await referral({ pay: true });
  const b = await referral({ pay: true });
  await api.gql(M.void, { id: b.rewardId, reason: 'first' });
  const missing = '00000000-0000-4000-8000-000000000000';
  const input = {
    action: 'VOID_REWARD',
    ids: [a.rewardId, b.rewardId, missing],
    reason: 'Bulk clean-up',
    idempotencyKey: 'bulk-key-0001',
  };
  const res = await api.gql(M.bulk, { input });
  expect(res.errors).toBeUndefined();
  expect(res.data.bulkReferralAction).toEqual([
    { id: a.rewardId, outcome: 'APPLIED', message: null, problem: null },
    {
      id: b.rewardId,
      outcome: 'REFUSED',
      message: expect.stringMatching(/already void/),
      problem: 'REWARD_VOIDED',
    },
    { id: missing, outcome: 'NOT_FOUND', message: 'No such reward', problem: 'NOT_FOUND' },
  ]);
  const again = await api.gql(M.bulk, { input });
  expect(again.data.bulkReferralAction[0].outcome).toBe('ALREADY_APPLIED');
  expect(await events('reward.cancelled', (d) => d.id === a.rewardId)).toBe(1);

  const tooMany = Array.from(
    { length: 501 },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  const over = await api.gql(M.bulk, { input: { ...input, ids: tooMany } });
  expect(over.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(over.errors[0].extensions.validationErrors[0].path).toBe('ids');
  const noReason = await api.gql(M.cancel, { id: a.referralId, reason: '  ' });
  expect(noReason.errors[0].extensions.validationErrors[0].path).toBe('reason');
});

test('another tenant can act on none of it: not found, nothing changed', async () => {
  const r = await referral({ pay: true });
  const other = await anotherTenant(api.gw);
  const call = other.gql;
  await expectEachNotFound(other, [
    [M.cancel, { id: r.referralId, reason: 'mine' }],
    [M.void, { id: r.rewardId, reason: 'mine' }],
    [M.fulfil, { id: r.rewardId, ref: 'R', reason: 'mine' }],
    [M.note, { id: r.referralId, reason: 'mine' }],
    [
      M.grant,
      {
        id: r.referralId,
        side: 'REFERRED',
        reward: { type: 'PCT_DISCOUNT', discountPercent: 5 },
        reason: 'mine',
      },
    ],
  ] as const);
  const bulk = await call(M.bulk, { input: { action: 'CANCEL', ids: [r.referralId], reason: 'mine' } });
  expect(bulk.data?.bulkReferralAction).toEqual([
    { id: r.referralId, outcome: 'NOT_FOUND', message: 'No such referral', problem: 'NOT_FOUND' },
  ]);
  expect(await api.gw.deps.db('referral_actions').where({ referral_id: r.referralId })).toEqual([]);
  expect((await api.account(r.friend))!.referredBy.status).toBe('CONVERTED');
});

test("in the portal: a VIEWER cannot act; an operator's action names them and is audited", async () => {
  const tenant = { ...api.tenant, id: api.tenantId } as PortalTenant;
  const owner = await signedInOperator(api.gw, tenant, 'OWNER');
  const viewer = await signedInOperator(api.gw, tenant, 'VIEWER');
  const portal = adminApi(api.gw);
  const r = await referral();
  const refused = await portal.graphql(viewer, M.note, { id: r.referralId, reason: 'hi' });
  expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');
  const done = await portal.graphql(owner, M.note, { id: r.referralId, reason: 'Checked by phone' });
  expect(done.json.data.addReferralNote.action.actor).toBe(owner.view.operator.email);
  const audit = await portal.graphql(owner, '{ auditLog(first: 1) { entries { action target details } } }');
  expect(audit.json.data.auditLog.entries[0]).toMatchObject({
    action: 'addReferralNote',
    target: r.referralId,
    details: { id: r.referralId, reason: 'Checked by phone' },
  });
});

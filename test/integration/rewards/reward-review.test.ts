/**
 * The fraud policy's REVIEW and the review queue, with the real gateway, worker, PostgreSQL
 * and Temporal: a referral held for review proceeds but its rewards wait as PENDING_REVIEW (no discount,
 * no credit); operators list the queue (referralsForReview) and approve or deny singly and in bulk with a
 * reason; a decision sent twice is applied once (one decision, one webhook event per reward); the
 * decision reaches the referral's lifecycle workflow; another tenant cannot review or see the referral.
 */
import { adminApi, signedInOperator, type PortalTenant } from '../../helpers/admin-api';
import { createTestTenant, basic } from '../../helpers/harness';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
  const res = await api.gql(
    `mutation { updateProgram(input: {
       fraudPolicy: [{ signal: SAME_NAME, action: REVIEW }, { signal: DISPOSABLE_EMAIL, action: BLOCK }],
       referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, referredDiscountPercent: 10 }) {
       fraudPolicy { signal action } } }`,
  );
  expect(res.errors).toBeUndefined();
});
afterAll(async () => {
  await api?.close();
});

const REFERRAL = `id status fraudSignals { signal } review { status reason reviewedBy dateReviewed }
  referrerReward { status amountCents } referredReward { status discountPercent }`;
const QUEUE = `query Q($first: Int, $after: String) { referralsForReview(first: $first, after: $after) {
  items { ${REFERRAL} } endCursor hasNextPage } }`;
const REVIEW = `mutation R($ids: [ID!]!, $decision: ReviewDecision!, $reason: String!) {
  reviewReferrals(ids: $ids, decision: $decision, reason: $reason) { id outcome referral { ${REFERRAL} } } }`;

/** A referrer, and a friend of the same name it referred (SAME_NAME: REVIEW); the friend then pays. */
async function heldReferral(options: { pay?: boolean } = {}) {
  const last = uid('Name');
  const referrer = await api.identify(uid('acct-r'), uid('user'), { firstName: 'Sam', lastName: last });
  const friend = uid('acct-f');
  const res = await api.identify(friend, uid('user'), {
    firstName: 'Sam',
    lastName: last,
    referredByCode: referrer.body.shareCode,
  });
  expect(res.status).toBe(200);
  expect(res.body.referredBy).toMatchObject({ code: referrer.body.shareCode });
  if (options.pay) {
    const paid = await api.sync({ id: friend, subscription: { status: 'PAID' } });
    expect(paid.status).toBe(200);
  }
  const account = await api.account(friend);
  return {
    friend,
    referrerAccountId: referrer.body.accountId as string,
    referralId: account!.referredBy.id as string,
  };
}

async function referralOf(accountId: string) {
  const res = await api.gql(`query A($id: String!) { account(id: $id) { referredBy { ${REFERRAL} } } }`, {
    id: accountId,
  });
  expect(res.errors).toBeUndefined();
  return res.data.account.referredBy;
}

async function eventsOf(type: string, referralId: string): Promise<number> {
  const rows = await api.gw.deps.db('webhook_events').where({ tenant_id: api.tenantId, type });
  return rows.filter((r: { payload: { data: { id?: string; referralId?: string } } }) => {
    const data = r.payload.data;
    return data.id === referralId || data.referralId === referralId;
  }).length;
}

test('REVIEW: the referral proceeds, its rewards wait as PENDING_REVIEW, and no credit can be redeemed', async () => {
  const held = await heldReferral({ pay: true });
  const referral = await referralOf(held.friend);
  expect(referral).toMatchObject({
    status: 'CONVERTED',
    fraudSignals: [{ signal: 'SAME_NAME' }],
    review: { status: 'PENDING', reason: null, reviewedBy: null, dateReviewed: null },
    referrerReward: { status: 'PENDING_REVIEW', amountCents: 500 },
    referredReward: { status: 'PENDING_REVIEW', discountPercent: 10 },
  });
  // The friend's discount waits too; the referrer's credit is pending, not available.
  const rewards = await api.rewards(held.friend);
  expect(rewards.body.discountPercentage).toBe(0);
  const balance = await api.gql(
    `query B($a: String!) { rewardBalance(accountId: $a) { unit available pending } }`,
    { a: held.referrerAccountId },
  );
  expect(balance.data.rewardBalance).toEqual([{ unit: 'USD', available: 0, pending: 500 }]);
  const redeem = await api.gql(
    `mutation { redeemRewardBalance(accountId: "${held.referrerAccountId}", unit: "USD", amount: 1) { available } }`,
  );
  expect(redeem.errors[0].extensions.code).toBe('INSUFFICIENT_BALANCE');

  const queue = await api.gql(QUEUE, { first: 100 });
  expect(queue.errors).toBeUndefined();
  expect(queue.data.referralsForReview.items.map((r: { id: string }) => r.id)).toContain(held.referralId);
});

test('approve: rewards AVAILABLE once, the decision recorded; sending it again changes nothing', async () => {
  const held = await heldReferral({ pay: true });
  const first = await api.gql(REVIEW, {
    ids: [held.referralId],
    decision: 'APPROVE',
    reason: 'Siblings, checked',
  });
  expect(first.errors).toBeUndefined();
  expect(first.data.reviewReferrals).toEqual([
    {
      id: held.referralId,
      outcome: 'DECIDED',
      referral: expect.objectContaining({
        review: {
          status: 'APPROVED',
          reason: 'Siblings, checked',
          reviewedBy: 'api',
          dateReviewed: expect.any(Number),
        },
        referrerReward: { status: 'AVAILABLE', amountCents: 500 },
        referredReward: { status: 'AVAILABLE', discountPercent: 10 },
      }),
    },
  ]);
  const rewards = await api.rewards(held.friend);
  expect(rewards.body.discountPercentage).toBe(10);
  const detail = await api.gql(`query D($id: ID!) { referral(id: $id) { timeline { kind description } } }`, {
    id: held.referralId,
  });
  const timeline = detail.data.referral.timeline as { kind: string; description: string }[];
  expect(timeline.map((t) => t.kind)).toEqual([
    'ATTRIBUTED',
    'REWARD_GIVEN',
    'CONVERTED',
    'REWARD_GIVEN',
    'REVIEWED',
  ]);
  expect(timeline[4]!.description).toBe('Approved by api: Siblings, checked');

  // Again, and a contrary decision: both find it decided; nothing moves, no second event.
  for (const decision of ['APPROVE', 'DENY']) {
    const again = await api.gql(REVIEW, { ids: [held.referralId], decision, reason: 'again' });
    expect(again.data.reviewReferrals[0]).toMatchObject({
      outcome: 'ALREADY_DECIDED',
      referral: {
        review: { status: 'APPROVED', reason: 'Siblings, checked' },
        referrerReward: { status: 'AVAILABLE' },
      },
    });
  }
  expect(await eventsOf('referral.reviewed', held.referralId)).toBe(1);
  expect(await eventsOf('reward.available', held.referralId)).toBe(2);
  const queue = await api.gql(QUEUE, { first: 100 });
  expect(queue.data.referralsForReview.items.map((r: { id: string }) => r.id)).not.toContain(held.referralId);
  // The lifecycle workflow applied it: its history has the review update.
  const handle = api.gw.deps.temporal.client.workflow.getHandle(
    `referral/${api.tenant.alias}/${held.friend}`,
  );
  const history = await handle.fetchHistory();
  const updates = (history.events ?? []).flatMap((e) => {
    const request = e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest;
    const payload = request?.input?.args?.payloads?.[0]?.data;
    return payload ? [Buffer.from(payload).toString('utf8')] : [];
  });
  expect(updates.filter((u) => u.includes(`"review:${held.referralId}"`))).toHaveLength(1);
});

test('deny in bulk, with unknown, unheld and repeated ids: each gets its own outcome', async () => {
  const a = await heldReferral({ pay: true });
  const b = await heldReferral();
  const plainReferrer = await api.identify(uid('acct-r'), uid('user'), { firstName: 'Pat', lastName: 'One' });
  const plainFriend = uid('acct-f');
  await api.identify(plainFriend, uid('user'), {
    firstName: 'Lee',
    lastName: 'Two',
    referredByCode: plainReferrer.body.shareCode,
  });
  const plain = await referralOf(plainFriend);
  const unknown = '0196f3a2-8c1d-7a44-b1a0-5e2f9c3d7b20';
  const res = await api.gql(REVIEW, {
    ids: [a.referralId, b.referralId, b.referralId.toUpperCase(), plain.id, unknown],
    decision: 'DENY',
    reason: 'One person, two accounts',
  });
  expect(res.errors).toBeUndefined();
  const outcomes = res.data.reviewReferrals.map((r: { outcome: string }) => r.outcome);
  expect(outcomes).toEqual(['DECIDED', 'DECIDED', 'NOT_UNDER_REVIEW', 'NOT_FOUND']);
  expect(res.data.reviewReferrals[0].referral).toMatchObject({
    review: { status: 'DENIED' },
    referrerReward: { status: 'CANCELLED' },
    referredReward: { status: 'CANCELLED' },
  });
  // b had not converted: its friend's discount is cancelled, and converting later grants nothing usable.
  expect(res.data.reviewReferrals[1].referral.referredReward.status).toBe('CANCELLED');
  await api.sync({ id: b.friend, subscription: { status: 'PAID' } });
  expect((await referralOf(b.friend)).referrerReward.status).toBe('CANCELLED');
  // Only the friend's discount (at attribution) was announced as created; the denied reward never was.
  expect(await eventsOf('reward.created', b.referralId)).toBe(1);
  expect(await eventsOf('reward.cancelled', a.referralId)).toBe(2);
});

test('bad input names the field; nothing is decided', async () => {
  const held = await heldReferral();
  const cases: [Record<string, unknown>, string][] = [
    [{ ids: [], decision: 'APPROVE', reason: 'x' }, 'ids'],
    [{ ids: Array.from({ length: 101 }, () => held.referralId), decision: 'APPROVE', reason: 'x' }, 'ids'],
    [{ ids: ['not-an-id'], decision: 'APPROVE', reason: 'x' }, 'ids.0'],
    [{ ids: [held.referralId], decision: 'APPROVE', reason: '   ' }, 'reason'],
  ];
  for (const [variables, path] of cases) {
    const res = await api.gql(REVIEW, variables);
    expect(res.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(res.errors[0].extensions.validationErrors[0].path).toBe(path);
  }
  const bad = await api.gql(REVIEW, { ids: [held.referralId], decision: 'MAYBE', reason: 'x' });
  expect(bad.errors.length).toBeGreaterThan(0);
  expect((await referralOf(held.friend)).review.status).toBe('PENDING');
});

test('another tenant can neither see the referral in its queue nor decide it', async () => {
  const held = await heldReferral({ pay: true });
  const other = await createTestTenant(api.gw.deps.db, 'oth');
  const call = async (query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${api.gw.api(other.alias)}/graphql`, {
      method: 'POST',
      headers: { authorization: basic(other.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as {
      data: Record<string, { items?: unknown[] } & unknown[]>;
      errors?: unknown;
    };
  };
  const queue = await call(QUEUE, {});
  expect(queue.data.referralsForReview.items).toEqual([]);
  const decided = await call(REVIEW, { ids: [held.referralId], decision: 'APPROVE', reason: 'mine now' });
  expect(decided.data.reviewReferrals).toEqual([
    { id: held.referralId, outcome: 'NOT_FOUND', referral: null },
  ]);
  expect(await referralOf(held.friend)).toMatchObject({
    review: { status: 'PENDING' },
    referrerReward: { status: 'PENDING_REVIEW' },
  });
});

test("in the portal: an operator's decision names them and is in the audit log; a VIEWER cannot decide", async () => {
  const tenant = { ...api.tenant, id: api.tenantId } as PortalTenant;
  const owner = await signedInOperator(api.gw, tenant, 'OWNER');
  const ownerEmail = owner.view.operator.email as string;
  const viewer = await signedInOperator(api.gw, tenant, 'VIEWER');
  const portal = adminApi(api.gw);
  const held = await heldReferral();
  const refused = await portal.graphql(viewer, REVIEW, {
    ids: [held.referralId],
    decision: 'DENY',
    reason: 'no',
  });
  expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');

  const decided = await portal.graphql(owner, REVIEW, {
    ids: [held.referralId],
    decision: 'APPROVE',
    reason: 'Known customer',
  });
  expect(decided.json.data.reviewReferrals[0]).toMatchObject({
    outcome: 'DECIDED',
    referral: { review: { status: 'APPROVED', reviewedBy: ownerEmail, reason: 'Known customer' } },
  });
  const audit = await portal.graphql(
    owner,
    '{ auditLog(first: 1) { entries { action operatorEmail details } } }',
  );
  expect(audit.json.data.auditLog.entries).toEqual([
    {
      action: 'reviewReferrals',
      operatorEmail: ownerEmail,
      details: { ids: [held.referralId], decision: 'APPROVE', reason: 'Known customer' },
    },
  ]);
});

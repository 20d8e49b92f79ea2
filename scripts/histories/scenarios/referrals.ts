import { z } from 'zod';
import { createMetrics } from '../../../shared/metrics';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { messageLifecycle } from '../../../shared/use-cases/settle-lifecycle';
import { continuedFrom, historyIs, waitUntil, type History, type Recorder } from '../recorder';
import type { RecordingStack } from '../stack';
import { createTenantApi, uid, type TenantApi } from '../tenant-api';

const CREDIT = 'referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }';

async function setProgram(api: TenantApi, input: string) {
  await api.gql(`mutation { updateProgram(input: { ${input} }) { rewardHoldDays } }`, {}, z.unknown());
}

/**
 * A referrer and a friend it referred: the friend's account id once its lifecycle has applied the
 * attribution (as a fleet's lifecycles have, long before the friend pays).
 */
async function referredFriend(
  recorder: Recorder,
  api: TenantApi,
  names: { firstName?: string; lastName?: string } = {},
) {
  const referrer = await api.identify(uid('acct-r'), uid('user'), names);
  const friend = uid('acct-f');
  await api.identify(friend, uid('user'), { ...names, referredByCode: referrer.shareCode });
  await recorder.waitFor(
    workflowIds.referral(api.alias, friend),
    (h) => historyIs.idle(h) && historyIs.count(h, (e) => e.markerRecordedEventAttributes) > 0,
    { what: 'attribution applied' },
  );
  return friend;
}

const paid = (api: TenantApi, accountId: string) =>
  api.sync({ id: accountId, subscription: { status: 'PAID' } });
const cancelled = (api: TenantApi, accountId: string) =>
  api.sync({ id: accountId, subscription: { status: 'CANCELLED' } });

/** Lifecycles in the states a fleet holds them: each through the API, saved once it is there. */
export async function recordLifecycles(stack: RecordingStack, recorder: Recorder): Promise<void> {
  const id = (api: TenantApi, accountId: string) => workflowIds.referral(api.alias, accountId);
  const sleeping = (h: History) => historyIs.idle(h) && historyIs.sleeping(h);

  const plain = await createTenantApi(stack, 'lifecycles');
  await setProgram(plain, CREDIT);
  const inProgress = await referredFriend(recorder, plain);
  await recorder.save(id(plain, inProgress), 'in-progress');
  const converted = await referredFriend(recorder, plain);
  await paid(plain, converted);
  await recorder.save(id(plain, converted), 'converted');
  const ended = await referredFriend(recorder, plain);
  await paid(plain, ended);
  await cancelled(plain, ended);
  await recorder.save(id(plain, ended), 'ended', { until: historyIs.closed });

  // Holds and expiry, on one-second days: a timer that is running, one that fired before another started.
  const timers = await createTenantApi(stack, 'reward_timers');
  await setProgram(timers, `${CREDIT}, rewardHoldDays: 365`);
  const held = await referredFriend(recorder, timers);
  await paid(timers, held);
  await recorder.save(id(timers, held), 'reward-held', { until: sleeping });
  await setProgram(timers, 'rewardHoldDays: 0, creditExpiryDays: 365');
  const expiring = await referredFriend(recorder, timers);
  await paid(timers, expiring);
  await recorder.save(id(timers, expiring), 'credit-waiting-to-expire', { until: sleeping });
  await setProgram(timers, 'rewardHoldDays: 1, creditExpiryDays: 365');
  const released = await referredFriend(recorder, timers);
  await paid(timers, released);
  await recorder.save(id(timers, released), 'hold-released-credit-waiting-to-expire', {
    until: (h) => sleeping(h) && historyIs.count(h, (e) => e.timerFiredEventAttributes) === 1,
  });
  await setProgram(timers, 'rewardHoldDays: 0, creditExpiryDays: 1');
  const expired = await referredFriend(recorder, timers);
  await paid(timers, expired);
  await recorder.save(id(timers, expired), 'credit-expired', {
    until: (h) =>
      historyIs.idle(h) &&
      !historyIs.sleeping(h) &&
      historyIs.count(h, (e) => e.timerFiredEventAttributes) === 1,
  });

  // The fraud policy's REVIEW: rewards wait for an operator's decision, which arrives as an update.
  const review = await createTenantApi(stack, 'review');
  await setProgram(
    review,
    `${CREDIT}, referredDiscountPercent: 10, fraudPolicy: [{ signal: SAME_NAME, action: REVIEW }]`,
  );
  const sameName = () => ({ firstName: 'Sam', lastName: uid('Name').replace(/[^A-Za-z]/g, '') });
  const underReview = await referredFriend(recorder, review, sameName());
  await paid(review, underReview);
  await recorder.save(id(review, underReview), 'under-review');
  for (const decision of ['APPROVE', 'DENY'] as const) {
    const friend = await referredFriend(recorder, review, sameName());
    await paid(review, friend);
    const { account } = await review.gql(
      `query A($id: String!) { account(id: $id) { referredBy { id } } }`,
      { id: friend },
      z.object({ account: z.object({ referredBy: z.object({ id: z.string() }) }) }),
    );
    await review.gql(
      `mutation R($ids: [ID!]!, $d: ReviewDecision!) { reviewReferrals(ids: $ids, decision: $d, reason: "checked") { outcome } }`,
      { ids: [account.referredBy.id], d: decision },
      z.unknown(),
    );
    await recorder.save(id(review, friend), decision === 'APPROVE' ? 'review-approved' : 'review-denied');
  }

  await recordContinuedLifecycle(stack, recorder, plain);
}

/**
 * A lifecycle that lived long enough to continue as new: the reconciler's re-deliveries (each with an
 * event id of its own, as after every missed delivery) until the server suggests continue-as-new.
 */
async function recordContinuedLifecycle(stack: RecordingStack, recorder: Recorder, api: TenantApi) {
  const friend = await referredFriend(recorder, api);
  await paid(api, friend);
  const workflowId = workflowIds.referral(api.alias, friend);
  const referral = await stack
    .db('referrals')
    .where({ tenant_id: api.tenantId, referred_account_id: friend })
    .first();
  const deps = { temporal: stack.temporal, metrics: createMetrics({ collectDefaults: false }) };
  let n = 0;
  await waitUntil(
    `${workflowId} continued as new`,
    async () => {
      for (let i = 0; i < 10; i += 1, n += 1) {
        await messageLifecycle(
          deps,
          { id: api.tenantId, alias: api.alias },
          referral,
          { eventId: `reconcile:${referral.id}:${n}`, kind: 'reconcile' },
          { wait: false, timeoutMs: 10_000 },
        );
      }
      return continuedFrom(await recorder.fetchHistory(workflowId)) !== undefined;
    },
    90_000,
  );
  const current = await recorder.fetchHistory(workflowId);
  await recorder.save(workflowId, 'continued-as-new', { runId: continuedFrom(current) });
  await recorder.save(workflowId, 'after-continue-as-new');
}

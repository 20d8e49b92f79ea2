/**
 * The documented example payloads: one per catalogue type, each `data` with exactly the
 * field names of the presenter the event is written with (nested rewards included).
 */
import type { CreditChange } from '../../shared/domain/rewards/credit-actions';
import { presentNotification } from '../../shared/domain/processors/processor-notifications';
import { presentReferral } from '../../shared/domain/referrals/referral-view';
import { presentReward } from '../../shared/domain/rewards/rewards';
import { presentUser } from '../../shared/domain/accounts/user-view';
import { WEBHOOK_EVENT_EXAMPLES } from '../../shared/domain/webhooks/webhook-event-examples';
import {
  listWebhookEventTypes,
  type WebhookEventType,
} from '../../shared/domain/webhooks/webhook-event-types';
import { presentJob } from '../../shared/use-cases/import-jobs';
import { presentPayout } from '../../shared/domain/payouts/payout-views';

const now = new Date('2026-05-04T09:12:30.000Z');
const rewardRow = {
  id: 'w',
  referral_id: 'r',
  reward_source: 'REFERRED',
  type: 'PCT_DISCOUNT',
  discount_percent: 10,
  amount_cents: null,
  unit: null,
  redeemed_cents: '0',
  status: 'AVAILABLE',
  date_given: now,
  date_cancelled: null,
  date_redeemed: null,
} as never;
const reward = presentReward(rewardRow);
const referralRow = { id: 'r', status: 'IN_PROGRESS', date_started: now, date_paid: null, date_ended: null };
const referral = presentReferral(referralRow as never, [rewardRow]);
const user = presentUser({ created_at: now } as never, undefined, null, null);
const job = presentJob({ created_at: now, records_total: null } as never);
const notification = presentNotification({ received_at: now } as never);
const payout = presentPayout({
  amount_cents: '1',
  created_at: now,
  sent_at: null,
  settled_at: null,
} as never);

// Typed: a field the type gains or loses fails to compile here, so the example follows.
const creditChange: CreditChange = {
  accountId: 'a',
  unit: 'USD',
  amountCents: 1,
  kind: 'ADJUSTMENT',
  reason: 'r',
  reference: null,
  available: 1,
};

const shapes: Record<WebhookEventType, object> = {
  'user.created': user,
  'referral.started': referral,
  'referral.converted': referral,
  'referral.ended': referral,
  'reward.created': reward,
  'reward.cancelled': reward,
  'reward.redeemed': reward,
  'reward.available': reward,
  'reward.expired': reward,
  'referral.reviewed': referral,
  'referral.reattributed': referral,
  'credit.adjusted': creditChange,
  'import_job.completed': job,
  'import_job.failed': job,
  'processor_notification.failed': notification,
  'payout.sent': payout,
  'payout.paid': payout,
  'payout.failed': payout,
  'payout.returned': payout,
};

const keys = (o: object) => Object.keys(o).sort();

test.each(listWebhookEventTypes().map((t) => t.name))(
  '%s has an example shaped like its presenter',
  (type) => {
    const example = WEBHOOK_EVENT_EXAMPLES[type];
    expect(example).toMatchObject({ type, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(new Date(example.timestamp).toISOString()).toBe(example.timestamp);
    expect(keys(example.data)).toEqual(keys(shapes[type]));
    if (type.startsWith('referral.')) {
      for (const side of ['referredReward', 'referrerReward']) {
        const value = example.data[side];
        if (value !== null) expect(keys(value as object)).toEqual(keys(reward));
      }
    }
    if (type === 'user.created') {
      expect(keys(example.data.referredBy as object)).toEqual(['code', 'status']);
    }
  },
);

test('every example is of a catalogue type, none missing', () => {
  expect(Object.keys(WEBHOOK_EVENT_EXAMPLES).sort()).toEqual(
    listWebhookEventTypes()
      .map((t) => t.name)
      .sort(),
  );
});

import type { CreditChange } from '../rewards/credit-actions';
import type { ReferralView } from '../referrals/referral-view';
import type { NotificationView } from '../processors/processor-notifications';
import type { Reward } from '../rewards/rewards';
import type { UserView } from '../accounts/user-view';
import type { WebhookEventType } from './webhook-event-types';
import type { PayoutView } from '../payouts/payout-views';

/**
 * One documented example payload per event type of the catalogue, as a receiver gets it:
 * `data` is the API's own answer for the object (GET user, the GraphQL/REST referral, the rewards
 * answer, GraphQL `job`, GraphQL `processorNotifications`). test/unit/webhook-event-examples.test.ts
 * checks each example's fields against its presenter's.
 */
export interface WebhookEventExample {
  id: string;
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

const at = (iso: string) => Date.parse(iso);

const referredReward: Reward = {
  id: '0196f3a2-8c1e-7d10-9a51-0c2b7f4e9a11',
  type: 'PCT_DISCOUNT',
  discountPercent: 10,
  amountCents: null,
  redeemedCents: 0,
  unit: null,
  rewardSource: 'REFERRED',
  referralId: '0196f3a2-8c1d-7a44-b1a0-5e2f9c3d7b20',
  status: 'AVAILABLE',
  dateGiven: at('2026-05-04T09:12:30.120Z'),
  dateCancelled: null,
  dateRedeemed: null,
  holdUntil: null,
  expiresAt: null,
  dateExpired: null,
};

const referrerReward: Reward = {
  ...referredReward,
  id: '0196f5b0-2a7c-7e31-8d02-4b6a1c9e0f33',
  type: 'CREDIT',
  discountPercent: null,
  amountCents: 500,
  unit: 'USD',
  rewardSource: 'FRIEND_SIGNUP',
  dateGiven: at('2026-05-06T14:02:11.480Z'),
};

const referral: ReferralView = {
  id: '0196f3a2-8c1d-7a44-b1a0-5e2f9c3d7b20',
  status: 'IN_PROGRESS',
  referralCodeUsed: 'RITAREFERRER',
  attributionSource: 'CODE',
  referrerAccountId: 'acct-rita',
  referrerUserId: 'user-rita',
  referredAccountId: 'acct-ann',
  referrerReward: null,
  referredReward,
  dateReferralStarted: at('2026-05-04T09:12:30.118Z'),
  dateReferralPaid: null,
  dateReferralEnded: null,
  fraudSignals: [],
  review: null,
};

const converted: ReferralView = {
  ...referral,
  status: 'CONVERTED',
  referrerReward,
  dateReferralPaid: at('2026-05-06T14:02:11.000Z'),
};

const user: UserView = {
  id: 'user-ann',
  accountId: 'acct-ann',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  locale: 'en_US',
  paymentProviderId: null,
  shareCode: 'ANNLEE',
  shareLink: 'https://referrals.example.com/r/acme/ANNLEE',
  referredBy: { code: 'RITAREFERRER', status: 'IN_PROGRESS' },
  dateCreated: at('2026-05-04T09:12:30.101Z'),
};

const job = {
  id: '0196f7c4-1b2d-7f00-a3c4-9d8e7f6a5b4c',
  type: 'MUTATION/USER',
  requester: 'API',
  name: 'May sign-ups',
  status: 'COMPLETED',
  fileRef: 'acme/uploads/2026-05-07/0196f7c3-ffee-7d11-8c22-1a2b3c4d5e6f-users.csv',
  resultFileRef: 'acme/results/2026-05-07/0196f7c4-1b2d-7f00-a3c4-9d8e7f6a5b4c.csv',
  filters: null,
  outputFormat: 'CSV',
  dateCreated: at('2026-05-07T08:00:00.000Z'),
  dateStarted: at('2026-05-07T08:00:00.350Z'),
  dateCompleted: at('2026-05-07T08:00:04.912Z'),
  error: null,
  stats: { recordsProcessed: 1200, recordsFailed: 3, recordsTotal: 1200 },
};

const notification: NotificationView = {
  id: '0196f8d1-5e6f-7a80-b9c0-d1e2f3a4b5c6',
  processor: 'BRAINTREE',
  kind: 'subscription_went_active',
  subjectId: 'sub_8kq2m',
  customerId: null,
  status: 'FAILED',
  receivedAt: at('2026-05-08T10:30:00.000Z'),
  processedAt: at('2026-05-08T10:30:00.420Z'),
  outcome: {
    status: 'FAILED',
    result: 'DISCONNECTED',
    accountId: null,
    customerId: null,
    accountStatus: null,
    attributedBy: null,
    syncDiscount: false,
  },
};

const payout: PayoutView = {
  id: '0197b2c0-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  runId: '0197b2c0-0000-4a00-8b00-111122223333',
  accountId: 'acct-priya',
  programId: 'default',
  method: 'PAYPAL',
  amountCents: 4200,
  currency: 'USD',
  status: 'SENT',
  providerRef: '5NDBNKFJ6HSWW',
  providerMessage: null,
  createdAt: '2026-06-01T06:00:00.500Z',
  sentAt: '2026-06-01T06:00:03.090Z',
  settledAt: null,
};

function example(
  type: WebhookEventType,
  id: string,
  timestamp: string,
  data: object,
): [WebhookEventType, WebhookEventExample] {
  return [type, { id, type, timestamp, data: data as Record<string, unknown> }];
}

export const WEBHOOK_EVENT_EXAMPLES = Object.fromEntries([
  example('user.created', '0196f3a2-8c15-7000-8000-000000000001', '2026-05-04T09:12:30.101Z', user),
  example('referral.started', '0196f3a2-8c1e-7000-8000-000000000002', '2026-05-04T09:12:30.118Z', referral),
  example(
    'referral.converted',
    '0196f5b0-2a7c-7000-8000-000000000003',
    '2026-05-06T14:02:11.480Z',
    converted,
  ),
  example('referral.ended', '0196f9e0-0d1c-7000-8000-000000000004', '2026-05-09T17:45:02.020Z', {
    ...converted,
    status: 'ENDED',
    referrerReward: { ...referrerReward, status: 'CANCELLED', dateCancelled: at('2026-05-09T17:45:02.010Z') },
    referredReward: { ...referredReward, status: 'CANCELLED', dateCancelled: at('2026-05-09T17:45:02.010Z') },
    dateReferralEnded: at('2026-05-09T17:45:01.000Z'),
  }),
  example(
    'reward.created',
    '0196f5b0-2a7d-7000-8000-000000000005',
    '2026-05-06T14:02:11.480Z',
    referrerReward,
  ),
  example('reward.cancelled', '0196f9e0-0d1d-7000-8000-000000000006', '2026-05-09T17:45:02.020Z', {
    ...referredReward,
    status: 'CANCELLED',
    dateCancelled: at('2026-05-09T17:45:02.010Z'),
  }),
  example('reward.redeemed', '0196fa10-4c3b-7000-8000-000000000007', '2026-05-10T08:15:40.300Z', {
    ...referrerReward,
    redeemedCents: 500,
    status: 'REDEEMED',
    dateRedeemed: at('2026-05-10T08:15:40.290Z'),
  }),
  example('reward.available', '0196fb20-1d2e-7000-8000-00000000000b', '2026-05-20T14:02:11.500Z', {
    ...referrerReward,
    dateGiven: at('2026-05-06T14:02:11.480Z'),
    expiresAt: at('2026-08-18T14:02:11.490Z'),
  }),
  example('reward.expired', '0197a1c0-3b4d-7000-8000-00000000000c', '2026-08-18T14:02:12.010Z', {
    ...referrerReward,
    redeemedCents: 200,
    status: 'EXPIRED',
    expiresAt: at('2026-08-18T14:02:11.490Z'),
    dateExpired: at('2026-08-18T14:02:12.000Z'),
  }),
  example('referral.reviewed', '0196f4c1-7e2a-7000-8000-00000000000d', '2026-05-05T10:20:00.300Z', {
    ...referral,
    fraudSignals: [
      { signal: 'SAME_CLIENT', evidence: 'device 3f9c… was used by the referrer 2 minutes earlier' },
    ],
    referredReward: { ...referredReward, status: 'AVAILABLE' },
    review: {
      status: 'APPROVED',
      reason: 'Flatmates on one laptop; both accounts paid separately',
      reviewedBy: 'ops@example.com',
      dateReviewed: at('2026-05-05T10:20:00.280Z'),
    },
  }),
  example('referral.reattributed', '0196f4c1-7e2a-7000-8000-00000000000e', '2026-05-05T11:00:00.120Z', {
    ...referral,
    referrerAccountId: 'acct-omar',
    referrerUserId: 'omar',
    referralCodeUsed: 'OMAR-7K2',
  }),
  example('credit.adjusted', '0196fa20-6a7b-7000-8000-00000000000f', '2026-05-11T09:30:00.150Z', {
    accountId: 'acct-priya',
    unit: 'USD',
    amountCents: 1500,
    kind: 'ADJUSTMENT',
    reason: 'Goodwill credit for the outage on 10 May',
    reference: null,
    available: 2000,
  } satisfies CreditChange),
  example('payout.sent', '0197b2d0-1a2b-7000-8000-000000000010', '2026-06-01T06:00:03.100Z', payout),
  example('payout.paid', '0197b2d0-1a2b-7000-8000-000000000011', '2026-06-01T06:00:03.200Z', {
    ...payout,
    status: 'PAID',
    settledAt: '2026-06-01T06:00:03.190Z',
  }),
  example('payout.failed', '0197b2d0-1a2b-7000-8000-000000000012', '2026-06-01T06:00:03.300Z', {
    ...payout,
    status: 'FAILED',
    providerRef: null,
    providerMessage: 'Receiver account is restricted',
    sentAt: null,
    settledAt: '2026-06-01T06:00:03.290Z',
  }),
  example('payout.returned', '0197b2d0-1a2b-7000-8000-000000000013', '2026-06-03T10:20:00.000Z', {
    ...payout,
    status: 'RETURNED',
    providerMessage: 'Receiver refused the payment',
    settledAt: '2026-06-03T10:19:59.990Z',
  }),
  example('import_job.completed', '0196f7c4-2f4a-7000-8000-000000000008', '2026-05-07T08:00:04.912Z', job),
  example('import_job.failed', '0196f7d0-0a1b-7000-8000-000000000009', '2026-05-07T08:13:09.500Z', {
    ...job,
    id: '0196f7d0-0000-7c00-9000-0a0b0c0d0e0f',
    status: 'FAILED',
    resultFileRef: 'acme/results/2026-05-07/0196f7d0-0000-7c00-9000-0a0b0c0d0e0f.csv',
    error: 'lines 201 to 300: unterminated quoted field; the rows before line 201 are applied',
    stats: { recordsProcessed: 199, recordsFailed: 0, recordsTotal: 1200 },
  }),
  example(
    'processor_notification.failed',
    '0196f8d1-5e70-7000-8000-00000000000a',
    '2026-05-08T10:30:00.420Z',
    notification,
  ),
]) as Record<WebhookEventType, WebhookEventExample>;

import type { WebhookEventType } from './webhook-event-types';

/**
 * For each event type of the catalogue: what sends it and what its `data` is. The reference page
 * docs/webhook-events.md and the OpenAPI document's `webhooks` section are generated from this, the
 * catalogue's descriptions and WEBHOOK_EVENT_EXAMPLES (`npm run docs:api`); a new event type does not
 * compile until it has its entry here.
 */
export const WEBHOOK_EVENT_DOCS: Record<WebhookEventType, { sentOn: string; data: string }> = {
  'user.created': {
    sentOn:
      'the first identification of a user (PUT user, Segment identify, a MUTATION/USER import row, bulk or not)',
    data: 'the user as `GET /open/account/{accountId}/user/{userId}` answers it',
  },
  'referral.started': {
    sentOn: 'an attribution (typed code, cookie, share link, account sync, import row, processor coupon)',
    data: 'the referral as GraphQL `account(id) { referredBy referrals }` answers it',
  },
  'referral.converted': {
    sentOn: "the referral's lifecycle workflow converting it (account PAID or conversion event)",
    data: 'the referral (as above)',
  },
  'referral.ended': {
    sentOn:
      'the lifecycle workflow ending a converted referral (account CANCELLED), or an operator cancelling a referral (`cancelReferral`)',
    data: 'the referral (as above)',
  },
  'reward.created': {
    sentOn:
      "the referred side's discount at attribution; the referrer's reward at conversion; a reward an operator grants (`grantReward`)",
    data: 'the reward as the rewards answer has it',
  },
  'reward.cancelled': {
    sentOn:
      'each reward still AVAILABLE, PENDING (held) or PENDING_REVIEW when its referral ends; each reward of a referral an operator denies; a reward an operator voids (`voidReward`)',
    data: 'the reward',
  },
  'reward.redeemed': {
    sentOn:
      'each credit reward a redemption draws on (`redeemRewardBalance`, REDEEMABLE_REWARD_BALANCE import), partly (status stays AVAILABLE) or fully (REDEEMED); a reward an operator marks fulfilled (`markRewardFulfilled`)',
    data: 'the reward after the redemption',
  },
  'reward.available': {
    sentOn:
      "a held reward whose hold ended, a reward whose referral's review was approved (a reward approved inside its hold sends it when the hold ends)",
    data: 'the reward, AVAILABLE, with `expiresAt` for expiring credit',
  },
  'reward.expired': {
    sentOn: 'credit whose `expiresAt` came with part of it unredeemed',
    data: 'the reward, EXPIRED (`redeemedCents` stays as redeemed)',
  },
  'referral.reviewed': {
    sentOn: "an operator's decision (`reviewReferrals`), once per referral",
    data: 'the referral with its `review`',
  },
  'referral.reattributed': {
    sentOn: 'an operator moving a referral to another referrer (`reattributeReferral`), once per action',
    data: 'the referral with its new referrer',
  },
  'credit.adjusted': {
    sentOn:
      "an operator adding or removing an account's credit (`adjustCredit`) or redeeming it by hand (`redeemCredit`), once per action",
    data: '`{ accountId, unit, amountCents, kind: ADJUSTMENT or REDEMPTION, reason, reference, available }`; `amountCents` is negative when credit was removed or redeemed',
  },
  'import_job.completed': {
    sentOn: 'an import job finishing COMPLETED (an ABORTED job sends nothing)',
    data: 'the job as GraphQL `job(id)` answers it',
  },
  'import_job.failed': {
    sentOn: 'an import job ending FAILED',
    data: 'the job',
  },
  'processor_notification.failed': {
    sentOn: 'a processor notification whose application FAILED (the connection was gone)',
    data: 'the notification as GraphQL `processorNotifications` answers it',
  },
  'payout.sent': {
    sentOn: 'a payout run sending a payout the provider accepted without settling it yet (once per payout)',
    data: 'the payout as GraphQL `payoutRun { payouts }` answers it',
  },
  'payout.paid': {
    sentOn: "the provider's answer, poll or webhook saying the payout arrived (once per payout)",
    data: 'the payout, PAID',
  },
  'payout.failed': {
    sentOn: 'the provider refusing or failing a payout before it paid (once per payout)',
    data: "the payout, FAILED, with the provider's words in `providerMessage`",
  },
  'payout.returned': {
    sentOn:
      'a payout returned after it was sent or paid, or an unclaimed PayPal item cancelled (once per payout)',
    data: 'the payout, RETURNED or UNCLAIMED, with `providerMessage`',
  },
};

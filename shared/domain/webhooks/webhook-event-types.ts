import { z } from 'zod';

/**
 * The catalogue of outbound webhook event types. An endpoint subscribes to some of them, or
 * to all with an empty list. Payloads are `{ id, type, timestamp, data }`, `data` shaped like the API's
 * own answer for the object.
 */
export const WEBHOOK_EVENT_TYPES = {
  'user.created': 'A user was identified for the first time.',
  'referral.started': 'A referred user was attributed to a referrer.',
  'referral.converted': 'A referral converted (the referred account paid).',
  'referral.ended': 'A referral ended without converting (cancelled or expired).',
  'reward.created': 'A reward was granted to a referrer or referred user.',
  'reward.cancelled': 'A reward was cancelled.',
  'reward.redeemed': 'A reward was redeemed (credit used or discount applied).',
  'reward.available': "A held reward's hold ended, or its referral's review was approved: it is usable now.",
  'reward.expired': "A credit reward's unredeemed part expired.",
  'referral.reviewed': 'An operator approved or denied a referral held for review.',
  'referral.reattributed':
    'An operator re-attributed a referral to another referrer (its referrer reward moves with it).',
  'credit.adjusted':
    "An operator added, removed or redeemed an account's credit by hand (adjustCredit, redeemCredit).",
  'import_job.completed': 'An import job finished (its result file is ready).',
  'import_job.failed': 'An import job failed as a whole.',
  'processor_notification.failed': "A payment processor's notification could not be applied.",
  'payout.sent': 'A payout provider accepted a payout; it is on its way.',
  'payout.paid': 'A payout reached the referrer.',
  'payout.failed': "A payout failed before paying anything; its money is back in the referrer's balance.",
  'payout.returned':
    "A payout came back (returned, or PayPal's unclaimed item cancelled); its money is back in the referrer's balance.",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_TYPES;

const names = Object.keys(WEBHOOK_EVENT_TYPES) as [WebhookEventType, ...WebhookEventType[]];

export const webhookEventTypeSchema = z.enum(names);

/** The catalogue as the API lists it, in catalogue order. */
export function listWebhookEventTypes(): { name: WebhookEventType; description: string }[] {
  return names.map((name) => ({ name, description: WEBHOOK_EVENT_TYPES[name] }));
}

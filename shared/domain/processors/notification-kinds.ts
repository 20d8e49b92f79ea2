/** Braintree's notification kinds and what each does here. */

/**
 * What a notification kind does to the account whose customer it concerns. CHARGEBACK: a charge of the
 * customer was disputed (the dispute kinds' subject is the disputed transaction); the account records it
 * once and its referral's rewards still held are cancelled (settleRewards).
 */
export type NotificationEffect = 'PAID' | 'CANCELLED' | 'CHARGEBACK' | 'RECORD' | 'IGNORE';

const EFFECTS: Record<string, NotificationEffect> = {
  subscription_charged_successfully: 'PAID',
  subscription_went_active: 'PAID',
  subscription_canceled: 'CANCELLED',
  subscription_expired: 'CANCELLED',
  subscription_charged_unsuccessfully: 'RECORD',
  subscription_went_past_due: 'RECORD',
  subscription_trial_ended: 'RECORD',
  dispute_opened: 'CHARGEBACK',
  dispute_lost: 'CHARGEBACK',
};

/** The Braintree kinds to register the webhook for: those with an effect or recorded. */
export const BRAINTREE_WEBHOOK_KINDS = Object.keys(EFFECTS);

export function notificationEffect(kind: string): NotificationEffect {
  return EFFECTS[kind] ?? 'IGNORE';
}

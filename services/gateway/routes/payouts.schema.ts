import { z } from 'zod';
import { payoutMethodInputSchema } from '../../../shared/domain/payouts/payout-methods';
import { userPathSchema } from './users.schema';

/** /open/account/{accountId}/user/{userId}/payouts and /payout-method. */
export const payoutsPathSchema = userPathSchema;

/** PUT …/payout-method: a PayPal e-mail, a gift card by e-mail, or Stripe Connect (answers a link). */
export const payoutMethodBodySchema = payoutMethodInputSchema;

/** The providers that call /payouts/{provider}/webhook. */
export const payoutWebhookPathSchema = z.object({
  provider: z.enum(['paypal', 'gift-cards']),
});

/** A provider webhook's body limit: PayPal's and Tremendous' events are a few kilobytes. */
export const PAYOUT_WEBHOOK_BODY_LIMIT = 64 * 1024;

/** /payouts/onboarding/{step}: where Stripe sends the referrer back (done) or for a new link (refresh). */
export const onboardingPathSchema = z.object({ step: z.enum(['done', 'refresh']) });

import { z } from 'zod';
import { idSchema, textSchema } from '../../../shared/validation';

/** Braintree payloads are a few KB of base64 XML; anything near this is not one. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** POST /processor/braintree/webhook (form): both fields are required, but their absence is a 401. */
export const deliverySchema = z.object({
  bt_signature: idSchema(8192).optional(),
  bt_payload: textSchema(WEBHOOK_BODY_LIMIT, { min: 1 }).optional(),
});

/** GET /processor/braintree/webhook?bt_challenge= (the processor checking the URL). */
export const challengeSchema = z.object({ bt_challenge: idSchema(64) });

/** A Stripe event is JSON of a few KB (an invoice with many lines stays well under this). */
export const BILLING_WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * A coupon-billing processor's signature header (Stripe's `Stripe-Signature`, `t=…,v1=…[,v0=…]`: a
 * timestamp and a few 64-hex signatures, several while a secret is rolled). Absent or malformed, it is
 * the same 400 as a wrong one.
 */
export const signatureHeaderSchema = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[\x21-\x7e]+$/);

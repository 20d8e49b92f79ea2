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

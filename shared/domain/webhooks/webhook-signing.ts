import crypto from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret is `whsec_` + the base64 of
 * random bytes; a delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`,
 * `v1,<base64 HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with the secret's bytes>`, one
 * space-separated entry per valid secret (during a rotation, the new and the previous one), so the
 * specification's own libraries verify our deliveries unchanged.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key bytes of a `whsec_…` secret; throws on anything else (a bug, never user input). */
export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('not a whsec_ secret');
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  if (key.length < 24 || key.length > 64) throw new Error('a whsec_ secret holds 24 to 64 bytes');
  return key;
}

export interface WebhookSignatureInput {
  /** The event id: the same for every attempt of the event. */
  id: string;
  /** Seconds since the epoch, of this attempt. */
  timestamp: number;
  /** The exact body sent. */
  body: string;
  /** The current secret first, then the previous one while a rotation overlaps. */
  secrets: readonly string[];
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(input: WebhookSignatureInput): WebhookHeaders {
  if (input.secrets.length === 0) throw new Error('signWebhook needs at least one secret');
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp < 0) {
    throw new Error('webhook timestamp must be whole seconds');
  }
  const signed = `${input.id}.${input.timestamp}.${input.body}`;
  const signatures = input.secrets.map(
    (secret) =>
      `v1,${crypto.createHmac('sha256', webhookSecretKey(secret)).update(signed, 'utf8').digest('base64')}`,
  );
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signatures.join(' '),
  };
}

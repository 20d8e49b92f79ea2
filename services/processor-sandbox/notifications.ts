import crypto from 'node:crypto';
import braintree from 'braintree';

export interface SigningKeys {
  publicKey: string;
  privateKey: string;
}

/** Braintree's webhook signature: `{public key}|{hex HMAC-SHA1 of the payload keyed by SHA-1(private key)}`. */
export function signPayload(payload: string, keys: SigningKeys): string {
  const key = crypto.createHash('sha1').update(keys.privateKey).digest();
  return `${keys.publicKey}|${crypto.createHmac('sha1', key).update(payload, 'binary').digest('hex')}`;
}

/**
 * A signed notification as the processor posts it (`bt_signature`, `bt_payload`): the official SDK's
 * webhookTesting sample, re-stamped with `at` when given (the SDK always stamps "now", to the second).
 */
export function signedNotification(
  keys: SigningKeys & { merchantId: string },
  kind: string,
  subjectId: string,
  at?: Date,
): { bt_signature: string; bt_payload: string } {
  const sdk = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys });
  const sample = sdk.webhookTesting.sampleNotification(kind, subjectId);
  if (!at) return sample;
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const xml = Buffer.from(sample.bt_payload, 'base64')
    .toString('utf8')
    .replace(
      /<timestamp type="datetime">[^<]*<\/timestamp>/,
      `<timestamp type="datetime">${stamp}</timestamp>`,
    );
  const payload = `${Buffer.from(xml).toString('base64')}\n`;
  return { bt_signature: signPayload(payload, keys), bt_payload: payload };
}

import crypto from 'node:crypto';

/** Stripe's webhook signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed by the secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Whether a header signs the payload with the secret (any v1 matches; the timestamp is not judged here). */
export function verifySignature(payload: string, header: string, secret: string): boolean {
  const parts = header.split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t) return false;
  const expected = signatureHeader(payload, secret, Number(t)).split('v1=')[1]!;
  return parts.some(
    ([k, v]) =>
      k === 'v1' &&
      v?.length === expected.length &&
      crypto.timingSafeEqual(Buffer.from(v), Buffer.from(expected)),
  );
}

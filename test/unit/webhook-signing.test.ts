/**
 * Our Standard Webhooks signatures (shared/domain/webhooks/webhook-signing.ts), checked by the specification
 * authors' own library (`standardwebhooks`), not by our code: it accepts what we sign with each secret
 * during a rotation, and refuses a changed body, another secret, a changed id and an old timestamp.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import {
  generateWebhookSecret,
  signWebhook,
  webhookSecretKey,
  WEBHOOK_SECRET_PREFIX,
} from '../../shared/domain/webhooks/webhook-signing';

const body = JSON.stringify({
  id: '0192f0c4-7a8e-7cc1-9d51-3f1b2c4d5e6f',
  type: 'referral.converted',
  timestamp: '2026-11-24T05:00:00.000Z',
  data: { referralId: 'r1', amount: 'é€😀' },
});
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('webhook secrets', () => {
  test('are whsec_ and the base64 of 32 random bytes, all different', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
      expect(secret.slice(WEBHOOK_SECRET_PREFIX.length)).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(webhookSecretKey(secret)).toHaveLength(32);
    }
  });

  test('a secret without the prefix or of too few bytes is refused', () => {
    expect(() => webhookSecretKey('c2VjcmV0')).toThrow('whsec_');
    expect(() => webhookSecretKey(`whsec_${Buffer.alloc(8).toString('base64')}`)).toThrow('24 to 64');
  });
});

describe('signWebhook verified by the standardwebhooks library', () => {
  test('one secret: the headers verify and the body parses back', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({ id: 'msg_1', timestamp: nowSeconds(), body, secrets: [secret] });
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    // A Buffer body, as a receiver's raw-body middleware gives it, verifies the same.
    expect(new Webhook(secret).verify(Buffer.from(body), { ...headers })).toEqual(JSON.parse(body));
  });

  test('during a rotation both secrets verify, a third does not', () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const headers = signWebhook({ id: 'msg_2', timestamp: nowSeconds(), body, secrets: [current, previous] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow(
      WebhookVerificationError,
    );
  });

  test('a tampered body, another id or another timestamp is refused', () => {
    const secret = generateWebhookSecret();
    const ts = nowSeconds();
    const headers = signWebhook({ id: 'msg_3', timestamp: ts, body, secrets: [secret] });
    const hook = new Webhook(secret);
    expect(() => hook.verify(body.replace('r1', 'r2'), { ...headers })).toThrow('No matching signature');
    expect(() => hook.verify(`${body} `, { ...headers })).toThrow('No matching signature');
    expect(() => hook.verify(body, { ...headers, 'webhook-id': 'msg_4' })).toThrow('No matching signature');
    expect(() => hook.verify(body, { ...headers, 'webhook-timestamp': String(ts - 1) })).toThrow(
      'No matching signature',
    );
  });

  test('an old (or future) timestamp is refused even when correctly signed', () => {
    const secret = generateWebhookSecret();
    const old = signWebhook({ id: 'msg_5', timestamp: nowSeconds() - 3600, body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow('timestamp too old');
    const future = signWebhook({ id: 'msg_6', timestamp: nowSeconds() + 3600, body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, { ...future })).toThrow('timestamp too new');
  });

  test('the signature is the HMAC of "{id}.{timestamp}.{body}" (a fixed vector)', () => {
    // The example of the Standard Webhooks specification's reference libraries.
    const headers = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    });
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  test('needs a secret and whole seconds', () => {
    expect(() => signWebhook({ id: 'm', timestamp: 1, body, secrets: [] })).toThrow('at least one secret');
    expect(() => signWebhook({ id: 'm', timestamp: 1.5, body, secrets: [generateWebhookSecret()] })).toThrow(
      'whole seconds',
    );
  });
});

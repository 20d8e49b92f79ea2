/**
 * The Stripe adapter's parts that need no server: the SDK's configuration (API version, retries,
 * timeout, a stand-in's host) and parseEvent on deliveries signed by the SDK's own test helper.
 */
import Stripe from 'stripe';
import type { CouponBillingCredentials } from '../../shared/processors/coupon-billing';
import { InvalidSignatureError, ProcessorRejectedError } from '../../shared/processors/payment-processor';
import { stripeConfig, stripeHost } from '../../shared/processors/stripe-client';
import {
  createStripeProcessor,
  STRIPE_API_VERSION,
  STRIPE_WEBHOOK_EVENTS,
} from '../../shared/processors/stripe.processor';

describe('the SDK configuration', () => {
  test('pinned to 2024-09-30.acacia, no retries of its own, our timeout, Stripe’s host', () => {
    expect(STRIPE_API_VERSION).toBe('2024-09-30.acacia');
    const config = stripeConfig({ timeoutMs: 2_500 });
    expect(config).toEqual({
      apiVersion: '2024-09-30.acacia',
      maxNetworkRetries: 0,
      timeout: 2_500,
      telemetry: false,
    });
  });

  test.each([
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['http://localhost:8420/', { host: 'localhost', port: 8420, protocol: 'http' }],
    ['https://stripe.test', { host: 'stripe.test', port: 443, protocol: 'https' }],
    ['http://[::1]:8080', { host: '::1', port: 8080, protocol: 'http' }],
  ])('a stand-in at %s', (baseUrl, expected) => {
    expect(stripeHost(baseUrl)).toEqual(expected);
    expect(stripeConfig({ baseUrl, timeoutMs: 1_000 })).toMatchObject(expected);
  });

  test.each(['http://127.0.0.1:12111/v1', 'http://127.0.0.1:12111/?x=1', 'ftp://127.0.0.1', 'not a url'])(
    '%s is refused',
    (baseUrl) => {
      expect(() => stripeHost(baseUrl)).toThrow();
    },
  );

  test('the processor answers its model and the events it registers', () => {
    const processor = createStripeProcessor(credentials(null), { timeoutMs: 1_000 });
    expect(processor.model).toBe('COUPONS');
    expect(processor.webhookEvents).toBe(STRIPE_WEBHOOK_EVENTS);
    expect(processor.webhookEvents).toHaveLength(9);
  });
});

const SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';

function credentials(webhookSecret: string | null): CouponBillingCredentials {
  return { environment: 'SANDBOX', secretKey: 'sk_test_unit', webhookSecret };
}

const payload = JSON.stringify({
  id: 'evt_1NG8Du2eZvKYlo2CUI79vXWy',
  object: 'event',
  api_version: STRIPE_API_VERSION,
  created: 1686089970,
  data: { object: { id: 'ch_3MtHbFLkdIwHu7ix0Pj5vkcy', object: 'charge', customer: 'cus_NffrFeUfNV2Hib' } },
  livemode: false,
  type: 'charge.refunded',
});

const sign = (body: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
  });

describe('parseEvent', () => {
  const processor = createStripeProcessor(credentials(SECRET), {
    timeoutMs: 1_000,
    signatureToleranceSeconds: 300,
  });

  test('a good signature: the event mapped', () => {
    expect(processor.parseEvent(sign(payload), payload)).toEqual({
      id: 'evt_1NG8Du2eZvKYlo2CUI79vXWy',
      type: 'charge.refunded',
      effect: 'REFUND',
      createdAt: new Date(1686089970 * 1000),
      objectId: 'ch_3MtHbFLkdIwHu7ix0Pj5vkcy',
      customerId: 'cus_NffrFeUfNV2Hib',
      livemode: false,
    });
  });

  test('a tampered body', () => {
    const header = sign(payload);
    const tampered = payload.replace('charge.refunded', 'invoice.paid');
    expect(() => processor.parseEvent(header, tampered)).toThrow(InvalidSignatureError);
  });

  test('an old timestamp, beyond the tolerance', () => {
    const header = sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => processor.parseEvent(header, payload)).toThrow(InvalidSignatureError);
  });

  test('a timestamp within a wider tolerance passes', () => {
    const lenient = createStripeProcessor(credentials(SECRET), {
      timeoutMs: 1_000,
      signatureToleranceSeconds: 3_600,
    });
    const header = sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 1_800 });
    expect(lenient.parseEvent(header, payload).id).toBe('evt_1NG8Du2eZvKYlo2CUI79vXWy');
    expect(() => processor.parseEvent(header, payload)).toThrow(InvalidSignatureError);
  });

  test('signed with another secret (another tenant’s endpoint)', () => {
    const header = sign(payload, { secret: 'whsec_other_tenant' });
    expect(() => processor.parseEvent(header, payload)).toThrow(InvalidSignatureError);
  });

  test.each(['', 'garbage', 't=1686089970', 'v1=abc'])('a malformed header %j', (header) => {
    expect(() => processor.parseEvent(header, payload)).toThrow(InvalidSignatureError);
  });

  test('no signing secret known yet: nothing verifies', () => {
    const unsigned = createStripeProcessor(credentials(null), { timeoutMs: 1_000 });
    expect(() => unsigned.parseEvent(sign(payload), payload)).toThrow(InvalidSignatureError);
  });

  test('an authentic payload that is not a Stripe event', () => {
    const body = JSON.stringify({ hello: 'world' });
    const error = (() => {
      try {
        processor.parseEvent(sign(body), body);
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ProcessorRejectedError);
    expect(error).not.toBeInstanceOf(InvalidSignatureError);
    expect((error as Error).message).toMatch(/not an event/);
  });

  test('an authentic payload that is not JSON', () => {
    expect(() => processor.parseEvent(sign('not json'), 'not json')).toThrow(ProcessorRejectedError);
  });

  test('the secret never reaches an error message', () => {
    try {
      processor.parseEvent(sign(payload, { secret: 'whsec_other' }), payload);
      throw new Error('expected a rejection');
    } catch (err) {
      expect((err as Error).message).not.toContain(SECRET);
    }
  });
});

/**
 * The Stripe SDK's errors, built as the SDK builds them from an answer (its error classes and the raw
 * error body with the HTTP status), translated into the service's processor errors.
 */
import Stripe from 'stripe';
import {
  InvalidSignatureError,
  ProcessorCredentialsRefusedError,
  ProcessorRejectedError,
  ProcessorUnavailableError,
} from '../../shared/processors/payment-processor';
import {
  callStripe,
  classifySignatureError,
  classifyStripeError,
  findStripe,
  isAlreadyExists,
  isNotFound,
  isPermissionDenied,
  redact,
} from '../../shared/processors/stripe-errors';

const KEY = 'sk_test_51Hx0Yz2eZvKYlo2C0123456789abcdef';
const { errors } = Stripe;

type Raw = Stripe.StripeRawError;
const raw = (statusCode: number | undefined, type: Raw['type'], extra: Partial<Raw> = {}): Raw => ({
  statusCode,
  type,
  message: `HTTP ${statusCode}`,
  ...extra,
});

describe('classifyStripeError', () => {
  test.each([
    [
      '401 authentication',
      new errors.StripeAuthenticationError(raw(401, 'authentication_error')),
      ProcessorCredentialsRefusedError,
    ],
    [
      '403 permission',
      new errors.StripePermissionError(raw(403, 'invalid_request_error')),
      ProcessorRejectedError,
    ],
    [
      '400 invalid request',
      new errors.StripeInvalidRequestError(raw(400, 'invalid_request_error')),
      ProcessorRejectedError,
    ],
    [
      '404 missing',
      new errors.StripeInvalidRequestError(raw(404, 'invalid_request_error', { code: 'resource_missing' })),
      ProcessorRejectedError,
    ],
    [
      '400 idempotency key reused',
      new errors.StripeIdempotencyError(raw(400, 'idempotency_error')),
      ProcessorRejectedError,
    ],
    ['402 card declined', new errors.StripeCardError(raw(402, 'card_error')), ProcessorRejectedError],
    [
      '408 timeout',
      new errors.StripeInvalidRequestError(raw(408, 'invalid_request_error')),
      ProcessorUnavailableError,
    ],
    [
      '409 key in flight',
      new errors.StripeIdempotencyError(raw(409, 'idempotency_error')),
      ProcessorUnavailableError,
    ],
    [
      '429 rate limited',
      new errors.StripeRateLimitError(raw(429, 'rate_limit_error')),
      ProcessorUnavailableError,
    ],
    ['500 api error', new errors.StripeAPIError(raw(500, 'api_error')), ProcessorUnavailableError],
    ['503 unavailable', new errors.StripeAPIError(raw(503, 'api_error')), ProcessorUnavailableError],
    [
      'a garbled body (no status)',
      new errors.StripeAPIError({ message: 'Invalid JSON received from the Stripe API' } as Raw),
      ProcessorUnavailableError,
    ],
    [
      'a connection error',
      new errors.StripeConnectionError({
        message: 'An error occurred with our connection to Stripe.',
      } as Raw),
      ProcessorUnavailableError,
    ],
    [
      'the SDK’s timeout',
      new errors.StripeConnectionError({
        message: 'Request aborted due to timeout being reached (2000ms)',
      } as Raw),
      ProcessorUnavailableError,
    ],
  ])('%s', (_, original, expected) => {
    const error = classifyStripeError(original, 'lookup', KEY);
    expect(error).toBeInstanceOf(expected);
    // The narrower class is not mistaken for the wider: a refusal is never "unavailable".
    if (expected !== ProcessorCredentialsRefusedError) {
      expect(error).not.toBeInstanceOf(ProcessorCredentialsRefusedError);
    }
    expect(error.cause).toBe(original);
    expect(error.message).toMatch(/^Stripe lookup failed: /);
  });

  test('the secret key never reaches a message', () => {
    const echo = new errors.StripeAuthenticationError(
      raw(401, 'authentication_error', { message: `Invalid API Key provided: ${KEY}` }),
    );
    const error = classifyStripeError(echo, 'key check', KEY);
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('[redacted]');
  });

  test('a plain error with no status is transient', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(classifyStripeError(reset, 'x', KEY)).toBeInstanceOf(ProcessorUnavailableError);
  });
});

describe('predicates', () => {
  test('not found is a 404', () => {
    expect(
      isNotFound(
        new errors.StripeInvalidRequestError(raw(404, 'invalid_request_error', { code: 'resource_missing' })),
      ),
    ).toBe(true);
    // resource_missing on a parameter (a create naming a missing customer) is a 400, not a missing object.
    expect(
      isNotFound(
        new errors.StripeInvalidRequestError(
          raw(400, 'invalid_request_error', { code: 'resource_missing', param: 'customer' }),
        ),
      ),
    ).toBe(false);
  });

  test('permission denied is a 403', () => {
    expect(isPermissionDenied(new errors.StripePermissionError(raw(403, 'invalid_request_error')))).toBe(
      true,
    );
    expect(isPermissionDenied(new errors.StripeAuthenticationError(raw(401, 'authentication_error')))).toBe(
      false,
    );
  });

  test('already exists, by code or by Stripe’s message', () => {
    const coupon = new errors.StripeInvalidRequestError(
      raw(400, 'invalid_request_error', {
        code: 'resource_already_exists',
        message: 'Coupon already exists.',
      }),
    );
    const promo = new errors.StripeInvalidRequestError(
      raw(400, 'invalid_request_error', {
        message: 'An active promotion code with `code: JANEDOE` already exists.',
      }),
    );
    const other = new errors.StripeInvalidRequestError(
      raw(400, 'invalid_request_error', { message: 'No such coupon' }),
    );
    expect([coupon, promo, other].map(isAlreadyExists)).toEqual([true, true, false]);
  });
});

describe('wrappers', () => {
  test('callStripe translates, findStripe answers null on 404 only', async () => {
    const missing = new errors.StripeInvalidRequestError(
      raw(404, 'invalid_request_error', { code: 'resource_missing' }),
    );
    const limited = new errors.StripeRateLimitError(raw(429, 'rate_limit_error'));
    await expect(callStripe('x', KEY, () => Promise.reject(missing))).rejects.toBeInstanceOf(
      ProcessorRejectedError,
    );
    await expect(findStripe('x', KEY, () => Promise.reject(missing))).resolves.toBeNull();
    await expect(findStripe('x', KEY, () => Promise.reject(limited))).rejects.toBeInstanceOf(
      ProcessorUnavailableError,
    );
    await expect(findStripe('x', KEY, () => Promise.resolve(7))).resolves.toBe(7);
  });

  test('redact removes every secret given', () => {
    expect(redact('a s1 b s2 c s1', 's1', 's2', null, '')).toBe('a [redacted] b [redacted] c [redacted]');
  });
});

describe('classifySignatureError', () => {
  test('a failed verification is InvalidSignatureError, with the first line of the SDK’s message and no secret', () => {
    let err: unknown;
    try {
      Stripe.webhooks.constructEvent('{}', 't=1,v1=abc', 'whsec_x', 300);
    } catch (thrown) {
      err = thrown;
    }
    expect(err).toBeInstanceOf(errors.StripeSignatureVerificationError);
    const mapped = classifySignatureError(err);
    expect(mapped).toBeInstanceOf(InvalidSignatureError);
    expect(mapped.message).toMatch(/^Stripe webhook: No signatures found matching the expected signature/);
    expect(mapped.message).not.toMatch(/\n|whsec_x/);
  });

  test('an authentic body that is not JSON is rejected, not a bad signature', () => {
    expect(classifySignatureError(new SyntaxError('Unexpected token'))).toBeInstanceOf(
      ProcessorRejectedError,
    );
  });
});

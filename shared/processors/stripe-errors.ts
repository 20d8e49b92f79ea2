import Stripe from 'stripe';
import {
  InvalidSignatureError,
  ProcessorCredentialsRefusedError,
  ProcessorRejectedError,
  ProcessorUnavailableError,
} from './payment-processor';

/*
 * The SDK's errors are classes (Stripe.errors.*) carrying the HTTP status, Stripe's error `type` and
 * `code`. The SDK picks the class from the status for 401 (StripeAuthenticationError), 403
 * (StripePermissionError) and 429 (StripeRateLimitError), and from the body's `type` otherwise; network
 * failures and its own request timeout are StripeConnectionError ("Request aborted due to timeout being
 * reached (2000ms)"), an unreadable body StripeAPIError without a status.
 */

type StripeErrorLike = { statusCode?: unknown; code?: unknown; type?: unknown; message?: unknown };

const fields = (err: unknown): StripeErrorLike =>
  typeof err === 'object' && err !== null ? (err as StripeErrorLike) : {};

export function statusOf(err: unknown): number | undefined {
  const status = fields(err).statusCode;
  return typeof status === 'number' ? status : undefined;
}

export function codeOf(err: unknown): string | undefined {
  const code = fields(err).code;
  return typeof code === 'string' ? code : undefined;
}

/** A retrieve or delete of an object that does not exist (404 resource_missing). */
export function isNotFound(err: unknown): boolean {
  return statusOf(err) === 404;
}

/** 403: a restricted key without the permission this call needs. */
export function isPermissionDenied(err: unknown): boolean {
  return err instanceof Stripe.errors.StripePermissionError || statusOf(err) === 403;
}

/**
 * A create that lost to another writer: Stripe answers 400 resource_already_exists ("Coupon already
 * exists.", "A promotion code with this code already exists…" for an active code of that text).
 */
export function isAlreadyExists(err: unknown): boolean {
  if (codeOf(err) === 'resource_already_exists') return true;
  const message = fields(err).message;
  return statusOf(err) === 400 && typeof message === 'string' && /already exists/i.test(message);
}

/** Keeps secrets out of messages even if some layer ever echoed them. */
export function redact(message: string, ...secrets: (string | null | undefined)[]): string {
  let result = message;
  for (const secret of secrets) if (secret) result = result.split(secret).join('[redacted]');
  return result;
}

/**
 * Statuses that may pass on retry besides 429 and 5xx: 408 (timeout) and 409 (Stripe's "another request
 * with this idempotency key is in flight").
 */
const TRANSIENT_4XX = new Set([408, 409, 429]);

/**
 * The service's error for a failed SDK call: 401 refuses the key; another 4xx refuses the call for good
 * (validation, 403 permission, 404, idempotency key reused with other parameters); the rest (no answer,
 * timeout, 408/409/429, 5xx, a garbled body) may pass on retry.
 */
export function classifyStripeError(err: unknown, action: string, secretKey: string): Error {
  const original = typeof fields(err).message === 'string' ? String(fields(err).message) : String(err);
  const message = redact(`Stripe ${action} failed: ${original}`, secretKey);
  const status = statusOf(err);
  if (status === 401 || err instanceof Stripe.errors.StripeAuthenticationError) {
    return new ProcessorCredentialsRefusedError(message, { cause: err });
  }
  if (status !== undefined && status >= 400 && status < 500 && !TRANSIENT_4XX.has(status)) {
    return new ProcessorRejectedError(message, { cause: err });
  }
  return new ProcessorUnavailableError(message, { cause: err });
}

/** Runs one SDK call, translating whatever it throws. */
export async function callStripe<T>(action: string, secretKey: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw classifyStripeError(err, action, secretKey);
  }
}

/** Like callStripe, but null when the object does not exist. */
export async function findStripe<T>(
  action: string,
  secretKey: string,
  call: () => Promise<T>,
): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (isNotFound(err)) return null;
    throw classifyStripeError(err, action, secretKey);
  }
}

/**
 * What `webhooks.constructEvent` throws: a failed check (bad or missing header, wrong secret, tampered
 * body, timestamp outside the tolerance) is StripeSignatureVerificationError; a body that verified but
 * is not JSON is a SyntaxError from its JSON.parse, authentic yet unreadable, so a retry cannot help.
 */
export function classifySignatureError(err: unknown): Error {
  if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
    const first = (err.message ?? '').split('\n')[0].trim();
    return new InvalidSignatureError(`Stripe webhook: ${first}`);
  }
  if (err instanceof SyntaxError) {
    return new ProcessorRejectedError('Stripe webhook payload is not JSON', { cause: err });
  }
  return new InvalidSignatureError(`Stripe webhook: ${(err as Error | null)?.message ?? String(err)}`);
}

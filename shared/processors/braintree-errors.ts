import { errorTypes, type ErrorResult } from 'braintree';
import { ProcessorRejectedError, ProcessorUnavailableError } from './payment-processor';

/*
 * The SDK's errors are plain Errors whose `type` (and `name`) is a camelCase errorTypes value such as
 * 'notFoundError', not a class: classify by that. Network failures and its own request timeout both
 * arrive as 'unexpectedError' ("Unexpected request error: Error: connect ECONNREFUSED ...", "Request
 * timed out"), so that type has to count as transient.
 */

const REJECTED = new Set<string>([
  errorTypes.authenticationError,
  errorTypes.authorizationError,
  errorTypes.notFoundError,
  errorTypes.upgradeRequired,
  errorTypes.invalidSignatureError,
  errorTypes.invalidChallengeError,
  errorTypes.invalidKeysError,
  errorTypes.testOperationPerformedInProductionError,
]);

export function sdkErrorType(err: unknown): string | undefined {
  const type = (err as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

export function isNotFound(err: unknown): boolean {
  return sdkErrorType(err) === errorTypes.notFoundError;
}

/** Keeps a secret out of messages even if some layer ever echoed it. */
export function redact(message: string, secret: string): string {
  return secret ? message.split(secret).join('[redacted]') : message;
}

/**
 * The service's error for a failed SDK call. An HTTP status the SDK does not know (it reports
 * "Unexpected HTTP response: 4xx") is a refusal like 401/404, except 408 and 429 which it maps itself.
 */
export function classifySdkError(err: unknown, action: string, privateKey: string): Error {
  const original = (err as Error | null)?.message ?? String(err);
  const message = redact(`Braintree ${action} failed: ${original}`, privateKey);
  const type = sdkErrorType(err);
  if (type && REJECTED.has(type)) return new ProcessorRejectedError(message, { cause: err });
  if (type === errorTypes.unexpectedError && /^Unexpected HTTP response: 4\d\d$/.test(original)) {
    return new ProcessorRejectedError(message, { cause: err });
  }
  // The rest, from 5xx/429 to ECONNRESET and xml2js choking on a garbled body, may well pass on retry.
  return new ProcessorUnavailableError(message, { cause: err });
}

/** A `success: false` result: validation errors, nothing that a retry would change. */
export function rejectedResult(result: ErrorResult, action: string): ProcessorRejectedError {
  return new ProcessorRejectedError(`Braintree ${action} was refused: ${result.message}`, { cause: result });
}

/** Runs one SDK call, translating whatever it throws. */
export async function callSdk<T>(action: string, privateKey: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw classifySdkError(err, action, privateKey);
  }
}

import { PayoutProviderError } from './payout-provider';

/*
 * How every adapter sorts a failed provider call: no answer, a timeout, 408, 409 (a request with this
 * idempotency key still in flight), 429 and 5xx may pass on retry; any other 4xx is the provider's refusal.
 */

const TRANSIENT_4XX = new Set([408, 409, 429]);

/** Whether an HTTP status (or none: the call got no answer) is worth retrying. */
export function retryableStatus(status: number | null | undefined): boolean {
  if (status === null || status === undefined) return true;
  return TRANSIENT_4XX.has(status) || status >= 500;
}

/** Keeps secrets out of messages even if a provider or a client library echoed them. */
export function redact(message: string, ...secrets: (string | null | undefined)[]): string {
  let result = message;
  for (const secret of secrets) if (secret) result = result.split(secret).join('[redacted]');
  return result;
}

/** The PayoutProviderError for a failed call with the provider's status, code and words. */
export function providerError(
  provider: string,
  action: string,
  failure: { status: number | null | undefined; code?: string | null; message: string },
  secrets: (string | null | undefined)[] = [],
): PayoutProviderError {
  const status = failure.status ?? null;
  const said = status === null ? failure.message : `${status} ${failure.message}`;
  return new PayoutProviderError(
    redact(`${provider} ${action} failed: ${said}`, ...secrets),
    retryableStatus(status),
    failure.code ?? (status === null ? 'no_answer' : null),
  );
}

/**
 * When to retry and how long to wait: exponential backoff with full jitter, and the server's
 * `Retry-After` (delay-seconds or an HTTP date) when it sends one, capped.
 */

export interface RetryPolicy {
  /** Attempts after the first (0: never retry). */
  maxRetries: number;
  /** The first backoff's upper bound; each retry doubles it. */
  retryBaseMs: number;
  /** No backoff is longer than this. */
  retryMaxDelayMs: number;
  /** A `Retry-After` longer than this is cut to it. */
  maxRetryAfterMs: number;
}

/** Why an attempt is being retried, for the `onRetry` hook. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the client waits before it. */
  delayMs: number;
  reason: 'network' | 'timeout' | 'status';
  /** The answer's status, for reason `status` (429 or 503). */
  statusCode?: number;
  /** The answer's `Retry-After` in milliseconds, when it had one. */
  retryAfterMs?: number | null;
  /** The operation, e.g. `logUserEvents`. */
  operation: string;
}

/** Statuses that mean "not now" rather than "no": too many requests, temporarily unavailable. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * Full jitter (AWS Architecture Blog, "Exponential Backoff and Jitter"): a random wait between 0 and
 * base * 2^retry, capped; `random` is injectable for tests.
 */
export function backoffDelayMs(
  retry: number,
  policy: Pick<RetryPolicy, 'retryBaseMs' | 'retryMaxDelayMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.retryMaxDelayMs, policy.retryBaseMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/**
 * A `Retry-After` value in milliseconds: delay-seconds (`"3"`) or an HTTP date (RFC 9110 10.2.3), in the
 * past meaning 0; null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[A-Za-z]/.test(text)) return null;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** The wait before a retry: the server's Retry-After (capped) when it gave one, else the backoff. */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | null,
  policy: RetryPolicy,
  random?: () => number,
): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  return backoffDelayMs(retry, policy, random);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

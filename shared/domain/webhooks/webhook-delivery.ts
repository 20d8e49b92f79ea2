import type { WebhookOutcome } from '../../types/webhooks';

/**
 * The rules of outbound webhook delivery, pure: the retry schedule, what an answer means,
 * and how much of it is kept.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before each attempt: at once, 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h four times (~47 h). */
export const DEFAULT_WEBHOOK_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** One attempt's HTTP timeout (connect to the end of the answer's first bytes). */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 15 * SECOND;

/** An endpoint whose every attempt failed for this long is disabled. */
export const WEBHOOK_FAILING_DISABLE_MS = 72 * HOUR;

/** Bytes of an answer kept in the attempt log (a database check holds the same bound). */
export const WEBHOOK_EXCERPT_BYTES = 512;

/** Characters of an error text kept in the attempt log. */
export const WEBHOOK_ERROR_CHARS = 300;

/** The schedule a setting names ("0,100,200"), or the default when none. */
export function parseWebhookSchedule(setting: string | undefined): number[] {
  if (!setting) return [...DEFAULT_WEBHOOK_SCHEDULE_MS];
  return setting.split(',').map((n) => Number(n));
}

/** What an answer (or its absence: null) means for the delivery. */
export function classifyWebhookAnswer(statusCode: number | null, lastAttempt: boolean): WebhookOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return 'SUCCEEDED';
  if (statusCode === 410) return 'GONE';
  return lastAttempt ? 'ABANDONED' : 'FAILED';
}

/** Whether the delivery is over after this outcome. */
export function isFinalOutcome(outcome: WebhookOutcome): boolean {
  return outcome !== 'FAILED';
}

/**
 * The first bytes of an answer as text of at most `maxBytes` UTF-8 bytes: a character cut in two is
 * dropped (not replaced), and NUL characters, which PostgreSQL text refuses, are removed.
 */
export function boundExcerpt(bytes: Buffer, maxBytes = WEBHOOK_EXCERPT_BYTES): string {
  let text = bytes
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\u0000/g, '');
  if (text.endsWith('\uFFFD')) text = text.slice(0, -1);
  while (Buffer.byteLength(text, 'utf8') > maxBytes) text = text.slice(0, -1);
  return text;
}

/** An error's text for the attempt log: one line, bounded. */
export function boundError(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > WEBHOOK_ERROR_CHARS ? `${line.slice(0, WEBHOOK_ERROR_CHARS - 1)}…` : line;
}

/**
 * Whether an endpoint has failed for long enough to be disabled: its oldest failed attempt since the
 * later of its last success and its last change is WEBHOOK_FAILING_DISABLE_MS old.
 */
export function failingLongEnough(oldestFailureSince: Date | null, now: number): boolean {
  return oldestFailureSince !== null && now - oldestFailureSince.getTime() >= WEBHOOK_FAILING_DISABLE_MS;
}

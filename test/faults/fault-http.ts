import { RETRY_AFTER_SECONDS } from '../../shared/db/db-errors';
import { until } from '../helpers/wait';

type Json = Record<string, any>;

/**
 * What a fault scenario's client saw for one attempt. A client gives up waiting after CLIENT_TIMEOUT_MS
 * (status 0, `timedOut`): the scenarios assert that never happens, i.e. no request hangs in an outage.
 */
export interface Answer {
  status: number;
  json: Json | undefined;
  headers: Headers;
  sentAt: number;
  receivedAt: number;
  timedOut: boolean;
  /** A network error (no HTTP answer at all), if any. */
  error?: string;
}

/**
 * Longer than anything the gateway may legitimately take in an outage (its pool's acquire timeout is
 * 10 s, a lifecycle wait LIFECYCLE_WAIT_MS), so a timeout here means a request hung.
 */
export const CLIENT_TIMEOUT_MS = 15_000;

export async function send(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const sentAt = Date.now();
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await res.text();
    let json: Json | undefined;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = undefined;
    }
    return {
      status: res.status,
      json,
      headers: res.headers,
      sentAt,
      receivedAt: Date.now(),
      timedOut: false,
    };
  } catch (err) {
    const e = err as Error;
    return {
      status: 0,
      json: undefined,
      headers: new Headers(),
      sentAt,
      receivedAt: Date.now(),
      timedOut: e.name === 'TimeoutError',
      error: `${e.name}: ${e.message}`,
    };
  }
}

export const DB_OUTAGE_MESSAGE = 'The database is temporarily unavailable; retry later';

/**
 * Whether an answer is the standard outage answer: 503, Retry-After, the standard error body with this
 * request's id and nothing internal. `message` (or one of them) defaults to the database outage's.
 */
export function isOutageAnswer(answer: Answer, message: string | string[] = DB_OUTAGE_MESSAGE): boolean {
  const body = answer.json;
  if (answer.status !== 503 || !body) return false;
  if (answer.headers.get('retry-after') !== String(RETRY_AFTER_SECONDS)) return false;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'apiErrorCode,message,requestId,statusCode') return false;
  const messageOk = (typeof message === 'string' ? [message] : message).includes(body.message as string);
  return (
    body.statusCode === 503 &&
    body.apiErrorCode === 'SERVICE_UNAVAILABLE' &&
    messageOk &&
    body.requestId === answer.headers.get('x-request-id')
  );
}

/** A short description of an answer for failure messages. */
export function describeAnswer(answer: Answer): string {
  return answer.status === 0
    ? `no answer (${answer.error})`
    : `${answer.status} ${JSON.stringify(answer.json)?.slice(0, 300)}`;
}

/** Polls /readyz until it answers `ready` (200) or not (503 naming postgres); returns the last answer. */
export async function waitForReadiness(baseUrl: string, ready: boolean, timeoutMs = 10_000): Promise<Answer> {
  const matches = (answer: Answer) =>
    ready ? answer.status === 200 : answer.status === 503 && answer.json?.checks?.postgres === 'unavailable';
  const last = await until(() => send(`${baseUrl}/readyz`), matches, timeoutMs);
  if (matches(last)) return last;
  throw new Error(`/readyz never became ${ready ? 'ready' : 'not ready'}: ${describeAnswer(last)}`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Percentile (0..100) of a list of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

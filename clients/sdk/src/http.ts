import { randomUUID } from 'node:crypto';
import { apiErrorFromBody, ApiError, NetworkError, TimeoutError } from './errors';
import { parseRetryAfter, RETRYABLE_STATUSES, retryDelayMs, sleep, type RetryInfo } from './retry';

/** Where the service is and who calls: the tenant API key (server calls) or one user's JWT. */
export type ClientConfig = { baseUrl: string; tenantAlias: string } & (
  { apiKey: string; userJwt?: undefined } | { userJwt: string; apiKey?: undefined }
);

export interface ClientOptions {
  /**
   * Per attempt: until the answer's headers (and its JSON body) arrive; 0 waits as long as it takes.
   * Default 30 000. Uploads wait as long as they take unless their call gives a timeout.
   */
  timeoutMs?: number;
  /** Retries of a call that is safe to repeat. Default 3. */
  maxRetries?: number;
  /** Upper bound of the first backoff (full jitter, doubling each retry). Default 250. */
  retryBaseMs?: number;
  /** Longest backoff. Default 10 000. */
  retryMaxDelayMs?: number;
  /** Longest wait a `Retry-After` may ask for. Default 60 000. */
  maxRetryAfterMs?: number;
  /** Give every event-logging call without an idempotencyKey a fresh UUID v4 one (so it can be retried). */
  autoIdempotencyKeys?: boolean;
  /** A fetch implementation (default: the global fetch of Node 20+). */
  fetch?: typeof fetch;
  /** Called before each retry (logging, metrics). */
  onRetry?: (info: RetryInfo) => void;
  /** Sent as User-Agent. */
  userAgent?: string;
}

/** Options of one call; they override the client's. */
export interface CallOptions {
  timeoutMs?: number;
  maxRetries?: number;
  /** Aborts the call (and its retries); the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Options of a call the SDK cannot know to be safe to repeat (a raw GraphQL call, a Segment message). */
export interface IdempotentCallOptions extends CallOptions {
  /**
   * The call is safe to repeat (a query; a mutation or message carrying an idempotency key or messageId),
   * so it is retried on network errors, 429 and 503. Default false: it is sent once.
   */
  idempotent?: boolean;
}

export interface RequestBody {
  body: NonNullable<RequestInit['body']>;
  headers: Record<string, string>;
  /** A stream body: fetch needs `duplex: 'half'`. */
  streamed: boolean;
}

export interface RequestSpec {
  /** The operation's name, e.g. `logUserEvents` (for onRetry). */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below /api/v1/{tenantAlias}, already encoded. */
  path: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  /** Made again for each attempt (a file path is reopened, a Buffer resent). */
  body?: () => Promise<RequestBody> | RequestBody;
  /** Safe to repeat: a read, or a write carrying an idempotency key. */
  retryable: boolean;
  accept?: string;
}

/** An answer: 2xx with what `read` made of it, or any other status with its body text. */
export type Answer<R> =
  | { ok: true; status: number; headers: Headers; value: R }
  | { ok: false; status: number; headers: Headers; text: string };

export const SDK_VERSION = '0.1.0';

const DEFAULTS = {
  timeoutMs: 30_000,
  maxRetries: 3,
  retryBaseMs: 250,
  retryMaxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/** HTTP to the tenant's API: auth, timeouts, and retries of safe calls on network errors, 429 and 503. */
export class Transport {
  private readonly apiBase: string;
  private readonly authorization: string;
  private readonly fetchImpl: typeof fetch;
  readonly options: Required<Pick<ClientOptions, keyof typeof DEFAULTS>> & ClientOptions;

  constructor(config: ClientConfig, options: ClientOptions = {}) {
    if (!config.baseUrl) throw new TypeError('baseUrl is required');
    if (!config.tenantAlias) throw new TypeError('tenantAlias is required');
    const base = config.baseUrl.replace(/\/+$/, '');
    this.apiBase = `${base}/api/v1/${encodeURIComponent(config.tenantAlias)}`;
    if (config.apiKey) {
      this.authorization = `Basic ${Buffer.from(`${config.apiKey}:`, 'utf8').toString('base64')}`;
    } else if (config.userJwt) {
      this.authorization = `Bearer ${config.userJwt}`;
    } else {
      throw new TypeError('apiKey or userJwt is required');
    }
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.options = { ...DEFAULTS, ...stripUndefined(options) };
  }

  url(path: string, query?: Record<string, string | undefined>): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, value);
    const search = params.toString();
    return `${this.apiBase}${path}${search ? `?${search}` : ''}`;
  }

  /** A JSON call: the parsed body of a 2xx answer, or the answer as it came for the caller to judge. */
  requestJson<T>(spec: RequestSpec, call: CallOptions = {}): Promise<Answer<T>> {
    return this.request(spec, call, async (res) => {
      const text = await res.text();
      try {
        return (text === '' ? undefined : JSON.parse(text)) as T;
      } catch {
        throw new ApiError({
          statusCode: res.status,
          message: `${spec.method} ${spec.path} answered ${res.status} with a body that is not JSON`,
          apiErrorCode: 'INVALID_RESPONSE',
          requestId: res.headers.get('x-request-id'),
        });
      }
    });
  }

  /** Like requestJson, but any non-2xx answer throws ApiError. */
  async json<T>(spec: RequestSpec, call: CallOptions = {}): Promise<T> {
    const answer = await this.requestJson<T>(spec, call);
    if (!answer.ok) throw toApiError(answer);
    return answer.value;
  }

  /**
   * Sends the request, retrying a retryable one on a network error, a timeout, 429 or 503 (waiting for
   * Retry-After when the answer has one, else a jittered exponential backoff), at most maxRetries times.
   * `read` turns a 2xx answer into the result while the attempt's timeout still runs.
   */
  async request<R>(
    spec: RequestSpec,
    call: CallOptions,
    read: (res: Response) => Promise<R>,
  ): Promise<Answer<R>> {
    const maxRetries = spec.retryable ? (call.maxRetries ?? this.options.maxRetries) : 0;
    const requestId = randomUUID();
    for (let retry = 0; ; retry += 1) {
      let answer: Answer<R>;
      try {
        answer = await this.attempt(spec, call, requestId, read);
      } catch (err) {
        if (!(err instanceof NetworkError) || retry >= maxRetries) throw err;
        const delayMs = retryDelayMs(retry, null, this.options);
        const reason = err instanceof TimeoutError ? 'timeout' : 'network';
        this.options.onRetry?.({ attempt: retry + 1, delayMs, reason, operation: spec.operation });
        await sleep(delayMs, call.signal);
        continue;
      }
      if (answer.ok || !RETRYABLE_STATUSES.has(answer.status) || retry >= maxRetries) return answer;
      const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
      const delayMs = retryDelayMs(retry, retryAfterMs, this.options);
      this.options.onRetry?.({
        attempt: retry + 1,
        delayMs,
        reason: 'status',
        statusCode: answer.status,
        retryAfterMs,
        operation: spec.operation,
      });
      await sleep(delayMs, call.signal);
    }
  }

  private async attempt<R>(
    spec: RequestSpec,
    call: CallOptions,
    requestId: string,
    read: (res: Response) => Promise<R>,
  ): Promise<Answer<R>> {
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs;
    const timer = new AbortController();
    const timeout =
      timeoutMs > 0 ? setTimeout(() => timer.abort(new TimeoutError(timeoutMs)), timeoutMs) : undefined;
    const signal = call.signal ? AbortSignal.any([timer.signal, call.signal]) : timer.signal;
    const fail = (err: unknown): never => {
      if (timer.signal.aborted) throw timer.signal.reason;
      if (call.signal?.aborted) throw call.signal.reason;
      if (err instanceof ApiError) throw err;
      throw new NetworkError(`${spec.method} ${spec.path} failed: ${describe(err)}`, { cause: err });
    };
    try {
      const payload = spec.body
        ? await spec.body()
        : spec.json !== undefined
          ? {
              body: JSON.stringify(spec.json),
              headers: { 'content-type': 'application/json' },
              streamed: false,
            }
          : undefined;
      const init: RequestInit & { duplex?: 'half' } = {
        method: spec.method,
        headers: {
          authorization: this.authorization,
          accept: spec.accept ?? 'application/json',
          'user-agent': this.options.userAgent ?? `referral-service-sdk/${SDK_VERSION}`,
          'x-request-id': requestId,
          ...payload?.headers,
        },
        body: payload?.body,
        signal,
        redirect: 'manual',
        ...(payload?.streamed && { duplex: 'half' }),
      };
      const res = await this.fetchImpl(this.url(spec.path, spec.query), init).catch(fail);
      if (res.status >= 200 && res.status < 300) {
        const value = await read(res).catch(fail);
        return { ok: true, status: res.status, headers: res.headers, value };
      }
      const text = await res.text().catch(fail);
      return { ok: false, status: res.status, headers: res.headers, text };
    } finally {
      clearTimeout(timeout);
    }
  }
}

/** The ApiError for a non-2xx answer. */
export function toApiError(answer: { status: number; headers: Headers; text: string }): ApiError {
  return apiErrorFromBody(answer.status, answer.text, {
    requestId: answer.headers.get('x-request-id'),
    retryAfterMs: parseRetryAfter(answer.headers.get('retry-after')),
  });
}

function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

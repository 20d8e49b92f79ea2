/**
 * The server SDK's retries and timeouts: a real 429 from the per-tenant rate limit (the SDK waits for
 * Retry-After, then succeeds); 503 and network failures retried only for calls safe to repeat; per-call
 * timeouts and aborts; Retry-After parsing and the backoff; the SDK's copy of the error-code table.
 */
import { Readable } from 'node:stream';
import {
  API_ERROR_STATUS as SDK_ERROR_STATUS,
  ApiError,
  NetworkError,
  ReferralClient,
  TimeoutError,
  backoffDelayMs,
  parseRetryAfter,
  type ClientOptions,
  type RetryInfo,
} from '../../../clients/sdk/src/index';
import { setTenantRateLimit } from '../../../shared/domain/tenants/tenant-rate-limits';
import { API_ERROR_STATUS } from '../../../shared/errors';
import { freePort } from '../../../shared/http';
import { createTestTenant } from '../../helpers/harness';
import { uid } from '../../helpers/referrals';
import {
  apiErrorOf,
  sendError,
  startSdkStack,
  startScriptedServer,
  type SdkStack,
  type ScriptedServer,
} from '../../helpers/sdk';

let stack: SdkStack;
beforeAll(async () => {
  stack = await startSdkStack();
});
afterAll(async () => {
  await stack?.close();
});

const clientAt = (baseUrl: string, options: ClientOptions = {}) =>
  new ReferralClient(
    { baseUrl, tenantAlias: 'acme', apiKey: 'rsk_test_key' },
    { retryBaseMs: 1, ...options },
  );
const event = { accountId: 'a1', userId: 'u1', events: [{ key: 'purchase' }] };

describe('a real 429 from the tenant rate limit', () => {
  test('a safe call waits Retry-After and succeeds; a write without a key throws 429 at once', async () => {
    const limited = await createTestTenant(stack.api.gw.deps.db, 'sdkrl');
    await setTenantRateLimit(stack.api.gw.deps.db, limited.alias, { rps: 1, burst: 1 });
    const retries: RetryInfo[] = [];
    const client = new ReferralClient(
      { baseUrl: stack.api.gw.url, tenantAlias: limited.alias, apiKey: limited.apiKey },
      { maxRetries: 3, onRetry: (info) => retries.push(info) },
    );
    const user = await client.identify(uid('acct'), uid('user')); // the bucket's one token

    const started = performance.now();
    const logged = await client.logUserEvents({
      accountId: user.accountId,
      userId: user.id,
      idempotencyKey: `rl-${uid('k')}`,
      events: [{ key: 'purchase' }],
    });
    const waitedMs = performance.now() - started;
    expect(logged.status).toBe('APPLIED');
    expect(retries[0]).toEqual({
      attempt: 1,
      delayMs: 1000,
      reason: 'status',
      statusCode: 429,
      retryAfterMs: 1000,
      operation: 'logUserEvents',
    });
    expect(waitedMs).toBeGreaterThanOrEqual(1000);

    retries.length = 0;
    const err = await apiErrorOf(client.syncAccount({ id: user.accountId }));
    expect(err).toMatchObject({ statusCode: 429, apiErrorCode: 'RATE_LIMITED', retryAfterMs: 1000 });
    expect(retries).toEqual([]);

    const program = await client.getProgram();
    expect(program.alias).toBe(limited.alias);
    expect(retries.map((r) => [r.operation, r.statusCode, r.delayMs])).toContainEqual([
      'getProgram',
      429,
      1000,
    ]);
  });
});

describe('503: only calls safe to repeat are retried', () => {
  let scripted: ScriptedServer;
  beforeEach(async () => {
    scripted = await startScriptedServer((_req, res) =>
      sendError(res, 503, 'SERVICE_UNAVAILABLE', { 'retry-after': '0' }),
    );
  });
  afterEach(async () => {
    await scripted.close();
  });

  test.each<[string, number, (c: ReferralClient) => Promise<unknown>]>([
    ['syncAccount (a write)', 1, (c) => c.syncAccount({ id: 'a1' })],
    ['upsertUser (a write)', 1, (c) => c.upsertUser('a1', 'u1')],
    [
      'associateDiscount (a write)',
      1,
      (c) => c.associateDiscount({ accountId: 'a', paymentProviderId: 'p', couponCode: 'C' }),
    ],
    ['updateProgram (a write)', 1, (c) => c.updateProgram({ name: 'x' })],
    ['logUserEvents without a key', 1, (c) => c.logUserEvents(event)],
    ['logUserEvents with a key', 3, (c) => c.logUserEvents({ ...event, idempotencyKey: 'key-12345' })],
    [
      'logUserEventsBatch with a key',
      3,
      (c) => c.logUserEventsBatch([event], { idempotencyKey: 'key-12345' }),
    ],
    ['createImportJob without a key', 1, (c) => c.createImportJob({ fileRef: 'f', type: 'MUTATION/USER' })],
    [
      'createImportJob with a key',
      3,
      (c) => c.createImportJob({ fileRef: 'f', type: 'MUTATION/USER', idempotencyKey: 'job-12345' }),
    ],
    [
      'uploadFile from a stream',
      1,
      (c) => c.uploadFile(Readable.from([Buffer.from('a,b\n')]), { filename: 'x.csv' }),
    ],
    ['uploadFile from a Buffer', 3, (c) => c.uploadFile(Buffer.from('a,b\n'), { filename: 'x.csv' })],
    ['graphql (raw)', 1, (c) => c.graphql('mutation { x }')],
    ['graphql (declared idempotent)', 3, (c) => c.graphql('{ x }', {}, { idempotent: true })],
    ['getProgram (a read)', 3, (c) => c.getProgram()],
    ['getImportJob (a read)', 3, (c) => c.getImportJob('j1')],
  ])('%s: %d attempt(s), then ApiError 503', async (_name, attempts, call) => {
    const err = await apiErrorOf(call(clientAt(scripted.url, { maxRetries: 2 })));
    expect(err).toMatchObject({
      statusCode: 503,
      apiErrorCode: 'SERVICE_UNAVAILABLE',
      requestId: 'scripted-request',
    });
    expect(scripted.hits).toBe(attempts);
  });

  test('autoIdempotencyKeys makes event logging retryable, with the same key on every attempt', async () => {
    const keys: unknown[] = [];
    const recording: typeof fetch = async (input, init) => {
      keys.push(JSON.parse(String(init?.body)).idempotencyKey);
      return fetch(input, init);
    };
    await apiErrorOf(
      clientAt(scripted.url, { maxRetries: 2, autoIdempotencyKeys: true, fetch: recording }).logUserEvents(
        event,
      ),
    );
    expect(scripted.hits).toBe(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });
});

describe('network failures', () => {
  test('nobody listening: a write is tried once, a read maxRetries + 1 times, then NetworkError', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const client = clientAt(url, { maxRetries: 2, fetch: counting });
    const write = client.syncAccount({ id: 'a1' });
    await expect(write).rejects.toBeInstanceOf(NetworkError);
    await expect(write).rejects.toMatchObject({ message: expect.stringContaining('ECONNREFUSED') });
    expect(calls).toBe(1);
    calls = 0;
    await expect(client.getProgram()).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(3);
  });
});

describe('timeouts and aborts', () => {
  let scripted: ScriptedServer;
  beforeEach(async () => {
    scripted = await startScriptedServer(() => undefined); // never answers
  });
  afterEach(async () => {
    await scripted.close();
  });

  test('no answer within timeoutMs is TimeoutError; a read is retried after one', async () => {
    const retries: RetryInfo[] = [];
    const client = clientAt(scripted.url, { timeoutMs: 150, maxRetries: 1, onRetry: (i) => retries.push(i) });
    await expect(client.syncAccount({ id: 'a1' })).rejects.toMatchObject({
      name: 'TimeoutError',
      timeoutMs: 150,
    });
    expect(scripted.hits).toBe(1);
    const err = await client.getProgram({ timeoutMs: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toBeInstanceOf(NetworkError);
    expect(scripted.hits).toBe(3);
    expect(retries.map((r) => r.reason)).toEqual(['timeout']);
  });

  test("the caller's signal aborts the call with its reason, and nothing is retried", async () => {
    const client = clientAt(scripted.url, { maxRetries: 3 });
    const controller = new AbortController();
    const call = client.getProgram({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(call).rejects.toThrow('caller gave up');
    expect(scripted.hits).toBe(1);
  });
});

describe('upload timeouts', () => {
  test('an upload waits as long as it takes unless its own call gives a timeout', async () => {
    const scripted = await startScriptedServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ fileRef: 'imports/acme/x.csv' }));
      }, 300);
    });
    try {
      const client = clientAt(scripted.url, { timeoutMs: 100, maxRetries: 0 });
      expect(await client.uploadFile(Buffer.from('a\n'), { filename: 'x.csv' })).toEqual({
        fileRef: 'imports/acme/x.csv',
      });
      await expect(
        client.uploadFile(Buffer.from('a\n'), { filename: 'x.csv', timeoutMs: 100 }),
      ).rejects.toBeInstanceOf(TimeoutError);
      await expect(client.getProgram()).rejects.toBeInstanceOf(TimeoutError);
      expect(scripted.hits).toBe(3);
    } finally {
      await scripted.close();
    }
  });
});

describe('answers that are not the service’s', () => {
  test('a proxy’s HTML error is ApiError UNKNOWN with the status; a capped Retry-After', async () => {
    const retries: RetryInfo[] = [];
    const scripted = await startScriptedServer((_req, res, hit) => {
      if (hit === 1) {
        res.writeHead(429, { 'retry-after': '3600' });
        res.end();
        return;
      }
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    try {
      const client = clientAt(scripted.url, {
        maxRetries: 1,
        maxRetryAfterMs: 20,
        onRetry: (i) => retries.push(i),
      });
      const err = await apiErrorOf(client.getProgram());
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        statusCode: 502,
        apiErrorCode: 'UNKNOWN',
        message: 'HTTP 502',
        validationErrors: [],
      });
      expect(retries).toEqual([
        expect.objectContaining({ statusCode: 429, retryAfterMs: 3_600_000, delayMs: 20 }),
      ]);
    } finally {
      await scripted.close();
    }
  });
});

describe('pure parts', () => {
  test('parseRetryAfter: delay-seconds, HTTP dates, the past, garbage', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('-1', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  test('backoff: full jitter under base * 2^retry, capped', () => {
    const policy = { retryBaseMs: 100, retryMaxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelayMs(n, policy, () => 0.999999))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0);
  });

  test("the SDK's error-code table equals the service's", () => {
    expect(SDK_ERROR_STATUS).toEqual(API_ERROR_STATUS);
  });
});

/**
 * The pure rules of outbound webhook delivery: the retry schedule, what an answer means, the
 * bounded answer excerpt and error text, the three-day disabling rule, and the delivery workflow ID.
 */
import {
  boundError,
  boundExcerpt,
  classifyWebhookAnswer,
  DEFAULT_WEBHOOK_SCHEDULE_MS,
  failingLongEnough,
  isFinalOutcome,
  parseWebhookSchedule,
  WEBHOOK_EXCERPT_BYTES,
  WEBHOOK_FAILING_DISABLE_MS,
} from '../../shared/domain/webhooks/webhook-delivery';
import { loadConfig } from '../../shared/config';
import { workflowIds } from '../../shared/temporal/workflow-ids';

describe('retry schedule', () => {
  test('the default: at once, 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h four times', () => {
    const h = 3_600_000;
    expect(DEFAULT_WEBHOOK_SCHEDULE_MS).toEqual([
      0,
      5000,
      300_000,
      1_800_000,
      2 * h,
      5 * h,
      10 * h,
      10 * h,
      10 * h,
      10 * h,
    ]);
    expect(parseWebhookSchedule(undefined)).toEqual(DEFAULT_WEBHOOK_SCHEDULE_MS);
  });

  test('a setting shortens it (tests) and config refuses a malformed one', () => {
    expect(parseWebhookSchedule('0,100,250')).toEqual([0, 100, 250]);
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '0,,5' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_MS/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_RETRY_SCHEDULE_MS: '-1' })).toThrow();
  });
});

describe('classifyWebhookAnswer', () => {
  test.each([
    [200, false, 'SUCCEEDED'],
    [204, true, 'SUCCEEDED'],
    [299, false, 'SUCCEEDED'],
    [410, false, 'GONE'],
    [410, true, 'GONE'],
    [500, false, 'FAILED'],
    [301, false, 'FAILED'],
    [404, false, 'FAILED'],
    [null, false, 'FAILED'],
    [500, true, 'ABANDONED'],
    [null, true, 'ABANDONED'],
  ] as const)('%s (last attempt: %s) → %s', (status, last, outcome) => {
    expect(classifyWebhookAnswer(status, last)).toBe(outcome);
  });

  test('only FAILED continues the delivery', () => {
    expect(isFinalOutcome('FAILED')).toBe(false);
    for (const o of ['SUCCEEDED', 'GONE', 'ABANDONED'] as const) expect(isFinalOutcome(o)).toBe(true);
  });
});

describe('boundExcerpt', () => {
  test('keeps at most 512 bytes and never half a character', () => {
    const text = 'a' + 'é'.repeat(600); // 1 + 2 × 600 bytes: byte 512 splits an é
    const excerpt = boundExcerpt(Buffer.from(text, 'utf8'));
    expect(Buffer.byteLength(excerpt, 'utf8')).toBeLessThanOrEqual(WEBHOOK_EXCERPT_BYTES);
    expect(excerpt).toBe('a' + 'é'.repeat(255));
    expect(excerpt).not.toContain('\uFFFD');
    const emoji = boundExcerpt(Buffer.from('😀'.repeat(200), 'utf8'));
    expect(emoji).toBe('😀'.repeat(128));
  });

  test('short answers are kept whole; NUL characters are removed', () => {
    expect(boundExcerpt(Buffer.from('{"ok":true}'))).toBe('{"ok":true}');
    expect(boundExcerpt(Buffer.from('a\u0000b'))).toBe('ab');
    expect(boundExcerpt(Buffer.alloc(0))).toBe('');
  });
});

test('boundError: one line, at most 300 characters', () => {
  expect(boundError('connection\n  refused')).toBe('connection refused');
  const long = boundError('x'.repeat(1000));
  expect(long.length).toBe(300);
  expect(long.endsWith('…')).toBe(true);
});

test('failingLongEnough: the oldest failure since the last success must be three days old', () => {
  const now = Date.UTC(2026, 0, 10);
  expect(WEBHOOK_FAILING_DISABLE_MS).toBe(72 * 3_600_000);
  expect(failingLongEnough(null, now)).toBe(false);
  expect(failingLongEnough(new Date(now - WEBHOOK_FAILING_DISABLE_MS + 1000), now)).toBe(false);
  expect(failingLongEnough(new Date(now - WEBHOOK_FAILING_DISABLE_MS), now)).toBe(true);
});

test('delivery workflow IDs: one per (endpoint, event), a replay suffix of its own', () => {
  const endpoint = '0190a0a0-0000-7000-8000-000000000001';
  const event = '0190a0a0-0000-7000-8000-000000000002';
  expect(workflowIds.webhookDelivery(endpoint, event)).toBe(`webhook-delivery:${endpoint}:${event}`);
  expect(workflowIds.webhookDelivery(endpoint, event, 'r1')).toBe(
    `webhook-delivery:${endpoint}:${event}:replay-r1`,
  );
});

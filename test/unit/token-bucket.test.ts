import {
  delaySeconds,
  rateLimitField,
  rateLimitPolicyField,
  rateLimitedHeaders,
} from '../../shared/rate-limit/rate-limit-fields';
import { createTokenBuckets, type BucketLimit } from '../../shared/rate-limit/token-bucket';

function fakeClock(start = 1000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}

const limit = (ratePerSecond: number, burst: number): BucketLimit => ({ ratePerSecond, burst });

/** Takes n tokens in a row without advancing the clock; returns how many were allowed. */
function takeMany(
  buckets: ReturnType<typeof createTokenBuckets<string>>,
  key: string,
  l: BucketLimit,
  n: number,
) {
  let allowed = 0;
  for (let i = 0; i < n; i += 1) if (buckets.take(key, l).allowed) allowed += 1;
  return allowed;
}

describe('token bucket', () => {
  test.each([
    { rate: 1, burst: 1 },
    { rate: 10, burst: 20 },
    { rate: 100, burst: 5 },
    { rate: 20_000, burst: 40_000 },
  ])('a new bucket allows exactly its burst at once (rate $rate/s, burst $burst)', ({ rate, burst }) => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    expect(takeMany(buckets, 't', limit(rate, burst), burst + 10)).toBe(burst);
  });

  test('the first request of a bucket reports burst - 1 remaining; the last allowed one 0', () => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    const l = limit(2, 3);
    expect(buckets.take('t', l)).toEqual({ allowed: true, remaining: 2, msUntilNextToken: 500 });
    expect(buckets.take('t', l)).toEqual({ allowed: true, remaining: 1, msUntilNextToken: 500 });
    expect(buckets.take('t', l)).toEqual({ allowed: true, remaining: 0, msUntilNextToken: 500 });
    expect(buckets.take('t', l)).toEqual({ allowed: false, remaining: 0, msUntilNextToken: 500 });
  });

  test.each([
    // rate 4/s: one token every 250 ms
    { waitMs: 0, allowed: false, msUntilNextToken: 250 },
    { waitMs: 100, allowed: false, msUntilNextToken: 150 },
    { waitMs: 249, allowed: false, msUntilNextToken: 1 },
    { waitMs: 250, allowed: true, msUntilNextToken: 250 },
    { waitMs: 400, allowed: true, msUntilNextToken: 100 },
  ])('an empty bucket refills at its rate: after $waitMs ms, allowed=$allowed', (row) => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    const l = limit(4, 2);
    expect(takeMany(buckets, 't', l, 2)).toBe(2);
    clock.advance(row.waitMs);
    const result = buckets.take('t', l);
    expect(result.allowed).toBe(row.allowed);
    expect(result.remaining).toBe(0);
    expect(result.msUntilNextToken).toBeCloseTo(row.msUntilNextToken, 6);
  });

  test('refill stops at the burst however long the bucket was idle', () => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    const l = limit(10, 5);
    expect(takeMany(buckets, 't', l, 5)).toBe(5);
    clock.advance(3_600_000);
    expect(takeMany(buckets, 't', l, 100)).toBe(5);
  });

  test('sustained over time, the allowed count is burst + rate × seconds', () => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    const l = limit(50, 20);
    let allowed = 0;
    // 10 seconds of 1,000 attempts a second, one every millisecond
    for (let ms = 0; ms < 10_000; ms += 1) {
      if (buckets.take('t', l).allowed) allowed += 1;
      clock.advance(1);
    }
    expect(allowed).toBeGreaterThanOrEqual(20 + 50 * 10 - 1);
    expect(allowed).toBeLessThanOrEqual(20 + 50 * 10);
  });

  test('keys are independent: emptying one bucket leaves another full', () => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    const l = limit(1, 3);
    expect(takeMany(buckets, 'a', l, 10)).toBe(3);
    expect(takeMany(buckets, 'b', l, 10)).toBe(3);
    expect(buckets.take('a', l).allowed).toBe(false);
  });

  test('a lowered burst applies at once; a raised rate refills faster from where the bucket was', () => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    expect(takeMany(buckets, 't', limit(100, 1000), 10)).toBe(10); // 990 left
    expect(takeMany(buckets, 't', limit(1, 2), 10)).toBe(2); // clamped to 2, then empty
    clock.advance(100);
    expect(buckets.take('t', limit(1, 2)).allowed).toBe(false); // 0.1 token at 1/s
    expect(buckets.take('t', limit(100, 200)).allowed).toBe(false); // 0.1 + 0 ms × 100
    clock.advance(100);
    expect(takeMany(buckets, 't', limit(100, 200), 20)).toBe(10); // 0.1 + 0.1 s × 100 = 10.1
  });

  test('a clock that goes back adds no tokens (and does not take any)', () => {
    const clock = fakeClock(10_000);
    const buckets = createTokenBuckets<string>({ now: clock.now });
    const l = limit(1, 2);
    expect(takeMany(buckets, 't', l, 2)).toBe(2);
    clock.set(0);
    expect(buckets.take('t', l).allowed).toBe(false);
    clock.advance(1000);
    expect(buckets.take('t', l).allowed).toBe(true);
  });

  test('an idle bucket is full again; one take leaves it one token short', () => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now });
    const l = limit(10, 1);
    expect(buckets.take('t', l).msUntilNextToken).toBe(100);
    clock.advance(1000);
    // full again before this take; after it 0 tokens, 100 ms to the next
    expect(buckets.take('t', l)).toEqual({ allowed: true, remaining: 0, msUntilNextToken: 100 });
  });

  test('the number of buckets is bounded: full ones go first, then the oldest', () => {
    const clock = fakeClock();
    const buckets = createTokenBuckets<string>({ now: clock.now, maxBuckets: 10 });
    const l = limit(1, 5);
    // 'busy' is emptied, the others used once (4 of 5 left: not full)
    expect(takeMany(buckets, 'busy', l, 5)).toBe(5);
    for (let i = 0; i < 9; i += 1) buckets.take(`k${i}`, l);
    expect(buckets.size).toBe(10);
    clock.advance(1500); // the k buckets are full again, 'busy' holds 1.5 tokens
    buckets.take('new', l);
    expect(buckets.size).toBeLessThanOrEqual(10);
    // 'busy' was not full, so it was kept and is still short of tokens
    expect(takeMany(buckets, 'busy', l, 5)).toBe(1);

    for (let i = 0; i < 50; i += 1) takeMany(buckets, `x${i}`, l, 5); // none full: oldest go
    expect(buckets.size).toBeLessThanOrEqual(10);
  });
});

describe('RateLimit header fields (draft-ietf-httpapi-ratelimit-headers)', () => {
  test.each([
    { l: limit(100, 200), policy: '"tenant";q=100;w=1;rs-burst=200' },
    { l: limit(20_000, 40_000), policy: '"tenant";q=20000;w=1;rs-burst=40000' },
  ])('RateLimit-Policy for $l.ratePerSecond/s burst $l.burst', ({ l, policy }) => {
    expect(rateLimitPolicyField(l)).toBe(policy);
  });

  test.each([
    { result: { allowed: true, remaining: 57, msUntilNextToken: 10 }, field: '"tenant";r=57;t=1' },
    { result: { allowed: true, remaining: 199, msUntilNextToken: 0.05 }, field: '"tenant";r=199;t=1' },
    { result: { allowed: false, remaining: 0, msUntilNextToken: 2500 }, field: '"tenant";r=0;t=3' },
  ])('RateLimit $field', ({ result, field }) => {
    expect(rateLimitField(result)).toBe(field);
  });

  test.each([
    { ms: 0, seconds: 1 },
    { ms: 1, seconds: 1 },
    { ms: 1000, seconds: 1 },
    { ms: 1001, seconds: 2 },
  ])('delay of $ms ms is $seconds s (whole seconds, at least 1)', ({ ms, seconds }) => {
    expect(delaySeconds(ms)).toBe(seconds);
  });

  test('a refusal carries Retry-After no earlier than the RateLimit window', () => {
    const headers = rateLimitedHeaders(limit(1, 3), { allowed: false, remaining: 0, msUntilNextToken: 400 });
    expect(headers).toEqual({
      'Retry-After': '1',
      'RateLimit-Policy': '"tenant";q=1;w=1;rs-burst=3',
      RateLimit: '"tenant";r=0;t=1',
    });
  });
});

/**
 * Token buckets keyed by anything (the gateway keys them by tenant id): each holds up to `burst` tokens,
 * gains `ratePerSecond` tokens a second, and a request takes one or is refused. Pure logic over an
 * injected monotonic clock, so it is tested with a fake one.
 */

export interface BucketLimit {
  /** Tokens added per second: the sustained rate. */
  ratePerSecond: number;
  /** The bucket's size: how many requests may come at once after a quiet spell. */
  burst: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Whole tokens left after this request (0 when refused). */
  remaining: number;
  /** Milliseconds until the next whole token is added (a take always leaves room for one). */
  msUntilNextToken: number;
}

export interface TokenBuckets<K> {
  take(key: K, limit: BucketLimit): TakeResult;
  /** Buckets held (a full bucket may be dropped: it is the same as one never used). */
  readonly size: number;
}

interface Bucket {
  tokens: number;
  /** Clock reading of the last refill. */
  at: number;
  /** The limit the bucket was last used with, to tell later whether it has refilled. */
  limit: BucketLimit;
}

export const DEFAULT_MAX_BUCKETS = 10_000;

function refill(bucket: Bucket, limit: BucketLimit, now: number): void {
  // A clock that went back adds nothing; a lowered burst takes effect at once.
  const elapsedMs = Math.max(0, now - bucket.at);
  bucket.tokens = Math.min(limit.burst, bucket.tokens + (elapsedMs * limit.ratePerSecond) / 1000);
  bucket.at = now;
  bucket.limit = limit;
}

function isFullAt(bucket: Bucket, now: number): boolean {
  const elapsedMs = Math.max(0, now - bucket.at);
  return bucket.tokens + (elapsedMs * bucket.limit.ratePerSecond) / 1000 >= bucket.limit.burst;
}

/**
 * `now` is in milliseconds and must not jump (performance.now in the gateway). At most `maxBuckets` are
 * held: past that, full buckets go first (nothing is lost), then the oldest (which then start full again;
 * only with more active keys than maxBuckets on one gateway).
 */
export function createTokenBuckets<K>(options: { now: () => number; maxBuckets?: number }): TokenBuckets<K> {
  const maxBuckets = options.maxBuckets ?? DEFAULT_MAX_BUCKETS;
  const buckets = new Map<K, Bucket>();

  const makeRoom = (now: number) => {
    const target = Math.max(0, Math.floor(maxBuckets * 0.9));
    for (const [key, bucket] of buckets) {
      if (buckets.size <= target) return;
      if (isFullAt(bucket, now)) buckets.delete(key);
    }
    for (const key of buckets.keys()) {
      if (buckets.size <= target) return;
      buckets.delete(key);
    }
  };

  return {
    take(key, limit) {
      const now = options.now();
      let bucket = buckets.get(key);
      if (bucket) {
        refill(bucket, limit, now);
      } else {
        if (buckets.size >= maxBuckets) makeRoom(now);
        bucket = { tokens: limit.burst, at: now, limit };
        buckets.set(key, bucket);
      }
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      // Time until the token count reaches its next whole number.
      const missing = Math.floor(bucket.tokens) + 1 - bucket.tokens;
      return {
        allowed,
        remaining: Math.floor(bucket.tokens),
        msUntilNextToken: (missing * 1000) / limit.ratePerSecond,
      };
    },
    get size() {
      return buckets.size;
    },
  };
}

import { z } from 'zod';

/**
 * Client idempotency keys (spec "Limits"): their format and how long a key stays used, per tenant. At
 * the base, as every edge (REST, GraphQL, the analytics connector, import rows), the repos, the
 * used-keys cache and the worker's pruner use them.
 */
/** 8 to 64 characters of A-Z a-z 0-9 - _ . (UUIDs fit). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
/** A key may not be reused for 24 hours after its first receipt. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, 'must be 8 to 64 characters of A-Z a-z 0-9 - _ . (a UUID fits)');

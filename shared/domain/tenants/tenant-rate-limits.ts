import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createTenantsRepo, type TenantRow } from '../../repos/tenants.repo';
import type { BucketLimit } from '../../rate-limit/token-bucket';

/** Bounds of an override: far above what one gateway serves, and within the integer columns. */
export const MAX_RATE_LIMIT_RPS = 1_000_000;
export const MAX_RATE_LIMIT_BURST = 10_000_000;

export const rateLimitOverrideSchema = z.object({
  rps: z.number().int().min(1).max(MAX_RATE_LIMIT_RPS),
  burst: z.number().int().min(1).max(MAX_RATE_LIMIT_BURST),
});
export type RateLimitOverride = z.infer<typeof rateLimitOverrideSchema>;

/** A tenant's stored override; null members mean the gateway's RATE_LIMIT_RPS / RATE_LIMIT_BURST. */
export interface TenantRateLimit {
  alias: string;
  rateLimitRps: number | null;
  rateLimitBurst: number | null;
}

/** The bucket a tenant's requests go through on a gateway: its override, else the gateway's defaults. */
export function effectiveRateLimit(
  tenant: Pick<TenantRow, 'rate_limit_rps' | 'rate_limit_burst'>,
  defaults: BucketLimit,
): BucketLimit {
  return {
    ratePerSecond: tenant.rate_limit_rps ?? defaults.ratePerSecond,
    burst: tenant.rate_limit_burst ?? defaults.burst,
  };
}

/**
 * Sets (or, with null, clears) a tenant's rate-limit override. The row change and the cache notification
 * commit together, so every gateway reloads the tenant, and applies the new limit, within its notify latency.
 */
export async function setTenantRateLimit(
  db: Db,
  alias: string,
  override: RateLimitOverride | null,
): Promise<TenantRateLimit> {
  const limit = override === null ? null : rateLimitOverrideSchema.parse(override);
  return db.transaction(async (trx) => {
    const repo = createTenantsRepo(trx);
    const tenant = await repo.findByAlias(alias);
    if (!tenant) throw new AppError('NOT_FOUND', `No tenant with alias "${alias}"`);
    const row = (await repo.setRateLimit(tenant.id, limit))!;
    return { alias: row.alias, rateLimitRps: row.rate_limit_rps, rateLimitBurst: row.rate_limit_burst };
  });
}

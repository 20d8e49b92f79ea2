import type { Config } from '../../../shared/config';
import { AppError } from '../../../shared/errors';

type ShareConfig = Pick<Config, 'MAX_IN_FLIGHT_PER_TENANT'>;

/** Requests in flight per tenant id, one table per gateway (its config object). */
const tables = new WeakMap<ShareConfig, Map<string, number>>();

function tableFor(config: ShareConfig): Map<string, number> {
  let table = tables.get(config);
  if (!table) {
    table = new Map();
    tables.set(config, table);
  }
  return table;
}

/**
 * Runs `next` as one of the tenant's requests in flight on this gateway, at most
 * MAX_IN_FLIGHT_PER_TENANT at once (finding 3: one tenant's key trickling uploads could hold
 * every connection the gateway admits). Over that share the request is refused before its body is read,
 * with Retry-After and the connection closed, so it holds nothing either. Counted from
 * authentication until the answer is written, which covers slow bodies. The refusal is 429 RATE_LIMITED.
 */
export async function withinTenantShare(
  config: ShareConfig,
  tenantId: string,
  next: () => Promise<unknown>,
): Promise<void> {
  const table = tableFor(config);
  const current = table.get(tenantId) ?? 0;
  if (current >= config.MAX_IN_FLIGHT_PER_TENANT) {
    // 429, like the tenant's rate limit: the program's own load, not an outage (no warning, no stack).
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests of this program in flight (${config.MAX_IN_FLIGHT_PER_TENANT}); retry shortly`,
      { headers: { 'Retry-After': '1', Connection: 'close' } },
    );
  }
  table.set(tenantId, current + 1);
  try {
    await next();
  } finally {
    const left = (table.get(tenantId) ?? 1) - 1;
    if (left > 0) table.set(tenantId, left);
    else table.delete(tenantId);
  }
}

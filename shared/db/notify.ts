import type { Knex } from 'knex';
import type { DbOrTrx } from './knex';

/*
 * "A tenant changed" over PostgreSQL NOTIFY, beside the db so repos, the domain and imports can send it
 * inside their transactions, and the gateway's invalidation listener (shared/cache) can read it.
 */

/** The PostgreSQL NOTIFY channel every gateway LISTENs on for changes to what it caches. */
export const CACHE_INVALIDATION_CHANNEL = 'tenant_cache_invalidation';

/**
 * What changed in a tenant, so a gateway drops no more than it must:
 * - `tenant`: the tenant row or its API keys (everything cached for the tenant goes);
 * - `codes`: something every cached code lookup may show (a code owner's name);
 * - `new-code`: a code now exists, so only cached "unknown code" answers go (this one is frequent:
 *   every new user claims a code).
 */
export type InvalidationScope = 'tenant' | 'codes' | 'new-code';

const SCOPES: readonly InvalidationScope[] = ['tenant', 'codes', 'new-code'];

export interface Invalidation {
  tenantId: string;
  scope: InvalidationScope;
}

/** Payload: the tenant id, then `:scope` unless the scope is the whole tenant. */
export function formatInvalidation({ tenantId, scope }: Invalidation): string {
  return scope === 'tenant' ? tenantId : `${tenantId}:${scope}`;
}

/** Undefined for a payload this version does not understand (the caller then drops everything). */
export function parseInvalidation(payload: string | undefined): Invalidation | undefined {
  const match = /^([0-9a-f-]{36})(?::([a-z-]+))?$/i.exec(payload ?? '');
  if (!match) return undefined;
  const scope = (match[2] ?? 'tenant') as InvalidationScope;
  return SCOPES.includes(scope) ? { tenantId: match[1]!.toLowerCase(), scope } : undefined;
}

/**
 * Tells every gateway that a tenant's cached data changed. PostgreSQL delivers a NOTIFY when the
 * transaction commits (and never if it rolls back), so call it inside the transaction that makes the
 * change: listeners then reload only data that already includes it. With `onlyIf`, the notification is
 * sent only when that subquery returns a row (evaluated where the call is, before later statements).
 */
export async function notifyTenantChanged(
  trx: DbOrTrx,
  tenantId: string,
  scope: InvalidationScope = 'tenant',
  onlyIf?: Knex.QueryBuilder,
): Promise<void> {
  const payload = formatInvalidation({ tenantId, scope });
  if (onlyIf) {
    await trx.raw('select pg_notify(?, ?) where exists (?)', [CACHE_INVALIDATION_CHANNEL, payload, onlyIf]);
  } else {
    await trx.raw('select pg_notify(?, ?)', [CACHE_INVALIDATION_CHANNEL, payload]);
  }
}

/**
 * Runs a change and its notification in one transaction: the caller's, or a new one when given the
 * connection pool, so a notification is never sent without its change nor lost after it.
 */
export function inTransaction<T>(trx: DbOrTrx, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return trx.isTransaction ? work(trx as Knex.Transaction) : trx.transaction(work);
}

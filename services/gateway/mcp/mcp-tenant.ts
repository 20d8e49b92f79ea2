import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { tenantAliasOfKey } from '../../../shared/domain/tenants/api-keys';
import type { GatewayDeps, GatewayState } from '../context';

/** Key → tenant alias ('' for none), so a repeated key, good or bad, costs no query for a while. */
const ALIAS_CACHE_SIZE = 10_000;
const ALIAS_CACHE_TTL_MS = 60_000;

/**
 * At `/mcp` the bearer key alone names the tenant: this finds the tenant the (active) key belongs to and
 * puts its alias where `authenticate` reads it, which then checks the key as on every API request (a
 * revoked key, or none, is the same 401). Lookups are cached by the key's hash, bounded, for a minute.
 */
export function tenantFromMcpKey(deps: Pick<GatewayDeps, 'db'>): Middleware<GatewayState> {
  const aliases = new LRUCache<string, string>({ max: ALIAS_CACHE_SIZE, ttl: ALIAS_CACHE_TTL_MS });
  return async (ctx, next) => {
    const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(ctx.get('authorization'));
    if (match) {
      const key = match[1]!;
      let alias = aliases.get(key);
      if (alias === undefined) {
        alias = (await tenantAliasOfKey(deps.db, key)) ?? '';
        aliases.set(key, alias);
      }
      if (alias !== '') (ctx as unknown as { params: Record<string, string> }).params.tenantAlias = alias;
    }
    await next();
  };
}

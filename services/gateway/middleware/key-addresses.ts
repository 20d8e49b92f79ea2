import { LRUCache } from 'lru-cache';
import { noteApiKeyAddress } from '../../../shared/domain/tenants/api-key-addresses';
import type { AuditClient } from '../../../shared/domain/common/audit-log';
import type { GatewayDeps } from '../context';

/** (key, address) pairs this gateway has already recorded, per gateway (its config object). */
const seenByGateway = new WeakMap<object, LRUCache<string, true>>();
const SEEN_MAX = 20_000;

/**
 * The first use of an API key from a client address this gateway has not seen it use: recorded in the
 * background (shared/domain/tenants/api-key-addresses.ts), never delaying or failing the request. A known pair
 * costs one map lookup keyed by what the address is resolved from, so the resolution itself (proxy-addr,
 * a few µs) runs only for a pair not seen before. If the write fails the pair is forgotten, so a later request tries again.
 */
export function noteKeyAddress(
  deps: Pick<GatewayDeps, 'db' | 'config' | 'logger'>,
  input: {
    tenantId: string;
    keyId: string;
    prefix: string;
    /** What the client's address is resolved from: the peer and X-Forwarded-For, as received. */
    seenAs: string;
    /** Resolves the client (TRUSTED_PROXIES, a few µs): only for a pair not seen before. */
    client: () => AuditClient;
  },
): void {
  let seen = seenByGateway.get(deps.config);
  if (!seen) {
    seen = new LRUCache<string, true>({ max: SEEN_MAX });
    seenByGateway.set(deps.config, seen);
  }
  const pair = `${input.keyId}|${input.seenAs}`;
  if (seen.has(pair)) return;
  seen.set(pair, true);
  const client = input.client();
  const { address } = client;
  if (!address) return;
  const { tenantId, keyId, prefix } = input;
  noteApiKeyAddress(deps.db, { tenantId, keyId, prefix, client: { ...client, address } }).catch(
    (err: unknown) => {
      seen.delete(pair);
      deps.logger.warn({ err, keyPrefix: input.prefix }, 'could not record an API key address');
    },
  );
}

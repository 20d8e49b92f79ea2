import { LRUCache } from 'lru-cache';
import { noteApiKeyAddress } from '../../../shared/domain/api-key-addresses';
import type { AuditClient } from '../../../shared/domain/audit-log';
import type { GatewayDeps } from '../context';

/** (key, address) pairs this gateway has already recorded, per gateway (its config object). */
const seenByGateway = new WeakMap<object, LRUCache<string, true>>();
const SEEN_MAX = 20_000;

/**
 * The first use of an API key from a client address this gateway has not seen it use: recorded in the
 * background (shared/domain/api-key-addresses.ts), never delaying or failing the request. A known pair
 * costs one map lookup. If the write fails the pair is forgotten, so a later request tries again.
 */
export function noteKeyAddress(
  deps: Pick<GatewayDeps, 'db' | 'config' | 'logger'>,
  input: { tenantId: string; keyId: string; prefix: string; client: AuditClient },
): void {
  const { address } = input.client;
  if (!address) return;
  let seen = seenByGateway.get(deps.config);
  if (!seen) {
    seen = new LRUCache<string, true>({ max: SEEN_MAX });
    seenByGateway.set(deps.config, seen);
  }
  const pair = `${input.keyId}|${address}`;
  if (seen.has(pair)) return;
  seen.set(pair, true);
  noteApiKeyAddress(deps.db, { ...input, client: { ...input.client, address } }).catch((err: unknown) => {
    seen.delete(pair);
    deps.logger.warn({ err, keyPrefix: input.prefix }, 'could not record an API key address');
  });
}

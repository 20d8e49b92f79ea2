import type { IncomingMessage } from 'node:http';
import type { AuditClient } from '../../shared/domain/common/audit-log';
import { clientAddressResolver } from './client-address';

const resolvers = new Map<string, (req: IncomingMessage) => string>();

/**
 * The client behind a request, for an audit entry: its address as client-address.ts resolves it (only
 * TRUSTED_PROXIES may name another) and its User-Agent (recordAudit cuts it short).
 */
export function auditClientOf(
  ctx: { req: IncomingMessage; get(field: string): string },
  config: { TRUSTED_PROXIES?: string | undefined },
): AuditClient {
  const key = config.TRUSTED_PROXIES ?? '';
  let resolve = resolvers.get(key);
  if (!resolve) {
    resolve = clientAddressResolver(config.TRUSTED_PROXIES);
    resolvers.set(key, resolve);
  }
  return { address: resolve(ctx.req), userAgent: ctx.get('user-agent') || null };
}

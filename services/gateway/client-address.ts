import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { trustedProxyList } from '../../shared/config';

/**
 * The browser's address for a request: the connection's address, or, when that is one of
 * TRUSTED_PROXIES, the nearest X-Forwarded-For entry not added by a trusted proxy (`proxy-addr`, as
 * Express does). IPv4 addresses carried as IPv6 (::ffff:203.0.113.7) are given in IPv4 form.
 */
export function clientAddressResolver(trustedProxies: string | undefined): (req: IncomingMessage) => string {
  const trust = proxyaddr.compile(trustedProxyList(trustedProxies));
  return (req) => proxyaddr(req, trust).replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

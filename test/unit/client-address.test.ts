import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../../shared/config';
import { clientAddressResolver } from '../../services/gateway/client-address';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe("a browser's address (TRUSTED_PROXIES)", () => {
  test('without trusted proxies the connection is the client, whatever X-Forwarded-For says', () => {
    const resolve = clientAddressResolver(undefined);
    expect(resolve(request('198.51.100.20', '203.0.113.7'))).toBe('198.51.100.20');
    expect(resolve(request('::ffff:127.0.0.1'))).toBe('127.0.0.1');
  });

  test('behind trusted proxies, the nearest address they did not add', () => {
    const resolve = clientAddressResolver('10.0.0.0/8, loopback');
    expect(resolve(request('10.1.2.3', '203.0.113.7'))).toBe('203.0.113.7');
    // A client's own forged entry sits left of what the proxies added: it is not believed.
    expect(resolve(request('10.1.2.3', '1.2.3.4, 203.0.113.7, 10.9.9.9'))).toBe('203.0.113.7');
    // An untrusted connection's header is ignored.
    expect(resolve(request('198.51.100.20', '203.0.113.7'))).toBe('198.51.100.20');
  });

  test('a bad TRUSTED_PROXIES is a configuration error naming it', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, not-an-address' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ TRUSTED_PROXIES: 'loopback, 192.168.0.0/16' }).TRUSTED_PROXIES).toBe(
      'loopback, 192.168.0.0/16',
    );
  });
});

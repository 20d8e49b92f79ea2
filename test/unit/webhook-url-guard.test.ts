/**
 * The SSRF guard of outbound webhooks (shared/net/url-guard.ts): every refused address range in its
 * IPv4, IPv6 and IPv4-in-IPv6 forms, the WHATWG parser's numeric host forms (decimal, hex, octal,
 * shortened), user info, schemes, http without WEBHOOK_ALLOW_HTTP, host names that resolve to a private
 * address (any one of several), the allow switch, and the pinned lookup a delivery connects through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addressProblem,
  pinnedLookup,
  UnsafeUrlError,
  vetWebhookUrl,
  type ResolvedAddress,
  type UrlGuardOptions,
} from '../../shared/net/url-guard';

const strict: UrlGuardOptions = { allowHttp: false, allowPrivateAddresses: false };
/** A resolver that knows a few names and nothing else (no network in unit tests). */
const zone: Record<string, ResolvedAddress[]> = {
  'hooks.example.com': [{ address: '93.184.215.14', family: 4 }],
  'v6.example.com': [{ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }],
  'internal.example.com': [{ address: '10.1.2.3', family: 4 }],
  'mixed.example.com': [
    { address: '93.184.215.14', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'mapped.example.com': [{ address: '::ffff:169.254.169.254', family: 6 }],
};
const lookup = async (host: string) => {
  const answer = zone[host];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answer;
};
const vet = (url: string, options: Partial<UrlGuardOptions> = {}) =>
  vetWebhookUrl(url, { ...strict, lookup, ...options });
const refusal = async (url: string, options: Partial<UrlGuardOptions> = {}) => {
  const err = await vet(url, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UnsafeUrlError);
  return (err as Error).message;
};

describe('addressProblem', () => {
  test.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    // IPv4 inside IPv6: mapped (both spellings), compatible, NAT64 and 6to4.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['::10.0.0.1', 'private'],
    ['::169.254.169.254', 'link-local'],
    // IPv4-translated (SIIT), local-use NAT64 and Teredo forms.
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::ffff:0:a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::7f00:1', 'NAT64 (local-use)'],
    ['64:ff9b:1:7f00:0:1::', 'NAT64 (local-use)'],
    ['64:ff9b:1::8.8.8.8', 'NAT64 (local-use)'],
    ['64:ff9b:1::169.254.169.254', 'link-local'],
    ['64:ff9b:1:a9fe:a9:fe00::', 'link-local'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo tunnel'],
    ['2001::7f00:1', 'Teredo tunnel'],
    ['2001:0:a9fe:a9fe::', 'link-local'],
    ['2001::5601:5601', 'link-local'],
    // Cloud metadata services.
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['::ffff:100.100.100.200', 'metadata'],
    ['not-an-ip', 'not an IP address'],
  ])('%s is %s', (address, problem) => {
    expect(addressProblem(address)).toBe(problem);
  });

  test.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '11.0.0.1',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('%s is public', (address) => {
    expect(addressProblem(address)).toBeNull();
  });
});

describe('vetWebhookUrl', () => {
  test('a public https host passes, with its resolved addresses', async () => {
    const vetted = await vet('https://hooks.example.com/in?x=1');
    expect(vetted.url.href).toBe('https://hooks.example.com/in?x=1');
    expect(vetted.addresses).toEqual([{ address: '93.184.215.14', family: 4 }]);
    expect((await vet('https://v6.example.com/')).addresses[0]!.family).toBe(6);
    expect((await vet('https://[2001:4860:4860::8888]/h')).addresses).toEqual([
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
  });

  test.each([
    ['http://2130706433/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://0x7f000001/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://127.1/', 'loopback'],
    ['https://017700000001/', 'loopback'],
    ['https://0/', 'unspecified'],
    ['https://[::1]:8443/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::ffff:169.254.169.254]/latest/meta-data', 'link-local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[fd00::1]/', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://100.100.100.200/', 'metadata'],
    ['https://[fd00:ec2::254]/latest/meta-data', 'metadata'],
    ['https://[::ffff:0:127.0.0.1]/', 'loopback'],
    ['https://[64:ff9b:1::a00:1]/', 'NAT64 (local-use)'],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'Teredo tunnel'],
    ['https://192.168.0.1./', 'private'],
    ['https://internal.example.com/', 'private'],
    ['https://mixed.example.com/', 'loopback'],
    ['https://mapped.example.com/', 'link-local'],
  ])('%s is refused as %s', async (url, problem) => {
    expect(await refusal(url, url.startsWith('http:') ? { allowHttp: true } : {})).toContain(
      `a ${problem} address`,
    );
  });

  test('localhost resolves (really) to loopback and is refused', async () => {
    const message = await refusal('https://localhost/', { lookup: undefined });
    expect(message).toContain('loopback');
  });

  test('http needs WEBHOOK_ALLOW_HTTP', async () => {
    expect(await refusal('http://hooks.example.com/')).toBe('must use https (plain http is not allowed)');
    await expect(vet('http://hooks.example.com/', { allowHttp: true })).resolves.toMatchObject({
      hostname: 'hooks.example.com',
    });
  });

  test.each([
    'ftp://hooks.example.com/',
    'file:///etc/passwd',
    'gopher://hooks.example.com/',
    'javascript:alert(1)',
    'data:text/plain,hi',
    'ws://hooks.example.com/',
  ])('scheme of %s is refused', async (url) => {
    expect(await refusal(url, { allowHttp: true })).toBe('must be an https URL');
  });

  test.each([
    'https://user:pass@hooks.example.com/',
    'https://user@hooks.example.com/',
    'https://:pass@hooks.example.com/',
    // The userinfo trick: the host is 127.0.0.1, not hooks.example.com.
    'https://hooks.example.com@127.0.0.1/',
  ])('user info in %s is refused', async (url) => {
    expect(await refusal(url)).toBe('must not contain a user name or password');
  });

  test('not a URL, too long, or a host that does not resolve', async () => {
    expect(await refusal('hooks.example.com/in')).toContain('absolute URL');
    expect(await refusal('')).toContain('absolute URL');
    expect(await refusal(`https://hooks.example.com/${'a'.repeat(2100)}`)).toContain('at most 2048');
    expect(await refusal('https://nowhere.example.com/')).toBe('host nowhere.example.com does not resolve');
    expect(await refusal('https://empty.example.com/', { lookup: async () => [] })).toContain(
      'does not resolve',
    );
    const never = () => new Promise<ResolvedAddress[]>(() => undefined);
    expect(await refusal('https://slow.example.com/', { lookup: never, lookupTimeoutMs: 50 })).toBe(
      'host slow.example.com did not resolve in time',
    );
  });

  test('WEBHOOK_ALLOW_PRIVATE_ADDRESSES lets private and loopback hosts through (still https rules)', async () => {
    const open = { allowPrivateAddresses: true };
    await expect(vet('https://127.0.0.1:9/', open)).resolves.toMatchObject({
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    await expect(vet('https://internal.example.com/', open)).resolves.toMatchObject({
      addresses: [{ address: '10.1.2.3', family: 4 }],
    });
    expect(await refusal('http://127.0.0.1/', open)).toContain('https');
    expect(await refusal('https://u:p@127.0.0.1/', open)).toContain('user name');
  });

  test.each([
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://[::ffff:169.254.169.254]/', 'link-local'],
    ['https://[::ffff:0:169.254.169.254]/', 'link-local'],
    ['https://[64:ff9b:1::169.254.169.254]/', 'link-local'],
    ['https://[2001::5601:5601]/', 'link-local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[fd00:ec2::254]/', 'metadata'],
    ['https://100.100.100.200/', 'metadata'],
    ['https://mapped.example.com/', 'link-local'],
  ])('%s is refused as %s even with WEBHOOK_ALLOW_PRIVATE_ADDRESSES (npm start)', async (url, problem) => {
    const open = { allowPrivateAddresses: true, allowHttp: true };
    expect(await refusal(url, open)).toContain(`a ${problem} address`);
  });
});

describe('pinnedLookup', () => {
  test('a request connects to the vetted address whatever DNS would say now', async () => {
    const server = http.createServer((_req, res) => res.end('pinned'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // The URL names a host that exists nowhere; the pinned lookup answers the vetted address.
      const vetted = await vetWebhookUrl(`http://rebinding.invalid:${port}/`, {
        allowHttp: true,
        allowPrivateAddresses: true,
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      const body = await new Promise<string>((resolve, reject) => {
        const req = http.get(vetted.url, { lookup: pinnedLookup(vetted) as never }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(text));
        });
        req.on('error', reject);
      });
      expect(body).toBe('pinned');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

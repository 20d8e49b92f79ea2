/**
 * The Temporal connection settings (shared/temporal-config.ts, read with @temporalio/envconfig): the
 * standard TEMPORAL_* variables and TOML profiles reach every connection's options, and a bad setting
 * is a ConfigError naming it. The API key is checked on the wire, against a stand-in gRPC server.
 */
import fs from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { pingTemporal, registerSearchAttributes } from '../../shared/temporal/client';
import { TemporalSettingsError } from '../../shared/temporal/connection-check';
import { connectTemporal, nativeConnectionOptions, temporalOptions } from '../../shared/temporal/connection';
import { connectWorkerToTemporal } from '../../shared/temporal/worker-connection';
import { createTestPki, type TestPki } from '../helpers/test-pki';

let pki: TestPki & { dispose(): void };
let client: { cert: string; key: string };
let other: { cert: string; key: string };
const file = (name: string, text: string) => {
  const at = path.join(pki.dir, name);
  fs.writeFileSync(at, text);
  return at;
};

beforeAll(() => {
  pki = createTestPki('settings');
  client = pki.issue('client', 'clientAuth');
  other = pki.issue('other', 'clientAuth');
});
afterAll(() => pki.dispose());

/** A stand-in gRPC server (plain HTTP/2) that answers every call with this status and records the headers. */
async function standIn(status: number, message: string) {
  const seen: http2.IncomingHttpHeaders[] = [];
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    seen.push(headers);
    const answer = {
      'content-type': 'application/grpc',
      'grpc-status': String(status),
      'grpc-message': message,
    };
    stream.respond({ ':status': 200, ...answer }, { endStream: true }); // a trailers-only response
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen };
}

describe('an API key', () => {
  test('reaches the client and the worker connection options, with TLS on', () => {
    const config = loadConfig({ TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233', TEMPORAL_API_KEY: 'key-1' });
    expect(temporalOptions(config)).toMatchObject({
      address: 'ns.acct.tmprl.cloud:7233',
      apiKey: 'key-1',
      tls: true,
    });
    expect(nativeConnectionOptions(config)).toMatchObject({ apiKey: 'key-1', tls: true });
  });

  test('is sent as a bearer token with the gRPC headers; a refusal stops the worker at once, naming it', async () => {
    // Temporal Cloud's answer to a wrong key.
    const { server, seen } = await standIn(16, 'Request unauthorized');
    try {
      const config = loadConfig({
        TEMPORAL_ADDRESS: `127.0.0.1:${(server.address() as AddressInfo).port}`,
        TEMPORAL_API_KEY: 'key-2',
        TEMPORAL_TLS: 'false', // the stand-in speaks plain HTTP/2
        TEMPORAL_GRPC_META_X_DEPLOYMENT: 'eu-1',
      });
      const temporal = connectTemporal(config);
      await expect(pingTemporal(temporal)).rejects.toMatchObject({ code: 16 });
      await temporal.close();
      const failure = await connectWorkerToTemporal(
        config,
        createLogger({ level: 'silent', name: 't' }),
      ).then(
        () => new Error('connected'),
        (err: Error) => err,
      );
      expect(failure).toBeInstanceOf(TemporalSettingsError);
      expect(failure.message).toMatch(/refused TEMPORAL_API_KEY for namespace default/);
      expect(seen.length).toBe(2); // one call each: no retries
      for (const headers of seen) {
        expect(headers).toMatchObject({ authorization: 'Bearer key-2', 'x-deployment': 'eu-1' });
      }
    } finally {
      server.close();
    }
  });
});

test("Temporal Cloud's refusal to list search attributes is logged and the worker goes on", async () => {
  const refused = await standIn(7, 'Request unauthorized');
  const broken = await standIn(3, 'bad request');
  try {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) };
    const temporal = (stub: http2.Http2Server) =>
      connectTemporal(
        loadConfig({
          TEMPORAL_ADDRESS: `127.0.0.1:${(stub.address() as AddressInfo).port}`,
          TEMPORAL_TLS: 'false',
        }),
      );
    const cloud = temporal(refused.server);
    await registerSearchAttributes(cloud, logger);
    expect(JSON.stringify(warnings)).toContain('must exist in the namespace');
    await cloud.close();
    const other = temporal(broken.server);
    await expect(registerSearchAttributes(other, logger)).rejects.toMatchObject({ code: 3 });
    await other.close();
  } finally {
    refused.server.close();
    broken.server.close();
  }
});

describe('a TOML profile', () => {
  const toml = () =>
    file(
      'temporal.toml',
      [
        '[profile.default]',
        'address = "localhost:7233"',
        '',
        '[profile.cluster]',
        'address = "temporal.internal:7233"',
        'namespace = "referrals"',
        '[profile.cluster.tls]',
        `client_cert_path = "${client.cert}"`,
        `client_key_path = "${client.key}"`,
        `server_ca_cert_path = "${pki.ca.cert}"`,
        'server_name = "temporal.internal"',
        '[profile.cluster.grpc_meta]',
        'x-team = "growth"',
      ].join('\n'),
    );

  test('TEMPORAL_PROFILE picks it from TEMPORAL_CONFIG_FILE: address, namespace, mTLS', () => {
    const config = loadConfig({ TEMPORAL_CONFIG_FILE: toml(), TEMPORAL_PROFILE: 'cluster' });
    expect(config).toMatchObject({
      temporalAddress: 'temporal.internal:7233',
      temporalAddressExplicit: true, // so the launcher starts no dev server
      TEMPORAL_NAMESPACE: 'referrals',
    });
    const { tls, metadata } = temporalOptions(config);
    expect(tls).toMatchObject({ serverNameOverride: 'temporal.internal' });
    const pair = (tls as { clientCertPair: { crt: Uint8Array; key: Uint8Array } }).clientCertPair;
    expect(Buffer.from(pair.crt).toString()).toBe(fs.readFileSync(client.cert, 'utf8'));
    expect(metadata).toEqual({ 'x-team': 'growth' });
  });

  test('TEMPORAL_* variables override it, and without TEMPORAL_PROFILE the default profile is read', () => {
    const overridden = loadConfig({
      TEMPORAL_CONFIG_FILE: toml(),
      TEMPORAL_PROFILE: 'cluster',
      TEMPORAL_NAMESPACE: 'other',
      TEMPORAL_TLS_SERVER_NAME: 'temporal.example.com',
    });
    expect(overridden.TEMPORAL_NAMESPACE).toBe('other');
    expect(temporalOptions(overridden).tls).toMatchObject({ serverNameOverride: 'temporal.example.com' });
    const byDefault = loadConfig({ TEMPORAL_CONFIG_FILE: toml() });
    expect(byDefault).toMatchObject({ temporalAddress: 'localhost:7233', TEMPORAL_NAMESPACE: 'default' });
    expect(temporalOptions(byDefault).tls).toBeUndefined();
  });

  test("the CLI's default file (~/.config/temporalio/temporal.toml) is read when no file is named", () => {
    const home = path.join(pki.dir, 'home');
    fs.mkdirSync(path.join(home, '.config', 'temporalio'), { recursive: true });
    fs.copyFileSync(toml(), path.join(home, '.config', 'temporalio', 'temporal.toml'));
    expect(loadConfig({ HOME: home, TEMPORAL_PROFILE: 'cluster' }).temporalAddress).toBe(
      'temporal.internal:7233',
    );
    expect(loadConfig({}).temporalAddressExplicit).toBe(false); // no HOME: nothing read
    // The documented way to keep a process off that file: a file without profiles.
    const off = loadConfig({ HOME: home, TEMPORAL_CONFIG_FILE: '/dev/null' });
    expect(off).toMatchObject({ temporalAddress: '127.0.0.1:7233', temporalAddressExplicit: false });
  });
});

describe('a bad setting is a ConfigError naming it', () => {
  const cases: [string, () => Record<string, string>, RegExp][] = [
    ['TEMPORAL_TLS not a boolean', () => ({ TEMPORAL_TLS: 'yes' }), /^ {2}TEMPORAL_TLS:/m],
    ['an API key with a line break', () => ({ TEMPORAL_API_KEY: 'abc\n' }), /^ {2}TEMPORAL_API_KEY:/m],
    [
      'host verification off',
      () => ({ TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: 'true' }),
      /TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: is not supported/,
    ],
    [
      'a missing certificate file',
      () => ({
        TEMPORAL_ADDRESS: 'h:1',
        TEMPORAL_TLS_CLIENT_CERT_PATH: '/nonexistent/client.pem',
        TEMPORAL_TLS_CLIENT_KEY_PATH: client.key,
      }),
      /TEMPORAL_TLS_CLIENT_CERT_PATH \(\/nonexistent\/client\.pem\): cannot read the file \(ENOENT\)/,
    ],
    [
      'a key where the certificate belongs',
      () => ({
        TEMPORAL_ADDRESS: 'h:1',
        TEMPORAL_TLS_CLIENT_CERT_PATH: client.key,
        TEMPORAL_TLS_CLIENT_KEY_PATH: client.key,
      }),
      /TEMPORAL_TLS_CLIENT_CERT_PATH .*: not a PEM certificate/,
    ],
    [
      'a certificate without its key',
      () => ({ TEMPORAL_ADDRESS: 'h:1', TEMPORAL_TLS_CLIENT_CERT_PATH: client.cert }),
      /TEMPORAL_TLS_CLIENT_KEY_PATH: must be set with TEMPORAL_TLS_CLIENT_CERT_PATH/,
    ],
    [
      "another certificate's key",
      () => ({
        TEMPORAL_ADDRESS: 'h:1',
        TEMPORAL_TLS_CLIENT_CERT_PATH: client.cert,
        TEMPORAL_TLS_CLIENT_KEY_PATH: other.key,
      }),
      /TEMPORAL_TLS_CLIENT_KEY_PATH \(.*other\.key\): is not the key of TEMPORAL_TLS_CLIENT_CERT_PATH/,
    ],
    ['an API key without an address', () => ({ TEMPORAL_API_KEY: 'k' }), /TEMPORAL_ADDRESS: must be set/],
    [
      'a missing config file',
      () => ({ TEMPORAL_CONFIG_FILE: '/nonexistent.toml' }),
      /TEMPORAL_CONFIG_FILE: cannot read \/nonexistent\.toml/,
    ],
    [
      'a file that is not TOML',
      () => ({ TEMPORAL_CONFIG_FILE: file('bad.toml', '[profile.x\n') }),
      /TEMPORAL_CONFIG_FILE: .*bad\.toml is not valid TOML/,
    ],
    [
      'a profile the file lacks',
      () => ({
        TEMPORAL_CONFIG_FILE: file('one.toml', '[profile.a]\naddress = "h:1"\n'),
        TEMPORAL_PROFILE: 'b',
      }),
      /TEMPORAL_PROFILE: no profile "b" in .*one\.toml \(it has a\)/,
    ],
    [
      'a profile value of the wrong type',
      () => ({ TEMPORAL_CONFIG_FILE: file('n.toml', '[profile.default]\naddress = 7233\n') }),
      /address in profile "default" of .*n\.toml: .*expected string/,
    ],
    [
      "a profile's certificate path that does not exist",
      () => ({
        TEMPORAL_CONFIG_FILE: file(
          'p.toml',
          '[profile.default]\naddress = "h:1"\n[profile.default.tls]\nserver_ca_cert_path = "/nonexistent/ca.pem"\n',
        ),
      }),
      /tls\.server_ca_cert_path in profile "default" of .*p\.toml \(\/nonexistent\/ca\.pem\): cannot read the file/,
    ],
  ];
  test.each(cases)('%s', (_case, env, message) => {
    const load = () => loadConfig(env());
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });
});

/**
 * A Temporal cluster with mTLS: the suite's dev server behind a TLS-terminating proxy (ALPN h2) that
 * wants a client certificate from the test CA. The gateway and the worker take the standard TEMPORAL_TLS_*
 * settings (shared/temporal-config.ts), run the self-check workflow through the proxy, and stop at start
 * with a message naming the setting when Temporal refuses their certificates.
 */
import { createDb } from '../../../shared/db/knex';
import { createMetrics } from '../../../shared/metrics';
import { TemporalSettingsError } from '../../../shared/temporal/connection-check';
import { startWorkflowOnce } from '../../../shared/temporal/start-workflow';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { selfCheckWorkflow } from '../../../workflows/self-check.workflow';
import { eventually, startTestGateway, startTestWorker, testConfig } from '../../helpers/harness';
import { createTestPki, type TestPki } from '../../helpers/test-pki';
import { startTlsProxy, type TlsProxy } from '../../helpers/tls-proxy';

const [devHost, devPort] = process.env.TEST_TEMPORAL_ADDRESS!.split(':') as [string, string];
let pki: TestPki & { dispose(): void };
let otherPki: TestPki & { dispose(): void };
let proxy: TlsProxy;
let client: { cert: string; key: string };
let foreignClient: { cert: string; key: string };

beforeAll(async () => {
  pki = createTestPki('cluster');
  otherPki = createTestPki('other');
  client = pki.issue('client', 'clientAuth');
  foreignClient = otherPki.issue('client', 'clientAuth');
  proxy = await startTlsProxy({
    target: { host: devHost, port: Number(devPort) },
    server: pki.issue('server', 'serverAuth'),
    clientCa: pki.ca.cert,
  });
});

afterAll(async () => {
  await proxy.close();
  pki.dispose();
  otherPki.dispose();
});

/** The suite's config with Temporal reached through the proxy, with these TLS settings. */
const viaProxy = (tls: Record<string, string>) =>
  testConfig({
    TEMPORAL_ADDRESS: proxy.address,
    TEMPORAL_TLS_SERVER_CA_CERT_PATH: pki.ca.cert,
    TEMPORAL_TLS_SERVER_NAME: 'localhost',
    ...tls,
  });

test('the gateway and the worker run the self-check through Temporal behind mTLS', async () => {
  const config = viaProxy({
    TEMPORAL_TLS_CLIENT_CERT_PATH: client.cert,
    TEMPORAL_TLS_CLIENT_KEY_PATH: client.key,
  });
  const worker = await startTestWorker(config);
  const gateway = await startTestGateway({ config });
  try {
    // The connection is lazy: its first TLS handshake may still be under way on a busy machine.
    await eventually(
      'the gateway reaches Temporal through the proxy',
      async () => (await fetch(`${gateway.url}/readyz`)).ok,
    );
    const ready = await fetch(`${gateway.url}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({
      status: 200,
      body: { checks: { temporal: 'ok' } },
    });
    // The launcher's self-check, started with the gateway's client and run by the worker, both over TLS.
    const { handle, started } = await startWorkflowOnce(
      gateway.deps.temporal,
      createMetrics({ collectDefaults: false }),
      {
        workflow: selfCheckWorkflow,
        workflowId: workflowIds.selfCheck(`tls-${Date.now()}`),
        args: [{ requestedBy: 'tls-test' }],
        tenantAlias: 'system',
        entityId: 'self-check',
        kind: 'system',
        summary: 'self check over mTLS',
      },
    );
    expect(started).toBe(true);
    const result = await handle.result();
    expect(result).toMatchObject({
      requestedBy: 'tls-test',
      database: { database: new URL(config.databaseUrl).pathname.slice(1) },
    });
    expect(proxy.rejected).toEqual([]);
  } finally {
    await gateway.close();
    await worker.close();
  }
});

test('a client certificate from another CA: the worker stops at start naming TEMPORAL_TLS_CLIENT_CERT_PATH', async () => {
  const config = viaProxy({
    TEMPORAL_TLS_CLIENT_CERT_PATH: foreignClient.cert,
    TEMPORAL_TLS_CLIENT_KEY_PATH: foreignClient.key,
  });
  const started = Date.now();
  const failure = await startTestWorker(config).then(
    () => new Error('the worker started'),
    (err: Error) => err,
  );
  expect(failure).toBeInstanceOf(TemporalSettingsError);
  expect(failure.message).toContain(`TEMPORAL_TLS_CLIENT_CERT_PATH (${foreignClient.cert})`);
  expect(Date.now() - started).toBeLessThan(15_000); // not the 30 attempts an outage gets
  expect(proxy.rejected.length).toBeGreaterThan(0);
});

test.each([
  ['no client certificate', () => ({}), /requires a TLS client certificate .*TEMPORAL_TLS_CLIENT_CERT_PATH/],
  [
    "a server CA that did not sign the server's certificate",
    () => ({
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: otherPki.ca.cert,
      TEMPORAL_TLS_CLIENT_CERT_PATH: client.cert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: client.key,
    }),
    /not trusted by TEMPORAL_TLS_SERVER_CA_CERT_PATH/,
  ],
  [
    'a server name the certificate does not carry',
    () => ({
      TEMPORAL_TLS_SERVER_NAME: 'temporal.example.com',
      TEMPORAL_TLS_CLIENT_CERT_PATH: client.cert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: client.key,
    }),
    /not valid for that name.*TEMPORAL_TLS_SERVER_NAME \(temporal\.example\.com\)/,
  ],
])('%s: the gateway stops at start naming the setting', async (_case, tls, message) => {
  const config = viaProxy(tls());
  const db = createDb({ url: config.databaseUrl, poolMax: 1 });
  try {
    const failure = await startTestGateway({ config, db }).then(
      () => new Error('the gateway started'),
      (err: Error) => err,
    );
    expect(failure).toBeInstanceOf(TemporalSettingsError);
    expect(failure.message).toMatch(message);
  } finally {
    await db.destroy();
  }
});

/**
 * Install step 3: connecting the payment processor through GraphQL, with the private key sealed at rest.
 * The gateway checks the keys with Braintree first: here the local stand-in, which knows each merchant by
 * the keys of its first call (processor-key-check.test.ts covers refused keys and an unreachable Braintree).
 */
import { startProcessorSandbox, type ProcessorSandbox } from '../../../services/processor-sandbox/sandbox';
import { createTenant } from '../../../shared/domain/tenants/tenants';
import { startTestGateway, testConfig, uniqueAlias, type TestGateway } from '../../helpers/harness';
import { merchantKeys } from '../../helpers/processor';
import { keyApi } from '../../helpers/api-client';

const CONNECT = /* GraphQL */ `
  mutation C($input: ConnectPaymentProcessorInput!) {
    connectPaymentProcessor(input: $input) {
      processor
      merchantId
      publicKey
      environment
      webhookUrl
      connectedAt
    }
  }
`;
const READ = /* GraphQL */ `
  {
    paymentProcessor {
      processor
      merchantId
      publicKey
      environment
      webhookUrl
    }
  }
`;
const DISCONNECT = /* GraphQL */ `
  mutation {
    disconnectPaymentProcessor
  }
`;

/** A merchant account of its own at the stand-in, so one test's keys never meet another's. */
const merchant = () => ({ processor: 'BRAINTREE', ...merchantKeys('conn') });
const keyChecks = (merchantId: string) =>
  sandbox
    .calls()
    .filter((c) => c.merchantId === merchantId && c.path === `/merchants/${merchantId}/discounts`);

let sandbox: ProcessorSandbox;
let gw: TestGateway;
beforeAll(async () => {
  sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  gw = await startTestGateway({ config: testConfig({ PROCESSOR_BASE_URL: sandbox.url }) });
});
afterAll(async () => {
  await gw?.close();
  await sandbox?.close();
});

async function tenant(prefix: string) {
  const issued = await createTenant(gw.deps.db, { alias: uniqueAlias(prefix) });
  const { id } = await gw.deps.db('tenants').where({ alias: issued.alias }).first('id');
  const gql = async (query: string, variables: Record<string, unknown> = {}, target = gw) => {
    const res = await keyApi(target, issued).call('POST', '/graphql', { query, variables });
    return { status: res.status, body: res.body };
  };
  return { ...issued, id: id as string, gql };
}

test('connecting checks the keys with Braintree, stores them with the private key sealed, and never returns it', async () => {
  const t = await tenant('live');
  const input = merchant();
  const before = Date.now();
  const res = await t.gql(CONNECT, { input });
  expect(res.body.errors).toBeUndefined();
  const connection = res.body.data.connectPaymentProcessor;
  expect(connection).toEqual({
    processor: 'BRAINTREE',
    merchantId: input.merchantId,
    publicKey: input.publicKey,
    environment: 'PRODUCTION',
    webhookUrl: `${gw.deps.config.publicUrl}/api/v1/${t.alias}/processor/braintree/webhook`,
    connectedAt: expect.any(Number),
  });
  expect(connection.connectedAt).toBeGreaterThanOrEqual(before - 1000);
  expect(JSON.stringify(res.body)).not.toContain(input.privateKey);
  // One authenticated read at Braintree, with the keys given.
  expect(keyChecks(input.merchantId)).toEqual([
    expect.objectContaining({ method: 'GET', status: 200, fault: null }),
  ]);
  expect(sandbox.state(input.merchantId)!.publicKey).toBe(input.publicKey);

  const row = await gw.deps.db('processor_connections').where({ tenant_id: t.id }).first();
  expect(row.private_key_sealed).toMatch(/^v1\./);
  expect(JSON.stringify(row)).not.toContain(input.privateKey);
  expect(gw.deps.secretBox!.open(row.private_key_sealed, t.id)).toBe(input.privateKey);

  expect((await t.gql(READ)).body.data.paymentProcessor).toMatchObject({
    merchantId: input.merchantId,
    environment: 'PRODUCTION',
  });
});

test('a test-mode tenant connects to the SANDBOX', async () => {
  const t = await tenant('test');
  expect(t.alias.startsWith('test_')).toBe(true);
  const res = await t.gql(CONNECT, { input: merchant() });
  expect(res.body.data.connectPaymentProcessor.environment).toBe('SANDBOX');
});

test('connecting again replaces the keys; disconnecting removes them', async () => {
  const t = await tenant('live');
  const [first, second] = [merchant(), merchant()];
  expect((await t.gql(CONNECT, { input: first })).body.errors).toBeUndefined();
  const again = await t.gql(CONNECT, { input: second });
  expect(again.body.data.connectPaymentProcessor).toMatchObject({
    merchantId: second.merchantId,
    publicKey: second.publicKey,
  });
  const row = await gw.deps.db('processor_connections').where({ tenant_id: t.id });
  expect(row).toHaveLength(1);
  expect(gw.deps.secretBox!.open(row[0].private_key_sealed, t.id)).toBe(second.privateKey);

  expect((await t.gql(DISCONNECT)).body.data.disconnectPaymentProcessor).toBe(true);
  expect((await t.gql(READ)).body.data.paymentProcessor).toBeNull();
  expect((await t.gql(DISCONNECT)).body.data.disconnectPaymentProcessor).toBe(false);
  expect(await gw.deps.db('processor_connections').where({ tenant_id: t.id })).toHaveLength(0);
});

test('one tenant never sees another tenant’s connection', async () => {
  const a = await tenant('live');
  const b = await tenant('live');
  expect((await a.gql(CONNECT, { input: merchant() })).body.errors).toBeUndefined();
  expect((await b.gql(READ)).body.data.paymentProcessor).toBeNull();
});

test.each([
  ['an empty private key', { privateKey: '' }, 'input.privateKey'],
  ['a merchant id with spaces', { merchantId: 'my merchant' }, 'input.merchantId'],
  ['an over-long public key', { publicKey: 'x'.repeat(65) }, 'input.publicKey'],
])('rejects %s, naming the field, and stores nothing (without asking Braintree)', async (_, change, path) => {
  const t = await tenant('live');
  const callsBefore = sandbox.calls().length;
  const res = await t.gql(CONNECT, { input: { ...merchant(), ...change } });
  expect(res.body.data).toBeNull();
  expect(res.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(res.body.errors[0].extensions.validationErrors.map((v: { path: string }) => v.path)).toContain(path);
  expect(await gw.deps.db('processor_connections').where({ tenant_id: t.id })).toHaveLength(0);
  expect(sandbox.calls()).toHaveLength(callsBefore);
});

test('an unknown processor is a GraphQL validation error', async () => {
  const t = await tenant('live');
  const res = await t.gql(CONNECT, { input: { ...merchant(), processor: 'PADDLE' } });
  expect(res.body.errors[0].message).toMatch(/PADDLE/);
});

test("Stripe's fields on a Braintree connection, or Braintree's missing, are named", async () => {
  const t = await tenant('live');
  const { merchantId: _, ...partial } = merchant();
  const res = await t.gql(CONNECT, {
    input: { ...partial, processor: 'BRAINTREE', secretKey: 'sk_live_abcdefghij' },
  });
  const paths = res.body.errors[0].extensions.validationErrors.map((e: { path: string }) => e.path);
  expect(paths).toEqual(expect.arrayContaining(['input.merchantId']));
  expect(JSON.stringify(res.body.errors)).toMatch(/secretKey/);
});

test('without SECRET_KEY the gateway refuses to store a private key and says why', async () => {
  const bare = await startTestGateway({
    config: testConfig({ SECRET_KEY: '', PROCESSOR_BASE_URL: sandbox.url }),
  });
  try {
    expect(bare.deps.secretBox).toBeUndefined();
    const t = await tenant('live');
    const input = merchant();
    const res = await t.gql(CONNECT, { input }, bare);
    expect(res.body.errors[0].extensions.code).toBe('SECRET_KEY_NOT_CONFIGURED');
    expect(res.body.errors[0].message).toMatch(/SECRET_KEY/);
    expect(await gw.deps.db('processor_connections').where({ tenant_id: t.id })).toHaveLength(0);
    // Refused before the keys travel anywhere.
    expect(keyChecks(input.merchantId)).toEqual([]);
  } finally {
    await bare.close();
  }
});

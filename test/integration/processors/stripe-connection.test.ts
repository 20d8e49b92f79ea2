import { createTestTenant } from '../../helpers/harness';
import { keyApi } from '../../helpers/api-client';
import { startStripeApi, type StripeApi } from '../../helpers/stripe-api';
import { newStripeKey, restrictedKeyOf } from '../../helpers/stripe-stand-in';

/**
 * Connecting Stripe: the key's mode is the tenant's, checked by its prefix and by Stripe; the key is
 * checked with one authenticated read and sealed; our webhook endpoint is created for the events we
 * handle (or, for a key that may not, the URL and events are answered to register by hand); disconnecting
 * removes the endpoint.
 */

let api: StripeApi;
beforeAll(async () => {
  api = await startStripeApi();
});
afterAll(() => api?.close());

const endpoints = (key: string) => api.standIn.stripe(key).webhookEndpoints.list();

test('connecting creates our endpoint for the events we handle, pinned to our API version, and seals the key', async () => {
  expect(api.connection).toMatchObject({
    processor: 'STRIPE',
    environment: 'PRODUCTION',
    webhookRegistration: 'AUTOMATIC',
    keyHint: `sk_live_…${api.key.slice(-4)}`,
    webhookUrl: `${api.gw.url}/api/v1/${api.tenant.alias}/processor/stripe/webhook`,
  });
  const { data } = await endpoints(api.key);
  expect(data).toHaveLength(1);
  expect(data[0]).toMatchObject({ url: api.connection.webhookUrl, api_version: '2024-09-30.acacia' });
  expect([...data[0]!.enabled_events].sort()).toEqual([...api.connection.webhookEvents].sort());
  expect(api.connection.webhookEvents).toEqual(
    expect.arrayContaining(['invoice.paid', 'checkout.session.completed', 'charge.dispute.closed']),
  );
  const row = await api.gw.deps.db('processor_connections').where({ tenant_id: api.tenantId }).first();
  expect(row.private_key_sealed).not.toContain(api.key);
  expect(row.webhook_secret_sealed).not.toContain('whsec_');
  const [audit] = await api.gw.deps
    .db('audit_log')
    .where({ tenant_id: api.tenantId, action: 'connectPaymentProcessor' });
  expect(audit.details.input).toMatchObject({ processor: 'STRIPE', secretKey: '[redacted]' });
  expect(JSON.stringify(audit)).not.toContain(api.key);
  expect(JSON.stringify(await api.gqlOk('{ paymentProcessor { keyHint webhookUrl } }'))).not.toContain(
    api.key,
  );
});

test('a test-mode key on a live tenant is refused before Stripe is asked, and nothing changes', async () => {
  const before = api.standIn.calls().length;
  const refused = await api.connect({ processor: 'STRIPE', secretKey: newStripeKey('test') });
  expect(refused.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(refused.errors[0].extensions.validationErrors).toEqual([
    { path: 'input.secretKey', message: 'a live tenant takes only live keys (sk_live_… or rk_live_…)' },
  ]);
  expect(api.standIn.calls().length).toBe(before);
  expect((await api.gqlOk('{ paymentProcessor { keyHint } }')).paymentProcessor.keyHint).toBe(
    api.connection.keyHint,
  );
});

test('a test-mode tenant takes a test key, and refuses a live one', async () => {
  const issued = await createTestTenant(api.gw.deps.db, 'test');
  const t = keyApi(api.gw, issued);
  const CONNECT = `mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { environment webhookRegistration } }`;
  const live = await t.gql(CONNECT, { input: { processor: 'STRIPE', secretKey: newStripeKey('live') } });
  expect(live.errors[0].extensions.validationErrors[0].message).toMatch(
    /test-mode tenant takes only test keys/,
  );
  const ok = await t.gqlOk(CONNECT, { input: { processor: 'STRIPE', secretKey: newStripeKey('test') } });
  expect(ok.connectPaymentProcessor).toEqual({ environment: 'SANDBOX', webhookRegistration: 'AUTOMATIC' });
});

test('a key Stripe refuses names the field and stores nothing; malformed keys never reach Stripe', async () => {
  const issued = await createTestTenant(api.gw.deps.db, 'stripe-refused');
  const t = keyApi(api.gw, issued);
  const CONNECT = `mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { keyHint } }`;
  const revoked = newStripeKey('live');
  await api.standIn.control('/_sandbox/keys/revoke', { key: revoked });
  const refused = await t.gql(CONNECT, { input: { processor: 'STRIPE', secretKey: revoked } });
  expect(refused.errors[0].extensions.validationErrors).toEqual([
    { path: 'input.secretKey', message: 'Stripe refused this key' },
  ]);
  const before = api.standIn.calls().length;
  for (const secretKey of ['pk_live_publishablekey1', 'sk_live_', 'sk_live_bad key!']) {
    const res = await t.gql(CONNECT, { input: { processor: 'STRIPE', secretKey } });
    expect(res.errors[0].extensions.validationErrors[0].path).toBe('input.secretKey');
  }
  expect(api.standIn.calls().length).toBe(before);
  expect(await t.gqlOk('{ paymentProcessor { keyHint } }')).toEqual({ paymentProcessor: null });
});

test('a restricted key that may not create endpoints: the URL and events to register by hand, then its secret', async () => {
  const issued = await createTestTenant(api.gw.deps.db, 'stripe-rk');
  const t = keyApi(api.gw, issued);
  const secret = newStripeKey('live');
  await api.standIn.stripe(secret).balance.retrieve();
  const CONNECT = `mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { keyHint webhookUrl webhookRegistration webhookEvents } }`;
  const restricted = restrictedKeyOf(secret);
  const first = (await t.gqlOk(CONNECT, { input: { processor: 'STRIPE', secretKey: restricted } }))
    .connectPaymentProcessor;
  expect(first).toMatchObject({
    keyHint: `rk_live_…${restricted.slice(-4)}`,
    webhookRegistration: 'SECRET_NEEDED',
  });
  expect(first.webhookUrl).toMatch(/\/processor\/stripe\/webhook$/);
  expect(first.webhookEvents).toHaveLength(9);
  const second = await t.gqlOk(CONNECT, {
    input: { processor: 'STRIPE', secretKey: restricted, webhookSecret: 'whsec_byhandbyhandbyhand' },
  });
  expect(second.connectPaymentProcessor.webhookRegistration).toBe('MANUAL');
  const bad = await t.gql(CONNECT, {
    input: { processor: 'STRIPE', secretKey: restricted, webhookSecret: 'nope' },
  });
  expect(bad.errors[0].extensions.validationErrors[0].path).toBe('input.webhookSecret');
});

test('reconnecting replaces our endpoint; disconnecting removes it', async () => {
  const issued = await createTestTenant(api.gw.deps.db, 'stripe-re');
  const t = keyApi(api.gw, issued);
  const { id: tenantId } = await api.gw.deps.db('tenants').where({ alias: issued.alias }).first('id');
  const key = newStripeKey('live');
  const CONNECT = `mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { webhookRegistration } }`;
  await t.gqlOk(CONNECT, { input: { processor: 'STRIPE', secretKey: key } });
  const [first] = (await endpoints(key)).data;
  await t.gqlOk(CONNECT, { input: { processor: 'STRIPE', secretKey: key } });
  const after = (await endpoints(key)).data;
  expect(after).toHaveLength(1);
  expect(after[0]!.id).not.toBe(first!.id);
  expect(await t.gqlOk('mutation { disconnectPaymentProcessor }')).toEqual({
    disconnectPaymentProcessor: true,
  });
  expect((await endpoints(key)).data).toHaveLength(0);
  expect(await t.gqlOk('{ paymentProcessor { keyHint } }')).toEqual({ paymentProcessor: null });
  const actions = await api.gw.deps
    .db('audit_log')
    .where({ tenant_id: tenantId })
    .orderBy([{ column: 'at' }, { column: 'id' }])
    .pluck('action');
  expect(actions.filter((a: string) => a.endsWith('PaymentProcessor'))).toEqual([
    'connectPaymentProcessor',
    'connectPaymentProcessor',
    'disconnectPaymentProcessor',
  ]);
});

/**
 * Connecting a processor checks the keys with Braintree before storing them (here the local stand-in,
 * which answers 401 for keys other than its merchant's, as Braintree does): the adapter's
 * verifyCredentials, then the GraphQL answers. Refused keys are VALIDATION_FAILED naming the fields and an
 * unreachable Braintree is 503 SERVICE_UNAVAILABLE; either way nothing is stored and no key is echoed.
 */
import { sandboxGateway } from '../../../services/processor-sandbox/merchant';
import { startProcessorSandbox, type ProcessorSandbox } from '../../../services/processor-sandbox/sandbox';
import { createTenant } from '../../../shared/domain/tenants/tenants';
import { freePort } from '../../../shared/http';
import { createBraintreeProcessor } from '../../../shared/processors/braintree.processor';
import {
  ProcessorCredentialsRefusedError,
  ProcessorRejectedError,
  ProcessorUnavailableError,
  type ProcessorCredentials,
} from '../../../shared/processors/payment-processor';
import { basic, startTestGateway, testConfig, uniqueAlias, type TestGateway } from '../../helpers/harness';
import { merchantKeys, openMerchantAccount, type Keys } from '../../helpers/processor';

const CONNECT = /* GraphQL */ `
  mutation C($input: ConnectPaymentProcessorInput!) {
    connectPaymentProcessor(input: $input) {
      merchantId
      publicKey
    }
  }
`;
const REFUSED = 'Braintree refused these keys: check the merchant ID, public key and private key';
const UNREACHABLE = 'Could not reach Braintree to check the keys; try again';

let sandbox: ProcessorSandbox;
let gw: TestGateway;
beforeAll(async () => {
  sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  // testConfig's PROCESSOR_TIMEOUT_MS is 2 s.
  gw = await startTestGateway({ config: testConfig({ PROCESSOR_BASE_URL: sandbox.url }) });
});
afterEach(() => sandbox.recover());
afterAll(async () => {
  await gw?.close();
  await sandbox?.close();
});

/** A merchant whose Braintree account exists (at the stand-in) with these keys. */
async function account(): Promise<Keys> {
  const keys = merchantKeys('check');
  await openMerchantAccount(sandbox.url, keys);
  return keys;
}

const adapter = (keys: Keys, baseUrl = sandbox.url) => {
  const credentials: ProcessorCredentials = { environment: 'SANDBOX', ...keys };
  return createBraintreeProcessor(credentials, { baseUrl, timeoutMs: 2_000 });
};

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('verifyCredentials (the adapter)', () => {
  test('the SDK lists the discount catalog at the stand-in', async () => {
    const keys = await account();
    sandbox.addDiscount(keys.merchantId, { id: 'spring', name: 'Spring', amount: '5.00' });
    const discounts = await sandboxGateway(sandbox.url, keys).discount.all();
    expect(discounts.map((d) => [d.id, d.amount, d.neverExpires])).toEqual([
      ['service_discount', '0.00', true],
      ['spring', '5.00', true],
    ]);
  });

  test('the merchant’s keys pass with one GET of the catalog', async () => {
    const keys = await account();
    const before = sandbox.calls().length;
    await expect(adapter(keys).verifyCredentials()).resolves.toBeUndefined();
    expect(sandbox.calls().slice(before)).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/merchants/${keys.merchantId}/discounts`,
        status: 200,
      }),
    ]);
  });

  test.each(['privateKey', 'publicKey'] as const)(
    'a wrong %s is ProcessorCredentialsRefusedError (401), without the key in its message',
    async (field) => {
      const keys = await account();
      const wrong = { ...keys, [field]: `wrong_${field}_value` };
      const error = await rejection(adapter(wrong).verifyCredentials());
      expect(error).toBeInstanceOf(ProcessorCredentialsRefusedError);
      expect(error).toBeInstanceOf(ProcessorRejectedError);
      expect(error.message).toMatch(/Authentication/);
      expect(error.message).not.toContain(`wrong_${field}_value`);
      expect(sandbox.calls().at(-1)).toMatchObject({ merchantId: keys.merchantId, status: 401 });
    },
  );

  test('503, a timeout and nothing listening are ProcessorUnavailableError', async () => {
    const keys = await account();
    sandbox.failWith({ mode: 'error', status: 503, count: 1 });
    await expect(adapter(keys).verifyCredentials()).rejects.toBeInstanceOf(ProcessorUnavailableError);
    sandbox.failWith({ mode: 'timeout', count: 1 });
    const started = Date.now();
    await expect(adapter(keys).verifyCredentials()).rejects.toBeInstanceOf(ProcessorUnavailableError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    await expect(adapter(keys, nowhere).verifyCredentials()).rejects.toBeInstanceOf(
      ProcessorUnavailableError,
    );
  });
});

describe('connectPaymentProcessor', () => {
  async function tenant(target = gw) {
    const issued = await createTenant(target.deps.db, { alias: uniqueAlias('live') });
    const { id } = await target.deps.db('tenants').where({ alias: issued.alias }).first('id');
    const gql = async (input: Keys, via = target) => {
      const res = await fetch(`${via.api(issued.alias)}/graphql`, {
        method: 'POST',
        headers: { authorization: basic(issued.apiKey), 'content-type': 'application/json' },
        body: JSON.stringify({ query: CONNECT, variables: { input: { processor: 'BRAINTREE', ...input } } }),
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        text,
        body: JSON.parse(text) as Record<string, any>,
      };
    };
    const stored = () => target.deps.db('processor_connections').where({ tenant_id: id as string });
    return { ...issued, id: id as string, gql, stored };
  }

  test('the right keys connect', async () => {
    const t = await tenant();
    const keys = await account();
    const res = await t.gql(keys);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { connectPaymentProcessor: { merchantId: keys.merchantId, publicKey: keys.publicKey } },
    });
    expect(await t.stored()).toHaveLength(1);
  });

  test('a wrong private key is VALIDATION_FAILED naming the fields; nothing is stored or echoed', async () => {
    const t = await tenant();
    const keys = await account();
    const res = await t.gql({ ...keys, privateKey: 'priv_wrong_0123' });
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    const [error] = res.body.errors;
    expect(error.message).toBe(REFUSED);
    expect(error.extensions.code).toBe('VALIDATION_FAILED');
    expect(error.extensions.validationErrors).toEqual([
      { path: 'input.merchantId', message: 'Braintree refused the keys: check the merchant ID' },
      { path: 'input.publicKey', message: 'Braintree refused the keys: check the public key' },
      { path: 'input.privateKey', message: 'Braintree refused the keys: check the private key' },
    ]);
    expect(res.text).not.toContain('priv_wrong_0123');
    expect(res.text).not.toContain(keys.privateKey);
    expect(sandbox.calls().at(-1)).toMatchObject({ merchantId: keys.merchantId, status: 401 });
    expect(await t.stored()).toEqual([]);
  });

  test('wrong keys leave an existing connection as it was', async () => {
    const t = await tenant();
    const keys = await account();
    expect((await t.gql(keys)).body.errors).toBeUndefined();
    const [before] = await t.stored();
    const other = await account();
    for (const wrong of [
      { ...keys, privateKey: 'priv_other_0123' },
      { ...keys, publicKey: other.publicKey },
      // The other merchant's id with these keys: the stand-in knows it by other keys.
      { ...keys, merchantId: other.merchantId },
    ]) {
      const res = await t.gql(wrong);
      expect(res.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[0].message).toBe(REFUSED);
    }
    expect(await t.stored()).toEqual([before]);
    expect(gw.deps.secretBox!.open(before.private_key_sealed, t.id)).toBe(keys.privateKey);
  });

  test.each([
    ['answers 503', () => sandbox.failWith({ mode: 'error', status: 503, count: 1 })],
    ['does not answer in PROCESSOR_TIMEOUT_MS', () => sandbox.failWith({ mode: 'timeout', count: 1 })],
  ])('Braintree that %s: 503 SERVICE_UNAVAILABLE, nothing stored', async (_, fail) => {
    const t = await tenant();
    const keys = await account();
    fail();
    const res = await t.gql(keys);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0]).toMatchObject({
      message: UNREACHABLE,
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(res.text).not.toContain(keys.privateKey);
    expect(await t.stored()).toEqual([]);
    // Once Braintree answers again, the same keys connect.
    expect((await t.gql(keys)).body.errors).toBeUndefined();
    expect(await t.stored()).toHaveLength(1);
  });

  test('with the stand-in down: 503, and the existing connection is kept', async () => {
    const down = await startTestGateway({
      config: testConfig({ PROCESSOR_BASE_URL: `http://127.0.0.1:${await freePort()}` }),
    });
    try {
      const t = await tenant(down);
      const keys = await account();
      // Connected earlier, through a gateway that could reach Braintree.
      expect((await t.gql(keys, gw)).body.errors).toBeUndefined();
      const before = await t.stored();
      const res = await t.gql({ ...keys, privateKey: 'priv_new_0123' });
      expect(res.status).toBe(503);
      expect(res.body.errors[0]).toMatchObject({
        message: UNREACHABLE,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
      expect(await t.stored()).toEqual(before);
    } finally {
      await down.close();
    }
  });
});

import * as braintree from 'braintree';
import { classifySdkError } from '../../shared/processors/braintree-errors';
import { signPayload } from '../../services/processor-sandbox/notifications';
import { mapNotification, toApiName } from '../../shared/processors/braintree-mapping';
import { braintreeEnvironment } from '../../shared/processors/braintree.processor';
import { ProcessorRejectedError, ProcessorUnavailableError } from '../../shared/processors/payment-processor';

describe('Braintree environment', () => {
  test('the real hosts without a baseUrl', () => {
    expect(braintreeEnvironment('SANDBOX')).toBe(braintree.Environment.Sandbox);
    expect(braintreeEnvironment('PRODUCTION')).toBe(braintree.Environment.Production);
  });

  test.each([
    ['SANDBOX', 'http://127.0.0.1:4010', { server: '127.0.0.1', port: '4010', ssl: false }],
    ['PRODUCTION', 'http://localhost:4010/', { server: 'localhost', port: '4010', ssl: false }],
    ['SANDBOX', 'https://gateway.test', { server: 'gateway.test', port: '443', ssl: true }],
    ['SANDBOX', 'http://[::1]:8080', { server: '::1', port: '8080', ssl: false }],
  ] as const)('%s with %s', (environment, baseUrl, expected) => {
    expect(braintreeEnvironment(environment, baseUrl)).toMatchObject(expected);
  });

  test.each(['http://127.0.0.1:4010/prefix', 'ftp://127.0.0.1', 'not a url'])('%s is refused', (baseUrl) => {
    expect(() => braintreeEnvironment('SANDBOX', baseUrl)).toThrow();
  });
});

describe('SDK error classification', () => {
  const KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
  const { exceptions } = braintree as unknown as {
    exceptions: Record<string, (message: string) => Error>;
  };

  test.each([
    ['AuthenticationError', ProcessorRejectedError],
    ['AuthorizationError', ProcessorRejectedError],
    ['NotFoundError', ProcessorRejectedError],
    ['UpgradeRequired', ProcessorRejectedError],
    ['InvalidSignatureError', ProcessorRejectedError],
    ['ServerError', ProcessorUnavailableError],
    ['ServiceUnavailableError', ProcessorUnavailableError],
    ['GatewayTimeoutError', ProcessorUnavailableError],
    ['TooManyRequestsError', ProcessorUnavailableError],
    ['RequestTimeoutError', ProcessorUnavailableError],
    ['UnexpectedError', ProcessorUnavailableError],
  ])('%s', (name, expected) => {
    const original = exceptions[name]('boom');
    const error = classifySdkError(original, 'lookup', KEY);
    expect(error).toBeInstanceOf(expected);
    expect(error.cause).toBe(original);
  });

  test('network failures and timeouts, as the SDK reports them, are transient', () => {
    const refused = exceptions.UnexpectedError(
      'Unexpected request error: Error: connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(classifySdkError(refused, 'x', KEY)).toBeInstanceOf(ProcessorUnavailableError);
    expect(classifySdkError(exceptions.UnexpectedError('Request timed out'), 'x', KEY)).toBeInstanceOf(
      ProcessorUnavailableError,
    );
    expect(
      classifySdkError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 'x', KEY),
    ).toBeInstanceOf(ProcessorUnavailableError);
  });

  test('an HTTP 4xx the SDK has no name for is a refusal', () => {
    const error = classifySdkError(exceptions.UnexpectedError('Unexpected HTTP response: 400'), 'x', KEY);
    expect(error).toBeInstanceOf(ProcessorRejectedError);
  });

  test('the private key never reaches a message', () => {
    const error = classifySdkError(new Error('echo of s3cr3t-key'), 'x', 's3cr3t-key');
    expect(error.message).not.toContain('s3cr3t-key');
  });
});

test.each([
  ['serviceCoupon', 'service_coupon'],
  ['planTier2', 'plan_tier2'],
  ['field1Name', 'field1_name'],
  ['simple', 'simple'],
])('custom field %s is the API name %s', (camel, apiName) => {
  expect(toApiName(camel)).toBe(apiName);
});

test('a dispute notification is keyed by the disputed transaction, not the dispute', async () => {
  const keys = { merchantId: 'm', publicKey: 'pub_m', privateKey: 'priv_m' };
  const sdk = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys });
  const sample = sdk.webhookTesting.sampleNotification('dispute_opened', 'txn_1');
  // Braintree's disputes have ids of their own; the SDK's sample reuses the transaction's.
  const xml = Buffer.from(sample.bt_payload, 'base64')
    .toString('utf8')
    .replace('<id>txn_1</id>', '<id>dsp_9</id>');
  expect(xml).toMatch(/<id>dsp_9<\/id>\s*<transaction>\s*<id>txn_1<\/id>/);
  const payload = Buffer.from(xml).toString('base64');
  const parsed = await sdk.webhookNotification.parse(signPayload(payload, keys), payload);
  expect(mapNotification(parsed)).toMatchObject({
    kind: 'dispute_opened',
    subjectId: 'txn_1',
    subscriptionId: null,
    customerId: null,
  });
});

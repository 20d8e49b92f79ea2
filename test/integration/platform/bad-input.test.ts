/**
 * Every REST input that can reach PostgreSQL (path and query parameters, JSON and form bodies) refuses a
 * NUL, a lone UTF-16 surrogate and, for ids, a control character with 400 VALIDATION_FAILED naming the
 * field; nothing is stored and the service keeps answering /healthz and /readyz. Before the hardening work many
 * of these answered 500 (the driver's error) or stored U+FFFD.
 */
import {
  expectNothingStored,
  expectServing,
  sweepCases,
  withValue,
  type Sweep,
} from '../../helpers/bad-input';
import { basic, createTestTenant, startTestGateway, type TestGateway } from '../../helpers/harness';

type Json = Record<string, any>;

let gw: TestGateway;
let tenant: { alias: string; apiKey: string };

beforeAll(async () => {
  gw = await startTestGateway();
  tenant = await createTestTenant(gw.deps.db, 'bad');
});
afterAll(() => gw.close());

const enc = encodeURIComponent;

function request(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${gw.api(tenant.alias)}${path}`, {
    method,
    headers: {
      authorization: basic(tenant.apiKey),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const json = (method: string, path: string, base: Json) => (at: string, value: unknown) =>
  request(method, path, withValue(base, at, value));

const objectKey = (at: string) => ({ at, named: at, value: (bad: string) => ({ [bad]: 1 }) });
const EVENTS = '/open/account/acct-1/user/user-1/events';
const event = { key: 'purchase', fields: {} };

const SWEEPS: Sweep[] = [
  {
    name: 'GET /code/',
    channel: 'url',
    send: (_, v) => request('GET', `/code/${enc(String(v))}`),
    ids: ['code'],
  },
  {
    name: 'GET /account/{accountId}/reward',
    channel: 'url',
    send: (_, v) => request('GET', `/account/${enc(String(v))}/reward`),
    ids: ['accountId'],
  },
  {
    name: 'GET /account/acct-1/reward?',
    channel: 'url',
    send: (_, v) => request('GET', `/account/acct-1/reward?couponCode=${enc(String(v))}`),
    ids: ['couponCode'],
  },
  ...['GET', 'PUT'].map((method) => ({
    name: `${method} /open/account/{accountId}/user/{userId}`,
    channel: 'url' as const,
    send: (at: string, v: unknown) =>
      request(
        method,
        at === 'accountId'
          ? `/open/account/${enc(String(v))}/user/u`
          : `/open/account/a/user/${enc(String(v))}`,
        method === 'PUT' ? {} : undefined,
      ),
    ids: ['accountId', 'userId'],
  })),
  {
    name: 'POST /open/account/{accountId}/user/user-1/events',
    channel: 'url',
    send: (_, v) =>
      request('POST', `/open/account/${enc(String(v))}/user/user-1/events`, {
        accountId: v,
        userId: 'user-1',
        events: [event],
      }),
    ids: ['accountId'],
  },
  {
    name: 'POST /accountsync',
    channel: 'json',
    send: json('POST', '/accountsync', { id: 'acct-1' }),
    ids: ['id', 'referral.code'],
  },
  {
    name: 'PUT /open/account/a/user/u',
    channel: 'json',
    send: json('PUT', '/open/account/a/user/u', {}),
    ids: ['email', 'locale', 'shareCode', 'paymentProviderId', 'referredByCode', 'cookieCode'],
    texts: ['firstName', 'lastName'],
  },
  {
    name: `POST ${EVENTS}`,
    channel: 'json',
    send: json('POST', EVENTS, { accountId: 'acct-1', userId: 'user-1', events: [event] }),
    ids: ['userId', 'idempotencyKey'],
    texts: [
      'events.0.key',
      { at: 'events.0.fields.note', named: 'events.0.fields' },
      { at: 'events.0.fields.cart.0.sku', named: 'events.0.fields' },
      objectKey('events.0.fields'),
      { at: 'events.0.fields.cart', named: 'events.0.fields', value: (bad) => [{ [bad]: 'x' }] },
    ],
  },
  {
    name: 'PATCH /program',
    channel: 'json',
    send: json('PATCH', '/program', {}),
    ids: [
      'discountId',
      { at: 'landingUrl', named: 'landingUrl', value: (bad) => `https://shop.example/${bad}` },
      { at: 'websiteUrl', named: 'websiteUrl', value: (bad) => `https://shop.example/${bad}` },
      { at: 'allowedOrigins', named: 'allowedOrigins.0', value: (bad) => [`https://shop${bad}.example`] },
      {
        at: 'referrerReward',
        named: 'referrerReward.unit',
        value: (unit) => ({ type: 'CREDIT', amountCents: 1, unit }),
      },
    ],
    texts: ['name', 'conversionEventKey', 'widgetHeadline', 'widgetSubheadline'],
  },
  {
    name: 'POST /discount',
    channel: 'json',
    send: json('POST', '/discount', { accountId: 'acct-1', paymentProviderId: 'cus_1', couponCode: 'JANE' }),
    ids: ['accountId', 'paymentProviderId', 'couponCode'],
  },
  {
    name: 'POST /processor/braintree/webhook',
    channel: 'form',
    send: (at, v) =>
      fetch(`${gw.api(tenant.alias)}/processor/braintree/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ bt_signature: 'pub|00', bt_payload: 'cGF5bG9hZA==', [at]: String(v) }),
      }),
    ids: ['bt_signature'],
    texts: ['bt_payload'],
  },
  {
    name: 'GET /processor/braintree/webhook?',
    channel: 'url',
    send: (_, v) =>
      fetch(`${gw.api(tenant.alias)}/processor/braintree/webhook?bt_challenge=${enc(String(v))}`),
    ids: ['bt_challenge'],
  },
];

test.each(sweepCases(SWEEPS))('%s with %s: 400 VALIDATION_FAILED naming %s', async (_n, _w, field, send) => {
  const res = await send();
  const body = (await res.json()) as Json;
  expect({ status: res.status, code: body.apiErrorCode }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  expect(body.validationErrors.map((v: Json) => v.path)).toContain(field);
  expect(body.requestId).toBe(res.headers.get('x-request-id'));
  await expectServing(gw);
});

test('nothing from the sweep was stored', async () => {
  await expectNothingStored(gw, tenant.alias, [
    'accounts',
    'users',
    'user_events',
    'processor_notifications',
  ]);
});

test('free text keeps tabs, line breaks and paired surrogates (emoji)', async () => {
  const names = { firstName: 'Ann\tMarie 😀', lastName: 'Line\nBreak' };
  const res = await request('PUT', '/open/account/acct-ok/user/user-ok', names);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject(names);
  const fields = { 'emoji 😀': 'multi\nline', tab: 'a\tb' };
  const logged = await request('POST', '/open/account/acct-ok/user/user-ok/events', {
    accountId: 'acct-ok',
    userId: 'user-ok',
    events: [{ key: 'purchase', fields }],
  });
  expect(logged.status).toBe(200);
  expect(((await logged.json()) as Json).events[0].fields).toEqual(fields);
});

/**
 * Every documented operation answered for real (a gateway, a worker and the processor stand-in), its
 * successes and its main errors, and each answer checked against the document: a documented status, a
 * documented media type, a body valid against the schema, the required headers, the listed error codes.
 */
import crypto from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { buildOpenApiDocument } from '../../../services/gateway/openapi/document';
import { setTenantRateLimit } from '../../../shared/domain/tenants/tenant-rate-limits';
import { basic, createTestTenant, eventually } from '../../helpers/harness';
import {
  checkedAnswers,
  documentedClient,
  expectDocumentedRequest,
  operationIds,
} from '../../helpers/openapi';
import { startProcessorApi, type ProcessorApi } from '../../helpers/processor';
import { identifyReferrer, uid, userToken } from '../../helpers/referrals';
import { seedStripeConnection, stripeEvent, stripeSignature } from '../../helpers/stripe-events';
import { giftCardSignature } from '../../../shared/payouts/gift-card-mapping';

const doc = buildOpenApiDocument();
let api: ProcessorApi;

beforeAll(async () => {
  api = await startProcessorApi({ BODY_LIMIT_BYTES: '65536', UPLOAD_MAX_BYTES: '4096' });
});
afterAll(async () => {
  await api?.close();
});

const answer = documentedClient(
  doc,
  () => api.gw.url,
  () => api.auth,
);

const api1 = (path: string) => `/api/v1/${api.tenant.alias}${path}`;
const userPath = (accountId: string, userId: string) => api1(`/open/account/${accountId}/user/${userId}`);
const BAD_KEY = basic('rsk_live_not-a-key');

test('program', async () => {
  expect((await answer('getProgram', api1('/program'))).status).toBe(200);
  expect((await answer('getProgram', api1('/program'), { auth: BAD_KEY })).status).toBe(401);
  expect((await answer('getProgram', api1('/program'), { auth: null })).status).toBe(401);
  const patch = (body: unknown, headers?: Record<string, string>) =>
    answer('updateProgram', api1('/program'), { method: 'PATCH', body, headers });
  expect((await patch({ name: 'Acme referrals', widgetHeadline: '  ' })).body.widgetHeadline).toBeNull();
  expect((await patch({ referredDiscountPercent: 500 })).body.apiErrorCode).toBe('VALIDATION_FAILED');
  expect((await patch('{"name":', { 'content-type': 'application/json' })).body.apiErrorCode).toBe(
    'INVALID_JSON',
  );
  expect((await patch('name=x', { 'content-type': 'text/plain' })).status).toBe(415);
  expect((await patch({ name: 'x'.repeat(70_000) })).status).toBe(413);
});

test('users, widget and browser settings', async () => {
  const referrer = await identifyReferrer(api, 'Jane', 'Doe');
  const accountId = uid('acct');
  const userId = uid('user');
  const put = (body: unknown, auth?: string) =>
    answer('upsertUser', userPath(accountId, userId), { method: 'PUT', body, auth });
  expect(
    (await put({ email: 'bob@example.com', referredByCode: referrer.code, accountStatus: 'TRIAL' })).status,
  ).toBe(200);
  const jwt = `Bearer ${userToken(api.tenant.apiKey, accountId, userId)}`;
  expect((await put({ firstName: 'Bob' }, jwt)).body.referredBy.status).toBe('IN_PROGRESS');
  expect((await answer('upsertUser', userPath(accountId, userId), { method: 'PUT' })).status).toBe(200);
  expect((await put({ email: 'not-an-email' })).body.validationErrors[0].path).toBe('email');
  expect((await put({ shareCode: referrer.code })).body.apiErrorCode).toBe('CODE_TAKEN');
  expect((await put({ accountStatus: 'PAID' }, jwt)).status).toBe(403);
  const other = await answer('upsertUser', userPath(uid('acct'), uid('user')), {
    method: 'PUT',
    body: { referredByCode: 'NOPE42' },
  });
  expect(other.body.apiErrorCode).toBe('INVALID_REFERRAL_CODE');
  const badJwt = await put({}, 'Bearer not.a.jwt');
  expect(badJwt.headers.get('www-authenticate')).toContain('Bearer');

  expect((await answer('getUser', userPath(accountId, userId))).body.firstName).toBe('Bob');
  expect((await answer('getUser', userPath(accountId, userId), { auth: jwt })).status).toBe(200);
  expect((await answer('getUser', userPath(accountId, 'nobody'))).body.apiErrorCode).toBe('USER_NOT_FOUND');
  expect((await answer('getUser', userPath(accountId, 'nobody'), { auth: jwt })).status).toBe(403);
  expect((await answer('getUser', userPath(accountId, '%01'))).status).toBe(400);

  const widget = await answer('getWidget', `${userPath(referrer.accountId, referrer.userId)}/widget`);
  expect(widget.body.referrals).toHaveLength(1);
  expect((await answer('getWidget', `${userPath(accountId, userId)}/widget`, { auth: jwt })).status).toBe(
    200,
  );
  expect((await answer('getWidget', `${userPath(accountId, 'nobody')}/widget`)).status).toBe(404);
  expect(
    (await answer('getWidget', `${userPath(referrer.accountId, referrer.userId)}/widget`, { auth: jwt }))
      .status,
  ).toBe(403);

  expect((await answer('getBrowserSettings', api1('/open/browser-settings'), { auth: null })).status).toBe(
    200,
  );
  expect(
    (await answer('getBrowserSettings', '/api/v1/no_such_tenant/open/browser-settings', { auth: null }))
      .status,
  ).toBe(404);
  expect(
    (await answer('getBrowserSettings', '/api/v1/bad.alias/open/browser-settings', { auth: null })).status,
  ).toBe(400);
});

test('the public code endpoint (browser integration)', async () => {
  const referrer = await identifyReferrer(api, 'Maya', 'Lopez');
  const check = (path: string, headers?: Record<string, string>) =>
    answer('checkReferralCode', path, { auth: null, headers });
  const found = await check(api1(`/open/codes/${referrer.code.toLowerCase()}`));
  expect(found.body).toMatchObject({ code: referrer.code, referrerName: 'Maya' });
  const etag = found.headers.get('etag')!;
  expect((await check(api1(`/open/codes/${referrer.code}`), { 'if-none-match': etag })).status).toBe(304);
  expect((await check(api1('/open/codes/NOSUCH99'))).body.apiErrorCode).toBe('REFERRAL_CODE_NOT_FOUND');
  expect((await check(`/api/v1/no_such_tenant/open/codes/${referrer.code}`)).status).toBe(404);
});

test('hosted pages: the logo, the click beacon and the share image', async () => {
  const logo = new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a7"/></svg>',
  )
    .render()
    .asPng();
  const upload = (body: unknown) =>
    answer('uploadProgramLogo', api1('/program/logo'), { method: 'PUT', body });
  const uploaded = await upload(new Uint8Array(logo));
  expect(uploaded.status).toBe(200);
  expect((await upload('not an image')).status).toBe(400);
  const logoPath = uploaded.body.logoUrl as string;
  expect((await answer('getProgramLogo', logoPath, { auth: null })).status).toBe(200);
  expect(
    (await answer('getProgramLogo', logoPath.replace(/[0-9a-f]{32}/, '0'.repeat(32)), { auth: null })).status,
  ).toBe(404);
  expect((await answer('removeProgramLogo', api1('/program/logo'), { method: 'DELETE' })).status).toBe(200);

  const referrer = await identifyReferrer(api, 'Maya', 'Preview');
  const beacon = (body: string) =>
    answer('countShareLinkClick', api1('/open/clicks'), {
      method: 'POST',
      body,
      auth: null,
      headers: { 'content-type': 'text/plain' },
    });
  expect((await beacon(referrer.code)).status).toBe(204);
  expect((await beacon('NOSUCH99')).status).toBe(204);

  const page = await fetch(`${api.gw.url}/r/${api.tenant.alias}/${referrer.code}`);
  const image = /property="og:image" content="([^"]+)"/.exec(await page.text())![1]!.replace(/&amp;/g, '&');
  const imagePath = new URL(image).pathname + new URL(image).search;
  expect((await answer('getShareImage', imagePath, { auth: null })).status).toBe(200);
  expect(
    (await answer('getShareImage', `/share-images/${api.tenant.alias}/NOSUCH99-en.png`, { auth: null }))
      .status,
  ).toBe(404);
});

test('user events, with a used idempotency key', async () => {
  const { accountId, userId } = await identifyReferrer(api);
  const events = api1(`/open/account/${accountId}/user/${userId}/events`);
  const idempotencyKey = crypto.randomUUID();
  const body = {
    accountId,
    userId,
    idempotencyKey,
    events: [{ key: 'purchase', fields: { revenue: 49.5 } }],
  };
  const first = await answer('logUserEvents', events, { method: 'POST', body });
  expect(first.status).toBe(200);
  const replay = await answer('logUserEvents', events, { method: 'POST', body });
  expect(replay.body).toMatchObject({
    apiErrorCode: 'IDEMPOTENCY_KEY_USED',
    eventIds: [first.body.events[0].id],
  });
  const post = (b: unknown, auth?: string) =>
    answer('logUserEvents', events, { method: 'POST', body: b, auth });
  expect((await post({ ...body, idempotencyKey: 'short' })).status).toBe(400);
  expect((await post({ ...body, idempotencyKey: undefined, userId: 'other' })).status).toBe(400);
  expect(
    (
      await post({
        ...body,
        idempotencyKey: undefined,
        events: [{ key: 'k', fields: { s: 'x'.repeat(70_000) } }],
      })
    ).status,
  ).toBe(413);
  const nobody = api1(`/open/account/${accountId}/user/nobody/events`);
  const unknown = await answer('logUserEvents', nobody, {
    method: 'POST',
    body: { ...body, userId: 'nobody', idempotencyKey: undefined },
  });
  expect(unknown.body.apiErrorCode).toBe('USER_NOT_FOUND');
  expect((await post(body, `Bearer ${userToken(api.tenant.apiKey, accountId, 'someone-else')}`)).status).toBe(
    403,
  );
});

test('accounts, codes, rewards and discounts', async () => {
  const referrer = await identifyReferrer(api, 'Rita', 'Referrer');
  const accountId = uid('acct');
  const sync = (body: unknown) => answer('syncAccount', api1('/accountsync'), { method: 'POST', body });
  const synced = await sync({
    id: accountId,
    referral: { code: referrer.code },
    subscription: { status: 'TRIAL' },
  });
  expect(synced.body.referral.status).toBe('IN_PROGRESS');
  await api.identify(accountId, uid('user'));
  const paid = await sync({
    id: accountId,
    subscription: { status: 'PAID', billingIntervalType: 'MONTH', value: 49 },
  });
  expect(paid.body.referral.status).toBe('CONVERTED');
  expect((await sync({ id: accountId, unknown: 1 })).status).toBe(400);
  expect((await sync({ id: uid('acct'), referral: { code: 'NOSUCH99' } })).body.apiErrorCode).toBe(
    'INVALID_REFERRAL_CODE',
  );

  expect((await answer('lookupCode', api1(`/code/${referrer.code.toLowerCase()}`))).body.code).toBe(
    referrer.code,
  );
  expect((await answer('lookupCode', api1('/code/NOSUCH99'))).body.apiErrorCode).toBe(
    'REFERRAL_CODE_NOT_FOUND',
  );
  expect((await answer('lookupCode', api1('/code/%01'))).status).toBe(400);

  const rewards = await answer('getAccountRewards', api1(`/account/${referrer.accountId}/reward`));
  expect(rewards.body.rewards).toHaveLength(1);
  expect((await answer('getAccountRewards', api1(`/account/${uid('acct')}/reward`))).status).toBe(404);
  expect(
    (await answer('getAccountRewards', api1(`/account/${accountId}/reward?couponCode=NOSUCH99`))).status,
  ).toBe(404);

  const discount = (body: unknown) =>
    answer('associateDiscount', api1('/discount'), { method: 'POST', body });
  const customer = uid('cus');
  const associated = await discount({
    accountId: uid('acct'),
    paymentProviderId: customer,
    couponCode: referrer.code,
  });
  expect(associated.status).toBe(200);
  expect(
    (await discount({ accountId: uid('acct'), paymentProviderId: customer, couponCode: referrer.code }))
      .status,
  ).toBe(409);
  expect(
    (await discount({ accountId: uid('acct'), paymentProviderId: uid('cus'), couponCode: 'NOSUCH99' }))
      .status,
  ).toBe(404);
  expect((await discount({ accountId: uid('acct') })).status).toBe(400);
});

test('the analytics connector', async () => {
  const { accountId, userId } = await identifyReferrer(api);
  const segment = (body: unknown) =>
    answer('segmentWebhook', api1('/integrations/segment'), { method: 'POST', body });
  const messageId = crypto.randomUUID();
  const track = { type: 'track', event: 'signup', userId, messageId, properties: { accountId } };
  const batch = await segment({
    batch: [
      track,
      track,
      { type: 'identify', userId: uid('seg'), traits: { firstName: 'Seg' } },
      { type: 'page' },
      { type: 'track' },
    ],
  });
  expect(batch.body.results.map((r: { status: string }) => r.status)).toEqual([
    'accepted',
    'duplicate',
    'accepted',
    'ignored',
    'rejected',
  ]);
  expect((await segment([])).status).toBe(400);
});

test('file upload and download', async () => {
  const upload = (body: string | FormData, headers: Record<string, string> = {}, query = '') =>
    answer('uploadFile', api1(`/export/upload${query}`), { method: 'POST', body, headers });
  const raw = await upload(
    'accountId,userId\na1,u1\n',
    { 'content-type': 'text/csv' },
    '?filename=users.csv',
  );
  expect(raw.body.fileRef).toMatch(/users\.csv$/);
  const form = new FormData();
  form.append('file', new Blob(['accountId,userId\na2,u2\n']), 'more.csv');
  expect((await upload(form)).status).toBe(200);
  expect((await upload('', { 'content-type': 'text/csv' })).status).toBe(400);
  expect((await upload('{}', { 'content-type': 'application/json' })).status).toBe(415);
  expect((await upload('x'.repeat(5000), { 'content-type': 'text/csv' })).status).toBe(413);

  const download = (query: string) => answer('downloadFile', api1(`/export/download${query}`));
  expect((await download(`?fileRef=${encodeURIComponent(raw.body.fileRef)}`)).body).toContain('a1,u1');
  expect((await download('?fileRef=imports/other/x.csv')).status).toBe(404);
  expect((await download('')).status).toBe(400);
});

test('processor webhooks', async () => {
  const challenge = (query: string) =>
    answer('braintreeWebhookChallenge', api1(`/processor/braintree/webhook${query}`), { auth: null });
  expect((await challenge('?bt_challenge=38b1a5c2f1e4d7a9b0c3')).status).toBe(200);
  expect((await challenge('')).status).toBe(400);
  expect((await challenge('?bt_challenge=not-hex!')).status).toBe(401);
  const deliver = (body: string, type = 'application/x-www-form-urlencoded') =>
    answer('braintreeWebhook', api1('/processor/braintree/webhook'), {
      method: 'POST',
      auth: null,
      body,
      headers: { 'content-type': type },
    });
  const signed = new URLSearchParams({ ...api.sample('subscription_trial_ended', uid('sub')) }).toString();
  expect((await deliver(signed)).body.duplicate).toBe(false);
  expect((await deliver(signed)).body.duplicate).toBe(true);
  expect((await deliver('bt_signature=x')).status).toBe(401);
  expect((await deliver('{}', 'application/json')).status).toBe(415);

  // Stripe's door, on a tenant of its own connected to Stripe (its events need no Stripe to be stored).
  const stripeTenant = await createTestTenant(api.gw.deps.db, 'oas-stripe');
  const { id } = await api.gw.deps.db('tenants').where({ alias: stripeTenant.alias }).first('id');
  await seedStripeConnection(api.gw.deps.db, api.gw.deps.secretBox!, id);
  const stripe = (body: string, signature: string) =>
    answer('stripeWebhook', `/api/v1/${stripeTenant.alias}/processor/stripe/webhook`, {
      method: 'POST',
      auth: null,
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  const payload = stripeEvent('customer.created', { id: 'cus_oas', object: 'customer' });
  expect((await stripe(payload, stripeSignature(payload))).body.duplicate).toBe(false);
  expect((await stripe(payload, stripeSignature(payload))).body.duplicate).toBe(true);
  expect((await stripe(payload, 't=1,v1=00')).status).toBe(400);
});

test('payouts', async () => {
  const { accountId, userId } = await identifyReferrer(api);
  const payouts = (account: string) => answer('getReferrerPayouts', `${userPath(account, userId)}/payouts`);
  expect((await payouts(accountId)).body.balances).toEqual([]);
  expect((await payouts(uid('acct-none'))).status).toBe(404);
  const method = (body: unknown) =>
    answer('setPayoutMethod', `${userPath(accountId, userId)}/payout-method`, { method: 'PUT', body });
  expect((await method({ type: 'PAYPAL', email: 'jane@example.com' })).body.payee.method.type).toBe('PAYPAL');
  expect((await method({ type: 'PAYPAL', email: 'nope' })).status).toBe(400);

  // A gift-card provider's webhook, signed with the secret given at connect; it names no payout of ours.
  await api.gqlOk(
    `mutation C($i: PayoutConnectionInput!) { connectPayoutProvider(input: $i) { provider } }`,
    {
      i: { provider: 'GIFT_CARD', apiKey: 'TEST_oas', campaignId: 'CAMPAIGN1', webhookSecret: 'oas-secret' },
    },
  );
  const event = JSON.stringify({
    event: 'CAMPAIGNS.UPDATED',
    uuid: crypto.randomUUID(),
    payload: { resource: { id: 'X1', type: 'campaigns' } },
  });
  const hook = (body: string, signature: string, provider = 'gift-cards') =>
    answer('payoutWebhook', api1(`/payouts/${provider}/webhook`), {
      method: 'POST',
      auth: null,
      body,
      headers: { 'content-type': 'application/json', 'tremendous-webhook-signature': signature },
    });
  const signature = giftCardSignature(Buffer.from(event), 'oas-secret');
  expect((await hook(event, signature)).body).toEqual({ received: true, changed: 0 });
  expect((await hook(event, 'sha256=00')).status).toBe(400);
  expect((await hook(event, signature, 'paypal')).status).toBe(404);

  const page = (step: string) =>
    answer('payoutOnboardingPage', api1(`/payouts/onboarding/${step}`), { auth: null });
  expect((await page('done')).status).toBe(200);
  expect((await page('elsewhere')).status).toBe(400);
});

test('GraphQL over HTTP', async () => {
  const path = api1('/graphql');
  const get = (query: string, headers?: Record<string, string>) =>
    answer('graphqlGet', `${path}?query=${encodeURIComponent(query)}`, { headers });
  expect((await get('{ tenant { alias } }')).body.data.tenant.alias).toBe(api.tenant.alias);
  expect((await get('{ nope }', { accept: 'application/graphql-response+json' })).status).toBe(400);
  expect((await get('{ nope }')).status).toBe(200);
  expect((await get('mutation { _empty }')).status).toBe(405);
  expect((await get('{ tenant { alias } }', { accept: 'text/html' })).status).toBe(406);
  expect((await answer('graphqlGet', path)).status).toBe(400);
  // An empty document is a request error answered like any other (a fuzzing finding: it was documented as minLength 1).
  expectDocumentedRequest(doc, 'graphqlGet', { query: { query: '' } });
  expect((await get('')).body.errors[0].extensions.code).toBe('VALIDATION_FAILED');

  const { accountId, userId } = await identifyReferrer(api);
  const post = (body: unknown, headers?: Record<string, string>) =>
    answer('graphqlPost', path, { method: 'POST', body, headers });
  const mutation = `mutation L($input: UserEventInput!) { logUserEvent(userEventInput: $input) { userId } }`;
  const input = { accountId, userId, idempotencyKey: crypto.randomUUID(), events: [{ key: 'k' }] };
  expect((await post({ query: mutation, variables: { input } })).status).toBe(200);
  expectDocumentedRequest(doc, 'graphqlPost', { body: { query: '' } });
  expect((await post({ query: '' })).status).toBe(200);
  const replay = await post({ query: mutation, variables: { input } });
  expect(replay.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_USED');
  expect(
    (await post('{"query": "{ _empty }", "variables": {"n": 1e999}}', { 'content-type': 'application/json' }))
      .status,
  ).toBe(400);
  expect((await post('query=x', { 'content-type': 'text/plain' })).status).toBe(415);
  expect((await answer('graphqlPost', path, { method: 'POST', auth: BAD_KEY, body: {} })).status).toBe(401);
});

test('the rate limit', async () => {
  const tenant = await createTestTenant(api.gw.deps.db, 'rl');
  await setTenantRateLimit(api.gw.deps.db, tenant.alias, { rps: 1, burst: 1 });
  const program = `/api/v1/${tenant.alias}/program`;
  const auth = basic(tenant.apiKey);
  await eventually('the limit reaches the gateway', async () => {
    const res = await answer('getProgram', program, { auth });
    return res.status === 429 && res.headers.get('retry-after') !== null;
  });
});

test('probes, share links and the reference', async () => {
  expect((await answer('healthz', '/healthz', { auth: null })).status).toBe(200);
  expect((await answer('readyz', '/readyz', { auth: null })).body.status).toBe('ready');
  expect((await answer('metrics', '/metrics', { auth: null })).body).toContain('http_request_duration');
  const referrer = await identifyReferrer(api);
  const link = `/r/${api.tenant.alias}/${referrer.code}`;
  expect((await answer('followShareLink', link, { auth: null })).status).toBe(200);
  expect((await answer('followShareLink', `/r/${api.tenant.alias}/NOSUCH99`, { auth: null })).status).toBe(
    404,
  );
  expect((await answer('followShareLink', '/r/bad.alias/x', { auth: null })).status).toBe(404);
  await answer('updateProgram', api1('/program'), {
    method: 'PATCH',
    body: { landingUrl: 'https://shop.example/join' },
  });
  await eventually(
    'the landing URL reaches the cache',
    async () => (await answer('followShareLink', link, { auth: null })).status === 302,
  );

  const openapi = await answer('getOpenApiDocument', '/openapi.json', { auth: null });
  const etag = openapi.headers.get('etag')!;
  const revalidate = { auth: null, headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } };
  expect((await answer('getOpenApiDocument', '/openapi.json', revalidate)).status).toBe(304);
  expect((await answer('getApiReference', '/docs', { auth: null })).status).toBe(200);
  expect((await answer('getGraphqlSchema', '/schema.graphql', { auth: null })).body).toContain('type Query');
});

test('every documented operation was answered successfully and checked', () => {
  const unchecked = operationIds(doc).filter(
    (id) => ![...(checkedAnswers.get(id) ?? [])].some((s) => s < 400),
  );
  expect(unchecked).toEqual([]);
  const statuses = Object.fromEntries([...checkedAnswers].map(([id, s]) => [id, [...s].sort()]));
  expect(Object.keys(statuses).length).toBe(operationIds(doc).length);
});

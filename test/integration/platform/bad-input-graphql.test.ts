/**
 * Every GraphQL argument that can reach PostgreSQL refuses a NUL, a lone UTF-16 surrogate and, for ids, a
 * control character with VALIDATION_FAILED naming the argument (extensions.validationErrors); nothing is
 * stored and the service keeps answering /healthz and /readyz. Before the hardening work several of these were
 * INTERNAL_ERROR (the driver's error).
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
  tenant = await createTestTenant(gw.deps.db, 'badgql');
});
afterAll(() => gw.close());

function gql(query: string, variables: Json = {}): Promise<Response> {
  return fetch(`${gw.api(tenant.alias)}/graphql`, {
    method: 'POST',
    headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
}

/** Variables are named as the arguments, so a variable path is the path the error names. */
const operation = (query: string, base: Json) => ({
  channel: 'json' as const,
  send: (at: string, value: unknown) => gql(query, withValue(base, at, value)),
});

const event = { key: 'purchase', fields: {} };
const userEventInput = { userId: 'user-1', accountId: 'acct-1', events: [event] };
const objectKey = (at: string) => ({ at, named: at, value: (bad: string) => ({ [bad]: true }) });
const jobInput = { fileRef: 'imports/none.csv', type: 'MUTATION/USER' };
const keys = { processor: 'BRAINTREE', merchantId: 'm1', publicKey: 'pub1', privateKey: 'priv1' };

const SWEEPS: Sweep[] = [
  { name: 'account', ...operation('query($id: String!) { account(id: $id) { id } }', {}), ids: ['id'] },
  {
    name: 'account (literal)',
    channel: 'literal',
    send: (_, v) => gql(`{ account(id: ${JSON.stringify(v)}) { id } }`),
    ids: ['id'],
  },
  {
    name: 'rewardBalance',
    ...operation('query($accountId: String!) { rewardBalance(accountId: $accountId) { unit } }', {}),
    ids: ['accountId'],
  },
  {
    name: 'cashBalance',
    ...operation('query($accountId: String!) { cashBalance(accountId: $accountId) { unit } }', {}),
    ids: ['accountId'],
  },
  {
    name: 'redeemRewardBalance',
    ...operation(
      'mutation($accountId: String!, $unit: String!) { redeemRewardBalance(accountId: $accountId, unit: $unit, amount: 1) { unit } }',
      { accountId: 'acct-1', unit: 'USD' },
    ),
    ids: ['accountId', 'unit'],
  },
  {
    name: 'userEvents',
    ...operation(
      'query($accountId: String!, $userId: String!) { userEvents(accountId: $accountId, userId: $userId) { totalCount } }',
      { accountId: 'acct-1', userId: 'user-1' },
    ),
    ids: ['accountId', 'userId'],
  },
  {
    name: 'logUserEvent',
    ...operation(
      'mutation($userEventInput: UserEventInput!) { logUserEvent(userEventInput: $userEventInput) { userId } }',
      { userEventInput },
    ),
    ids: ['userEventInput.userId', 'userEventInput.accountId', 'userEventInput.idempotencyKey'],
    texts: [
      'userEventInput.events.0.key',
      { at: 'userEventInput.events.0.fields.note', named: 'userEventInput.events.0.fields' },
      objectKey('userEventInput.events.0.fields'),
    ],
  },
  {
    name: 'logUserEvents',
    ...operation(
      'mutation($userEventInput: [UserEventInput!]!, $idempotencyKey: String) { logUserEvents(userEventInput: $userEventInput, idempotencyKey: $idempotencyKey) { userId } }',
      { userEventInput: [userEventInput] },
    ),
    ids: ['userEventInput.0.userId', 'idempotencyKey'],
    texts: [{ at: 'userEventInput.0.events.0.fields.deep.note', named: 'userEventInput.0.events.0.fields' }],
  },
  {
    name: 'updateProgram',
    ...operation('mutation($input: ProgramInput!) { updateProgram(input: $input) { name } }', { input: {} }),
    ids: [
      'input.discountId',
      { at: 'input.landingUrl', named: 'input.landingUrl', value: (bad) => `https://shop.example/?q=${bad}` },
      { at: 'input.websiteUrl', named: 'input.websiteUrl', value: (bad) => `https://shop.example/?q=${bad}` },
      {
        at: 'input.allowedOrigins',
        named: 'input.allowedOrigins.0',
        value: (bad) => [`https://shop${bad}.example`],
      },
    ],
    texts: ['input.name', 'input.conversionEventKey', 'input.widgetHeadline', 'input.widgetSubheadline'],
  },
  {
    name: 'connectPaymentProcessor',
    ...operation(
      'mutation($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { merchantId } }',
      { input: keys },
    ),
    ids: ['input.merchantId', 'input.publicKey', 'input.privateKey'],
  },
  {
    name: 'validateJobCreation',
    ...operation('query($jobInput: JobInput!) { validateJobCreation(jobInput: $jobInput) { errors } }', {
      jobInput,
    }),
    ids: ['jobInput.fileRef', 'jobInput.type'],
    texts: ['jobInput.name'],
  },
  {
    name: 'createJob',
    ...operation('mutation($jobInput: JobInput!) { createJob(jobInput: $jobInput) { id } }', { jobInput }),
    ids: ['jobInput.fileRef', 'jobInput.type'],
    texts: ['jobInput.name'],
  },
  {
    name: 'dashboard',
    ...operation('query($range: DateRangeInput!) { dashboard(range: $range) { clicks } }', {
      range: { from: '2024-01-01', to: '2024-01-31' },
    }),
    ids: ['range.from', 'range.to'],
  },
  {
    name: 'referrals',
    ...operation(
      'query($filter: ReferralFilter, $after: String) { referrals(filter: $filter, after: $after) { hasNextPage } }',
      { filter: {} },
    ),
    ids: ['filter.code', 'filter.search', 'filter.from', 'filter.to', 'after'],
  },
  { name: 'referral', ...operation('query($id: ID!) { referral(id: $id) { workflowId } }', {}), ids: ['id'] },
  {
    name: 'accounts',
    ...operation(
      'query($search: String, $after: String) { accounts(search: $search, after: $after) { hasNextPage } }',
      {},
    ),
    ids: ['search', 'after'],
  },
  { name: 'job', ...operation('query($id: ID!) { job(id: $id) { id } }', {}), ids: ['id'] },
  { name: 'abortJob', ...operation('mutation($id: ID!) { abortJob(id: $id) { id } }', {}), ids: ['id'] },
  // E-mail notifications: a template's subject and body, the sender's name.
  {
    name: 'updateNotificationTemplate',
    ...operation(
      'mutation($subject: String!, $body: String!) { updateNotificationTemplate(kind: PAYOUT_SENT, locale: "en", subject: $subject, body: $body) { customized } }',
      { subject: 'Paid', body: 'Sent' },
    ),
    texts: ['subject', 'body'],
  },
  {
    name: 'setMailSender',
    ...operation('mutation($name: String) { setMailSender(name: $name) { effective } }', { name: 'Shop' }),
    texts: ['name'],
  },
];

test.each(sweepCases(SWEEPS))('%s with %s: VALIDATION_FAILED naming %s', async (_n, _w, field, send) => {
  const res = await send();
  const body = (await res.json()) as Json;
  expect(res.status).toBe(200); // application/json: a well-formed GraphQL response with errors
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(body.errors[0].extensions.validationErrors.map((v: Json) => v.path)).toContain(field);
  await expectServing(gw);
});

test('a lone surrogate in a string literal is a syntax error (the GraphQL lexer refuses it)', async () => {
  const res = await gql('{ account(id: "a\\ud800b") { id } }');
  const body = (await res.json()) as Json;
  expect(body.errors).toEqual([expect.objectContaining({ extensions: { code: 'VALIDATION_FAILED' } })]);
  expect(body.errors[0].message).toMatch(/Invalid Unicode escape sequence/);
  await expectServing(gw);
});

test('nothing from the sweep was stored', async () => {
  await expectNothingStored(gw, tenant.alias, ['accounts', 'users', 'user_events', 'processor_connections']);
});

/**
 * User events over GraphQL, driven by graphql-http's own client as a real GraphQL client:
 * logUserEvent, logUserEvents (all or nothing, one key), userEvents, and the HTTP 409 of a used key.
 */
import crypto from 'node:crypto';
import { createClient, NetworkError, type Client } from 'graphql-http';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

type Json = Record<string, any>;

let api: ReferralApi;
let client: Client;
beforeAll(async () => {
  api = await startReferralApi();
  client = createClient({
    url: `${api.gw.api(api.tenant.alias)}/graphql`,
    headers: { authorization: api.auth },
  });
});
afterAll(async () => {
  client?.dispose();
  await api?.close();
});

/** One operation through the client: its result, or the error it raised. */
function execute(query: string, variables: Json = {}): Promise<Json> {
  return new Promise((resolve, reject) => {
    let result: Json = {};
    client.subscribe(
      { query, variables },
      { next: (value) => (result = value as Json), error: reject, complete: () => resolve(result) },
    );
  });
}

const LOG_ONE = /* GraphQL */ `
  mutation Log($input: UserEventInput!) {
    logUserEvent(userEventInput: $input) {
      accountId
      userId
      events {
        id
        key
        fields
        dateTriggered
        dateReceived
      }
    }
  }
`;

const LOG_MANY = /* GraphQL */ `
  mutation LogMany($inputs: [UserEventInput!]!, $key: String) {
    logUserEvents(userEventInput: $inputs, idempotencyKey: $key) {
      accountId
      userId
      events {
        id
        key
      }
    }
  }
`;

const LIST = /* GraphQL */ `
  query List($accountId: String!, $userId: String!, $limit: Int, $offset: Int) {
    userEvents(accountId: $accountId, userId: $userId, limit: $limit, offset: $offset) {
      totalCount
      events {
        id
        key
        fields
        dateTriggered
      }
    }
  }
`;

async function user() {
  const ids = { accountId: uid('acct'), userId: uid('user') };
  expect((await api.identify(ids.accountId, ids.userId, {})).status).toBe(200);
  return ids;
}

const countEvents = (ids: { accountId: string; userId: string }) =>
  api.gw.deps
    .db('user_events')
    .where({ tenant_id: api.tenantId, account_id: ids.accountId, user_id: ids.userId })
    .count<{ count: string }[]>('* as count')
    .then((rows) => Number(rows[0]!.count));

describe('logUserEvent', () => {
  test('logs events and answers the UserEventResult', async () => {
    const u = await user();
    const result = await execute(LOG_ONE, {
      input: {
        ...u,
        idempotencyKey: crypto.randomUUID(),
        events: [
          {
            key: 'purchase',
            fields: { revenue: 12.5, currency: 'EUR', order_id: 'A-1' },
            dateTriggered: 1_700_000_000_000,
          },
          { key: 'signup' },
        ],
      },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.logUserEvent).toEqual({
      ...u,
      events: [
        {
          id: expect.any(String),
          key: 'purchase',
          fields: { revenue: 12.5, currency: 'EUR', order_id: 'A-1' },
          dateTriggered: 1_700_000_000_000,
          dateReceived: expect.any(Number),
        },
        {
          id: expect.any(String),
          key: 'signup',
          fields: {},
          dateTriggered: expect.any(Number),
          dateReceived: expect.any(Number),
        },
      ],
    });
    expect(await countEvents(u)).toBe(2);
  });

  test('literal arguments: a JSON object and an epoch beyond 32 bits', async () => {
    const u = await user();
    const result = await execute(/* GraphQL */ `
      mutation {
        logUserEvent(userEventInput: {
          userId: "${u.userId}", accountId: "${u.accountId}",
          events: [{ key: "literal", fields: { nested: { list: [1, "two", true, null] } }, dateTriggered: 4102444800000 }]
        }) { events { fields dateTriggered } }
      }
    `);
    expect(result.data.logUserEvent.events).toEqual([
      { fields: { nested: { list: [1, 'two', true, null] } }, dateTriggered: 4_102_444_800_000 },
    ]);
  });

  test('a repeated key is HTTP 409 with IDEMPOTENCY_KEY_USED, the first ids, and null data', async () => {
    const u = await user();
    const input = { ...u, idempotencyKey: crypto.randomUUID(), events: [{ key: 'once' }] };
    const first = await execute(LOG_ONE, { input });
    const ids = first.data.logUserEvent.events.map((e: Json) => e.id);

    const error = await execute(LOG_ONE, { input }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NetworkError);
    const response = (error as NetworkError<Response>).response!;
    expect(response.status).toBe(409);
    const body = (await response.json()) as Json;
    expect(body.data).toBeNull();
    expect(body.errors[0].extensions).toMatchObject({ code: 'IDEMPOTENCY_KEY_USED', eventIds: ids });
    expect(await countEvents(u)).toBe(1);
  });

  test.each([
    ['a malformed key', { idempotencyKey: 'short' }, 'userEventInput.idempotencyKey'],
    ['no events', { events: [] }, 'userEventInput.events'],
    [
      'fields that are not an object',
      { events: [{ key: 'k', fields: [1] }] },
      'userEventInput.events.0.fields',
    ],
  ])('%s is VALIDATION_FAILED naming the field, and stores nothing', async (_name, patch, path) => {
    const u = await user();
    const result = await execute(LOG_ONE, { input: { ...u, events: [{ key: 'k' }], ...patch } });
    expect(result.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(result.errors[0].extensions.validationErrors.map((v: Json) => v.path)).toContain(path);
    expect(await countEvents(u)).toBe(0);
  });

  test('an EpochMillis that is not a whole number is a 400 request error, VALIDATION_FAILED', async () => {
    const u = await user();
    const error = (await execute(LOG_ONE, {
      input: { ...u, events: [{ key: 'k', dateTriggered: 1.5 }] },
    }).catch((err: unknown) => err)) as NetworkError<Response>;
    // Variables that do not coerce are a request error: GraphQL over HTTP answers 400, no execution.
    expect(error.response!.status).toBe(400);
    const body = (await error.response!.json()) as Json;
    expect(body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(body.errors[0].message).toMatch(/EpochMillis/);
    expect(await countEvents(u)).toBe(0);
  });

  test('an unknown user is USER_NOT_FOUND', async () => {
    const result = await execute(LOG_ONE, {
      input: { accountId: uid('acct'), userId: uid('user'), events: [{ key: 'k' }] },
    });
    expect(result.errors[0].extensions.code).toBe('USER_NOT_FOUND');
  });
});

describe('logUserEvents', () => {
  test('logs several users atomically under one key; a repeat is 409', async () => {
    const a = await user();
    const b = await user();
    const key = crypto.randomUUID();
    const inputs = [
      { ...a, events: [{ key: 'x' }, { key: 'y' }] },
      { ...b, events: [{ key: 'z' }] },
    ];
    const result = await execute(LOG_MANY, { inputs, key });
    expect(result.data.logUserEvents.map((r: Json) => [r.userId, r.events.map((e: Json) => e.key)])).toEqual([
      [a.userId, ['x', 'y']],
      [b.userId, ['z']],
    ]);
    const error = (await execute(LOG_MANY, { inputs, key }).catch(
      (err: unknown) => err,
    )) as NetworkError<Response>;
    expect(error.response!.status).toBe(409);
    const body = (await error.response!.json()) as Json;
    expect(body.errors[0].extensions.eventIds).toHaveLength(3);
    expect([await countEvents(a), await countEvents(b)]).toEqual([2, 1]);
  });

  test('all or nothing: one unknown user stores nobody and leaves the key unused', async () => {
    const a = await user();
    const key = crypto.randomUUID();
    const inputs = [
      { ...a, events: [{ key: 'x' }] },
      { accountId: uid('acct'), userId: uid('ghost'), events: [{ key: 'y' }] },
    ];
    const result = await execute(LOG_MANY, { inputs, key });
    expect(result.errors[0].extensions.code).toBe('USER_NOT_FOUND');
    expect(await countEvents(a)).toBe(0);
    const retry = await execute(LOG_MANY, { inputs: [inputs[0]], key });
    expect(retry.errors).toBeUndefined();
    expect(await countEvents(a)).toBe(1);
  });

  test('a key inside an input is refused: the call has one key', async () => {
    const a = await user();
    const result = await execute(LOG_MANY, {
      inputs: [{ ...a, idempotencyKey: crypto.randomUUID(), events: [{ key: 'x' }] }],
    });
    expect(result.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(await countEvents(a)).toBe(0);
  });
});

describe('userEvents', () => {
  test('newest first by trigger time, with totalCount, limit and offset', async () => {
    const u = await user();
    const events = [3, 1, 5, 2, 4].map((n) => ({
      key: `e${n}`,
      dateTriggered: 1_700_000_000_000 + n * 1000,
    }));
    await execute(LOG_ONE, { input: { ...u, events } });
    const all = await execute(LIST, u);
    expect(all.data.userEvents.totalCount).toBe(5);
    expect(all.data.userEvents.events.map((e: Json) => e.key)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1']);
    const page = await execute(LIST, { ...u, limit: 2, offset: 1 });
    expect(page.data.userEvents).toMatchObject({ totalCount: 5, events: [{ key: 'e4' }, { key: 'e3' }] });
    const unknown = await execute(LIST, { accountId: uid('acct'), userId: uid('user') });
    expect(unknown.data.userEvents).toEqual({ totalCount: 0, events: [] });
    const tooMany = await execute(LIST, { ...u, limit: 101 });
    expect(tooMany.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

test('the program exposes conversionEventKey through GraphQL', async () => {
  const set = await execute(/* GraphQL */ `
    mutation {
      updateProgram(input: { conversionEventKey: "purchase" }) {
        conversionEventKey
      }
    }
  `);
  expect(set.data.updateProgram.conversionEventKey).toBe('purchase');
  const cleared = await execute(
    `mutation { updateProgram(input: { conversionEventKey: null }) { conversionEventKey } }`,
  );
  expect(cleared.data.updateProgram.conversionEventKey).toBeNull();
});

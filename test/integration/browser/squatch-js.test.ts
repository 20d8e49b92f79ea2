/**
 * The public browser SDK, @saasquatch/squatch-js, logs events against our endpoint unchanged: `init`
 * with our domain, then `events().track(input, { jwt })` with a user JWT, exactly as a web page does.
 */
import crypto from 'node:crypto';
import { startReferralApi, uid, userToken, type ReferralApi } from '../../helpers/referrals';

interface SquatchModule {
  init(config: { tenantAlias: string; domain: string }): void;
  events(): {
    track(input: Record<string, unknown>, options: { jwt: string }): Promise<Record<string, any>>;
  };
}

let api: ReferralApi;
let squatch: SquatchModule;

beforeAll(async () => {
  api = await startReferralApi();
  // The SDK's module registers its web components when it loads; these are the only browser globals it
  // touches before `track`, which itself uses fetch.
  const elements = new Map<string, unknown>();
  Object.assign(globalThis, {
    window: globalThis,
    HTMLElement: class {},
    customElements: { get: (name: string) => elements.get(name), define: elements.set.bind(elements) },
  });
  squatch = (await import('@saasquatch/squatch-js')) as unknown as SquatchModule;
  squatch.init({ tenantAlias: api.tenant.alias, domain: api.gw.url });
});
afterAll(async () => {
  await api?.close();
});

async function identified() {
  const accountId = uid('sdk-acct');
  const userId = uid('sdk-user');
  expect((await api.identify(accountId, userId, { firstName: 'Sdk' })).status).toBe(200);
  return { accountId, userId, jwt: userToken(api.tenant.apiKey, accountId, userId) };
}

test('EventsApi.track with a user JWT logs the events and resolves with them', async () => {
  const u = await identified();
  const idempotencyKey = crypto.randomUUID();
  const result = await squatch.events().track(
    {
      userId: u.userId,
      accountId: u.accountId,
      idempotencyKey,
      events: [{ key: 'purchase', fields: { revenue: 40, currency: 'CAD', order_id: 'sdk-1' } }],
    },
    { jwt: u.jwt },
  );
  expect(result).toMatchObject({
    userId: u.userId,
    accountId: u.accountId,
    events: [
      {
        id: expect.any(String),
        key: 'purchase',
        fields: { revenue: 40, currency: 'CAD', order_id: 'sdk-1' },
      },
    ],
  });
  const rows = await api.gw.deps
    .db('user_events')
    .where({ tenant_id: api.tenantId, idempotency_key: idempotencyKey });
  expect(rows.map((r) => r.id)).toEqual([result.events[0].id]);

  // A replay reaches the SDK as its standard error, carrying our 409 body as the message.
  const replay = squatch
    .events()
    .track(
      { userId: u.userId, accountId: u.accountId, idempotencyKey, events: [{ key: 'purchase' }] },
      { jwt: u.jwt },
    );
  await expect(replay).rejects.toThrow(/IDEMPOTENCY_KEY_USED/);
});

test("another user's JWT is refused (403) and nothing is stored", async () => {
  const u = await identified();
  const other = await identified();
  const attempt = squatch
    .events()
    .track({ userId: other.userId, accountId: other.accountId, events: [{ key: 'spoof' }] }, { jwt: u.jwt });
  await expect(attempt).rejects.toThrow(/FORBIDDEN/);
  const rows = await api.gw.deps.db('user_events').where({ tenant_id: api.tenantId, user_id: other.userId });
  expect(rows).toHaveLength(0);
});

/**
 * Outbound webhooks, the state changes' events (third part), with the real gateway, worker
 * (lifecycle workflows and the webhook dispatcher), Temporal and PostgreSQL, and a local receiver that
 * verifies every request with the `standardwebhooks` library: each wired type arrives once after its API
 * action, `data` in the API's own shape; a change that rolls back emits nothing; 10 concurrent
 * conversions of one referral give exactly one `referral.converted`. Another test file's dispatcher may
 * take a row too, so the tests look only at what the receiver got.
 */
import type { RunningWorker } from '../../../services/worker/worker';
import { signedNotification } from '../../../services/processor-sandbox/notifications';
import { startProcessorSandbox } from '../../../services/processor-sandbox/sandbox';
import { parseFileRef } from '../../../shared/storage/file-storage';
import type { Json } from '../../helpers/admin-api';
import {
  basic,
  eventually,
  postJson,
  startTestGateway,
  startTestWorker,
  testConfig,
} from '../../helpers/harness';
import { importClient } from '../../helpers/imports';
import { merchantKeys } from '../../helpers/processor';
import { uid } from '../../helpers/referrals';
import { startEventsHarness, type EventsHarness } from '../../helpers/webhook-events';

let h: EventsHarness;
beforeAll(async () => {
  h = await startEventsHarness();
});
afterAll(async () => {
  await h?.close();
});

const gw = () => h.gw;
const tenant = () => h.tenant;
const auth = () => h.auth();
const gql = (query: string, variables?: Json) => h.gql(query, variables);
const identify = (accountId: string, userId: string, body?: Json) => h.identify(accountId, userId, body);
const account = (id: string) => h.account(id);
const endpoint = (eventTypes?: string[]) => h.endpoint(eventTypes);
const got: EventsHarness['got'] = (e, type) => h.got(e, type);
const waitFor: EventsHarness['waitFor'] = (e, type, count) => h.waitFor(e, type, count);
const outbox: EventsHarness['outbox'] = (type, where) => h.outbox(type, where);
const quietly = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function referrer() {
  const res = await identify(uid('acct-r'), uid('user'), { firstName: 'Rita', lastName: 'Referrer' });
  expect(res.status).toBe(200);
  return res.body;
}

test('user.created: a first identification sends the user as GET user answers it, once', async () => {
  const e = await endpoint(['user.created']);
  const accountId = uid('acct');
  const userId = uid('user');
  const first = await identify(accountId, userId, { email: 'ann@example.com', firstName: 'Ann' });
  expect(first.status).toBe(200);
  await waitFor(e, 'user.created');
  const again = await identify(accountId, userId, { lastName: 'Again' });
  expect(again.status).toBe(200);

  const enc = encodeURIComponent;
  const res = await fetch(`${gw().api(tenant().alias)}/open/account/${enc(accountId)}/user/${enc(userId)}`, {
    headers: auth(),
  });
  const view = (await res.json()) as Json;
  await quietly(1500);
  const events = got(e, 'user.created');
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    type: 'user.created',
    id: expect.any(String),
    timestamp: expect.any(String),
  });
  // As the first PUT answered it (GET now has the later lastName).
  expect(events[0]!.data).toEqual(first.body);
  expect(events[0]!.data).toEqual({ ...view, lastName: null });
  expect(got(e)).toHaveLength(1);
});

test('user.created from a Segment identify carries the share link, as GET user answers it', async () => {
  const e = await endpoint(['user.created']);
  const userId = uid('seg-user');
  const accountId = uid('seg-acct');
  const res = await fetch(`${gw().api(tenant().alias)}/integrations/segment`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'identify', userId, traits: { accountId, firstName: 'Grace' } }),
  });
  expect(res.status).toBe(200);
  await waitFor(e, 'user.created');
  const enc = encodeURIComponent;
  const view = (await (
    await fetch(`${gw().api(tenant().alias)}/open/account/${enc(accountId)}/user/${enc(userId)}`, {
      headers: auth(),
    })
  ).json()) as Json;
  expect(view.shareLink).toMatch(/^http:\/\/.+\/r\//);
  expect(got(e, 'user.created').map((p) => p.data)).toEqual([view]);
});

test('referral.started and reward.created: an attribution sends the referral and the referred reward', async () => {
  const e = await endpoint(['referral.started', 'reward.created']);
  const rita = await referrer();
  const accountId = uid('acct');
  const res = await identify(accountId, uid('user'), { referredByCode: rita.shareCode });
  expect(res.status).toBe(200);
  await waitFor(e, 'referral.started');
  await waitFor(e, 'reward.created');

  const { referredBy } = await account(accountId);
  const started = got(e, 'referral.started');
  expect(started).toHaveLength(1);
  expect(started[0]!.data).toMatchObject({ ...referredBy, status: 'IN_PROGRESS' });
  expect(started[0]!.data.referredReward).toMatchObject({ rewardSource: 'REFERRED', status: 'AVAILABLE' });
  const rewards = got(e, 'reward.created');
  expect(rewards).toHaveLength(1);
  expect(rewards[0]!.data).toMatchObject(referredBy.referredReward);
  expect(rewards[0]!.data).toHaveProperty('redeemedCents', 0);
});

test('10 concurrent conversions of one referral give one referral.converted and one referrer reward', async () => {
  const e = await endpoint(['referral.converted', 'reward.created']);
  const rita = await referrer();
  const accountId = uid('acct');
  const userId = uid('user');
  expect((await identify(accountId, userId, { referredByCode: rita.shareCode })).status).toBe(200);
  await waitFor(e, 'reward.created'); // the referred side's

  const results = await Promise.all(
    Array.from({ length: 10 }, () => identify(accountId, userId, { accountStatus: 'PAID' })),
  );
  for (const r of results) expect(r.status).toBe(200);
  await waitFor(e, 'referral.converted');
  await waitFor(e, 'reward.created', 2);
  await quietly(2000);

  const { referredBy } = await account(accountId);
  const converted = got(e, 'referral.converted');
  expect(converted).toHaveLength(1);
  expect(converted[0]!.data).toMatchObject({ ...referredBy, status: 'CONVERTED' });
  expect(converted[0]!.data.referrerReward).toMatchObject({ rewardSource: 'FRIEND_SIGNUP' });
  const referrerRewards = got(e, 'reward.created').filter((p) => p.data.rewardSource === 'FRIEND_SIGNUP');
  expect(referrerRewards).toHaveLength(1);
  expect(referrerRewards[0]!.data).toMatchObject(referredBy.referrerReward);
  expect(await outbox('referral.converted', (d) => d.id === referredBy.id)).toHaveLength(1);
});

test('referral.ended and reward.cancelled: a converted account that cancels', async () => {
  const e = await endpoint(['referral.ended', 'reward.cancelled']);
  const rita = await referrer();
  const accountId = uid('acct');
  const userId = uid('user');
  const paid = await identify(accountId, userId, { referredByCode: rita.shareCode, accountStatus: 'PAID' });
  expect(paid.body.referredBy.status).toBe('CONVERTED');
  const cancelled = await identify(accountId, userId, { accountStatus: 'CANCELLED' });
  expect(cancelled.status).toBe(200);
  await waitFor(e, 'referral.ended');
  await waitFor(e, 'reward.cancelled', 2);
  await quietly(1000);

  const { referredBy } = await account(accountId);
  expect(referredBy.status).toBe('ENDED');
  const ended = got(e, 'referral.ended');
  expect(ended).toHaveLength(1);
  expect(ended[0]!.data).toMatchObject(referredBy);
  const rewards = got(e, 'reward.cancelled').map((p) => p.data);
  expect(rewards).toHaveLength(2);
  expect(rewards.map((r) => r.rewardSource).sort()).toEqual(['FRIEND_SIGNUP', 'REFERRED']);
  for (const r of rewards)
    expect(r).toMatchObject({ status: 'CANCELLED', dateCancelled: expect.any(Number) });
  expect(got(e)).toHaveLength(3);
});

test('a change that rolls back emits nothing', async () => {
  const e = await endpoint();
  const rita = await referrer();
  await waitFor(e, 'user.created');
  // An unknown typed code and a taken share code both fail inside the identify transaction, after the
  // user row was inserted.
  const unknownCode = uid('user');
  const bad = await identify(uid('acct'), unknownCode, { referredByCode: 'NOSUCHCODE1' });
  expect(bad.status).toBe(400);
  const takenCode = uid('user');
  const taken = await identify(uid('acct'), takenCode, { shareCode: rita.shareCode });
  expect(taken.status).toBeGreaterThanOrEqual(400);
  expect(taken.status).toBeLessThan(500);
  // Self-referral refused: no referral, no reward.
  const self = await identify(rita.accountId, uid('user'), { referredByCode: rita.shareCode });
  expect(self.status).toBe(400);

  // A later change that commits arrives; nothing from the refused ones did.
  const marker = await identify(uid('acct'), uid('user'), { firstName: 'Marker' });
  await eventually('the marker user arrives', async () =>
    got(e, 'user.created').some((p) => p.data.id === marker.body.id),
  );
  await quietly(1000);
  const ids = got(e, 'user.created').map((p) => p.data.id);
  expect(ids).not.toContain(unknownCode);
  expect(ids).not.toContain(takenCode);
  expect(got(e, 'referral.started')).toHaveLength(0);
  expect(got(e, 'reward.created')).toHaveLength(0);
  expect(await outbox('user.created', (d) => d.id === unknownCode || d.id === takenCode)).toHaveLength(0);
});

test('reward.redeemed: a credit redemption sends each reward it drew on; a refused one sends nothing', async () => {
  const e = await endpoint(['reward.redeemed']);
  const program = `mutation U($input: ProgramInput!) { updateProgram(input: $input) { referredDiscountPercent } }`;
  await gql(program, { input: { referrerReward: { type: 'CREDIT', amountCents: 500, unit: 'USD' } } });
  try {
    const rita = await referrer();
    for (let i = 0; i < 2; i += 1) {
      const res = await identify(uid('acct'), uid('user'), {
        referredByCode: rita.shareCode,
        accountStatus: 'PAID',
      });
      expect(res.body.referredBy.status).toBe('CONVERTED');
    }
    const redeem = `mutation R($a: String!, $u: String!, $n: Int!) {
      redeemRewardBalance(accountId: $a, unit: $u, amount: $n) { available } }`;
    const refused = await postJson(
      `${gw().api(tenant().alias)}/graphql`,
      { query: redeem, variables: { a: rita.accountId, u: 'USD', n: 5000 } },
      auth(),
    );
    expect(refused.json.errors[0].extensions.code).toBe('INSUFFICIENT_BALANCE');
    expect((await gql(redeem, { a: rita.accountId, u: 'USD', n: 700 })).redeemRewardBalance).toEqual({
      available: 300,
    });
    await waitFor(e, 'reward.redeemed', 2);
    await quietly(1000);

    const { rewards } = await account(rita.accountId);
    const events = got(e, 'reward.redeemed').map((p) => p.data);
    expect(events).toHaveLength(2);
    const [full, part] = events[0]!.status === 'REDEEMED' ? events : [events[1]!, events[0]!];
    expect(full).toMatchObject({ status: 'REDEEMED', redeemedCents: 500, dateRedeemed: expect.any(Number) });
    expect(part).toMatchObject({ status: 'AVAILABLE', redeemedCents: 200, dateRedeemed: null });
    for (const r of events) expect(r).toMatchObject(rewards.find((x: Json) => x.id === r.id));
  } finally {
    await gql(program, { input: { referrerReward: { type: 'PCT_DISCOUNT', discountPercent: 10 } } });
  }
});

describe('import jobs', () => {
  const jobs = () => importClient({ base: gw().api(tenant().alias), auth: basic(tenant().apiKey) });

  test('import_job.completed, and user.created for the users it created (bulk and single rows)', async () => {
    const e = await endpoint(['import_job.completed', 'import_job.failed']);
    const users = await endpoint(['user.created']);
    const rita = await referrer();
    const [a, b] = [uid('acct'), uid('acct')];
    const csv = [
      'id,accountId,firstName,referredBy.code',
      `imp1,${a},Imma,`,
      `imp2,${a},Ines,`,
      `imp3,${b},Ida,${rita.shareCode}`,
      `imp3,${b},Ida,`,
    ].join('\n');
    const job = await jobs().run('users.csv', csv, 'MUTATION/USER');
    expect(job.status).toBe('COMPLETED');
    await waitFor(e, 'import_job.completed');
    await waitFor(users, 'user.created', 3);
    await quietly(1000);
    const events = got(e);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'import_job.completed', data: job });
    expect(events[0]!.data).toEqual(job);

    const created = got(users, 'user.created').filter((p) => [a, b].includes(p.data.accountId));
    expect(created.map((p) => p.data.id).sort()).toEqual(['imp1', 'imp2', 'imp3']);
    const enc = encodeURIComponent;
    for (const { data } of created) {
      const res = await fetch(
        `${gw().api(tenant().alias)}/open/account/${enc(data.accountId)}/user/${enc(data.id)}`,
        {
          headers: auth(),
        },
      );
      // With its share link under PUBLIC_URL, as the gateway answers it.
      const view = (await res.json()) as Json;
      expect(view.shareLink).toMatch(/^http:\/\/.+\/r\//);
      expect(data).toEqual(view);
    }
  });

  test('import_job.failed: a job whose file vanished before it started', async () => {
    const e = await endpoint(['import_job.completed', 'import_job.failed']);
    // A gateway on a task queue no worker polls yet: the job waits while its file is removed.
    const idle = testConfig({
      DATABASE_URL: h.databaseUrl,
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    const gw2 = await startTestGateway({ config: idle });
    let worker2: RunningWorker | undefined;
    try {
      const client = importClient({ base: gw2.api(tenant().alias), auth: basic(tenant().apiKey) });
      const fileRef = await client.upload('gone.csv', `id,accountId\ngone1,${uid('acct')}\n`);
      const created = await client.create({ fileRef, type: 'MUTATION/USER' });
      await gw2.deps.storage.delete(parseFileRef(tenant().alias, fileRef)!);
      worker2 = await startTestWorker(idle);
      const job = await client.waitFor(created.id);
      expect(job).toMatchObject({ status: 'FAILED', error: expect.stringContaining('gone') });
      await waitFor(e, 'import_job.failed');
      await quietly(1000);
      const events = got(e);
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toEqual(job);
    } finally {
      await worker2?.close();
      await gw2.close();
    }
  });
});

test('processor_notification.failed: a notification applied after the processor was disconnected', async () => {
  const e = await endpoint(['processor_notification.failed']);
  const sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  // A gateway on a task queue no worker polls yet: the notification waits while the tenant disconnects.
  const idle = testConfig({ DATABASE_URL: h.databaseUrl, PROCESSOR_BASE_URL: sandbox.url });
  const gw2 = await startTestGateway({ config: idle });
  let worker2: RunningWorker | undefined;
  const gql2 = async (query: string, variables?: Json) =>
    (await postJson(`${gw2.api(tenant().alias)}/graphql`, { query, variables }, auth())).json as Json;
  try {
    const keys = merchantKeys();
    const connected = await gql2(
      `mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { webhookUrl } }`,
      { input: { processor: 'BRAINTREE', ...keys } },
    );
    expect(connected.errors).toBeUndefined();
    const delivery = signedNotification(keys, 'subscription_went_active', uid('sub'));
    const res = await fetch(`${gw2.api(tenant().alias)}/processor/braintree/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(delivery as unknown as Record<string, string>).toString(),
    });
    expect(res.status).toBe(200);
    const { notificationId } = (await res.json()) as Json;
    expect((await gql2('mutation { disconnectPaymentProcessor }')).data.disconnectPaymentProcessor).toBe(
      true,
    );
    worker2 = await startTestWorker(idle);
    await waitFor(e, 'processor_notification.failed');
    await quietly(1000);

    const listed = (await gql2(
      '{ processorNotifications(first: 100) { id processor kind subjectId customerId status receivedAt processedAt outcome } }',
    )) as Json;
    const view = listed.data.processorNotifications.find((n: Json) => n.id === notificationId);
    expect(view).toMatchObject({ status: 'FAILED', outcome: { result: 'DISCONNECTED' } });
    const events = got(e);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual(view);
  } finally {
    await worker2?.close();
    await gw2.close();
    await sandbox.close();
  }
});

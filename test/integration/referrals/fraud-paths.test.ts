/**
 * The fraud policy on every attribution path: identification, account sync, POST /discount,
 * a USER import row and the payment processor's service_coupon each compute the signals and apply the
 * program's REVIEW (the referral is made, its rewards wait as PENDING_REVIEW) the same way; the
 * processor path, which knows no user yet, still finds VELOCITY. BLOCK on these paths is covered by
 * fraud-signals.test.ts.
 */
import { importClient } from '../../helpers/imports';
import { startProcessorApi, type ProcessorApi } from '../../helpers/processor';
import { uid } from '../../helpers/referrals';

let api: ProcessorApi;
beforeAll(async () => {
  api = await startProcessorApi();
  const res = await api.gql(
    `mutation { updateProgram(input: { referredDiscountPercent: 10,
       fraudPolicy: [{ signal: SAME_EMAIL, action: REVIEW }, { signal: VELOCITY, action: REVIEW }] }) {
       fraudPolicy { signal action } } }`,
  );
  expect(res.errors).toBeUndefined();
});
afterAll(async () => {
  await api?.close();
});

async function referrer(email: string) {
  const res = await api.identify(uid('acct-r'), uid('user'), { email });
  expect(res.status).toBe(200);
  return { accountId: res.body.accountId as string, code: res.body.shareCode as string };
}

async function referralOf(accountId: string) {
  const res = await api.gql(
    `query A($id: String!) { account(id: $id) { referredBy {
      fraudSignals { signal } review { status } referredReward { status } } } }`,
    { id: accountId },
  );
  expect(res.errors).toBeUndefined();
  return res.data.account.referredBy;
}

const held = (signal: string) => ({
  fraudSignals: [{ signal }],
  review: { status: 'PENDING' },
  referredReward: { status: 'PENDING_REVIEW' },
});

test.each([
  [
    'identification',
    async (code: string, friend: string, email: string) =>
      api.identify(friend, uid('user'), { email, referredByCode: code }),
  ],
  [
    'account sync',
    async (code: string, friend: string, email: string) => {
      await api.identify(friend, uid('user'), { email });
      return api.sync({ id: friend, referral: { code } });
    },
  ],
  [
    'POST /discount',
    async (code: string, friend: string, email: string) => {
      await api.identify(friend, uid('user'), { email });
      return api.call('POST', '/discount', {
        accountId: friend,
        paymentProviderId: uid('cus'),
        couponCode: code,
      });
    },
  ],
  [
    'a USER import row',
    async (code: string, friend: string, email: string) => {
      const csv = ['id,accountId,email,referredBy.code', `${uid('u')},${friend},${email},${code}`].join('\n');
      const job = await importClient({ base: api.gw.api(api.tenant.alias), auth: api.auth }).run(
        'paths.csv',
        csv,
        'MUTATION/USER',
      );
      return { status: job.status === 'COMPLETED' ? 200 : 500 };
    },
  ],
])('%s: SAME_EMAIL under REVIEW holds the referral for review', async (_path, attribute) => {
  const mailbox = uid('rita').toLowerCase();
  const rita = await referrer(`${mailbox}@example.com`);
  const friend = uid('acct');
  const res = await attribute(rita.code, friend, `${mailbox.toUpperCase()}+friend@example.com`);
  expect(res.status).toBe(200);
  expect(await referralOf(friend)).toEqual(held('SAME_EMAIL'));
});

test('the processor path (service_coupon): VELOCITY under REVIEW holds the referral for review', async () => {
  const limit = await api.gql(
    'mutation { updateProgram(input: { maxAttributionsPerReferrerPerHour: 1 }) { maxAttributionsPerReferrerPerHour } }',
  );
  expect(limit.errors).toBeUndefined();
  const rita = await referrer(`${uid('velo')}@example.com`);
  const first = uid('acct');
  await api.identify(first, uid('user'), { referredByCode: rita.code });
  expect((await referralOf(first)).fraudSignals).toEqual([]);

  const customerId = uid('cust');
  const sub = await api.subscribe({ customerId, coupon: rita.code });
  const res = await api.deliver(api.sample('subscription_went_active', sub.subscriptionId));
  expect(res.status).toBe(200);
  const row = await api.processed(res.body.notificationId);
  expect(row.outcome).toMatchObject({ result: 'APPLIED', accountId: customerId, attributedBy: rita.code });
  expect(await referralOf(customerId)).toEqual(held('VELOCITY'));
  await api.gql(
    'mutation { updateProgram(input: { maxAttributionsPerReferrerPerHour: null }) { maxAttributionsPerReferrerPerHour } }',
  );
});

/**
 * The server SDK against the real gateway: account sync, code lookup, account rewards, discount
 * association, the program, the analytics connector and raw GraphQL; and the OPERATIONS table covering
 * every method of ReferralClient.
 */
import { OPERATIONS, ReferralClient } from '../../../clients/sdk/src/index';
import { uid } from '../../helpers/referrals';
import { expectApiError, startSdkStack, type SdkStack } from '../../helpers/sdk';

let stack: SdkStack;
beforeAll(async () => {
  stack = await startSdkStack();
});
afterAll(async () => {
  await stack?.close();
});

async function referrer() {
  return stack.client.identify(uid('acct-r'), uid('user'), { firstName: 'Rita', lastName: 'Referrer' });
}

describe('accounts', () => {
  test('syncAccount attributes by referral.code and converts on PAID', async () => {
    const { client } = stack;
    const rita = await referrer();
    const id = uid('acct');
    const trial = await client.syncAccount({
      id,
      referral: { code: rita.shareCode! },
      subscription: { status: 'TRIAL' },
    });
    expect(trial).toMatchObject({ id, referral: { code: rita.shareCode, status: 'IN_PROGRESS' } });
    expect(trial.subscription).toMatchObject({ status: 'TRIAL' });
    await client.identify(id, uid('user'));
    const paid = await client.syncAccount({
      id,
      subscription: { status: 'PAID', billingIntervalType: 'MONTH', billingIntervalValue: 1, value: 49.5 },
      currency: 'USD',
    });
    expect(paid).toMatchObject({
      subscription: { status: 'PAID', billingIntervalType: 'MONTH', billingIntervalValue: 1, value: 49.5 },
      referral: { status: 'CONVERTED' },
      currency: 'USD',
    });
    const rewards = await client.getAccountRewards(rita.accountId);
    expect(rewards.rewards).toEqual([
      expect.objectContaining({ rewardSource: 'FRIEND_SIGNUP', status: 'AVAILABLE' }),
    ]);
  });

  test('syncAccount: validation errors name the field; an unknown code is refused', async () => {
    const { client } = stack;
    await expectApiError(
      client.syncAccount({ id: uid('acct'), subscription: { status: 'SOMETIMES' as never } }),
      400,
      'VALIDATION_FAILED',
      'subscription.status',
    );
    await expectApiError(client.syncAccount({ id: '' }), 400, 'VALIDATION_FAILED', 'id');
    const err = await expectApiError(
      client.syncAccount({ id: uid('acct'), referral: { code: 'NO-SUCH-CODE' } }),
      400,
      'INVALID_REFERRAL_CODE',
    );
    expect(err.statusCode).toBe(400);
  });

  test('lookupCode answers the discount (any case); an unknown code is 404', async () => {
    const rita = await referrer();
    const lookup = await stack.client.lookupCode(rita.shareCode!.toLowerCase());
    expect(lookup).toMatchObject({
      code: rita.shareCode,
      couponCode: rita.shareCode,
      referrerName: 'Rita Referrer',
    });
    expect(lookup.discountPercentage).toEqual(expect.any(Number));
    await expectApiError(stack.client.lookupCode('NOPE-NOPE'), 404, 'REFERRAL_CODE_NOT_FOUND');
    // Longer than the path allows: 400 naming `code`.
    await expectApiError(stack.client.lookupCode('c'.repeat(300)), 400, 'VALIDATION_FAILED', 'code');
  });

  test('getAccountRewards: with and without couponCode; validation; unknown account', async () => {
    const { client } = stack;
    const rita = await referrer();
    const fresh = await client.identify(uid('acct'), uid('user'));
    const before = await client.getAccountRewards(fresh.accountId);
    expect(before).toMatchObject({ accountId: fresh.accountId, referredDiscountPercent: 0, rewards: [] });
    const quote = await client.getAccountRewards(fresh.accountId, { couponCode: rita.shareCode! });
    expect(quote.referrerName).toBe('Rita Referrer');
    expect(quote.referredDiscountPercent).toBe((await client.getProgram()).referredDiscountPercent);
    await expectApiError(
      client.getAccountRewards(fresh.accountId, { couponCode: ' ' }),
      400,
      'VALIDATION_FAILED',
      'couponCode',
    );
    await expectApiError(client.getAccountRewards(uid('nobody')), 404, 'NOT_FOUND');
  });

  test('associateDiscount ties the customer and attributes; validation; unknown code; customer in use', async () => {
    const { client } = stack;
    const rita = await referrer();
    const accountId = uid('acct');
    const customer = uid('cus');
    const association = await client.associateDiscount({
      accountId,
      paymentProviderId: customer,
      couponCode: rita.shareCode!,
    });
    expect(association).toMatchObject({ accountId, paymentProviderId: customer, couponCode: rita.shareCode });
    expect(association.referredDiscountPercent).toEqual(expect.any(Number));
    await expectApiError(
      client.associateDiscount({ accountId, couponCode: rita.shareCode! } as never),
      400,
      'VALIDATION_FAILED',
      'paymentProviderId',
    );
    await expectApiError(
      client.associateDiscount({
        accountId: uid('acct'),
        paymentProviderId: uid('cus'),
        couponCode: 'NO-SUCH',
      }),
      404,
      'REFERRAL_CODE_NOT_FOUND',
      'couponCode',
    );
    await expectApiError(
      client.associateDiscount({
        accountId: uid('acct'),
        paymentProviderId: customer,
        couponCode: rita.shareCode!,
      }),
      409,
      'PAYMENT_PROVIDER_ID_IN_USE',
    );
  });
});

describe('program', () => {
  test('getProgram and updateProgram; a bad value names its field and changes nothing', async () => {
    const { client } = stack;
    const before = await client.getProgram();
    expect(before.alias).toBe(stack.api.tenant.alias);
    const after = await client.updateProgram({
      name: 'SDK program',
      referrerReward: { type: 'CREDIT', amountCents: 500, unit: 'USD' },
    });
    expect(after).toMatchObject({
      name: 'SDK program',
      referrerReward: { type: 'CREDIT', amountCents: 500, unit: 'USD', discountPercent: null },
    });
    expect(await client.getProgram()).toEqual(after);
    await expectApiError(
      client.updateProgram({ referredDiscountPercent: 101 }),
      400,
      'VALIDATION_FAILED',
      'referredDiscountPercent',
    );
    expect((await client.getProgram()).referredDiscountPercent).toBe(after.referredDiscountPercent);
  });
});

describe('segment and raw GraphQL', () => {
  test('segment: a track is accepted, its messageId again is duplicate; a bad body names the field', async () => {
    const { client } = stack;
    const user = await client.identify(uid('acct'), uid('user'));
    const track = {
      type: 'track',
      userId: user.id,
      event: 'purchase',
      messageId: `msg-${uid('m')}`,
      context: { groupId: user.accountId },
    };
    const first = await client.segment(track);
    expect(first.results).toEqual([expect.objectContaining({ index: 0, type: 'track', status: 'accepted' })]);
    const again = await client.segment(track, { idempotent: true });
    expect(again.results[0]).toMatchObject({
      status: 'duplicate',
      eventIds: (first.results[0] as { eventIds: string[] }).eventIds,
    });
    await expectApiError(client.segment({ batch: [] }), 400, 'VALIDATION_FAILED', 'batch');
  });

  test('graphql: data of a query; errors throw ApiError with extensions.code', async () => {
    const { client } = stack;
    const user = await client.identify(uid('acct'), uid('user'), { firstName: 'Gail' });
    const data = await client.graphql<{ account: { users: { id: string; firstName: string }[] } }>(
      'query A($id: String!) { account(id: $id) { users { id firstName } } }',
      { id: user.accountId },
      { idempotent: true },
    );
    expect(data.account.users).toEqual([{ id: user.id, firstName: 'Gail' }]);
    await expectApiError(client.graphql('{ nope }'), 400, 'VALIDATION_FAILED');
    const err = await expectApiError(
      client.graphql('query J($id: ID!) { job(id: $id) { id } }', { id: 'x'.repeat(101) }),
      400,
      'VALIDATION_FAILED',
      'id',
    );
    expect(err.fields.path).toEqual(['job']);
  });
});

describe('OPERATIONS', () => {
  test('names every public method of ReferralClient, and only those', () => {
    const methods = Object.getOwnPropertyNames(ReferralClient.prototype).filter(
      (name) => name !== 'constructor',
    );
    expect(Object.keys(OPERATIONS).sort()).toEqual(methods.sort());
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type Stripe from 'stripe';
import { PROJECT_ROOT } from '../../../shared/config';
import { uid } from '../../helpers/referrals';
import { startStripeApi, type StripeApi } from '../../helpers/stripe-api';
import { until } from '../../helpers/wait';

/**
 * docs/stripe.md from connect to the first credited referrer, against the stand-ins, each step as the
 * guide writes it: its GraphQL and its merchant-side snippets are read from the guide and run here.
 */

const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'stripe.md'), 'utf8');
const block = (lang: string, tag: string) =>
  new RegExp('```' + lang + ' ' + tag + '\\n([\\s\\S]*?)```').exec(guide)![1]!;

/** A merchant-side snippet of the guide, run as written with the names it uses; answers what it declares. */
async function runSnippet<T>(tag: string, names: Record<string, unknown>, result: string): Promise<T> {
  const body = `return (async () => {\n${block('js', tag)}\nreturn ${result};\n})();`;
  const run = new Function(...Object.keys(names), body) as (...args: unknown[]) => Promise<T>;
  return run(...Object.values(names));
}

let api: StripeApi;
const db = () => api.gw.deps.db;

beforeAll(async () => {
  // Connected by the guide's own mutation below, on a tenant of its own; startStripeApi's is left alone.
  api = await startStripeApi();
});
afterAll(() => api?.close());

test('docs/stripe.md: connect, tie customers, a friend types the code at Checkout, the referrer is credited in Stripe', async () => {
  // 1. Connect, with the guide's mutation.
  const key = `sk_live_${uid('g').replace(/[^A-Za-z0-9]/g, '')}`;
  const connected = (await api.gqlOk(block('graphql', 'stripe-connect'), { secretKey: key }))
    .connectPaymentProcessor;
  expect(connected).toMatchObject({
    processor: 'STRIPE',
    webhookRegistration: 'AUTOMATIC',
    webhookUrl: `${api.gw.url}/api/v1/${api.tenant.alias}/processor/stripe/webhook`,
  });
  for (const type of connected.webhookEvents) expect(guide).toContain(`\`${type}\``);
  const stripe: Stripe = api.standIn.stripe(key);
  expect((await stripe.webhookEndpoints.list()).data.map((e) => e.url)).toEqual([connected.webhookUrl]);

  // The program: the friend gets 20 % off, the referrer 10.00 of credit in the customers' currency.
  const program = await api.call('PATCH', '/program', {
    referredDiscountPercent: 20,
    referrerReward: { type: 'CREDIT', amountCents: 1000, unit: 'EUR' },
  });
  expect(program.status).toBe(200);

  // Jane, a referrer, signs up; her code is a promotion code once it is looked up.
  const jane = { accountId: uid('acct-jane'), userId: uid('user') };
  const code = (await api.identify(jane.accountId, jane.userId, { firstName: 'Jane' })).body.shareCode;
  const lookedUp = await api.call('GET', `/code/${code}`);
  expect(lookedUp.status).toBe(200);
  expect(lookedUp.body.couponId).toMatch(/^referral-/);
  const promotion = await until(
    async () => (await stripe.promotionCodes.list({ code, active: true })).data,
    (found) => found.length === 1,
  );
  expect(promotion[0]!.coupon).toMatchObject({ id: lookedUp.body.couponId, percent_off: 20 });
  // The promotion code exists in Stripe a moment before its id is recorded with us.
  const answered = await until(
    async () => (await api.call('GET', `/code/${code}`)).body.promotionCodeId,
    (id) => id != null,
  );
  expect(answered).toBe(promotion[0]!.id);

  // 2. Jane is a Stripe customer too, tied by metadata (the guide's snippet).
  const janeCustomer = await runSnippet<Stripe.Customer>(
    'stripe-customer',
    { stripe, accountId: jane.accountId },
    'customer',
  );
  await until(
    () => db()('accounts').where({ tenant_id: api.tenantId, id: jane.accountId }).first(),
    (account) => account?.payment_provider_id === janeCustomer.id,
  );

  // 3. A friend signs up and subscribes at Checkout (the guide's session), typing Jane's code.
  const friend = { accountId: uid('acct-friend'), userId: uid('user') };
  await api.identify(friend.accountId, friend.userId);
  const price = await stripe.prices.create({
    currency: 'eur',
    unit_amount: 2000,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  });
  const session = await runSnippet<Stripe.Checkout.Session>(
    'stripe-checkout',
    { stripe, priceId: price.id, accountId: friend.accountId },
    'session',
  );
  expect(session).toMatchObject({ allow_promotion_codes: true, client_reference_id: friend.accountId });
  await api.standIn.control(`/_sandbox/checkout/sessions/${session.id}/complete`, {
    key,
    promotion_code: code.toLowerCase(),
  });

  // Attributed to Jane with no cookie and no call from the merchant; converted by the first paid invoice.
  const referral = await until(
    () => db()('referrals').where({ tenant_id: api.tenantId, referred_account_id: friend.accountId }).first(),
    (r) => r?.status === 'CONVERTED',
  );
  expect(referral).toMatchObject({ referrer_account_id: jane.accountId, referral_code_used: code });

  // 4. Jane's credit lands on her Stripe balance, once, and reads as applied here.
  const credited = await until(
    () => stripe.customers.retrieve(janeCustomer.id) as Promise<Stripe.Customer>,
    (c) => c.balance === -1000,
  );
  expect(credited.balance).toBe(-1000);
  const transactions = await stripe.customers.listBalanceTransactions(janeCustomer.id);
  expect(transactions.data.map((t) => [t.amount, t.currency])).toEqual([[-1000, 'eur']]);
  const balance = (await api.rewards(jane.accountId)).body;
  expect(JSON.stringify(balance)).toContain('EUR');
  const [reward] = await db()('rewards').where({ tenant_id: api.tenantId, account_id: jane.accountId });
  expect(reward).toMatchObject({ type: 'CREDIT', status: 'REDEEMED', amount_cents: '1000' });

  // 6. What you see: each event with its outcome.
  const seen = await api.gqlOk('{ processorNotifications(first: 50) { kind status } }');
  const kinds = seen.processorNotifications.map((n: { kind: string }) => n.kind);
  expect(kinds).toEqual(
    expect.arrayContaining(['customer.created', 'checkout.session.completed', 'invoice.paid']),
  );
});

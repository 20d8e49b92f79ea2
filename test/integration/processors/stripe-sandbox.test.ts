import Stripe from 'stripe';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import {
  newStripeKey,
  restrictedKeyOf,
  startStripeStandIn,
  type StripeStandIn,
} from '../../helpers/stripe-stand-in';
import { until } from '../../helpers/wait';

/* The Stripe stand-in (localstripe behind the front) spoken to with the official `stripe` library. */

let standIn: StripeStandIn;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [standIn, receiver] = await Promise.all([startStripeStandIn(), startWebhookReceiver()]);
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});

/** An account of its own with an endpoint at the receiver (path /hooks/<n>) for every event. */
async function account(events: string[] = ['*']) {
  const key = newStripeKey();
  const stripe = standIn.stripe(key);
  const path = `/hooks/${key.slice(-8)}`;
  const endpoint = await stripe.webhookEndpoints.create({
    url: receiver.url(path),
    enabled_events: events as never,
  });
  /** The verified events received so far (constructEvent with the endpoint's secret). */
  const received = () =>
    receiver
      .at(path)
      .map((r) => stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature']!, endpoint.secret!));
  const waitFor = (type: string, count = 1) =>
    until(received, (events) => events.filter((e) => e.type === type).length >= count, 15_000);
  return { key, stripe, endpoint, path, received, waitFor };
}

async function payingCustomer(stripe: Stripe, email = 'friend@example.com') {
  return stripe.customers.create({
    email,
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  });
}

async function monthlyPrice(stripe: Stripe, amount = 2000) {
  return stripe.prices.create({
    currency: 'usd',
    unit_amount: amount,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  });
}

describe('keys', () => {
  test('a secret key reads the balance; a malformed or revoked key is a 401', async () => {
    const key = newStripeKey();
    const balance = await standIn.stripe(key).balance.retrieve();
    expect(balance.object).toBe('balance');
    await expect(standIn.stripe('sk_nope').balance.retrieve()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    expect(balance.livemode).toBe(false);
    const live = standIn.stripe(newStripeKey('live'));
    expect((await live.balance.retrieve()).livemode).toBe(true);
    const account = await standIn.stripe(key).accounts.retrieve();
    expect(account).toMatchObject({ object: 'account' });
    expect(account.id).toMatch(/^acct_/);
    expect((await standIn.stripe(restrictedKeyOf(key)).accounts.retrieve()).id).toBe(account.id);
    expect((await live.accounts.retrieve()).id).not.toBe(account.id);
    await standIn.control('/_sandbox/keys/revoke', { key });
    await expect(standIn.stripe(key).balance.retrieve()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      message: expect.stringContaining('Expired API Key'),
    });
  });

  test('a restricted key writes customers, coupons and promotion codes but may not create an endpoint', async () => {
    const secret = newStripeKey();
    const restricted = standIn.stripe(restrictedKeyOf(secret));
    const customer = await restricted.customers.create({ email: 'r@example.com' });
    const coupon = await restricted.coupons.create({ percent_off: 10, duration: 'once' });
    await restricted.promotionCodes.create({ coupon: coupon.id, code: 'RESTRICTED1' });
    await restricted.customers.createBalanceTransaction(customer.id, { amount: -100, currency: 'usd' });
    expect((await restricted.balance.retrieve()).object).toBe('balance');
    await expect(
      restricted.webhookEndpoints.create({
        url: 'https://merchant.example/hook',
        enabled_events: ['invoice.paid'],
      }),
    ).rejects.toMatchObject({ type: 'StripePermissionError', statusCode: 403 });
    await expect(restricted.refunds.create({ charge: 'ch_x' })).rejects.toMatchObject({ statusCode: 403 });
    // The same account's secret key sees what the restricted key made; another account does not.
    expect((await standIn.stripe(secret).customers.retrieve(customer.id)).id).toBe(customer.id);
    await expect(standIn.stripe(newStripeKey()).customers.retrieve(customer.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

describe('webhook endpoints and deliveries', () => {
  test('the secret is answered on create only; retrieve, list, update and delete', async () => {
    const stripe = standIn.stripe(newStripeKey());
    const created = await stripe.webhookEndpoints.create({
      url: 'https://merchant.example/hook',
      enabled_events: ['invoice.paid', 'charge.refunded'],
      description: 'referrals',
      metadata: { tenant: 't1' },
    });
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      status: 'enabled',
      metadata: { tenant: 't1' },
    });
    expect(created.id).toMatch(/^we_/);
    expect(created.secret).toMatch(/^whsec_/);
    const read = await stripe.webhookEndpoints.retrieve(created.id);
    expect(read.secret).toBeUndefined();
    expect(read.enabled_events).toEqual(['invoice.paid', 'charge.refunded']);
    expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([created.id]);
    await stripe.webhookEndpoints.update(created.id, { disabled: true });
    expect((await stripe.webhookEndpoints.retrieve(created.id)).status).toBe('disabled');
    expect(await stripe.webhookEndpoints.del(created.id)).toMatchObject({ id: created.id, deleted: true });
    await expect(stripe.webhookEndpoints.retrieve(created.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      stripe.webhookEndpoints.create({ url: 'https://merchant.example/x' } as never),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'enabled_events',
    });
  });

  test("localstripe's events reach the endpoint through the front, signed, in Stripe's shape", async () => {
    const a = await account(['customer.created']);
    const other = await account();
    const customer = await a.stripe.customers.create({
      email: 'ann@example.com',
      metadata: { referral_account_id: 'u1' },
    });
    const [event] = (await a.waitFor('customer.created')).filter((e) => e.type === 'customer.created');
    expect(event).toMatchObject({
      object: 'event',
      api_version: '2024-09-30.acacia',
      livemode: false,
      data: {
        object: { id: customer.id, object: 'customer', balance: 0, metadata: { referral_account_id: 'u1' } },
      },
    });
    expect(event!.id).toMatch(/^evt_/);
    expect((await a.stripe.events.retrieve(event!.id)).type).toBe('customer.created');
    // A tampered payload does not verify.
    const raw = receiver.at(a.path)[0]!;
    expect(() =>
      a.stripe.webhooks.constructEvent(
        raw.body.replace('ann@', 'eve@'),
        raw.headers['stripe-signature']!,
        a.endpoint.secret!,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    // Another account's endpoint hears nothing of it, and cannot read the event.
    await standIn.deliveries.settled();
    expect(other.received().filter((e) => e.type === 'customer.created')).toEqual([]);
    await expect(other.stripe.events.retrieve(event!.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  test('held deliveries are released in a chosen order and twice', async () => {
    const a = await account();
    await standIn.deliveries.hold(a.key);
    const first = await a.stripe.customers.create({ email: 'first@example.com' });
    const second = await a.stripe.customers.create({ email: 'second@example.com' });
    const held = await until(
      () => standIn.deliveries.list(a.key).filter((d) => d.type === 'customer.created'),
      (list) => list.length === 2,
      10_000,
    );
    expect(held.every((d) => d.state === 'held')).toBe(true);
    expect(receiver.at(a.path)).toEqual([]);
    const customerOf = async (eventId: string) =>
      ((await a.stripe.events.retrieve(eventId)).data.object as Stripe.Customer).id;
    const heldFor = async (id: string) => {
      for (const d of held) if ((await customerOf(d.event)) === id) return d.id;
      throw new Error(`no held delivery for ${id}`);
    };
    await standIn.deliveries.release({
      key: a.key,
      order: [await heldFor(second.id), await heldFor(first.id)],
      times: 2,
    });
    const got = a.received().filter((e) => e.type === 'customer.created');
    expect(got.map((e) => (e.data.object as Stripe.Customer).id)).toEqual([
      second.id,
      second.id,
      first.id,
      first.id,
    ]);
    expect(got[0]!.id).toBe(got[1]!.id);
    // Sending an event again.
    await standIn.deliveries.resend(a.key, got[0]!.id);
    expect(a.received().filter((e) => e.id === got[0]!.id)).toHaveLength(3);
  });
});

describe('idempotent requests', () => {
  test('a retried create answers the first answer and makes nothing; other parameters are refused', async () => {
    const key = newStripeKey();
    const stripe = standIn.stripe(key);
    const first = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'create-once' },
    );
    const again = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'create-once' },
    );
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'create-once' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });

    // The front's own routes too: one balance transaction however often the activity retries.
    for (let i = 0; i < 3; i++)
      await stripe.customers.createBalanceTransaction(
        first.id,
        { amount: -500, currency: 'usd', description: 'reward r1' },
        { idempotencyKey: 'reward-r1' },
      );
    expect((await stripe.customers.listBalanceTransactions(first.id)).data).toHaveLength(1);
    const creates = standIn
      .calls(key)
      .filter((c) => c.method === 'POST' && c.path.endsWith('/balance_transactions'));
    expect(creates.map((c) => c.replayed)).toEqual([false, true, true]);
    expect(creates.every((c) => c.status === 200 && c.idempotencyKey === 'reward-r1')).toBe(true);
  });
});

describe('customer balance transactions', () => {
  test('create, retrieve and list; the customer keeps its balance', async () => {
    const stripe = standIn.stripe(newStripeKey());
    const customer = await stripe.customers.create({ email: 'credit@example.com' });
    const credit = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -1500,
      currency: 'usd',
      description: 'Referral credit',
      metadata: { reward_id: 'rw_1' },
    });
    expect(credit).toMatchObject({
      object: 'customer_balance_transaction',
      amount: -1500,
      ending_balance: -1500,
      type: 'adjustment',
      customer: customer.id,
    });
    expect(credit.id).toMatch(/^cbtxn_/);
    const reversal = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: 500,
      currency: 'usd',
    });
    expect(reversal.ending_balance).toBe(-1000);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      balance: -1000,
    });
    expect(await stripe.customers.retrieveBalanceTransaction(customer.id, credit.id)).toMatchObject({
      metadata: { reward_id: 'rw_1' },
    });
    expect((await stripe.customers.listBalanceTransactions(customer.id)).data.map((t) => t.id)).toEqual([
      reversal.id,
      credit.id,
    ]);
    await expect(
      stripe.customers.createBalanceTransaction('cus_missing', { amount: 1, currency: 'usd' }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(
      stripe.customers.createBalanceTransaction(customer.id, { currency: 'usd' } as never),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'amount',
    });
  });
});

describe('promotion codes', () => {
  test('create, retrieve, update and list with filters; an active code is unique whatever its case', async () => {
    const stripe = standIn.stripe(newStripeKey());
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'forever', name: 'Friends' });
    expect(coupon.name).toBe('Friends');
    const other = await stripe.coupons.create({ amount_off: 500, currency: 'usd', duration: 'once' });
    const jane = await stripe.promotionCodes.create({
      coupon: coupon.id,
      code: 'JANEDOE',
      metadata: { user: 'u1' },
    });
    expect(jane).toMatchObject({
      object: 'promotion_code',
      active: true,
      code: 'JANEDOE',
      coupon: { id: coupon.id },
    });
    expect(jane.id).toMatch(/^promo_/);
    await expect(stripe.promotionCodes.create({ coupon: other.id, code: 'janedoe' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'code',
    });
    await expect(stripe.promotionCodes.create({ coupon: 'NOPE', code: 'X123' })).rejects.toMatchObject({
      statusCode: 404,
      param: 'coupon',
    });
    await stripe.promotionCodes.update(jane.id, { active: false, metadata: { user: '' } });
    expect(await stripe.promotionCodes.retrieve(jane.id)).toMatchObject({ active: false, metadata: {} });
    const again = await stripe.promotionCodes.create({ coupon: other.id, code: 'janedoe' });
    expect((await stripe.promotionCodes.list({ code: 'JANEDOE' })).data.map((p) => p.id)).toEqual([
      again.id,
      jane.id,
    ]);
    expect((await stripe.promotionCodes.list({ active: true })).data.map((p) => p.id)).toEqual([again.id]);
    expect((await stripe.promotionCodes.list({ coupon: coupon.id })).data.map((p) => p.id)).toEqual([
      jane.id,
    ]);
    await expect(stripe.promotionCodes.update(jane.id, { active: true })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('checkout, invoices, refunds and disputes', () => {
  test('a buyer completes Checkout typing a promotion code: customer, discounted subscription, paid invoice, events', async () => {
    const a = await account();
    const price = await monthlyPrice(a.stripe, 2000);
    const coupon = await a.stripe.coupons.create({ percent_off: 25, duration: 'once' });
    const code = await a.stripe.promotionCodes.create({ coupon: coupon.id, code: 'JANEDOE' });
    const session = await a.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      allow_promotion_codes: true,
      client_reference_id: 'ref_123',
      customer_email: 'buyer@example.com',
      success_url: 'https://merchant.example/thanks',
      metadata: { campaign: 'spring' },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2000,
    });
    expect(session.id).toMatch(/^cs_test_/);
    await expect(
      a.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id }],
        allow_promotion_codes: true,
        discounts: [{ coupon: coupon.id }],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });

    await standIn.control(`/_sandbox/checkout/sessions/${session.id}/complete`, {
      key: a.key,
      promotion_code: 'janedoe',
    });
    const done = await a.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['total_details.breakdown'],
    });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'ref_123',
      amount_total: 1500,
      discounts: [{ coupon: coupon.id, promotion_code: code.id }],
      total_details: { amount_discount: 500 },
      customer_details: { email: 'buyer@example.com' },
    });
    expect(done.total_details!.breakdown!.discounts[0]).toMatchObject({
      amount: 500,
      discount: { promotion_code: code.id },
    });
    const subscription = await a.stripe.subscriptions.retrieve(String(done.subscription), {
      expand: ['latest_invoice'],
    });
    expect(subscription).toMatchObject({
      status: 'active',
      customer: done.customer,
      discount: { promotion_code: code.id },
    });
    expect(subscription.items.data[0]!.price.id).toBe(price.id);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1500 });
    expect((await a.stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(1);

    const events = await a.waitFor('invoice.paid');
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    expect(completed.data.object).toMatchObject({
      id: session.id,
      client_reference_id: 'ref_123',
      customer: done.customer,
    });
    expect((completed.data.object as Stripe.Checkout.Session).total_details!.breakdown).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'customer.created',
        'customer.subscription.created',
        'invoice.payment_succeeded',
      ]),
    );
    expect((events.find((e) => e.type === 'invoice.paid')!.data.object as Stripe.Invoice).id).toBe(
      invoice.id,
    );
  });

  test('a subscription update, a refund and a dispute won deliver their events', async () => {
    const a = await account();
    const customer = await payingCustomer(a.stripe);
    const price = await monthlyPrice(a.stripe, 3000);
    const subscription = await a.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    expect(subscription.status).toBe('active');
    await a.stripe.subscriptions.update(subscription.id, { metadata: { plan: 'pro' } });
    await a.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const updates = (await a.waitFor('customer.subscription.updated', 2)).filter(
      (e) => e.type === 'customer.subscription.updated',
    );
    expect(updates.map((e) => e.data.previous_attributes)).toEqual([
      { metadata: {} },
      { cancel_at_period_end: false },
    ]);
    expect(updates[1]!.data.object).toMatchObject({ cancel_at_period_end: true, metadata: { plan: 'pro' } });

    const invoice = await a.stripe.invoices.retrieve(String(subscription.latest_invoice));
    const chargeId = String(invoice.charge);
    expect(chargeId).toMatch(/^ch_/);
    await a.stripe.refunds.create({ charge: chargeId, amount: 1000 });
    const refunded = (await a.waitFor('charge.refunded')).find((e) => e.type === 'charge.refunded')!;
    expect(refunded.data.object).toMatchObject({ id: chargeId, amount_refunded: 1000, refunded: false });
    expect(refunded.data.object).not.toHaveProperty('refunds');
    const expanded = await a.stripe.charges.retrieve(chargeId, { expand: ['refunds'] });
    expect(expanded.refunds!.data.map((r) => r.amount)).toEqual([1000]);

    const dispute = await standIn.control(`/_sandbox/charges/${chargeId}/dispute`, { key: a.key });
    expect(dispute).toMatchObject({
      object: 'dispute',
      charge: chargeId,
      status: 'needs_response',
      amount: 3000,
    });
    expect((await a.stripe.charges.retrieve(chargeId)).disputed).toBe(true);
    expect((await a.stripe.disputes.list({ charge: chargeId })).data.map((d) => d.id)).toEqual([dispute.id]);
    await standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: a.key, status: 'won' });
    const closed = (await a.waitFor('charge.dispute.closed')).find(
      (e) => e.type === 'charge.dispute.closed',
    )!;
    expect(closed.data.object).toMatchObject({ id: dispute.id, status: 'won' });
    expect(a.received().map((e) => e.type)).toEqual(
      expect.arrayContaining(['charge.dispute.created', 'charge.dispute.funds_reinstated']),
    );
    expect((await a.stripe.disputes.retrieve(dispute.id)).status).toBe('won');
    await expect(a.stripe.disputes.close(dispute.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('discounts, prices and events', () => {
  test('a subscription created with a promotion code is billed with its coupon; a retried create makes one', async () => {
    const key = newStripeKey();
    const stripe = standIn.stripe(key);
    const customer = await payingCustomer(stripe);
    const price = await monthlyPrice(stripe, 4000);
    expect(price).toMatchObject({
      object: 'price',
      type: 'recurring',
      unit_amount: 4000,
      recurring: { interval: 'month' },
    });
    const coupon = await stripe.coupons.create({ amount_off: 1000, currency: 'usd', duration: 'once' });
    expect(coupon.id).toMatch(/^[A-Z0-9]{8}$/);
    const code = await stripe.promotionCodes.create({ coupon: coupon.id, code: 'FRIEND10' });
    const params = {
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ promotion_code: code.id }],
    };
    const subscription = await stripe.subscriptions.create(params, { idempotencyKey: 'sub-1' });
    const retried = await stripe.subscriptions.create(params, { idempotencyKey: 'sub-1' });
    expect(retried.id).toBe(subscription.id);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
    expect(subscription).toMatchObject({ discount: { coupon: { id: coupon.id }, promotion_code: code.id } });
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 3000, subscription: subscription.id });
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_missing' }] }),
    ).rejects.toMatchObject({ statusCode: 404, param: 'items[0][price]' });
    await expect(
      stripe.subscriptions.create({ customer: 'cus_missing', items: [{ price: price.id }] }),
    ).rejects.toMatchObject({ statusCode: 404, param: 'customer' });
  });

  test('a payment-mode session with a preset promotion code; the subscription takes subscription_data metadata', async () => {
    const a = await account(['checkout.session.completed']);
    const customer = await a.stripe.customers.create({ email: 'known@example.com' });
    const once = await a.stripe.prices.create({
      currency: 'usd',
      unit_amount: 5000,
      product_data: { name: 'Setup' },
    });
    expect(once.type).toBe('one_time');
    const coupon = await a.stripe.coupons.create({ percent_off: 10, duration: 'once' });
    const code = await a.stripe.promotionCodes.create({ coupon: coupon.id, code: 'SETUP10' });
    const session = await a.stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price: once.id, quantity: 2 }],
      discounts: [{ promotion_code: code.id }],
      success_url: 'https://merchant.example/thanks',
    });
    const done = await standIn.control(`/_sandbox/checkout/sessions/${session.id}/complete`, { key: a.key });
    expect(done).toMatchObject({
      status: 'complete',
      customer: customer.id,
      amount_subtotal: 10000,
      amount_total: 9000,
    });
    expect(done.payment_intent).toMatch(/^pi_/);
    await a.waitFor('checkout.session.completed');
    await expect(
      standIn.control(`/_sandbox/checkout/sessions/${session.id}/complete`, { key: a.key }),
    ).rejects.toThrow(/400/);

    const price = await monthlyPrice(a.stripe);
    const sub = await a.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id }],
      metadata: { on: 'session' },
      subscription_data: { metadata: { on: 'subscription' } },
    });
    await expect(
      standIn.control(`/_sandbox/checkout/sessions/${sub.id}/complete`, {
        key: a.key,
        promotion_code: 'SETUP10',
      }),
    ).rejects.toThrow(/does not allow promotion codes/);
    const completed = await standIn.control(`/_sandbox/checkout/sessions/${sub.id}/complete`, { key: a.key });
    expect((await a.stripe.subscriptions.retrieve(completed.subscription)).metadata).toEqual({
      on: 'subscription',
    });
    const sessions = await a.stripe.checkout.sessions.list({ status: 'complete' });
    expect(sessions.data.map((s) => s.id)).toEqual([sub.id, session.id]);
    const items = await a.stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({ quantity: 2, price: { id: once.id }, amount_subtotal: 10000 });
  });

  test('events list by type; unknown routes and control mistakes are refused', async () => {
    const key = newStripeKey();
    const stripe = standIn.stripe(key);
    const customer = await stripe.customers.create({ email: 'ev@example.com' });
    const charge = await stripe.charges.create({
      amount: 700,
      currency: 'usd',
      customer: customer.id,
      source: 'pm_card_visa',
    });
    const dispute = await standIn.control(`/_sandbox/charges/${charge.id}/dispute`, {
      key,
      reason: 'product_not_received',
    });
    const events = await stripe.events.list({ type: 'charge.dispute.*' });
    expect(events.data.map((e) => e.type)).toEqual([
      'charge.dispute.funds_withdrawn',
      'charge.dispute.created',
    ]);
    expect(events.data[1]!.data.object).toMatchObject({ id: dispute.id, reason: 'product_not_received' });
    await expect(standIn.control(`/_sandbox/charges/${charge.id}/dispute`, { key })).rejects.toThrow(/400/);
    await expect(
      standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key, status: 'maybe' }),
    ).rejects.toThrow(/400/);
    await expect(
      standIn.control(`/_sandbox/disputes/${dispute.id}/close`, { key: newStripeKey(), status: 'won' }),
    ).rejects.toThrow(/404/);
    const res = await fetch(`${standIn.url}/v1/nothing_here`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const relay = await fetch(`${standIn.url}/_sandbox/relay`, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(relay.status).toBe(400);
  });
});

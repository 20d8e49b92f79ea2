/**
 * Payout methods and the rest of a payout's life (docs/payouts.md): Stripe Connect onboarding from the
 * referrer's method to a paid transfer; bad input refused naming the field; method changes audited with
 * masked details only; PayPal's unclaimed payout back in the balance; the scheduler's one run per period.
 */
import { startScheduledPayoutRuns } from '../../../shared/use-cases/payouts';
import { payoutPeriod, scheduledRunKey } from '../../../shared/domain/payouts/payout-schedule';
import { payoutRunId } from '../../../shared/domain/payouts/payout-runs';
import { newStripeKey } from '../../helpers/stripe-stand-in';
import { startPayoutApi, type PayoutApi } from '../../helpers/payouts';

let api: PayoutApi;
beforeAll(async () => {
  api = await startPayoutApi();
  await api.setPolicy({ minimumCents: 500, requireApproval: false });
}, 60_000);
afterAll(() => api?.close());

const methodPath = (accountId: string) => `/open/account/${accountId}/user/u-${accountId}/payout-method`;
const payoutIn = (run: any, accountId: string) => run.payouts.find((p: any) => p.accountId === accountId);

test('Stripe Connect: the referrer onboards through the link, and the run pays a transfer once', async () => {
  const connected = await api.gql(
    `mutation C($input: ConnectPaymentProcessorInput!) { connectPaymentProcessor(input: $input) { processor } }`,
    { input: { processor: 'STRIPE', secretKey: newStripeKey('live') } },
  );
  expect(connected.errors).toBeUndefined();
  const sam = await api.referrer();
  const set = await api.call('PUT', methodPath(sam), {
    type: 'STRIPE_CONNECT',
    email: 'sam@example.com',
    country: 'US',
  });
  expect(set.status).toBe(200);
  expect(set.body.payee.method).toMatchObject({
    type: 'STRIPE_CONNECT',
    masked: expect.stringMatching(/^acct_…/),
  });
  // Setting it again keeps the same Stripe account (a new link only).
  const again = await api.call('PUT', methodPath(sam), {
    type: 'STRIPE_CONNECT',
    email: 'sam@example.com',
    country: 'US',
  });
  expect(again.body.payee.method.masked).toBe(set.body.payee.method.masked);
  // The referrer follows the link: onboarding done at the stand-in.
  expect((await fetch(set.body.onboardingUrl)).status).toBeLessThan(400);

  await api.earnCash(sam, 3100);
  const { run } = await api.runToEnd();
  const payout = payoutIn(run, sam);
  expect(payout).toMatchObject({ method: 'STRIPE_CONNECT', status: 'PAID', amountCents: 3100 });
  expect(payout.providerRef).toMatch(/^tr_/);
  expect(api.standIns.stripe.payments(`referral-payout-${payout.id}`)).toHaveLength(1);
});

test('bad methods are refused naming the field; changes are audited with masked details only', async () => {
  const ida = await api.referrer();
  const bad = await api.call('PUT', methodPath(ida), { type: 'PAYPAL', email: 'not-an-email' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('email');
  const unknown = await api.call('PUT', methodPath(ida), { type: 'BANK', iban: 'x' });
  expect(unknown.status).toBe(400);

  expect((await api.call('PUT', methodPath(ida), { type: 'PAYPAL', email: 'ida@example.com' })).status).toBe(
    200,
  );
  expect(
    (await api.call('PUT', methodPath(ida), { type: 'GIFT_CARD', email: 'ida.k@example.com' })).status,
  ).toBe(200);
  const entries = await api.gw.deps
    .db('audit_log')
    .where({ tenant_id: api.tenantId, action: 'payee.method.changed', target: ida })
    .orderBy('at');
  expect(entries.map((e: any) => e.details)).toEqual([
    { from: null, to: 'i•••@example.com', type: 'PAYPAL' },
    { from: 'i•••@example.com', to: 'i•••@example.com', type: 'GIFT_CARD' },
  ]);
  expect(JSON.stringify(entries)).not.toContain('ida@example.com');
  const sealed = await api.gw.deps.db('payees').where({ tenant_id: api.tenantId, account_id: ida }).first();
  expect(sealed.method_sealed).not.toContain('ida');
});

test("PayPal's unclaimed payout goes back to the balance with its reason", async () => {
  const una = await api.referrer({ type: 'PAYPAL', email: 'nobody-home@example.com' });
  await api.standIns.paypal.receiverRule(
    'nobody-home@example.com',
    'UNCLAIMED',
    'Receiver has no PayPal account',
  );
  await api.earnCash(una, 1900);
  const { run } = await api.runToEnd();
  expect(payoutIn(run, una)).toMatchObject({
    status: 'UNCLAIMED',
    providerMessage: expect.stringMatching(/no PayPal/),
  });
  expect((await api.referrerPayouts(una)).balances[0]).toMatchObject({
    availableCents: 1900,
    paidOutCents: 0,
  });
  // Back in the balance only once PayPal returned it: the unclaimed item was cancelled there first.
  const ref = payoutIn(run, una).providerRef;
  const cancels = api.standIns.paypal
    .calls()
    .filter((c) => c.path === `/v1/payments/payouts-item/${ref}/cancel`);
  // Once with effect (a webhook of the unclaimed item may ask again: refused, and read as returned).
  expect(cancels.filter((c) => c.status === 200)).toHaveLength(1);
  expect(api.standIns.paypal.standIn.state.items.get(ref)!.transaction_status).toBe('RETURNED');
});

test('the scheduler requests one run per program and period, whatever how often it asks', async () => {
  await api.setPolicy({ minimumCents: 500, requireApproval: false, schedule: 'WEEKLY' });
  try {
    const messaging = {
      db: api.gw.deps.db,
      temporal: api.gw.deps.temporal,
      metrics: api.gw.deps.metrics,
      pollIntervalMs: 300,
      heartbeatTimeoutMs: 30_000,
    };
    const now = new Date();
    const expected = payoutRunId(api.tenantId, scheduledRunKey('default', payoutPeriod('WEEKLY', now)));
    expect(await startScheduledPayoutRuns(messaging, now)).toBeGreaterThanOrEqual(1);
    await api.gw.deps.temporal.client.workflow
      .getHandle(`payout-run/${api.tenant.alias}/${expected}`)
      .result();
    expect(await startScheduledPayoutRuns(messaging, now)).toBeGreaterThanOrEqual(1);
    const runs = await api.gw.deps.db('payout_runs').where({ tenant_id: api.tenantId, trigger: 'SCHEDULE' });
    expect(runs.map((r: any) => r.id)).toEqual([expected]);
  } finally {
    await api.setPolicy({ minimumCents: 500, requireApproval: false, schedule: 'MANUAL' });
  }
});

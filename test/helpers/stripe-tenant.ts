import type Stripe from 'stripe';
import { stripeBilling, STRIPE_WEBHOOK_EVENTS } from '../../shared/processors/stripe.processor';
import { publishRuleVersion } from '../../shared/domain/programs/rule-versions';
import { createProcessorConnectionsRepo } from '../../shared/repos/processor-connections.repo';
import type { NotificationRow } from '../../shared/repos/processor-notifications.repo';
import { createTestTenant } from './harness';
import { PER_PAYMENT_CREDIT, RECURRING } from './program-rules';
import { startReferralApi, uid, type ReferralApi } from './referrals';
import { newStripeKey, type StripeStandIn } from './stripe-stand-in';
import { until } from './wait';

/** A tenant connected to its own account at the Stripe stand-in, whose endpoint delivers to our gateway. */
export interface StripeTenant {
  tenantId: string;
  alias: string;
  key: string;
  stripe: Stripe;
  /** The tenant's STRIPE notification rows (optionally of one event type), oldest first. */
  rows(kind?: string): Promise<NotificationRow[]>;
  /** Waits until the event of `type` about `objectId` reached a final status (or `status`); its row. */
  applied(type: string, objectId: string, status?: string): Promise<NotificationRow>;
}

/**
 * Connects a tenant to a fresh account of the stand-in the way connecting stores it (sealed key, the
 * endpoint's signing secret), with the endpoint created through Stripe's API for our events.
 */
export async function connectStripeTenant(
  api: ReferralApi,
  standIn: StripeStandIn,
  tenant: { id: string; alias: string },
): Promise<StripeTenant> {
  const db = api.gw.deps.db;
  const box = api.gw.deps.secretBox!;
  const key = newStripeKey();
  const stripe = standIn.stripe(key);
  const endpoint = await stripe.webhookEndpoints.create({
    url: `${api.gw.api(tenant.alias)}/processor/stripe/webhook`,
    enabled_events: [...STRIPE_WEBHOOK_EVENTS] as never,
  });
  await createProcessorConnectionsRepo(db).upsert({
    tenant_id: tenant.id,
    processor: 'STRIPE',
    environment: 'SANDBOX',
    merchant_id: null,
    public_key: null,
    private_key_sealed: box.seal(key, tenant.id),
    key_hint: stripeBilling.keyHint(key),
    webhook_endpoint_id: endpoint.id,
    webhook_secret_sealed: box.seal(endpoint.secret!, tenant.id),
  });
  const rows = (kind?: string) =>
    db<NotificationRow>('processor_notifications')
      .where({ tenant_id: tenant.id, processor: 'STRIPE', ...(kind ? { kind } : {}) })
      .orderBy('received_at');
  return {
    tenantId: tenant.id,
    alias: tenant.alias,
    key,
    stripe,
    rows,
    async applied(type, objectId, status) {
      const found = await until(
        () =>
          db<NotificationRow>('processor_notifications')
            .where({ tenant_id: tenant.id, processor: 'STRIPE', kind: type, subject_id: objectId })
            .first(),
        (row) =>
          row !== undefined &&
          (status ? row.status === status : ['PROCESSED', 'WAITING', 'FAILED'].includes(row.status)),
        30_000,
      );
      return found!;
    },
  };
}

/** The API on a tenant connected to the stand-in whose rules pay 20 % cash and $3 of credit per payment. */
export async function startStripeRulesApi(
  standIn: StripeStandIn,
): Promise<{ api: ReferralApi; stripe: StripeTenant }> {
  const api = await startReferralApi({ env: { STRIPE_BASE_URL: standIn.url } });
  await publishRuleVersion(api.gw.deps.db, api.tenantId, [RECURRING, PER_PAYMENT_CREDIT], {
    publishedBy: 'test',
  });
  const stripe = await connectStripeTenant(api, standIn, { id: api.tenantId, alias: api.tenant.alias });
  return { api, stripe };
}

/** Another tenant of the same API, connected to an account of its own. */
export async function otherStripeTenant(api: ReferralApi, standIn: StripeStandIn): Promise<StripeTenant> {
  const other = await createTestTenant(api.gw.deps.db, 'stripe-other');
  const { id } = await api.gw.deps.db('tenants').where({ alias: other.alias }).first('id');
  return connectStripeTenant(api, standIn, { id, alias: other.alias });
}

export interface StripeFriend {
  friend: string;
  sessionId: string;
  customerId: string;
  subscriptionId: string;
  invoiceId: string;
  chargeId: string;
  amountPaid: number;
}

/**
 * A friend who subscribes ($20 a month) at Stripe Checkout typing the referrer's code, a promotion code of
 * a 25 % coupon (made here by hand; the discount sync makes them in production), with the friend's account
 * as the client reference (identified first, as the merchant's sign-up does), or none
 * (`clientReference: false`: the account is then the customer's id).
 */
export async function checkoutFriend(
  api: ReferralApi,
  standIn: StripeStandIn,
  tenant: StripeTenant,
  code: string,
  options: { clientReference?: boolean } = {},
): Promise<StripeFriend> {
  const { stripe } = tenant;
  const friend = uid('acct-f');
  // The merchant's sign-up identified the friend's user (a conversion waits for one).
  if (options.clientReference !== false) await api.identify(friend, uid('user'));
  const existing = await stripe.promotionCodes.list({ code, active: true });
  if (existing.data.length === 0) {
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'once' });
    await stripe.promotionCodes.create({ coupon: coupon.id, code });
  }
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 2000,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: 1 }],
    allow_promotion_codes: true,
    ...(options.clientReference === false ? {} : { client_reference_id: friend }),
    customer_email: `${friend}@example.com`,
    success_url: 'https://merchant.example/thanks',
  });
  await standIn.control(`/_sandbox/checkout/sessions/${session.id}/complete`, {
    key: tenant.key,
    promotion_code: code,
  });
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const subscription = await stripe.subscriptions.retrieve(String(done.subscription));
  const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
  return {
    friend: options.clientReference === false ? String(done.customer) : friend,
    sessionId: session.id,
    customerId: String(done.customer),
    subscriptionId: subscription.id,
    invoiceId: invoice.id,
    chargeId: String(invoice.charge),
    amountPaid: invoice.amount_paid,
  };
}

/**
 * A customer no account is tied to (no metadata, no Checkout), subscribed monthly at `amountCents` USD
 * with its first invoice paid: its events wait for a tie. Answers the customer and the first invoice.
 */
export async function subscribeUntiedCustomer(
  tenant: StripeTenant,
  options: { amountCents: number; product: string; email?: string },
): Promise<{ customerId: string; invoiceId: string }> {
  const { stripe } = tenant;
  const customer = await stripe.customers.create({
    ...(options.email ? { email: options.email } : {}),
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  });
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: options.amountCents,
    recurring: { interval: 'month' },
    product_data: { name: options.product },
  });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
  });
  return { customerId: customer.id, invoiceId: String(subscription.latest_invoice) };
}

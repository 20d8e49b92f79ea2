/**
 * The Install page with Stripe, in headless Chromium, against the Stripe stand-in (localstripe and its
 * front; STRIPE_BASE_URL points the gateway and worker at it), on a test_ program: Stripe chosen and
 * connected with the keyboard only; a live key refused under its field; a secret key's endpoint created
 * at Stripe (AUTOMATIC), its URL copied, an event Stripe delivers appearing in the table; a restricted
 * key (SECRET_NEEDED: the URL and exact events to register by hand), then its signing secret given with
 * the key again (MANUAL), a delivery signed with it appearing; a VIEWER's view; Disconnect. Axe on each
 * state, screenshots at 1280 and 390.
 */
import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { STRIPE_WEBHOOK_EVENTS } from '../../shared/processors/stripe-events';
import { createOperator } from '../../shared/domain/operators/operators';
import { createPortalTenant } from '../helpers/admin-api';
import {
  expectAccessible,
  failGraphql,
  GRAPHQL_ROUTE,
  expectPhoneView,
  ON_PHONE,
  portalShot,
  usePortalStack,
  type PortalCredentials,
} from '../helpers/portal';
import {
  newStripeKey,
  restrictedKeyOf,
  startStripeStandIn,
  type StripeStandIn,
} from '../helpers/stripe-stand-in';
import { stripeEvent, stripeSignature } from '../helpers/stripe-events';
import { keyApi } from '../helpers/api-client';
import { screenshot } from '../helpers/browser';
import { uid } from '../helpers/referrals';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
// Started after the stand-in, and closed before it.
const stack = usePortalStack(() => ({ env: { STRIPE_BASE_URL: standIn.url } }));
afterAll(async () => {
  await standIn?.close();
});

/** The test program (test_ before the alias) and its OWNER: Stripe test keys are its mode's. */
let owner: PortalCredentials;
let testAlias: string;
let twin: { alias: string; apiKey: string };
const secretKey = newStripeKey('test');
const restrictedKey = restrictedKeyOf(secretKey);
const signingSecret = `whsec_${crypto.randomBytes(18).toString('hex')}`;

beforeAll(async () => {
  testAlias = `test_${stack.tenant.alias}`;
  const created = await createPortalTenant(stack.gateway.deps.db, testAlias);
  twin = created;
  owner = {
    alias: testAlias,
    email: `owner@${testAlias.replace(/_/g, '-')}.test`,
    password: 'a test-program password',
  };
  await createOperator(stack.gateway.deps.db, { tenantId: created.id, ...owner, role: 'OWNER' });
});

const webhookUrl = () => `${stack.config.publicUrl}/api/v1/${testAlias}/processor/stripe/webhook`;
const hint = (key: string) => `${key.slice(0, 8)}…${key.slice(-4)}`;

/** The element's text once it contains `expected`. */
async function shown(page: Page, testId: string, expected: string): Promise<string> {
  await page.getByTestId(testId).filter({ hasText: expected }).first().waitFor({ timeout: 20_000 });
  return page.getByTestId(testId).first().innerText();
}

/** Each checklist step's state (done, not-yet, yours), by step id. */
async function checklist(page: Page): Promise<Record<string, string>> {
  const items = await page
    .getByTestId('install-checklist')
    .locator('li')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-step'), el.getAttribute('data-state')]));
  return Object.fromEntries(items as [string, string][]);
}

/** Presses Tab until `target` has the focus: it is reachable with the keyboard (fails after 80 presses). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    if (await target.evaluate((el) => el === (globalThis as any).document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

async function openInstall(page: Page): Promise<void> {
  await page.goto(stack.url('/admin/install'));
  await page.getByTestId('processor-status').waitFor();
}

async function storedConnection(alias = testAlias): Promise<Record<string, unknown> | null> {
  const db = stack.gateway.deps.db;
  const tenant = (await db('tenants').where({ alias }).first('id')) as { id: string };
  const row = await db('processor_connections').where({ tenant_id: tenant.id }).first();
  return row ?? null;
}

/** The status line of a connection with `key`: the account when Stripe let the key read it. */
async function summary(key: string): Promise<string> {
  const account = (await storedConnection())?.merchant_id as string | null;
  return `Stripe test mode · key ${hint(key)}${account ? ` · account ${account}` : ''} · since`;
}

/** Posts a Stripe event to the test program's webhook, signed as Stripe does. */
async function deliver(payload: string, secret = signingSecret): Promise<number> {
  const res = await fetch(webhookUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, secret) },
    body: payload,
  });
  await res.text();
  return res.status;
}

let page: Page;

/**
 * The Payment processor card (or the notifications card) alone, as .data/test/screenshots/portal-<name>.png,
 * with nothing focused: the pictures docs/admin-portal.md shows are copied from these.
 */
async function cardShot(p: Page, name: string, titleId = 'processor-title'): Promise<void> {
  await p.evaluate(() => (globalThis as any).document.activeElement?.blur());
  await screenshot(p, `portal-${name}`, p.locator(`section[aria-labelledby=${titleId}]`));
}

test('keyboard only: choose Stripe; a live key on the test program is refused under its field and cleared', async () => {
  const wp = await stack.signedInPage(owner, { clipboardOrigins: [stack.url('')] });
  page = wp.page;
  await openInstall(page);
  expect(await page.getByTestId('processor-status').innerText()).toContain('Not connected');
  // The choice is a labelled radio group: Tab reaches it, the arrow keys move the choice.
  const group = page.getByRole('group', { name: 'Your payment processor' });
  expect(await group.getByRole('radio').count()).toBe(2);
  await tabTo(page, group.getByRole('radio', { name: 'Braintree' }));
  await page.keyboard.press('ArrowRight');
  expect(await group.getByRole('radio', { name: 'Stripe' }).isChecked()).toBe(true);
  // The focused choice shows the focus ring (a test artifact to look at).
  await screenshot(page, 'portal-install-stripe-choice-focus', page.getByTestId('processor-choice'));
  const key = page.getByLabel('Secret or restricted key');
  await key.waitFor();
  expect(await page.getByTestId('stripe-key-form').innerText()).toContain(
    'This is your test program: it takes test keys only (sk_test_… or rk_test_…).',
  );
  expect(await page.getByTestId('webhook-url-pending').innerText()).toContain('Connect Stripe');
  // The checklist is Stripe's.
  expect(await checklist(page)).toMatchObject({
    connect: 'not-yet',
    webhook: 'not-yet',
    'first-event': 'not-yet',
    'first-applied': 'not-yet',
    'customer-tie': 'yours',
    'promotion-codes': 'yours',
  });
  expect(await page.getByTestId('install-checklist').locator('[data-step=custom-field]').count()).toBe(0);

  const liveKey = newStripeKey('live');
  await page.keyboard.press('Tab');
  expect(await key.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
  await page.keyboard.type(liveKey);
  await page.keyboard.press('Enter');
  expect(await shown(page, 'error-secretKey', 'test keys')).toBe(
    'A test-mode tenant takes only test keys (sk_test_… or rk_test_…)',
  );
  expect(await page.getByTestId('processor-error').innerText()).toContain('Not connected:');
  expect(await key.getAttribute('aria-describedby')).toBe('field-secretKey-hint field-secretKey-error');
  expect(await key.getAttribute('aria-invalid')).toBe('true');
  expect(await key.inputValue()).toBe('');
  expect(await page.content()).not.toContain(liveKey);
  expect(standIn.calls(liveKey)).toEqual([]);
  expect(await storedConnection()).toBeNull();
  await expectAccessible(page);
  await portalShot(page, 'install-stripe-refused');
  await cardShot(page, 'install-stripe-refused-card');
});

test('keyboard only: a secret key connects, the endpoint is created at Stripe (AUTOMATIC), the URL is copied', async () => {
  const key = page.getByLabel('Secret or restricted key');
  await tabTo(page, key);
  await page.keyboard.type(secretKey);
  await tabTo(page, page.getByTestId('processor-connect'));
  await page.keyboard.press('Enter');
  expect(await shown(page, 'processor-notice', 'Connected')).toBe(
    'Connected to Stripe (test mode). We created the webhook endpoint at Stripe.',
  );
  const status = await shown(page, 'processor-status', 'Stripe test mode');
  expect(status).toContain(await summary(secretKey));
  expect(await key.inputValue()).toBe('');
  expect(await page.content()).not.toContain(secretKey);
  const registration = page.getByTestId('webhook-registration');
  expect(await registration.getAttribute('data-registration')).toBe('AUTOMATIC');
  expect(await registration.innerText()).toContain('Created by us');
  // One processor at a time: the choice is gone while one is connected.
  expect(await page.getByTestId('processor-choice').count()).toBe(0);
  expect(await page.getByTestId('processor-switch-hint').innerText()).toBe(
    'To use Braintree instead, disconnect Stripe first.',
  );
  expect(await page.getByTestId('webhook-events').locator('li').allInnerTexts()).toEqual([
    ...STRIPE_WEBHOOK_EVENTS,
  ]);
  // The endpoint exists at Stripe, for our URL and exactly these events.
  const endpoints = await standIn.stripe(secretKey).webhookEndpoints.list();
  expect(endpoints.data.map((e) => [e.url, e.enabled_events])).toEqual([
    [webhookUrl(), [...STRIPE_WEBHOOK_EVENTS]],
  ]);

  expect(await page.getByTestId('webhook-url').innerText()).toBe(webhookUrl());
  await tabTo(page, page.getByTestId('copy-webhook-url'));
  await page.keyboard.press('Enter');
  await shown(page, 'copy-webhook-url', 'Copied');
  expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(webhookUrl());
  await page.getByTestId('install-checklist').locator('[data-step=webhook][data-state=done]').waitFor();
  expect(await checklist(page)).toMatchObject({ connect: 'done', webhook: 'done', 'first-event': 'not-yet' });
  await expectAccessible(page);
});

test('an event Stripe delivers to the endpoint appears in the table with its type and customer', async () => {
  const customer = await standIn.stripe(secretKey).customers.create({ email: `${uid('ann')}@example.com` });
  const row = page.getByTestId('notification-row').filter({ hasText: 'customer.created' });
  await row.waitFor({ timeout: 20_000 });
  const text = await row.innerText();
  expect(text).toMatch(/^Stripe\ncustomer\.created\nCustomer cus_/);
  expect(text).toContain(`Customer ${customer.id}`);
  await page.getByTestId('install-checklist').locator('[data-step=first-event][data-state=done]').waitFor();
  expect(await page.getByTestId('install-checklist').innerText()).toContain('Latest: customer.created');
  await expectAccessible(page);
  await portalShot(page, 'install-stripe-automatic');
  await cardShot(page, 'install-stripe-automatic-card');
});

test('a restricted key cannot create the endpoint: SECRET_NEEDED shows the URL and the exact events to register', async () => {
  await page.getByLabel('Secret or restricted key').fill(restrictedKey);
  await page.getByTestId('processor-connect').click();
  expect(await shown(page, 'processor-notice', 'Connected')).toBe(
    'Connected to Stripe (test mode). This key may not create webhook endpoints: register the endpoint at Stripe as shown below, then give its signing secret.',
  );
  expect(await shown(page, 'processor-status', hint(restrictedKey))).toContain(await summary(restrictedKey));
  const registration = page.getByTestId('webhook-registration');
  expect(await registration.getAttribute('data-registration')).toBe('SECRET_NEEDED');
  expect(await registration.innerText()).toContain('Signing secret needed');
  // The endpoint the secret key made is gone: connecting again replaced it.
  expect((await standIn.stripe(secretKey).webhookEndpoints.list()).data).toEqual([]);
  // What to register at Stripe: the URL (copyable) and exactly our events.
  const steps = page.getByTestId('webhook-steps');
  expect(await steps.getByTestId('webhook-url').innerText()).toBe(webhookUrl());
  expect(await steps.getByTestId('webhook-events').locator('li').allInnerTexts()).toEqual([
    ...STRIPE_WEBHOOK_EVENTS,
  ]);
  expect(await steps.innerText()).toContain(`Select exactly these ${STRIPE_WEBHOOK_EVENTS.length} events`);
  // One form now: the signing secret, and the key again (it is never shown or sent back).
  expect(await page.getByLabel('Secret or restricted key').count()).toBe(0);
  const form = page.getByTestId('stripe-secret-form');
  expect(await form.innerText()).toContain(
    `We never show or send back the key you connected with (${hint(restrictedKey)})`,
  );
  expect(await checklist(page)).toMatchObject({ connect: 'done', webhook: 'not-yet' });
  expect(await page.getByTestId('install-checklist').innerText()).toContain(
    'The signing secret of the endpoint you register at Stripe is still needed',
  );
  await expectAccessible(page);
  await portalShot(page, 'install-stripe-secret-needed');
  await cardShot(page, 'install-stripe-secret-needed-card');

  const phone = await stack.signedInPage(owner, ON_PHONE);
  await openInstall(phone.page);
  await phone.page.getByTestId('webhook-steps').waitFor();
  await expectPhoneView(phone.page, 'install-stripe-secret-needed-phone');
  await cardShot(phone.page, 'install-stripe-secret-needed-phone-card');
  phone.expectClean();
});

test('giving the signing secret with the key again: a malformed secret is refused under its field; then MANUAL', async () => {
  const secret = page.getByLabel('Signing secret', { exact: true });
  const key = page.getByLabel('Your Stripe key, again');
  await secret.fill('not-a-signing-secret');
  await key.fill(restrictedKey);
  await page.getByTestId('processor-connect').click();
  expect(await shown(page, 'error-webhookSecret', 'whsec_')).toBe(
    "Must be the endpoint's signing secret (whsec_…)",
  );
  expect(await page.getByTestId('processor-error').innerText()).toContain('Not saved:');
  expect(await secret.inputValue()).toBe('');
  expect(await key.inputValue()).toBe('');
  // Nothing to give: both are asked for, and nothing leaves the page.
  await page.getByTestId('processor-connect').click();
  expect(await shown(page, 'error-secretKey', 'Required')).toBe('Required');
  expect(await page.getByTestId('error-webhookSecret').innerText()).toBe('Required');
  expect((await storedConnection())?.webhook_secret_sealed).toBeNull();

  await secret.fill(signingSecret);
  await key.fill(restrictedKey);
  await page.getByTestId('processor-connect').click();
  expect(await shown(page, 'processor-notice', 'saved')).toBe(
    'Signing secret saved: events Stripe sends to your endpoint are verified and applied now.',
  );
  const registration = page.getByTestId('webhook-registration');
  await registration.and(page.locator('[data-registration=MANUAL]')).waitFor();
  expect(await registration.innerText()).toContain('Registered by you');
  expect(await page.getByTestId('webhook-url').innerText()).toBe(webhookUrl());
  expect(await page.content()).not.toContain(signingSecret);
  expect(await page.content()).not.toContain(restrictedKey);
  await page.getByTestId('install-checklist').locator('[data-step=webhook][data-state=done]').waitFor();
  await expectAccessible(page);
});

test('a paid invoice signed with the given secret waits for its customer, in words; tying the customer applies it', async () => {
  const stripe = standIn.stripe(secretKey);
  const customer = await stripe.customers.create({
    email: `${uid('friend')}@example.com`,
    payment_method: 'pm_card_visa',
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  });
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 1900,
    recurring: { interval: 'month' },
    product_data: { name: 'Pro' },
  });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
  });
  const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
  expect(await deliver(stripeEvent('invoice.paid', invoice as unknown as Record<string, unknown>))).toBe(200);
  // Signed with another secret: refused, and nothing more in the table.
  const forged = stripeEvent('invoice.paid', { id: 'in_forged', object: 'invoice' });
  expect(await deliver(forged, `whsec_${'x'.repeat(20)}`)).toBe(400);

  // No account is tied to the customer yet: the event waits, and the table says so in words.
  const row = page.getByTestId('notification-row').filter({ hasText: invoice.id });
  await row.filter({ hasText: 'Waiting' }).waitFor({ timeout: 20_000 });
  const text = await row.innerText();
  expect(text).toMatch(
    new RegExp(`^Stripe\\ninvoice\\.paid\\nInvoice ${invoice.id}\\nCustomer ${customer.id}`),
  );
  expect(text).toContain(
    `Waiting for customer ${customer.id} to be tied to an account: applied as soon as it is`,
  );
  expect(await page.getByTestId('notification-row').filter({ hasText: 'in_forged' }).count()).toBe(0);
  await page.getByTestId('install-checklist').getByText('None yet: 1 waiting for their customer').waitFor();
  expect(await checklist(page)).toMatchObject({ 'first-event': 'done', 'first-applied': 'not-yet' });
  await expectAccessible(page);
  await portalShot(page, 'install-stripe-waiting');
  await cardShot(page, 'install-stripe-events-card', 'notifications-title');

  // The merchant ties the customer to an account at Stripe: the waiting invoice is applied.
  const accountId = uid('acct');
  expect(
    (await keyApi(stack.gateway, twin).call('PUT', `/open/account/${accountId}/user/${uid('u')}`, {})).status,
  ).toBe(200);
  const tied = await stripe.customers.update(customer.id, { metadata: { referral_account_id: accountId } });
  expect(await deliver(stripeEvent('customer.updated', tied as unknown as Record<string, unknown>))).toBe(
    200,
  );
  await row.filter({ hasText: 'Processed' }).waitFor({ timeout: 20_000 });
  await page.getByTestId('install-checklist').locator('[data-step=first-applied][data-state=done]').waitFor();
  expect(await page.getByTestId('install-checklist').innerText()).toMatch(
    /Latest applied: (invoice\.paid|customer\.updated)/,
  );
  await expectAccessible(page);
  await portalShot(page, 'install-stripe-applied');
});

test('a VIEWER sees the Stripe connection, its webhook and events, with no control that changes them', async () => {
  const db = stack.gateway.deps.db;
  const tenant = (await db('tenants').where({ alias: testAlias }).first('id')) as { id: string };
  const viewer = {
    alias: testAlias,
    email: `viewer@${testAlias.replace(/_/g, '-')}.test`,
    password: 'a viewer password',
  };
  await createOperator(db, { tenantId: tenant.id, ...viewer, role: 'VIEWER' });
  const wp = await stack.signedInPage(viewer);
  await openInstall(wp.page);
  await shown(wp.page, 'processor-status', 'Stripe test mode');
  expect(await wp.page.getByTestId('webhook-registration').innerText()).toContain('Registered by you');
  expect(await wp.page.getByTestId('processor-choice').count()).toBe(0);
  expect(await wp.page.getByTestId('processor-connect').count()).toBe(0);
  expect(await wp.page.getByTestId('processor-disconnect').count()).toBe(0);
  expect(await wp.page.locator('main input:enabled').count()).toBe(0);
  await wp.page.getByTestId('notification-row').first().waitFor();
  await expectAccessible(wp.page);
  wp.expectClean();
});

test('disconnect: the stored key and secret are gone, and events signed with the secret are refused', async () => {
  await page.getByTestId('processor-disconnect').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain('The stored key and signing secret are deleted.');
  await page.getByTestId('confirm-ok').click();
  expect(await shown(page, 'processor-status', 'Not connected')).toContain('Not connected');
  // The endpoint was registered by hand: the merchant removes it at Stripe.
  expect(await page.getByTestId('processor-notice').innerText()).toContain(
    'Remove the endpoint you registered at Stripe too',
  );
  expect(await storedConnection()).toBeNull();
  expect(await deliver(stripeEvent('customer.updated', { id: 'cus_after', object: 'customer' }))).toBe(400);
  // The choice is back, still on Stripe, its form empty; the table keeps what arrived.
  expect(await page.getByRole('radio', { name: 'Stripe' }).isChecked()).toBe(true);
  expect(await page.getByLabel('Secret or restricted key').inputValue()).toBe('');
  expect(await page.getByTestId('notification-row').count()).toBeGreaterThan(0);
  await expectAccessible(page);
});

test('disconnecting an endpoint we created removes it at Stripe', async () => {
  await page.getByRole('radio', { name: 'Stripe' }).check();
  await page.getByLabel('Secret or restricted key').fill(secretKey);
  await page.getByTestId('processor-connect').click();
  await shown(page, 'processor-notice', 'We created the webhook endpoint');
  expect((await standIn.stripe(secretKey).webhookEndpoints.list()).data).toHaveLength(1);
  await page.getByTestId('processor-disconnect').click();
  expect(await page.getByTestId('confirm-dialog').innerText()).toContain(
    'The webhook endpoint we created at Stripe is removed',
  );
  await page.getByTestId('confirm-ok').click();
  await shown(page, 'processor-status', 'Not connected');
  expect((await standIn.stripe(secretKey).webhookEndpoints.list()).data).toEqual([]);
  expect(await page.getByTestId('processor-notice').innerText()).not.toContain('Remove the endpoint');
});

test('a database outage shows each part\'s error state, and "Try again" loads it once the outage is over', async () => {
  const wp = await stack.signedInPage(owner);
  const { page: p } = wp;
  await failGraphql(p, 503, {
    statusCode: 503,
    message: 'The database is unavailable',
    apiErrorCode: 'SERVICE_UNAVAILABLE',
  });
  await p.goto(stack.url('/admin/install'));
  const settings = p
    .getByTestId('error-state')
    .filter({ hasText: "The install settings couldn't be loaded" });
  await settings.waitFor();
  expect(await settings.innerText()).toContain('The database is unavailable');
  await p.getByTestId('error-state').filter({ hasText: "The notifications couldn't be loaded" }).waitFor();
  await expectAccessible(p);
  await portalShot(p, 'install-stripe-outage');
  await p.unroute(GRAPHQL_ROUTE);
  await settings.getByRole('button', { name: 'Try again' }).click();
  await p.getByTestId('processor-status').waitFor();
  wp.expectClean([/503/]);
});

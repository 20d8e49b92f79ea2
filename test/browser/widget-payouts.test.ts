/**
 * The referrer widget's Payouts section in headless Chromium on a merchant's page, against the gateway
 * and worker with the PayPal stand-in: a referrer's cash by currency (available, pending, on its way,
 * paid out) after real payout runs, the payouts in words with PayPal's message for a failed one (shown
 * as text); a referrer without a method adds PayPal through the form by keyboard, after the API refused
 * a bad e-mail next to its field; Stripe's country picker refused empty; a refund that reversed cash
 * already paid, in plain words in English and French; no section without cash in a program that pays
 * none. Axe; screenshots on a desktop and on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { screenshot, useBrowser, type WatchedPage } from '../helpers/browser';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { startPayoutApi, type PayoutApi } from '../helpers/payouts';
import { connectStripeTenant } from '../helpers/stripe-tenant';
import { expectAccessible, ON_PHONE } from '../helpers/portal';

const browser = useBrowser();
let api: PayoutApi;
let site: MerchantSite;
const EMBED = '#referral-widget';
const PAYOUTS = `${EMBED} [data-testid="payouts"]`;
const HTML_MESSAGE = '<b>Receiver</b> account is restricted';
/** Paid $20, then a $30 payout PayPal refused; $15 pending and €25 available since. */
let maya: string;
/** $40 earned, no payout method yet. */
let noor: string;
/** $12 paid out, then the reward reversed by a refund. */
let rex: string;
/** No cash at all. */
let cleo: string;
/** $25 earned, no method yet: chooses Stripe. */
let sol: string;

beforeAll(async () => {
  api = await startPayoutApi();
  site = await startMerchantSite({
    gatewayUrl: api.gw.url,
    tenantAlias: api.tenant.alias,
    apiKey: api.tenant.apiKey,
  });
  await configureProgram(api, { name: 'Acme Coffee', allowedOrigins: [site.origin] });
  site.page('/account', {
    load: 'sync',
    body: `<main style="max-width:640px;margin:0 auto;padding:16px 24px;font-family:sans-serif">
      <h1>Your account</h1><div id="referral-widget"></div></main>`,
  });
  await api.setPolicy({ minimumCents: 1000 });
  maya = await api.referrer({ type: 'PAYPAL', email: 'maya@example.com' });
  rex = await api.referrer({ type: 'PAYPAL', email: 'rex@example.com' });
  await api.earnCash(maya, 2000);
  const rexReward = await api.earnCash(rex, 1200);
  expect((await api.runToEnd()).result).toBe('COMPLETED');

  await api.standIns.paypal.receiverRule('maya-new@example.com', 'FAILED', HTML_MESSAGE);
  const changed = await api.call('PUT', `/open/account/${maya}/user/u-${maya}/payout-method`, {
    type: 'PAYPAL',
    email: 'maya-new@example.com',
  });
  expect(changed.status).toBe(200);
  await api.earnCash(maya, 3000);
  const failed = (await api.runToEnd()).run.payouts.find((p: any) => p.accountId === maya);
  expect(failed).toMatchObject({ status: 'FAILED', amountCents: 3000 });
  await api.earnCash(maya, 1500, { status: 'PENDING' });
  await api.earnCash(maya, 2500, { currency: 'EUR' });

  // The refund of the payment that gave Rex's paid reward: a row of its whole amount, negative.
  await api.gw.deps.db('rewards').insert({
    tenant_id: api.tenantId,
    account_id: rex,
    referral_id: null,
    reward_source: 'ADJUSTMENT',
    type: 'CASH',
    amount_cents: -1200,
    unit: 'USD',
    status: 'AVAILABLE',
    reverses_reward_id: rexReward,
    reversed_through_cents: 1200,
    grant_key: `reversal:${rexReward}:1200`,
    explanation: 'Refund of the payment (test)',
  });
  noor = await api.referrer();
  await api.earnCash(noor, 4000);
  cleo = await api.referrer();
  sol = await api.referrer();
  await api.earnCash(sol, 2500);
  // Stripe Connect pays through the tenant's own Stripe account (the stand-in's).
  await connectStripeTenant(api, api.standIns.stripe.standIn, { id: api.tenantId, alias: api.tenant.alias });
}, 120_000);
afterAll(async () => {
  await site?.close();
  await api?.close();
});

/** Renders the widget for the referrer of `accountId` and waits for its Payouts answer. */
async function showWidget(wp: WatchedPage, accountId: string, locale?: string): Promise<void> {
  await wp.page.goto(site.url('/account'));
  const answered = wp.page.waitForResponse((r) => r.url().endsWith('/payouts'));
  await wp.page.evaluate(
    async ([claims, loc]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(claims);
      await w.referral.widget({ element: '#referral-widget', jwt, locale: loc });
    },
    [{ accountId, userId: `u-${accountId}` }, locale] as const,
  );
  expect((await answered).status()).toBe(200);
}

/** The texts of `locator`'s matches, runs of spaces (a no-break space too) as one space. */
async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** The test id of the element focused inside the widget's shadow root. */
function focused(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      (globalThis as any).document.querySelector('#referral-widget').shadowRoot.activeElement?.dataset.testid,
  );
}

test('cash by currency, the method, and payouts in words with the provider’s message as text', async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  await showWidget(wp, maya);
  const section = page.locator(PAYOUTS);
  await section.locator('dl').first().waitFor();
  expect(await section.locator('h3').innerText()).toBe('Payouts');
  expect(await texts(section.locator('[data-testid="balance-USD"] > div'))).toEqual([
    'Available $30.00',
    'Pending $15.00',
    'On its way $0.00',
    'Paid out $20.00',
  ]);
  expect(await texts(section.locator('[data-testid="balance-EUR"] [data-testid="cash-available"]'))).toEqual([
    '€25.00',
  ]);
  expect(await section.locator('[data-testid="owed"]').count()).toBe(0);
  expect(await section.locator('[data-testid="method-masked"]').innerText()).toBe(
    'PayPal · m•••@example.com',
  );
  const payouts = section.locator('[data-testid="payout"]');
  expect(await texts(payouts.locator('[data-testid="payout-status"]'))).toEqual(['Failed', 'Paid']);
  expect(await texts(payouts.locator('.name'))).toEqual(['$30.00', '$20.00']);
  // PayPal's words, markup and all, as text.
  expect(await texts(payouts.locator('[data-testid="payout-message"]'))).toEqual([HTML_MESSAGE]);
  expect(await section.locator('b').count()).toBe(0);
  expect(await page.getByRole('list', { name: 'Recent payouts' }).count()).toBe(1);
  await expectAccessible(page);
  await screenshot(page, 'widget-payouts', page.locator('main'));
  wp.expectClean();
});

test('a referrer adds PayPal by keyboard; a bad e-mail is refused next to its field', async () => {
  const wp = await browser().newPage(ON_PHONE);
  const { page } = wp;
  await showWidget(wp, noor);
  const section = page.locator(PAYOUTS);
  const form = section.locator('[data-testid="payout-form"]');
  await form.waitFor();
  expect(await texts(section.locator('[data-testid="cash-available"]'))).toEqual(['$40.00']);
  expect(await section.locator('[data-testid="payout-method"] p').first().innerText()).toBe(
    'Add a payout method to receive your cash.',
  );
  expect(await section.getByText('No payouts yet.').count()).toBe(1);
  expect(await form.getByRole('radio', { name: 'PayPal' }).isChecked()).toBe(true);
  const email = form.getByRole('textbox', { name: 'E-mail address' });
  await email.focus();
  await page.keyboard.type('noor@');
  const refused = page.waitForResponse((r) => r.url().endsWith('/payout-method'));
  await page.keyboard.press('Enter');
  expect((await refused).status()).toBe(400);
  const error = form.locator('#rw-pay-email-err');
  await error.waitFor();
  expect(await error.innerText()).toBe('Enter an e-mail address such as name@example.com.');
  expect(await email.getAttribute('aria-invalid')).toBe('true');
  expect(await email.getAttribute('aria-describedby')).toBe('rw-pay-email-err');
  expect(await focused(page)).toBe('payout-email');
  expect(
    await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshot(page, 'widget-payouts-form-phone');

  await page.keyboard.type('example.com');
  // Tab from the field to Save (the gift card's and Stripe's fields are hidden for PayPal).
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('save-method');
  await page.keyboard.press('Enter');
  const masked = section.locator('[data-testid="method-masked"]');
  await masked.waitFor();
  expect(await masked.innerText()).toBe('PayPal · n•••@example.com');
  expect(await section.locator('[role="status"]').last().innerText()).toBe('Payout method saved.');
  expect(await focused(page)).toBe('change-method');
  expect((await api.referrerPayouts(noor)).payee.method).toEqual({
    type: 'PAYPAL',
    masked: 'n•••@example.com',
  });
  // The API refused the bad e-mail once: its 400 is in the console.
  wp.expectClean([/status of 400/]);
});

test('Stripe asks for a country; Cancel puts the method back', async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  await showWidget(wp, maya);
  const section = page.locator(PAYOUTS);
  await section.locator('[data-testid="change-method"]').click();
  const form = section.locator('[data-testid="payout-form"]');
  expect(await focused(page)).toBe('method-PAYPAL');
  const country = form.getByRole('combobox', { name: 'Country' });
  expect(await country.isVisible()).toBe(false);
  await form.getByRole('radio', { name: 'Bank account (Stripe)' }).check();
  expect(await country.isVisible()).toBe(true);
  expect(await country.inputValue()).toBe('');
  expect(await country.locator('option').count()).toBeGreaterThan(30);
  await form.getByRole('textbox', { name: 'E-mail address' }).fill('maya@example.com');
  await form.getByRole('button', { name: 'Save' }).click();
  const error = form.locator('#rw-pay-country-err');
  await error.waitFor();
  expect(await error.innerText()).toBe('Choose your country.');
  expect(await form.locator('#rw-pay-email-err').isVisible()).toBe(false);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Cancel' }).click();
  expect(await section.locator('[data-testid="method-masked"]').innerText()).toBe(
    'PayPal · m•••@example.com',
  );
  wp.expectClean([/status of 400/]);
});

test("Stripe: the country picked by its name, Stripe's onboarding opened in a new tab and offered as a link", async () => {
  const wp = await browser().newPage({ locale: 'de-DE' });
  const { page } = wp;
  await showWidget(wp, sol, 'de-DE');
  const section = page.locator(PAYOUTS);
  const form = section.locator('[data-testid="payout-form"]');
  await form.getByRole('radio', { name: 'Bankkonto (Stripe)' }).check();
  const country = form.getByRole('combobox', { name: 'Land' });
  // The visitor's region is chosen already; the names are German.
  expect(await country.inputValue()).toBe('DE');
  await country.selectOption({ label: 'Österreich' });
  await form.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('sol@example.com');
  const popup = page.waitForEvent('popup');
  await form.getByRole('button', { name: 'Speichern' }).click();
  const link = section.locator('[data-testid="stripe-onboarding"]');
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^https?:\/\//);
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect((await popup).url()).toBe(href);
  expect(await focused(page)).toBe('stripe-onboarding');
  expect(await section.locator('[data-testid="method-masked"]').innerText()).toMatch(
    /^Bankkonto \(Stripe\) · acct_….{4}$/,
  );
  expect((await api.referrerPayouts(sol)).payee.method.type).toBe('STRIPE_CONNECT');
  await expectAccessible(page);
  wp.expectClean();
});

test('a refund of cash already paid, in plain words (English, French) and on a phone', async () => {
  const wp = await browser().newPage(ON_PHONE);
  const { page } = wp;
  await showWidget(wp, rex);
  const section = page.locator(PAYOUTS);
  const owed = section.locator('[data-testid="owed"]');
  await owed.waitFor();
  expect(await owed.innerText()).toBe(
    'A refund reversed a reward you were already paid: $12.00 will come out of your next rewards before anything is paid again.',
  );
  expect(await texts(section.locator('[data-testid="balance-USD"] > div'))).toEqual([
    'Available -$12.00',
    'Pending $0.00',
    'On its way $0.00',
    'Paid out $12.00',
  ]);
  expect(
    await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshot(page, 'widget-payouts-owed-phone');

  await showWidget(wp, rex, 'fr');
  await owed.waitFor();
  expect((await texts(owed))[0]).toBe(
    'Un remboursement a annulé une récompense qui vous avait déjà été versée : 12,00 $US seront retenus sur vos prochaines récompenses avant tout nouveau versement.',
  );
  expect(await section.locator('h3').innerText()).toBe('Versements');
  wp.expectClean();
});

test('no Payouts section without cash in a program that pays none', async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  await showWidget(wp, cleo);
  expect(await page.locator(`${EMBED} [data-testid="share-link"]`).count()).toBe(1);
  expect(await page.locator(PAYOUTS).isHidden()).toBe(true);
  wp.expectClean();
});

/**
 * The widget's Payouts section in a program that pays cash (a rule giving 20 % of the friends' payments),
 * for a referrer who has none yet: the section shows at once, says there is no cash yet and offers the
 * form (in German here); held by an operator, it says payouts are paused (never the operator's reason).
 * When GET …/payouts fails, the rest of the widget is drawn and the section says
 * so with "Try again", which by keyboard reads it again. Axe.
 */
import { useBrowser, type WatchedPage } from '../helpers/browser';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { RECURRING } from '../helpers/program-rules';
import { startPayoutApi, type PayoutApi } from '../helpers/payouts';
import { expectAccessible } from '../helpers/portal';

const browser = useBrowser();
let api: PayoutApi;
let site: MerchantSite;
let programId: string;
let lea: string;
const PAYOUTS = '#referral-widget [data-testid="payouts"]';

beforeAll(async () => {
  api = await startPayoutApi();
  site = await startMerchantSite({
    gatewayUrl: api.gw.url,
    tenantAlias: api.tenant.alias,
    apiKey: api.tenant.apiKey,
  });
  await configureProgram(api, { name: 'Acme Coffee', allowedOrigins: [site.origin] });
  const mutation = `mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`;
  programId = (await api.gqlOk(mutation, { input: { name: 'Acme Partners', rules: [RECURRING] } }))
    .createProgram.id;
  site.page('/account', {
    load: 'sync',
    body: '<main><h1>Your account</h1><div id="referral-widget"></div></main>',
  });
  lea = await api.referrer();
}, 60_000);
afterAll(async () => {
  await site?.close();
  await api?.close();
});

/** Shows the program's widget for Lea (the promise settles once the widget route's data is drawn). */
async function showWidget(wp: WatchedPage, locale = 'en'): Promise<void> {
  await wp.page.goto(site.url('/account'));
  await wp.page.evaluate(
    async ([claims, options]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(claims);
      await w.referral.widget({ element: '#referral-widget', jwt, ...options });
    },
    [
      { accountId: lea, userId: `u-${lea}` },
      { programId, locale },
    ] as const,
  );
}

test('a program that pays cash shows the section before any cash, with the form', async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  await showWidget(wp, 'de');
  const section = page.locator(PAYOUTS);
  expect(await page.locator('#referral-widget .offers').innerText()).toContain('20');
  await section.locator('[data-testid="no-cash"]').waitFor();
  expect(await section.locator('h3').innerText()).toBe('Auszahlungen');
  expect(await section.locator('[data-testid="no-cash"]').innerText()).toBe(
    'Noch kein Guthaben: Es erscheint hier, sobald ein Freund Ihnen etwas einbringt.',
  );
  expect(await section.locator('dl').count()).toBe(0);
  expect(await section.getByRole('radio', { name: 'Geschenkkarte per E-Mail' }).count()).toBe(1);
  expect(await section.getByText('Noch keine Auszahlungen.').count()).toBe(1);
  expect(await section.locator('[data-testid="held"]').count()).toBe(0);
  await expectAccessible(page);

  const hold = `mutation H($a: ID!) { holdPayee(accountId: $a, held: true, reason: "Checking for fraud") { held } }`;
  expect((await api.gqlOk(hold, { a: lea })).holdPayee.held).toBe(true);
  await showWidget(wp);
  const held = section.locator('[data-testid="held"]');
  await held.waitFor();
  expect(await held.innerText()).toBe('Your payouts are paused for now. Contact us if you have a question.');
  expect(await section.innerText()).not.toContain('fraud');
  wp.expectClean();
});

test('a failed read of the payouts: the widget is drawn, the section says so, Try again reads again', async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  let failing = true;
  // The gateway's answer replaced by a 503 (with its CORS header, as the gateway's own errors have).
  await page.route('**/payouts', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': site.origin },
          body: JSON.stringify({
            statusCode: 503,
            message: 'Unavailable',
            apiErrorCode: 'SERVICE_UNAVAILABLE',
          }),
        })
      : route.continue(),
  );
  await showWidget(wp);
  expect(await page.locator('#referral-widget h2').innerText()).toBe('Refer a friend');
  const section = page.locator(PAYOUTS);
  const error = section.locator('[data-testid="payouts-error"]');
  await error.waitFor();
  expect(await error.getAttribute('role')).toBe('alert');
  expect(await error.locator('p').innerText()).toBe('We could not load your payouts.');
  await expectAccessible(page);

  failing = false;
  await section.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await section.locator('[data-testid="no-cash"]').waitFor();
  expect(await error.count()).toBe(0);
  expect(
    await page.evaluate(
      () => (globalThis as any).document.querySelector('#referral-widget').shadowRoot.activeElement?.id,
    ),
  ).toBe('rw-pay');
  // The 503 is the browser's console error; nothing else.
  wp.expectClean([/status of 503/]);
});

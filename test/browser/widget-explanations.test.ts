/**
 * The referrer widget's rewards explained, in headless Chromium on a merchant's page: under each friend,
 * what each reward rule gave the referrer and until when it is held, or why not yet (a milestone's
 * progress, a friend who has not subscribed), in the referrer's language; a rule named like HTML shown
 * as text; axe; screenshots in English on a desktop and in French on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { screenshot, useBrowser, type WatchedPage } from '../helpers/browser';
import { expectAccessible } from '../helpers/portal';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { PER_FRIEND, THREE_FRIENDS } from '../helpers/program-rules';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

const browser = useBrowser();
let api: ReferralApi;
let site: MerchantSite;
let rita: Awaited<ReturnType<typeof identifyReferrer>>;
const EMBED = '#referral-widget';
const HTML_RULE = '<b>Bold</b> & friends';

beforeAll(async () => {
  api = await startReferralApi({ env: { PUBLIC_URL: 'https://referrals.example' } });
  site = await startMerchantSite({
    gatewayUrl: api.gw.url,
    tenantAlias: api.tenant.alias,
    apiKey: api.tenant.apiKey,
  });
  await configureProgram(api, { name: 'Acme Coffee', allowedOrigins: [site.origin], rewardHoldDays: 14 });
  await api.gqlOk(`mutation ($input: ProgramInput!) { updateProgram(input: $input) { ruleVersion } }`, {
    input: { rules: [{ ...PER_FRIEND, name: HTML_RULE }, THREE_FRIENDS] },
  });
  site.page('/account', {
    load: 'sync',
    body: `<main style="max-width:640px;margin:0 auto;padding:16px 24px;font-family:sans-serif">
      <h1>Your account</h1><div id="referral-widget"></div></main>`,
  });
  rita = await identifyReferrer(api, 'Rita');
  for (const [firstName, paid] of [
    ['Conny', true],
    ['Wanda', false],
  ] as const) {
    const id = uid('acct-f');
    expect((await api.identify(id, uid('user'), { referredByCode: rita.code, firstName })).status).toBe(200);
    if (paid) expect((await api.identify(id, uid('user'), { accountStatus: 'PAID' })).status).toBe(200);
  }
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

async function showWidget(wp: WatchedPage, locale?: string): Promise<void> {
  await wp.page.goto(site.url('/account'));
  const shown = await wp.page.evaluate(
    async ([claims, loc]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(claims);
      return w.referral.widget({ mode: 'EMBED', element: '#referral-widget', jwt, locale: loc }).then(
        () => true,
        () => false,
      );
    },
    [{ accountId: rita.accountId, userId: rita.userId }, locale] as const,
  );
  expect(shown).toBe(true);
}

const row = (page: Page, name: string): Locator =>
  page.locator(`${EMBED} [data-testid="referral"]`).filter({
    has: page.locator('[data-testid="referral-name"]', { hasText: name }),
  });
/** Non-breaking spaces (French money and dates) as spaces, on both sides of a comparison. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const why = async (page: Page, name: string) =>
  (await row(page, name).locator('[data-testid="reward-why"]').allInnerTexts()).map(spaces);

/** "Dec 13, 2026" (en) for 14 days from now, as the widget formats dates. */
const heldDate = (locale: string) =>
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(
    Date.now() + 14 * 86_400_000,
  );

test("each friend's rules in the referrer's words: what they gave and until when, or why not yet", async () => {
  const wp = await browser().newPage();
  await showWidget(wp);
  const { page } = wp;
  expect(await why(page, 'Conny')).toEqual([
    `“${HTML_RULE}” gave you $10.00 credit, held until ${heldDate('en')}`,
    '“A free month at three friends”: 1 of 3 friends so far',
  ]);
  expect(await why(page, 'Wanda')).toEqual([
    `“${HTML_RULE}”: when your friend subscribes`,
    '“A free month at three friends”: 1 of 3 friends so far',
  ]);
  // The rule's name is text, never markup.
  expect(await page.locator(`${EMBED} b`).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'widget-explained', page.locator('main'));
  wp.expectClean();
});

test('in French, on a phone', async () => {
  const wp = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await showWidget(wp, 'fr');
  const { page } = wp;
  expect(await why(page, 'Conny')).toEqual([
    spaces(`« ${HTML_RULE} » vous a donné 10,00 $US de crédit, bloqué jusqu’au ${heldDate('fr')}`),
    '« A free month at three friends » : 1 ami sur 3 pour l’instant',
  ]);
  await screenshot(page, 'widget-explained-fr', page.locator('main'));
  wp.expectClean();
});

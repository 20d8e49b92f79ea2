/**
 * The referrer widget of a program other than the default (the `programId` option) in headless
 * Chromium on a merchant's page: the program's headline and offer, the user's code in it and its friends
 * only. The browser library's `init({ program_id })` gives the user that program's code. Axe;
 * screenshots on a desktop and on a phone. (The widget route's leaderboard and progress are tested in
 * test/integration/programs/programs-widget.test.ts; the widget does not draw them yet.)
 */
import { screenshot, useBrowser, type WatchedPage } from '../helpers/browser';
import { expectAccessible } from '../helpers/portal';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { PER_FRIEND, THREE_FRIENDS } from '../helpers/program-rules';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

const browser = useBrowser();
let api: ReferralApi;
let site: MerchantSite;
let programId: string;
let rita: Awaited<ReturnType<typeof identifyReferrer>>;
const EMBED = '#referral-widget';

beforeAll(async () => {
  api = await startReferralApi({ env: { PUBLIC_URL: 'https://referrals.example' } });
  site = await startMerchantSite({
    gatewayUrl: api.gw.url,
    tenantAlias: api.tenant.alias,
    apiKey: api.tenant.apiKey,
  });
  await configureProgram(api, { name: 'Acme Coffee', allowedOrigins: [site.origin] });
  programId = (
    await api.gqlOk(`mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`, {
      input: {
        name: 'Acme Partners',
        referredDiscountPercent: 30,
        leaderboardEnabled: true,
        widgetHeadline: 'Partners earn more',
        rules: [PER_FRIEND, THREE_FRIENDS],
      },
    })
  ).createProgram.id;
  site.page('/account', {
    load: 'sync',
    body: `<main style="max-width:640px;margin:0 auto;padding:16px 24px;font-family:sans-serif">
      <h1>Your account</h1><div id="referral-widget"></div></main>`,
  });
  rita = await identifyReferrer(api, 'Rita');
  // Another referrer in the program; Rita's widget shows her own friend only.
  const other = await identifyReferrer(api, 'Ivo');
  for (const [referrer, friends] of [
    [other, 3],
    [rita, 1],
  ] as const) {
    const code = (await api.identify(referrer.accountId, referrer.userId, { programId })).body.shareCode;
    for (let i = 0; i < friends; i += 1) {
      const id = uid('acct-f');
      expect((await api.identify(id, uid('user'), { referredByCode: code })).status).toBe(200);
      expect((await api.identify(id, uid('user'), { accountStatus: 'PAID' })).status).toBe(200);
    }
  }
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

async function showWidget(wp: WatchedPage): Promise<string> {
  await wp.page.goto(site.url('/account'));
  return wp.page.evaluate(
    async ([claims, id]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(claims);
      // Identified in the program from the browser: the answer carries the user's code there.
      const user = await w.referral.init({ jwt, program_id: id });
      await w.referral.widget({ mode: 'EMBED', element: '#referral-widget', jwt, programId: id });
      return user.shareCode as string;
    },
    [{ accountId: rita.accountId, userId: rita.userId }, programId] as const,
  );
}

test("the program's offer, the user's code in it and its friends", async () => {
  const wp = await browser().newPage();
  const { page } = wp;
  const code = await showWidget(wp);
  expect(code).not.toBe(rita.code);
  const widget = page.locator(EMBED);
  await widget.locator('[data-testid="share-link"]').waitFor();
  expect(await widget.locator('h2').innerText()).toBe('Partners earn more');
  expect(await widget.locator('[data-testid="share-link"]').inputValue()).toContain(code);
  expect(await widget.locator('.offers').innerText()).toContain('30%');
  expect(await widget.locator('[data-testid="referral"]').count()).toBe(1);
  await expectAccessible(page);
  await screenshot(page, 'widget-program');
  wp.expectClean();

  const phone = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await showWidget(phone);
  await phone.page.locator(`${EMBED} [data-testid="share-link"]`).waitFor();
  await screenshot(phone.page, 'widget-program-phone');
});

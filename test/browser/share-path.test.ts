/**
 * The share path, in headless Chromium on a phone-sized viewport: the default share path keeps the
 * friend (share link → hosted page → continue → the merchant's signup page with the code autofilled →
 * `init` → IN_PROGRESS under the referrer), share links on the merchant's own domain (?ref=CODE, one click
 * beacon per visit), and the branded hosted page in English, French and German, axe-clean in each.
 */
import { Resvg } from '@resvg/resvg-js';
import { screenshot, useBrowser } from '../helpers/browser';
import { eventually } from '../helpers/harness';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { expectAccessible } from '../helpers/portal';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };
let api: ReferralApi;
let site: MerchantSite;

beforeAll(async () => {
  api = await startReferralApi();
  site = await startMerchantSite({
    gatewayUrl: api.gw.url,
    tenantAlias: api.tenant.alias,
    apiKey: api.tenant.apiKey,
  });
  // The merchant's signup page: the library, a form, and autofill (docs/browser.md's snippet).
  site.page('/signup', {
    load: 'sync',
    body: '<h1>Sign up</h1><label>Referral code <input name="referral_code" id="code"></label>',
    after: 'referral.autofill();',
  });
  site.page('/shop', { load: 'sync', body: '<h1>The shop</h1>' });
  await configureProgram(api, {
    name: 'Acme Coffee',
    landingUrl: null,
    websiteUrl: site.url('/'),
    signupUrl: site.url('/signup?plan=basic'),
    referredDiscountPercent: 10,
    allowedOrigins: [site.origin],
  });
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

async function clicksOf(code: string): Promise<number> {
  await api.gw.deps.clicks.flush();
  const row = await api.gw.deps
    .db('share_link_clicks')
    .where({ tenant_id: api.tenantId, code })
    .sum({ n: 'clicks' })
    .first();
  return Number(row?.n ?? 0);
}

test('the default path: hosted page → continue → signup autofilled → init → IN_PROGRESS', async () => {
  const maya = await identifyReferrer(api, 'Maya', 'Lopes');
  const wp = await browser().newPage(PHONE);
  await wp.page.goto(`${api.gw.url}/r/${api.tenant.alias}/${maya.code}`);
  await screenshot(wp.page, 'share-path-hosted-phone');
  const next = wp.page.getByRole('link', { name: /continue/i });
  const href = await next.getAttribute('href');
  // The signup URL keeps its own query and gets rsCode.
  expect(new URL(href!).searchParams.get('plan')).toBe('basic');
  expect(new URL(href!).searchParams.get('rsCode')).toBe(maya.code);
  await next.click();
  await wp.page.waitForURL(/\/signup\?/);
  await expect(wp.page.locator('#code').inputValue()).resolves.toBe(maya.code);
  await eventually(
    'the input is filled',
    async () => (await wp.page.locator('#code').inputValue()) === maya.code,
  );
  await screenshot(wp.page, 'share-path-signup-phone');

  const friend = { accountId: uid('acct-f'), userId: uid('user-f') };
  const identified = await wp.page.evaluate(async (claims) => {
    const w = globalThis as any;
    const jwt = await w.merchantJwt(claims);
    return w.referral.init({ account_id: claims.accountId, user_id: claims.userId, jwt });
  }, friend);
  expect(identified).toBeTruthy();
  const account = await api.account(friend.accountId);
  expect(account?.referredBy).toMatchObject({
    status: 'IN_PROGRESS',
    referralCodeUsed: maya.code,
    referrerAccountId: maya.accountId,
  });
  wp.expectClean();
});

test("merchant-domain share links: users' shareLink, the cookie, one click beacon per visit", async () => {
  await configureProgram(api, { shareLinkUrl: site.url('/shop?utm=x'), shareParam: 'ref' });
  const lena = await identifyReferrer(api, 'Lena', 'Berg');
  const user = await api.call('GET', `/open/account/${lena.accountId}/user/${lena.userId}`);
  const link = (user.body as { shareLink: string }).shareLink;
  expect(link).toBe(`${site.url('/shop')}?utm=x&ref=${lena.code}`);

  const before = await clicksOf(lena.code);
  const wp = await browser().newPage(PHONE);
  const beacons: string[] = [];
  wp.page.on('request', (r) => {
    if (r.url().endsWith('/open/clicks')) beacons.push(r.postData() ?? '');
  });
  await wp.page.goto(link);
  await eventually('the rs_code cookie is written', async () =>
    (await wp.context.cookies(site.origin)).some((c) => c.name === 'rs_code' && c.value === lena.code),
  );
  await eventually('the beacon is counted', async () => (await clicksOf(lena.code)) === before + 1);
  // A reload of the same URL is not another click.
  await wp.page.reload();
  await wp.page.waitForLoadState('load');
  await wp.page.waitForTimeout(500);
  expect(await clicksOf(lena.code)).toBe(before + 1);
  expect(beacons).toEqual([lena.code]);
  await screenshot(wp.page, 'share-path-merchant-domain-phone');
  wp.expectClean();
  await configureProgram(api, { shareLinkUrl: null });
});

/** A 240x80 PNG logo, drawn here with resvg. */
function logoPng(): Buffer {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" fill="#7c2d12"/>' +
    '<circle cx="40" cy="40" r="24" fill="#fde68a"/></svg>';
  return new Resvg(svg).render().asPng();
}

test('the branded hosted page in en, fr and de: lang, brand colour, logo, texts, previews, axe-clean', async () => {
  const res = await fetch(`${api.gw.api(api.tenant.alias)}/program/logo`, {
    method: 'PUT',
    headers: { authorization: api.auth, 'content-type': 'image/png' },
    body: logoPng(),
  });
  expect(res.status).toBe(200);
  await configureProgram(api, { brandColor: '#7c2d12', landingButtonText: 'Claim {offer} at {program}' });
  const maya = await identifyReferrer(api, 'Maya', 'Costa');
  const link = `${api.gw.url}/r/${api.tenant.alias}/${maya.code}`;
  const expected = {
    en: 'Maya gave you 10% off',
    fr: 'Maya vous offre 10 % de réduction',
    de: 'Maya schenkt dir 10 % Rabatt',
  };
  for (const [lang, headline] of Object.entries(expected)) {
    const wp = await browser().newPage({ ...PHONE, locale: lang });
    await eventually('the brand applies', async () => {
      await wp.page.goto(link);
      return (await wp.page.locator('link[href^="/brand/"]').count()) === 1;
    });
    expect(await wp.page.locator('html').getAttribute('lang')).toBe(lang);
    await expect(wp.page.locator('h1').innerText()).resolves.toBe(headline);
    const logo = wp.page.locator('img.logo');
    await eventually('the logo loads', async () =>
      logo.evaluate((img) => (img as any).complete && (img as any).naturalWidth === 240),
    );
    const background = await wp.page
      .locator('a.website')
      .evaluate((a) => (globalThis as any).getComputedStyle(a).backgroundColor);
    expect(background).toBe('rgb(124, 45, 18)');
    const og = await wp.page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og).toMatch(new RegExp(`^${api.config.publicUrl}/share-images/`));
    expect(await wp.page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe(
      'summary_large_image',
    );
    await expectAccessible(wp.page);
    await screenshot(wp.page, `share-path-branded-${lang}-phone`);
    wp.expectClean();
  }
  // ?lang= overrides Accept-Language.
  const wp = await browser().newPage({ ...PHONE, locale: 'de' });
  await wp.page.goto(`${link}?lang=fr`);
  expect(await wp.page.locator('html').getAttribute('lang')).toBe('fr');
  const notFound = await wp.page.goto(`${api.gw.url}/r/${api.tenant.alias}/NO-SUCH-CODE?lang=de`);
  expect(notFound?.status()).toBe(404);
  await expect(wp.page.locator('h1').innerText()).resolves.toBe('Dieser Link funktioniert nicht');
  await expectAccessible(wp.page);
  wp.expectClean([/Failed to load resource: the server responded with a status of 404/]);
});

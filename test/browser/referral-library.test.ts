/**
 * The browser library in headless Chromium, loaded by a merchant's site on another origin than the
 * gateway: share link → landing URL with rsCode → tracking cookie → autofill (every argument form, both
 * call styles) → `init` with the merchant's user JWT (attribution, conversion), and CORS refusing an
 * origin the program does not list.
 */
import type { Page } from 'playwright-core';
import { eventually } from '../helpers/harness';
import { screenshot, useBrowser, type WatchedPage } from '../helpers/browser';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { identifyReferrer, startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

const browser = useBrowser();
let api: ReferralApi;
let site: MerchantSite;
/** A second merchant origin that is not in the program's allowedOrigins. */
let stranger: MerchantSite;
let rita: { accountId: string; userId: string; code: string };
let otto: { accountId: string; userId: string; code: string };

/** The browser's own report of a failed request: expected whenever a test provokes an error answer. */
const FAILED_RESOURCE = /Failed to load resource/;
const DAY_S = 86_400;

beforeAll(async () => {
  api = await startReferralApi();
  const merchant = { gatewayUrl: api.gw.url, tenantAlias: api.tenant.alias, apiKey: api.tenant.apiKey };
  site = await startMerchantSite(merchant);
  stranger = await startMerchantSite(merchant);
  await configureProgram(api, { landingUrl: site.url('/landing'), allowedOrigins: [site.origin] });
  rita = await identifyReferrer(api, 'Rita', 'Referrer');
  otto = await identifyReferrer(api, 'Otto', 'Other');
  // A page that loads the library synchronously, so the promise API is there once it has loaded.
  for (const s of [site, stranger]) s.page('/app', { load: 'sync', body: '<h1>Your account</h1>' });
});
afterAll(async () => {
  await site?.close();
  await stranger?.close();
  await api?.close();
});

async function rsCookie(wp: WatchedPage) {
  return (await wp.context.cookies(site.origin)).find((c) => c.name === 'rs_code');
}

/** Follows a share link as a friend's browser does and waits for the library to store the cookie. */
async function followShareLink(wp: WatchedPage, code: string): Promise<void> {
  await wp.page.goto(`${api.gw.url}/r/${api.tenant.alias}/${code}`);
  expect(wp.page.url()).toBe(site.url(`/landing?rsCode=${code}`));
  await wp.page.waitForLoadState('load');
  await eventually('the rs_code cookie is written', async () => (await rsCookie(wp)) !== undefined);
}

/** Waits until the element's value (or, without one, its text) is `expected`. */
async function expectFilled(page: Page, selector: string, expected: string): Promise<void> {
  await page
    .waitForFunction(
      ([sel, want]) => {
        const el = (globalThis as any).document.querySelector(sel);
        return el !== null && (el.value ?? el.textContent) === want;
      },
      [selector, expected] as const,
      { timeout: 5000 },
    )
    .catch(async () => {
      const seen = await page.evaluate((sel) => {
        const el = (globalThis as any).document.querySelector(sel);
        return el === null ? '(no element)' : String(el.value ?? el.textContent);
      }, selector);
      throw new Error(`${selector} on ${page.url()}: expected "${expected}", saw "${seen}"`);
    });
}

/** Runs `referral.init(fields)` in the page with the JWT the page got from the merchant's server. */
async function initInPage(
  page: Page,
  fields: Record<string, unknown>,
  claims: { accountId: string; userId: string; accountStatus?: string },
): Promise<{ ok: boolean; value: any }> {
  return page.evaluate(
    async ([f, q]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(q);
      return w.referral.init({ ...f, jwt }).then(
        (value: unknown) => ({ ok: true, value }),
        (value: unknown) => ({ ok: false, value }),
      );
    },
    [fields, claims] as const,
  );
}

test('a share link lands on the merchant with rsCode; the library keeps the first code in rs_code', async () => {
  const wp = await browser().newPage();
  await followShareLink(wp, rita.code);
  const cookie = await rsCookie(wp);
  expect(cookie).toMatchObject({ value: rita.code, path: '/', sameSite: 'Lax', secure: false });
  // The program's default lifetime: 365 days.
  expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 365 * DAY_S))).toBeLessThan(DAY_S);
  await screenshot(wp.page, 'merchant-landing');

  // A second share link does not replace the first code (first click wins by default).
  await followShareLink(wp, otto.code);
  expect((await rsCookie(wp))?.value).toBe(rita.code);

  // A malformed code is ignored.
  const fresh = await browser().newPage();
  await fresh.page.goto(site.url('/landing?rsCode=' + encodeURIComponent('no such<code>')));
  await fresh.page.waitForLoadState('load');
  await fresh.page.waitForTimeout(300);
  expect(await fresh.context.cookies(site.origin)).toEqual([]);
  wp.expectClean();
  fresh.expectClean();
});

test('last click wins and the cookie lifetime follow the program settings', async () => {
  await configureProgram(api, { referralCookieDays: 30, referralCookieLastClickWins: true });
  await eventually('the browser settings change', async () => {
    const res = await fetch(`${api.gw.api(api.tenant.alias)}/open/browser-settings`);
    const body = (await res.json()) as Record<string, unknown>;
    return body.cookieDays === 30 && body.lastClickWins === true;
  });
  try {
    const wp = await browser().newPage();
    await followShareLink(wp, rita.code);
    const first = await rsCookie(wp);
    expect(Math.abs(first!.expires - (Date.now() / 1000 + 30 * DAY_S))).toBeLessThan(DAY_S);
    await wp.page.goto(`${api.gw.url}/r/${api.tenant.alias}/${otto.code}`);
    await eventually(
      'the last code replaces the first',
      async () => (await rsCookie(wp))?.value === otto.code,
    );
    wp.expectClean();
  } finally {
    await configureProgram(api, { referralCookieDays: 365, referralCookieLastClickWins: false });
  }
});

test('autofill fills the referral code: name=, CSS selector, callback, later inputs, queue and promise', async () => {
  site.page('/signup-queue', {
    // The queue form, pushed before the (async) script has loaded, with the spec's two input names.
    before:
      "window._sqh = window._sqh || []; _sqh.push(['autofill', 'name=referral_code']);" +
      "_sqh.push(['autofill', 'name=customer[custom_fields][service_coupon]']);",
    body:
      '<form><input name="referral_code"><input name="customer[custom_fields][service_coupon]">' +
      '<input id="after-load"></form>',
    // Pushed after the library has loaded: runs too.
    after: "window.addEventListener('load', () => window._sqh.push(['autofill', '#after-load']));",
  });
  site.page('/signup-promise', {
    load: 'sync',
    body: '<form id="f"><input id="coupon" class="code"></form><p id="shown"></p><p id="resolved"></p>',
    after:
      "referral.autofill('form#f input.code');" +
      "referral.autofill(function (code) { document.getElementById('shown').textContent = code; });" +
      // An input a framework renders after the call.
      "referral.autofill('name=referral_code').then(() => { document.getElementById('resolved').textContent = 'yes'; });" +
      "setTimeout(() => { const i = document.createElement('input'); i.name = 'referral_code'; document.getElementById('f').append(i); }, 400);",
  });

  const wp = await browser().newPage();
  await followShareLink(wp, rita.code);
  await wp.page.goto(site.url('/signup-queue'));
  await expectFilled(wp.page, 'input[name="referral_code"]', rita.code);
  await expectFilled(wp.page, 'input[name="customer[custom_fields][service_coupon]"]', rita.code);
  await expectFilled(wp.page, '#after-load', rita.code);

  await wp.page.goto(site.url('/signup-promise'));
  await expectFilled(wp.page, '#coupon', rita.code);
  await expectFilled(wp.page, '#shown', rita.code);
  await expectFilled(wp.page, 'input[name="referral_code"]', rita.code);
  await expectFilled(wp.page, '#resolved', 'yes');
  await screenshot(wp.page, 'merchant-signup');
  wp.expectClean();
});

test('init with the merchant JWT attributes by cookie, a signed PAID converts, events are tracked', async () => {
  const friend = { accountId: uid('acct-f'), userId: uid('user-f') };
  const wp = await browser().newPage();
  await followShareLink(wp, rita.code);
  await wp.page.goto(site.url('/app'));
  const identified = await initInPage(
    wp.page,
    { account_id: friend.accountId, user_id: friend.userId, email: 'fran@example.com', first_name: 'Fran' },
    friend,
  );
  expect(identified.ok).toBe(true);

  const account = await api.account(friend.accountId);
  expect(account?.referredBy).toMatchObject({
    status: 'IN_PROGRESS',
    attributionSource: 'COOKIE',
    referralCodeUsed: rita.code,
    referrerAccountId: rita.accountId,
  });
  expect(account?.users).toEqual([expect.objectContaining({ id: friend.userId, email: 'fran@example.com' })]);

  // The merchant's server vouches for PAID inside the token; the page passes it on.
  const paid = await initInPage(
    wp.page,
    { account_id: friend.accountId, user_id: friend.userId, account_status: 'PAID' },
    { ...friend, accountStatus: 'PAID' },
  );
  expect(paid.ok).toBe(true);
  await eventually('the referral converts', async () => {
    return (await api.account(friend.accountId))?.referredBy?.status === 'CONVERTED';
  });

  const tracked = await wp.page.evaluate(async (q) => {
    const jwt = await (globalThis as any).merchantJwt(q);
    const input = {
      accountId: q.accountId,
      userId: q.userId,
      events: [{ key: 'purchase', fields: { revenue: 12 } }],
    };
    return (globalThis as any).referral.events.track(input, { jwt });
  }, friend);
  expect(tracked).toMatchObject({
    accountId: friend.accountId,
    events: [{ id: expect.any(String), key: 'purchase' }],
  });
  const rows = await api.gw.deps.db('user_events').where({ tenant_id: api.tenantId, user_id: friend.userId });
  expect(rows.map((r) => r.key)).toEqual(['purchase']);
  wp.expectClean();
});

test('init with referral_code attributes by the typed code; without a JWT it sends nothing', async () => {
  const friend = { accountId: uid('acct-f'), userId: uid('user-f') };
  const wp = await browser().newPage();
  const apiRequests: string[] = [];
  wp.page.on('request', (req) => {
    if (req.url().includes('/open/account/')) apiRequests.push(`${req.method()} ${req.url()}`);
  });
  await wp.page.goto(site.url('/app'));
  await wp.page.evaluate(
    (f) => (globalThis as any).referral.init({ account_id: f.accountId, user_id: f.userId }),
    friend,
  );
  expect(apiRequests).toEqual([]);

  const result = await initInPage(
    wp.page,
    { account_id: friend.accountId, user_id: friend.userId, first_name: 'Tess', referral_code: otto.code },
    friend,
  );
  expect(result.ok).toBe(true);
  expect((await api.account(friend.accountId))?.referredBy).toMatchObject({
    status: 'IN_PROGRESS',
    attributionSource: 'CODE',
    referrerAccountId: otto.accountId,
  });
  wp.expectClean();
});

test("the device cookie: a friend identifying in the referrer's own browser raises SAME_CLIENT", async () => {
  const wp = await browser().newPage();
  await wp.page.goto(site.url('/app'));
  // The referrer signs in on this browser: init sends its first-party device id.
  const me = { accountId: uid('acct-r'), userId: uid('user-r') };
  const mine = await initInPage(
    wp.page,
    { account_id: me.accountId, user_id: me.userId, first_name: 'Sam' },
    me,
  );
  expect(mine.ok).toBe(true);
  const device = (await wp.context.cookies(site.origin)).find((c) => c.name === 'rs_device');
  expect(device?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(device?.sameSite).toBe('Lax');
  expect(device!.expires - Date.now() / 1000).toBeGreaterThan(399 * DAY_S);
  const code = (mine.value as { shareCode: string }).shareCode;

  // A "friend" account is then created from the same browser with the referrer's own code.
  const friend = { accountId: uid('acct-f'), userId: uid('user-f') };
  const theirs = await initInPage(
    wp.page,
    { account_id: friend.accountId, user_id: friend.userId, referral_code: code },
    friend,
  );
  expect(theirs.ok).toBe(true);
  const query = `query A($id: String!) { account(id: $id) { referredBy { fraudSignals { signal evidence } } } }`;
  const res = await api.gql(query, { id: friend.accountId });
  const signals = res.data.account.referredBy.fraudSignals as { signal: string; evidence: string }[];
  expect(signals.map((s) => s.signal)).toEqual(['SAME_CLIENT']);
  // Both the device and the browser's address (no proxy here: the connection's) were the referrer's.
  expect(signals[0]!.evidence).toContain(`the browser device ${device!.value.slice(0, 8)}`);
  expect(signals[0]!.evidence).toContain('the client address 127.0.0.1');
  wp.expectClean();
});

test('failed calls reject with the API error object; the queue form logs one console error', async () => {
  const me = { accountId: uid('acct-e'), userId: uid('user-e') };
  const wp = await browser().newPage();
  await wp.page.goto(site.url('/app'));
  // The JWT names another user than the call: the gateway answers 403.
  const refused = await initInPage(wp.page, { account_id: me.accountId, user_id: uid('someone-else') }, me);
  expect(refused).toEqual({
    ok: false,
    value: { statusCode: 403, message: expect.any(String), apiErrorCode: 'FORBIDDEN' },
  });

  await wp.page.evaluate(async (q) => {
    const jwt = await (globalThis as any).merchantJwt(q);
    (globalThis as any)._sqh.push(['init', { account_id: q.accountId, user_id: 'not-me', jwt }]);
  }, me);
  await eventually('the queue form logs its failure', async () => {
    return wp.consoleErrors.some((m) => !FAILED_RESOURCE.test(m));
  });
  await wp.page.waitForTimeout(200);
  const logged = wp.consoleErrors.filter((m) => !FAILED_RESOURCE.test(m));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatch(/403|FORBIDDEN/);
  expect(wp.pageErrors).toEqual([]);
});

test('an origin not in allowedOrigins is refused by CORS: the call rejects and nothing is stored', async () => {
  const friend = { accountId: uid('acct-x'), userId: uid('user-x') };
  const wp = await browser().newPage();
  await wp.page.goto(stranger.url('/app'));
  const result = await initInPage(
    wp.page,
    { account_id: friend.accountId, user_id: friend.userId, first_name: 'Xavier', referral_code: rita.code },
    friend,
  );
  expect(result.ok).toBe(false);
  // The preflight failed, so the PUT never reached the gateway.
  expect((await api.call('GET', `/open/account/${friend.accountId}/user/${friend.userId}`)).status).toBe(404);
  expect(wp.consoleErrors.some((m) => /CORS policy/.test(m))).toBe(true);
  // The library tells the developer what to do: the origin and the setting to add it to.
  expect(result.value).toMatchObject({ statusCode: 0, apiErrorCode: 'ORIGIN_NOT_ALLOWED' });
  const explained = wp.consoleErrors.filter((m) => m.startsWith('referral:'));
  expect(explained).toHaveLength(1);
  expect(explained[0]).toContain(`${stranger.origin} is not in the program's allowedOrigins`);
  wp.expectClean([/CORS policy/, FAILED_RESOURCE, /^referral: This page's origin/]);
});

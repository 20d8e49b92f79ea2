/**
 * The browser integration without traps, in headless Chromium on a phone (390x844), with the
 * merchant's site on another origin than the gateway: the friend-offer component greeting a friend who
 * followed a share link (en, fr; nothing without a code or with an unknown one), checkCode, a mistyped
 * code that still stores the user, the tenant taken from init for the widget, a CORS refusal explained in
 * the console and listed on the portal's Install page with "Add to allowed origins", the snippets' copy
 * buttons and the "browser library added" step. Screenshots in docs/screenshots; axe on each page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../shared/config';
import { eventually } from '../helpers/harness';
import type { WatchedPage } from '../helpers/browser';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { expectAccessible, expectNoHorizontalScroll, ON_PHONE, usePortalStack } from '../helpers/portal';
import { identifyReferrer, uid } from '../helpers/referrals';

const stack = usePortalStack({ env: { CLICK_FLUSH_MS: '100' } });
let site: MerchantSite;
/** The same merchant, without data-tenant on its script tag. */
let bare: MerchantSite;
/** An origin the program does not allow. */
let stranger: MerchantSite;
let rita: { accountId: string; userId: string; code: string };

const FAILED_RESOURCE = /Failed to load resource/;
const DOCS_SHOTS = path.join(PROJECT_ROOT, 'docs', 'screenshots');

beforeAll(async () => {
  const merchant = {
    gatewayUrl: stack.gateway.url,
    tenantAlias: stack.tenant.alias,
    apiKey: stack.tenant.apiKey,
  };
  site = await startMerchantSite(merchant);
  bare = await startMerchantSite({ ...merchant, tenantAlias: '' });
  stranger = await startMerchantSite(merchant);
  await configureProgram(stack.api, {
    name: 'Acme Coffee',
    referredDiscountPercent: 10,
    allowedOrigins: [site.origin, bare.origin],
  });
  rita = await identifyReferrer(stack.api, 'Rita', 'Referrer');
  const offer =
    '<main style="display:grid;gap:12px"><h1>Welcome to Acme Coffee</h1><div id="offer"></div><div id="offer-fr"></div></main>';
  site.page('/welcome', {
    load: 'sync',
    body: offer,
    after:
      "window.offers = Promise.all([referral.friendOffer({ element: '#offer' })," +
      " referral.friendOffer({ element: '#offer-fr', locale: 'fr' })]);",
  });
  for (const s of [site, bare, stranger])
    s.page('/app', { load: 'sync', body: '<h1>Your account</h1><div id="w"></div>' });
});
afterAll(async () => {
  await Promise.all([site, bare, stranger].map((s) => s?.close()));
});

/** Console warnings of a page (WatchedPage keeps errors only). */
function warnings(wp: WatchedPage): string[] {
  const seen: string[] = [];
  wp.page.on('console', (msg) => {
    if (msg.type() === 'warning') seen.push(msg.text());
  });
  return seen;
}

/** A screenshot for the docs: the whole page, or only `target`. */
async function shot(page: Page, name: string, target?: Locator): Promise<string> {
  fs.mkdirSync(DOCS_SHOTS, { recursive: true });
  const file = path.join(DOCS_SHOTS, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  return file;
}

async function initInPage(page: Page, fields: Record<string, unknown>, claims: Record<string, string>) {
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

test('friend-offer greets a friend from rsCode (en, fr), and renders nothing without a code or with an unknown one', async () => {
  const wp = await stack.browser.newPage(ON_PHONE);
  const warned = warnings(wp);
  await wp.page.goto(site.url(`/welcome?rsCode=${rita.code.toLowerCase()}`));
  const offers = await wp.page.evaluate(() => (globalThis as any).offers);
  expect(offers).toEqual([
    { shown: true, code: rita.code },
    { shown: true, code: rita.code },
  ]);
  const [en, fr] = await wp.page.getByTestId('friend-offer').allInnerTexts();
  expect(en).toContain('Rita gave you 10% off');
  expect(en).toContain('Acme Coffee');
  expect(en).toContain(rita.code);
  expect(fr).toContain('Rita vous offre 10\u00a0% de réduction');
  await expectNoHorizontalScroll(wp.page);
  await expectAccessible(wp.page);
  await shot(wp.page, 'friend-offer');

  // The cookie now holds the code: a later page of the site greets the friend without rsCode.
  await wp.page.goto(site.url('/welcome'));
  await wp.page.getByTestId('friend-offer').first().waitFor();

  // No code at all: nothing is rendered, nothing is logged.
  const fresh = await stack.browser.newPage(ON_PHONE);
  await fresh.page.goto(site.url('/welcome'));
  expect(await fresh.page.evaluate(() => (globalThis as any).offers)).toEqual([
    { shown: false, code: null },
    { shown: false, code: null },
  ]);
  expect(await fresh.page.locator('#offer').boundingBox()).toMatchObject({ height: 0 });

  // An unknown code: nothing rendered, one warning for the developer.
  const unknown = await stack.browser.newPage(ON_PHONE);
  const unknownWarned = warnings(unknown);
  await unknown.page.goto(site.url('/welcome?rsCode=NOSUCHCODE9'));
  expect(await unknown.page.evaluate(() => (globalThis as any).offers)).toEqual([
    { shown: false, code: 'NOSUCHCODE9' },
    { shown: false, code: 'NOSUCHCODE9' },
  ]);
  expect(await unknown.page.getByTestId('friend-offer').count()).toBe(0);
  expect(unknownWarned.filter((m) => m.includes('friend-offer'))).toHaveLength(1);
  // Loading, then a failure: a quiet loading line while the lookup is under way, then nothing, one warning.
  const failing = await stack.browser.newPage(ON_PHONE);
  const failingWarned = warnings(failing);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await failing.page.route('**/open/codes/**', async (route) => {
    await held;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
  });
  await failing.page.goto(site.url(`/welcome?rsCode=${rita.code}`), { waitUntil: 'domcontentloaded' });
  const loading = failing.page.locator('#offer').getByTestId('loading');
  await loading.waitFor();
  expect(await loading.innerText()).toBe('Loading your offer…');
  expect(await loading.getAttribute('role')).toBe('status');
  release();
  expect(await failing.page.evaluate(() => (globalThis as any).offers)).toEqual([
    { shown: false, code: rita.code },
    { shown: false, code: rita.code },
  ]);
  expect(await failing.page.getByTestId('loading').count()).toBe(0);
  expect(failingWarned.filter((m) => m.includes('friend-offer'))).toHaveLength(1);

  expect(warned).toEqual([]);
  wp.expectClean();
  fresh.expectClean();
  unknown.expectClean([FAILED_RESOURCE]);
  failing.expectClean([FAILED_RESOURCE]);
});

test('checkCode: valid in any case, NOT_FOUND, INVALID', async () => {
  const wp = await stack.browser.newPage(ON_PHONE);
  await wp.page.goto(site.url('/app'));
  const results = await wp.page.evaluate(
    (code) =>
      Promise.all(
        [code.toLowerCase(), 'NOSUCHCODE8', 'not a code!'].map((c) =>
          (globalThis as any).referral.checkCode(c),
        ),
      ),
    rita.code,
  );
  expect(results).toEqual([
    {
      valid: true,
      code: rita.code,
      referrerName: 'Rita',
      offer: { programName: 'Acme Coffee', discountPercent: 10 },
    },
    { valid: false, reason: 'NOT_FOUND' },
    { valid: false, reason: 'INVALID' },
  ]);
  wp.expectClean([FAILED_RESOURCE]);
});

test('a mistyped code never loses the sign-up: the user is stored, the cookie still attributes, a warning says so', async () => {
  const friend = { accountId: uid('acct-f'), userId: uid('user-f') };
  const wp = await stack.browser.newPage(ON_PHONE);
  const warned = warnings(wp);
  // The friend followed Rita's link earlier (the cookie), then typed her code wrong at sign-up.
  await wp.page.goto(site.url(`/welcome?rsCode=${rita.code}`));
  await wp.page.getByTestId('friend-offer').first().waitFor();
  await wp.page.goto(site.url('/app'));
  const result = await initInPage(
    wp.page,
    {
      ...{ account_id: friend.accountId, user_id: friend.userId },
      first_name: 'Fay',
      referral_code: `${rita.code}X`,
    },
    friend,
  );
  expect(result.ok).toBe(true);
  expect(result.value.referralCode).toEqual({ applied: false, reason: 'NOT_FOUND' });
  expect(result.value.referredBy).toMatchObject({ code: rita.code });
  const stored = await stack.api.call('GET', `/open/account/${friend.accountId}/user/${friend.userId}`);
  expect(stored.status).toBe(200);
  expect(stored.body.firstName).toBe('Fay');
  expect(warned.some((m) => m.includes('was not found') && m.includes(`${rita.code}X`))).toBe(true);

  // A correct typed code: applied.
  const other = { accountId: uid('acct-g'), userId: uid('user-g') };
  const ok = await initInPage(wp.page, { referral_code: rita.code.toLowerCase() }, other);
  expect(ok.value.referralCode).toEqual({ applied: true, code: rita.code.toLowerCase() });
  // The server refused the first try with 400: the browser reports that resource, nothing else.
  wp.expectClean([FAILED_RESOURCE]);
});

test('without data-tenant, init({ tenant_alias }) gives the widget its tenant', async () => {
  const me = { accountId: uid('acct-w'), userId: uid('user-w') };
  const wp = await stack.browser.newPage(ON_PHONE);
  await wp.page.goto(bare.url('/app'));
  const shown = await wp.page.evaluate(
    async ([q, alias]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(q);
      await w.referral.init({ tenant_alias: alias, first_name: 'Wes', jwt });
      await w.referral.widget({ element: '#w', jwt });
      return true;
    },
    [me, stack.tenant.alias] as const,
  );
  expect(shown).toBe(true);
  expect(await wp.page.getByTestId('share-link').inputValue()).toContain(`/r/${stack.tenant.alias}/`);
  wp.expectClean();
});

test('a refused origin is explained in the console and listed on the Install page, where it can be allowed', async () => {
  const friend = { accountId: uid('acct-x'), userId: uid('user-x') };
  const wp = await stack.browser.newPage(ON_PHONE);
  await wp.page.goto(stranger.url('/app'));
  const result = await initInPage(wp.page, { first_name: 'Xavier' }, friend);
  expect(result).toMatchObject({ ok: false, value: { statusCode: 0, apiErrorCode: 'ORIGIN_NOT_ALLOWED' } });
  expect(result.value.message).toContain(stranger.origin);
  const explained = wp.consoleErrors.filter((m) => m.startsWith('referral:'));
  expect(explained).toHaveLength(1);
  expect(explained[0]).toContain(`origin ${stranger.origin} is not in the program's allowedOrigins`);
  expect(explained[0]).toContain('Program page');
  wp.expectClean([/CORS policy/, FAILED_RESOURCE, /^referral: This page's origin/]);

  // The Install page lists it (written off the request path, within a flush) and allows it in one click.
  const portal = await stack.signedInPage(undefined, { ...ON_PHONE, clipboardOrigins: [stack.url('')] });
  const { page } = portal;
  await eventually('the refusal is listed', async () => {
    await page.goto(stack.url('/admin/install'));
    await page.getByTestId('browser-section').getByTestId('snippet-script').waitFor();
    return (await page.getByTestId('refused-origin').count()) === 1;
  });
  expect(await page.getByTestId('refused-origin').innerText()).toContain(stranger.origin);
  // A call from a page with the library (its settings probe, or user-JWT calls) ticked "browser library added".
  await page.getByTestId('install-checklist').locator('[data-step=browser][data-state=done]').waitFor();
  const tag = await page.getByTestId('snippet-script').locator('code').innerText();
  expect(tag).toBe(
    `<script src="${stack.url(`/js/referral-${stack.gateway.deps.browserLibrary.hash}.js`)}" data-tenant="${stack.tenant.alias}"></script>`,
  );
  const jwtSnippet = await page.getByTestId('snippet-jwt').innerText();
  expect(jwtSnippet).toContain('process.env.REFERRAL_API_KEY');
  expect(jwtSnippet).not.toContain(stack.tenant.apiKey);
  await page.getByTestId('copy-script').click();
  await page.getByTestId('copy-script').filter({ hasText: 'Copied' }).waitFor();
  expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(tag);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await shot(page, 'portal-install-browser', page.getByTestId('browser-section'));

  // A VIEWER sees the list without the action.
  const viewer = await stack.signedInPage(await stack.addOperator('VIEWER'), ON_PHONE);
  await viewer.page.goto(stack.url('/admin/install'));
  await viewer.page.getByTestId('refused-origin').waitFor();
  expect(await viewer.page.getByRole('button', { name: /allowed origins/ }).count()).toBe(0);

  await page.getByRole('button', { name: `Add to allowed origins: ${stranger.origin}` }).click();
  await page.getByTestId('origin-added').waitFor();
  await page.getByTestId('browser-section').getByTestId('empty-state').waitFor();
  const program = await stack.api.gql('{ program { allowedOrigins } }');
  expect(program.data.program.allowedOrigins).toEqual([site.origin, bare.origin, stranger.origin]);
  portal.expectClean();
  viewer.expectClean();
});

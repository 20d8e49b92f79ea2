/**
 * The referrer widget in headless Chromium on a merchant's page (another origin, listed in the program's
 * allowedOrigins), EMBED and POPUP: share link and copy button, share links with the server's share
 * texts, the QR code, the native share sheet and SMS on a phone, the summary and friends in the
 * referrer's words from "Signed up" to "Subscribed — you earned $25.00" after refresh(), "Show more" by
 * keyboard, a referred friend's own discount, names shown as text, axe, the error state; screenshots on
 * a desktop and a 390x844 phone.
 */
import type { Locator, Page } from 'playwright-core';
import { encode } from 'uqr';
import { screenshot, useBrowser, type WatchedPage } from '../helpers/browser';
import { expectAccessible } from '../helpers/portal';
import { configureProgram, startMerchantSite, type MerchantSite } from '../helpers/merchant-site';
import { startReferralApi, uid, type ReferralApi } from '../helpers/referrals';

const browser = useBrowser();
let api: ReferralApi;
let site: MerchantSite;
const XSS_NAME = '<img src=x onerror=alert(1)>';
const PUBLIC_URL = 'https://referrals.example';
const PHONE = { width: 390, height: 844 };
/** The widget's host elements on the merchant's pages. */
const EMBED = '#referral-widget';
const POPUP = '#refer';

interface Person {
  accountId: string;
  userId: string;
  shareLink: string;
}
let rita: Person;
let fran: Person;
/** A referrer whose friend is named like HTML. */
let sam: Person;
/** A referrer with 12 friends: a page of 10 and "Show more". */
let pat: Person;

async function person(firstName: string | null, body: Record<string, unknown> = {}): Promise<Person> {
  const res = await api.identify(uid('acct'), uid('user'), { firstName, ...body });
  expect(res.status).toBe(200);
  return { accountId: res.body.accountId, userId: res.body.id, shareLink: res.body.shareLink };
}

beforeAll(async () => {
  api = await startReferralApi({ env: { PUBLIC_URL } });
  site = await startMerchantSite({
    gatewayUrl: api.gw.url,
    tenantAlias: api.tenant.alias,
    apiKey: api.tenant.apiKey,
  });
  await configureProgram(api, {
    name: 'Acme Coffee',
    allowedOrigins: [site.origin],
    referredDiscountPercent: 15,
    referrerReward: { type: 'CREDIT', amountCents: 2500, unit: 'USD' },
    widgetHeadline: 'Share Acme Coffee with your friends',
  });
  const page = `<main style="max-width:640px;margin:0 auto;padding:16px 24px;font-family:sans-serif">
    <h1>Your account</h1><div id="referral-widget"></div><div id="refer"></div></main>`;
  site.page('/account', { load: 'sync', body: page });

  const codeOf = (p: Person) => p.shareLink.split('/').pop()!;
  rita = await person('Rita', { lastName: 'Referrer' });
  fran = await person('Fran', { lastName: 'Friend', referredByCode: codeOf(rita) });
  await person('Lena', { referredByCode: codeOf(rita) });
  await person(null, { email: 'hidden.friend@example.com', referredByCode: codeOf(rita) });
  sam = await person('Sam');
  await person(XSS_NAME, { referredByCode: codeOf(sam) });
  pat = await person('Pat');
  for (let i = 1; i <= 12; i++) await person(`Friend ${i}`, { referredByCode: codeOf(pat) });
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

/** Opens the merchant's account page and renders the widget for `who`, kept as `window.shownWidget`. */
async function showWidget(
  wp: WatchedPage,
  who: Person,
  options: { mode: 'EMBED' | 'POPUP'; element: string; locale?: string },
): Promise<{ ok: boolean; value: any }> {
  await wp.page.goto(site.url('/account'));
  return wp.page.evaluate(
    async ([claims, opts]) => {
      const w = globalThis as any;
      const jwt = await w.merchantJwt(claims);
      return w.referral.widget({ ...opts, jwt }).then(
        (handle: unknown) => {
          w.shownWidget = handle;
          return { ok: true, value: null };
        },
        (value: unknown) => ({ ok: false, value }),
      );
    },
    [{ accountId: who.accountId, userId: who.userId }, options] as const,
  );
}

const inWidget = (page: Page, host: string, testId: string): Locator =>
  page.locator(`${host} [data-testid="${testId}"]`);

/** The widget's rendered text (its shadow root's elements; the host's innerText does not include them). */
function widgetText(page: Page, host: string): Promise<string> {
  return page.locator(host).evaluate((el: any) =>
    [...el.shadowRoot.children]
      .filter((child: any) => child.tagName !== 'STYLE')
      .map((child: any) => child.innerText)
      .join('\n'),
  );
}

function referralRow(page: Page, name: string): Locator {
  return inWidget(page, EMBED, 'referral').filter({
    has: page.locator('[data-testid="referral-name"]', { hasText: name }),
  });
}

/** The QR code's modules as the widget draws them (uqr's matrix of `link`, one path). */
function qrPath(link: string): string {
  const { data } = encode(link, { ecc: 'M', border: 2 });
  return data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
}

test('EMBED: share link, copy, share texts and links, QR code, friends from signed up to subscribed', async () => {
  const wp = await browser().newPage({ clipboardOrigins: [site.origin] });
  expect(await showWidget(wp, rita, { mode: 'EMBED', element: EMBED })).toEqual({ ok: true, value: null });
  const { page } = wp;

  expect(await page.locator(EMBED).evaluate((el: any) => el.shadowRoot !== null)).toBe(true);
  expect(await inWidget(page, EMBED, 'share-link').inputValue()).toBe(rita.shareLink);
  expect(await widgetText(page, EMBED)).toContain('Share Acme Coffee with your friends');
  const hrefs: string[] = await page
    .locator(`${EMBED} a[href]`)
    .evaluateAll((links: any[]) => links.map((a) => a.href));
  const link = encodeURIComponent(rita.shareLink);
  for (const target of [
    'mailto:',
    'https://twitter.com/intent/tweet',
    'https://www.facebook.com/sharer/sharer.php',
    'https://wa.me/',
    'https://www.linkedin.com/sharing/share-offsite/',
  ]) {
    expect(hrefs.filter((href: string) => href.startsWith(target) && href.includes(link))).toHaveLength(1);
  }
  // The server's default texts name the program and the offer; a desktop gets no SMS link.
  const mail = new URL(hrefs.find((href) => href.startsWith('mailto:'))!);
  expect(mail.searchParams.get('subject')).toBe('Rita sent you 15% off Acme Coffee');
  expect(mail.searchParams.get('body')).toBe(
    `Rita invited you to Acme Coffee: 15% off your first order with my link ${rita.shareLink}`,
  );
  expect(hrefs.filter((href) => href.startsWith('sms:'))).toEqual([]);

  // The copy button, reached and pressed with the keyboard, puts the share link on the clipboard.
  await inWidget(page, EMBED, 'share-link').focus();
  await page.keyboard.press('Tab');
  expect(
    await inWidget(page, EMBED, 'copy').evaluate((el: any) => el.getRootNode().activeElement === el),
  ).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    async (want) => (await (globalThis as any).navigator.clipboard.readText()) === want,
    rita.shareLink,
    { timeout: 5000 },
  );

  // The QR code: drawn on request from the link's matrix, an image with a name, no request made.
  const qrButton = inWidget(page, EMBED, 'qr');
  expect(await qrButton.getAttribute('aria-expanded')).toBe('false');
  await qrButton.focus();
  await page.keyboard.press('Enter');
  const qr = inWidget(page, EMBED, 'qr-code');
  await qr.waitFor({ state: 'visible' });
  expect(await qrButton.getAttribute('aria-expanded')).toBe('true');
  expect(await qr.getAttribute('aria-label')).toBe('QR code of your share link');
  expect(await qr.locator('path').getAttribute('d')).toBe(qrPath(rita.shareLink));

  // Friends by first name (or "A friend"), never an e-mail address, in the referrer's words.
  expect(await inWidget(page, EMBED, 'summary').innerText()).toBe('3 friends joined, 0 subscribed');
  expect(await inWidget(page, EMBED, 'referral').count()).toBe(3);
  expect(await referralRow(page, 'Fran').locator('[data-testid="referral-status"]').innerText()).toBe(
    'Signed up',
  );
  expect(await inWidget(page, EMBED, 'referrals-count').innerText()).toBe('Showing 3 of 3');
  expect(await inWidget(page, EMBED, 'more').isVisible()).toBe(false);
  // A program without rules and without leaderboardEnabled: no progress, no leaderboard.
  expect(await inWidget(page, EMBED, 'progress').count()).toBe(0);
  expect(await inWidget(page, EMBED, 'leaderboard').count()).toBe(0);
  expect(await widgetText(page, EMBED)).not.toContain('hidden.friend@example.com');
  expect(await widgetText(page, EMBED)).not.toContain('Friend'); // Fran's last name

  // Fran pays: after refresh() she has subscribed and Rita's credit is there.
  await api.identify(fran.accountId, fran.userId, { accountStatus: 'PAID' });
  await page.evaluate(() => (globalThis as any).shownWidget.refresh());
  expect(await referralRow(page, 'Fran').locator('[data-testid="referral-status"]').innerText()).toBe(
    'Subscribed — you earned $25.00',
  );
  expect(await inWidget(page, EMBED, 'summary').innerText()).toBe(
    '3 friends joined, 1 subscribed, $25.00 earned',
  );
  expect(await inWidget(page, EMBED, 'rewards').innerText()).toMatch(/\$25\.00/);
  await inWidget(page, EMBED, 'qr').click();
  await expectAccessible(page);
  await screenshot(page, 'widget', page.locator('main'));
  wp.expectClean();
});

test('a phone: native share sheet with the texts, SMS, 10 friends then "Show more" by keyboard', async () => {
  const phone = await browser().newPage({ viewport: PHONE, isMobile: true });
  // Chromium on Linux has no share sheet: this page gets a recording one, as a phone's browser has.
  await phone.page.addInitScript(() => {
    const w = globalThis as any;
    w.shared = [];
    w.navigator.share = async (data: unknown) => void w.shared.push(data);
  });
  expect((await showWidget(phone, pat, { mode: 'EMBED', element: EMBED })).ok).toBe(true);
  const { page } = phone;
  await inWidget(page, EMBED, 'share-sheet').click();
  expect(await page.evaluate(() => (globalThis as any).shared)).toEqual([
    {
      title: 'Pat sent you 15% off Acme Coffee',
      text: `Pat invited you to Acme Coffee: 15% off your first order with my link ${pat.shareLink}`,
    },
  ]);
  const sms = await page.locator(`${EMBED} a[href^="sms:"]`).getAttribute('href');
  expect(sms).toBe(
    `sms:?&body=${encodeURIComponent(`Pat invited you to Acme Coffee: 15% off your first order with my link ${pat.shareLink}`)}`,
  );

  expect(await inWidget(page, EMBED, 'summary').innerText()).toBe('12 friends joined, 0 subscribed');
  expect(await inWidget(page, EMBED, 'referral').count()).toBe(10);
  expect(await inWidget(page, EMBED, 'referrals-count').innerText()).toBe('Showing 10 of 12');
  expect(
    await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await screenshot(page, 'widget-phone');

  // "Show more", reached with Tab and pressed with Enter: the last two follow, focus on the first of them.
  await inWidget(page, EMBED, 'referral').last().focus();
  await page.keyboard.press('Tab');
  expect(
    await inWidget(page, EMBED, 'more').evaluate((el: any) => el.getRootNode().activeElement === el),
  ).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (host) =>
      (globalThis as any).document.querySelector(host).shadowRoot.querySelectorAll('[data-testid="referral"]')
        .length === 12,
    EMBED,
  );
  const names = await inWidget(page, EMBED, 'referral-name').allInnerTexts();
  expect(new Set(names).size).toBe(12);
  expect(
    await inWidget(page, EMBED, 'referral')
      .nth(10)
      .evaluate((el: any) => el.getRootNode().activeElement === el),
  ).toBe(true);
  expect(await inWidget(page, EMBED, 'referrals-count').innerText()).toBe('Showing 12 of 12');
  expect(await inWidget(page, EMBED, 'more').isVisible()).toBe(false);
  phone.expectClean();
});

test('a referred friend sees their own discount, not "No rewards yet"', async () => {
  const wp = await browser().newPage({ viewport: PHONE, isMobile: true });
  expect((await showWidget(wp, fran, { mode: 'EMBED', element: EMBED })).ok).toBe(true);
  expect(await inWidget(wp.page, EMBED, 'rewards').innerText()).toContain('You got 15% off from Rita');
  expect(await inWidget(wp.page, EMBED, 'rewards').innerText()).not.toContain('No rewards yet');
  expect(await widgetText(wp.page, EMBED)).toContain('No friends yet');
  await expectAccessible(wp.page);
  await screenshot(wp.page, 'widget-friend-phone');
  wp.expectClean();
});

test('a friend named like HTML is shown as text; the locale picks the texts', async () => {
  const wp = await browser().newPage();
  const shown = await showWidget(wp, sam, { mode: 'EMBED', element: EMBED, locale: 'fr' });
  expect(shown.ok).toBe(true);
  expect(await inWidget(wp.page, EMBED, 'referral-name').allInnerTexts()).toEqual([XSS_NAME]);
  expect(await wp.page.locator(`${EMBED} img`).count()).toBe(0);
  expect(await inWidget(wp.page, EMBED, 'referral-status').innerText()).toBe('Inscrit');
  expect(await inWidget(wp.page, EMBED, 'summary').innerText()).toBe('1 ami inscrit, 0 abonné');
  expect(await inWidget(wp.page, EMBED, 'copy').innerText()).toBe('Copier');
  const mail = await wp.page.locator(`${EMBED} a[href^="mailto:"]`).getAttribute('href');
  expect(new URL(mail!).searchParams.get('subject')).toBe(
    'Sam vous offre 15 % de réduction chez Acme Coffee',
  );
  await wp.page.waitForTimeout(200);
  expect(wp.dialogs).toEqual([]);
  await screenshot(wp.page, 'widget-html-name-fr', wp.page.locator('main'));
  wp.expectClean();
});

test('POPUP: a button opens the widget in a dialog, Escape closes it', async () => {
  const wp = await browser().newPage({ viewport: PHONE, isMobile: true });
  expect(await showWidget(wp, rita, { mode: 'POPUP', element: POPUP })).toEqual({ ok: true, value: null });
  const dialog = inWidget(wp.page, POPUP, 'dialog');
  expect(await dialog.isVisible()).toBe(false);
  await inWidget(wp.page, POPUP, 'open').click();
  await dialog.waitFor({ state: 'visible' });
  expect(await inWidget(wp.page, POPUP, 'share-link').inputValue()).toBe(rita.shareLink);
  await screenshot(wp.page, 'widget-popup');
  await wp.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  wp.expectClean();
});

test('an unknown user gets the error state and a rejection with the API error', async () => {
  const wp = await browser().newPage();
  const ghost = { accountId: uid('acct-ghost'), userId: uid('user-ghost'), shareLink: '' };
  const result = await showWidget(wp, ghost, { mode: 'EMBED', element: EMBED });
  expect(result).toEqual({
    ok: false,
    value: { statusCode: 404, message: expect.any(String), apiErrorCode: 'USER_NOT_FOUND' },
  });
  expect(await inWidget(wp.page, EMBED, 'error').isVisible()).toBe(true);
  wp.expectClean([/Failed to load resource: the server responded with a status of 404/]);
});

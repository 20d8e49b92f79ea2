/**
 * The hosted landing page a share link answers when the program has no landing URL, and the friendly
 * 404 page, in headless Chromium: what a friend sees on a phone, the copy button, the website link, the
 * Content-Security-Policy (a violation would be a console error), and names shown as text.
 */
import type { Page } from 'playwright-core';
import { screenshot, useBrowser } from '../helpers/browser';
import { configureProgram } from '../helpers/merchant-site';
import { identifyReferrer, startReferralApi, type ReferralApi } from '../helpers/referrals';

const browser = useBrowser();
let api: ReferralApi;
const XSS_NAME = '<img src=x onerror=alert(1)>';
const PHONE = { width: 375, height: 740 };

beforeAll(async () => {
  api = await startReferralApi();
  await configureProgram(api, {
    name: 'Acme Coffee',
    landingUrl: null,
    websiteUrl: 'https://coffee.example/',
    referredDiscountPercent: 15,
  });
});
afterAll(async () => {
  await api?.close();
});

const shareLink = (code: string) => `${api.gw.url}/r/${api.tenant.alias}/${code}`;

/** The page's visible text, whitespace collapsed. */
async function visibleText(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

test("the landing page shows the referrer's name, the friend's offer, the code and copies it", async () => {
  const jane = await identifyReferrer(api, 'Jane', 'Doe');
  const wp = await browser().newPage({ viewport: PHONE, isMobile: true, clipboardOrigins: [api.gw.url] });
  const res = await wp.page.goto(shareLink(jane.code));
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-type']).toMatch(/^text\/html/);
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(wp.page.url()).toBe(shareLink(jane.code));

  const text = await visibleText(wp.page);
  expect(text).toContain('Jane');
  expect(text).toContain('15%');
  expect(text).toContain(jane.code);
  expect(text).not.toContain('Doe'); // the first name only
  const website = wp.page.locator('a[href^="https://coffee.example"]');
  await expect(website.count()).resolves.toBe(1);
  await screenshot(wp.page, 'landing-phone');

  // The copy button is a labelled, focusable button that puts the code on the clipboard.
  const copy = wp.page.getByRole('button', { name: /copy/i });
  await copy.focus();
  await wp.page.keyboard.press('Enter');
  await wp.page.waitForFunction(
    async (code) => (await (globalThis as any).navigator.clipboard.readText()) === code,
    jane.code,
    { timeout: 5000 },
  );
  wp.expectClean();

  const desktop = await browser().newPage();
  await desktop.page.goto(shareLink(jane.code));
  await screenshot(desktop.page, 'landing');
  desktop.expectClean();
});

test('an unknown code or tenant answers the same friendly HTML 404 page', async () => {
  const wp = await browser().newPage({ viewport: PHONE, isMobile: true });
  const res = await wp.page.goto(shareLink('NO-SUCH-CODE'));
  expect(res?.status()).toBe(404);
  expect(res?.headers()['content-type']).toMatch(/^text\/html/);
  expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
  const text = await visibleText(wp.page);
  expect(text.length).toBeGreaterThan(10);
  expect(text).not.toMatch(/NOT_FOUND|statusCode|apiErrorCode/); // a page for people, not JSON
  await screenshot(wp.page, 'landing-404');

  const other = await wp.page.goto(`${api.gw.url}/r/no_such_tenant/${'NO-SUCH-CODE'}`);
  expect(other?.status()).toBe(404);
  expect(await visibleText(wp.page)).toBe(text);
  // The browser reports the 404 document itself; nothing else may fail.
  wp.expectClean([/Failed to load resource: the server responded with a status of 404/]);
});

test('a referrer named like HTML is shown as text on the landing page', async () => {
  const mallory = await identifyReferrer(api, XSS_NAME, 'Smith');
  const wp = await browser().newPage({ viewport: PHONE, isMobile: true });
  expect((await wp.page.goto(shareLink(mallory.code)))?.status()).toBe(200);
  expect(await visibleText(wp.page)).toContain(XSS_NAME);
  expect(await wp.page.locator('img[src="x"]').count()).toBe(0);
  await wp.page.waitForTimeout(200);
  expect(wp.dialogs).toEqual([]);
  await screenshot(wp.page, 'landing-html-name');
  wp.expectClean();
});

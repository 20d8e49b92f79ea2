/**
 * Each notification's HTML e-mail drawn by a real browser, as a mail client would (its own document, no
 * portal CSP): the six kinds' built-in English texts, and one kind in French and German, at a desktop
 * width and on a phone. Screenshots in docs/screenshots/notification-<kind>[-<locale>].png. The portal's
 * own preview of the same e-mail (an SVG image of it) draws too.
 */
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { configureProgram } from '../helpers/merchant-site';
import { ON_PHONE, usePortalStack } from '../helpers/portal';
import { keepForDocs, MAIL_ENV } from '../helpers/portal-notifications';

const stack = usePortalStack({ env: MAIL_ENV });
const KINDS = [
  'FRIEND_SIGNED_UP',
  'REWARD_EARNED',
  'REWARD_AVAILABLE',
  'FRIEND_WELCOME',
  'CREDIT_EXPIRING',
  'PAYOUT_SENT',
];

beforeAll(async () => {
  await configureProgram(stack.api, { name: 'Acme Coffee', brandColor: '#0f766e' });
});

/** The built-in template of a kind and locale, rendered by the API with its example values. */
async function rendered(
  kind: string,
  locale: string,
): Promise<{ subject: string; html: string; text: string }> {
  const t = await stack.api.gqlOk(
    `query T($k: NotificationKind!, $l: String!) { notificationTemplate(kind: $k, locale: $l) { subject body } }`,
    { k: kind, l: locale },
  );
  const p = await stack.api.gqlOk(
    `query P($k: NotificationKind!, $l: String!, $s: String!, $b: String!) {
      notificationPreview(kind: $k, locale: $l, subject: $s, body: $b) { subject html text }
    }`,
    { k: kind, l: locale, s: t.notificationTemplate.subject, b: t.notificationTemplate.body },
  );
  return p.notificationPreview;
}

/** Draws the HTML part and checks what a reader sees: no horizontal scroll, every link visible. */
async function draw(page: Page, html: string, name: string): Promise<void> {
  await page.setContent(html);
  const layout = await page.evaluate(() => {
    const doc = (globalThis as any).document;
    return {
      overflow: doc.documentElement.scrollWidth - doc.documentElement.clientWidth,
      links: [...doc.querySelectorAll('a')].map((a: any) => a.getBoundingClientRect().width > 0),
      text: doc.body.innerText as string,
    };
  });
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.text).toContain('Acme Coffee');
  expect(layout.links.every(Boolean)).toBe(true);
  expect(layout.text).not.toMatch(/\{\{|\}\}/);
  keepForDocs(await screenshot(page, name));
}

test.each(KINDS)(
  '%s: the English e-mail draws at 640 px, values filled in, no placeholder left',
  async (kind) => {
    const mail = await rendered(kind, 'en');
    expect(mail.text).not.toMatch(/\{\{/);
    const wp = await stack.browser.newPage({ viewport: { width: 640, height: 480 } });
    await draw(wp.page, mail.html, `notification-${kind.toLowerCase().replace(/_/g, '-')}`);
    wp.expectClean();
  },
);

test.each(['fr', 'de'])('REWARD_EARNED in %s draws, in its own language', async (locale) => {
  const en = await rendered('REWARD_EARNED', 'en');
  const mail = await rendered('REWARD_EARNED', locale);
  expect(mail.subject).not.toBe(en.subject);
  expect(mail.html).toContain(`lang="${locale}"`);
  const wp = await stack.browser.newPage({ viewport: { width: 640, height: 480 } });
  await draw(wp.page, mail.html, `notification-reward-earned-${locale}`);
  wp.expectClean();
});

test('on a phone (390 px) the e-mail fits the screen', async () => {
  const mail = await rendered('FRIEND_WELCOME', 'en');
  const wp = await stack.browser.newPage(ON_PHONE);
  await draw(wp.page, mail.html, 'notification-friend-welcome-phone');
  wp.expectClean();
});

test('the portal’s preview draws the same e-mail as an image, with no CSP violation', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/notifications/credit-expiring?locale=de'));
  await page.getByTestId('preview-subject').waitFor();
  await page.waitForFunction(() => {
    const img = (globalThis as any).document.querySelector('[data-testid="preview-html"]');
    return !!img && img.complete && img.naturalWidth === 600;
  });
  const mail = await rendered('CREDIT_EXPIRING', 'de');
  expect(await page.getByTestId('preview-subject').innerText()).toBe(mail.subject);
  keepForDocs(await screenshot(page, 'portal-notification-preview-de', page.getByTestId('preview')));
  wp.expectClean();
});

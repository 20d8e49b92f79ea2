/**
 * "A VIEWER sees read-only views, not disabled forms." A VIEWER opens every settings page
 * (Program, Install, Webhooks, API keys, Import): none has a form control, disabled or not, nor a button
 * that changes something; each is axe-clean. Screenshots at 1280 and 390.
 */
import type { Page } from 'playwright-core';
import { configureProgram } from '../helpers/merchant-site';
import { expectAccessible, expectPhoneView, ON_PHONE, portalShot, usePortalStack } from '../helpers/portal';
import { addByApi } from '../helpers/portal-webhooks';

const stack = usePortalStack({
  env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
});
const HOOK = 'http://127.0.0.1:9/viewer-hook';

/** Each page, and something it shows once loaded. */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { name: 'program', path: '/admin/program', ready: (p) => p.getByTestId('value-name').waitFor() },
  {
    name: 'install',
    path: '/admin/install',
    ready: (p) => p.getByTestId('browser-section').locator('pre').first().waitFor(),
  },
  { name: 'webhooks', path: '/admin/webhooks', ready: (p) => p.getByText(HOOK).first().waitFor() },
  {
    name: 'api-keys',
    path: '/admin/api-keys',
    ready: (p) => p.locator('main table, main [data-testid=empty-state]').first().waitFor(),
  },
  { name: 'import', path: '/admin/import', ready: (p) => p.getByTestId('viewer-notice').waitFor() },
];

/** Controls a VIEWER must not see: any form control, and buttons other than copying and showing. */
async function changingControls(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main: any) => {
    const found: string[] = [];
    for (const el of main.querySelectorAll('input, select, textarea, [contenteditable], form'))
      found.push(`${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? el.id ?? ''}`);
    for (const button of main.querySelectorAll('button')) {
      const text = (button.innerText || button.getAttribute('aria-label') || '').trim();
      if (!/^(Copy|Copied|Show|Hide|Refresh|Try again|Load more|Next|Previous|Newer|Older)/i.test(text))
        found.push(`button "${text}"`);
    }
    return found;
  });
}

beforeAll(async () => {
  await configureProgram(stack.api, { name: 'Acme Coffee', allowedOrigins: ['https://shop.acme.example'] });
  await addByApi(stack, { url: HOOK, description: 'Orders', eventTypes: [] });
});

test.each(PAGES)(
  'a VIEWER sees $name as a read-only view: no control that changes anything, axe-clean',
  async ({ name, path, ready }) => {
    const viewer = await stack.addOperator('VIEWER');
    const wp = await stack.signedInPage(viewer);
    const { page } = wp;
    await page.goto(stack.url(path));
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(await changingControls(page)).toEqual([]);
    await expectAccessible(page);
    await portalShot(page, `viewer-${name}`);
    wp.expectClean();

    const phone = await stack.signedInPage(viewer, ON_PHONE);
    await phone.page.goto(stack.url(path));
    await ready(phone.page);
    await phone.page.waitForLoadState('networkidle');
    expect(await changingControls(phone.page)).toEqual([]);
    await expectPhoneView(phone.page, `viewer-${name}-phone`);
  },
);

test('a VIEWER sees the same safety warnings as an editor, for the saved settings', async () => {
  await configureProgram(stack.api, { maxReferrerDiscountPercent: 100 });
  try {
    const { page } = await stack.signedInPage(await stack.addOperator('VIEWER'));
    await page.goto(stack.url('/admin/program'));
    await page.getByTestId('value-name').waitFor();
    expect(await page.getByTestId('program-warnings').locator('li').allInnerTexts()).toEqual([
      expect.stringContaining('can add up to 100 % off'),
    ]);
    await expect(page.getByTestId('value-maxReferrerDiscountPercent').innerText()).resolves.toBe('100');
  } finally {
    await configureProgram(stack.api, { maxReferrerDiscountPercent: 50 });
  }
});

test('an ADMIN still gets the forms (the read-only view is for VIEWERs only)', async () => {
  const admin = await stack.addOperator('ADMIN');
  const { page } = await stack.signedInPage(admin);
  await page.goto(stack.url('/admin/program'));
  await page.getByTestId('program-save').waitFor();
  expect(await page.locator('main input[name="name"]').inputValue()).toBe('Acme Coffee');
  expect(await page.locator('main dl.field-readonly').count()).toBe(0);
  await page.goto(stack.url('/admin/import'));
  await page.getByTestId('import-file').waitFor();
});

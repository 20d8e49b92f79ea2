/**
 * The API reference page (/docs) in headless Chromium: Swagger UI renders the document from this
 * gateway only, under the page's strict CSP (a violation would be a console error), and an operation
 * opens with its responses.
 */
import path from 'node:path';
import { buildOpenApiDocument } from '../../services/gateway/openapi/document';
import { SCREENSHOT_DIR, screenshot, useBrowser } from '../helpers/browser';
import { expectAccessible } from '../helpers/axe';
import { operationIds } from '../helpers/openapi';
import { createTestTenant, startTestGateway, type TestGateway } from '../helpers/harness';

const browser = useBrowser();
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

test('the reference lists the operations, opens one, and loads nothing from elsewhere', async () => {
  const wp = await browser().newPage({ viewport: { width: 1280, height: 900 } });
  const requested: string[] = [];
  const violations: string[] = [];
  wp.page.on('request', (request) => requested.push(request.url()));
  await wp.page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  // Every CSP violation, reported from the page (Chromium also logs each as a console error).
  await wp.page.addInitScript(() => {
    const page = globalThis as any;
    page.document.addEventListener('securitypolicyviolation', (e: any) =>
      page.reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });

  const res = await wp.page.goto(`${gw.url}/docs`);
  expect(res?.status()).toBe(200);
  await wp.page.getByText('Referral service API', { exact: false }).first().waitFor();
  const events = wp.page.locator('#operations-Events-logUserEvents');
  await events.waitFor();
  // One block per documented operation, and one per webhook event type.
  const document = buildOpenApiDocument();
  const webhooks = Object.keys(document.webhooks ?? {}).length;
  expect(webhooks).toBeGreaterThan(10);
  expect(await wp.page.locator('.opblock').count()).toBe(operationIds(document).length + webhooks);
  await expect(wp.page.locator('.opblock-tag').allInnerTexts()).resolves.toEqual(
    expect.arrayContaining([expect.stringContaining('Events'), expect.stringContaining('GraphQL')]),
  );

  await wp.page.waitForLoadState('networkidle');
  // What a reader sees first: the introduction (auth, errors, idempotency, limits) and the first tags.
  await wp.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-reference.png') });
  // No axe violation of any impact (contrast, nested interactive controls, unnamed selects included).
  await expectAccessible(wp.page, { anyImpact: true });

  // Opening an operation shows its parameters, body and every documented status.
  await events.locator('.opblock-summary').first().click();
  const responses = events.locator('.responses-table tr.response .response-col_status');
  await responses.first().waitFor();
  const statuses = (await responses.allInnerTexts()).map((s) => s.trim().split(/\s/)[0]);
  expect(statuses).toEqual([
    '200',
    '400',
    '401',
    '403',
    '404',
    '408',
    '409',
    '413',
    '415',
    '429',
    '431',
    '503',
  ]);
  await expect(events.getByText('IDEMPOTENCY_KEY_USED').first().isVisible()).resolves.toBe(true);

  await screenshot(wp.page, 'api-reference-operation', events);
  await expectAccessible(wp.page, { anyImpact: true });
  expect(violations).toEqual([]);
  wp.expectClean();
  const foreign = requested.filter((url) => !url.startsWith(`${gw.url}/`) && !url.startsWith('data:'));
  expect(foreign).toEqual([]);
  expect(requested).toEqual(
    expect.arrayContaining([`${gw.url}/openapi.json`, `${gw.url}/docs/assets/init.js`]),
  );
});

test('"Try it out" calls this gateway under the CSP and shows the answer', async () => {
  const tenant = await createTestTenant(gw.deps.db, 'docs');
  const wp = await browser().newPage();
  await wp.page.goto(`${gw.url}/docs#/Users/getBrowserSettings`);
  const op = wp.page.locator('#operations-Users-getBrowserSettings');
  await op.locator('.try-out__btn').click();
  await op.locator('input[placeholder="tenantAlias"]').fill(tenant.alias);
  await op.locator('.execute').click();
  const status = op.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor();
  expect((await status.innerText()).trim()).toBe('200');
  await expect(op.locator('.live-responses-table').innerText()).resolves.toContain('cookieDays');
  // Open, with its parameter inputs, content-type selects and the live response: still axe-clean.
  await expectAccessible(wp.page, { anyImpact: true });
  await screenshot(wp.page, 'api-reference-try-it-out', op);
  wp.expectClean();
});

test('on a phone the reference fits the screen and is axe-clean', async () => {
  const wp = await browser().newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await wp.page.goto(`${gw.url}/docs`);
  await wp.page.locator('#operations-Events-logUserEvents').waitFor();
  await wp.page.waitForLoadState('networkidle');
  await expectAccessible(wp.page, { anyImpact: true });
  const overflow = await wp.page.evaluate(() => {
    const doc = (globalThis as any).document.documentElement;
    return doc.scrollWidth - doc.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await wp.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-reference-phone.png') });
  wp.expectClean();
});

/**
 * The admin portal's Install page in headless Chromium, against the local Braintree stand-in: the mode
 * notice; connecting the processor (the private key write-only, a refused connection's error under its
 * field), the status and webhook URL with its copy button; signed notifications sent to the webhook
 * appearing in the table with their outcome as the worker processes them; the checklist ticked from
 * the tenant's real state; Disconnect after a confirmation; switching to the test twin without signing
 * in again; a VIEWER's read-only view. Accessibility and screenshots at 1280 and 390.
 */
import type { Page } from 'playwright-core';
import { sandboxGateway, subscribeCustomer } from '../../services/processor-sandbox/merchant';
import { signedNotification } from '../../services/processor-sandbox/notifications';
import { startProcessorSandbox, type ProcessorSandbox } from '../../services/processor-sandbox/sandbox';
import { linkServiceMadeTwins } from '../../shared/domain/operators/operator-twins';
import { createOperator } from '../../shared/domain/operators/operators';
import { createPortalTenant } from '../helpers/admin-api';
import { configureProgram } from '../helpers/merchant-site';
import {
  expectAccessible,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  usePortalStack,
} from '../helpers/portal';
import { openMerchantAccount } from '../helpers/processor';
import { uid } from '../helpers/referrals';

let sandbox: ProcessorSandbox;
const keys = {
  merchantId: `merchant_${Date.now().toString(36)}`,
  publicKey: 'pub_install_1',
  privateKey: 'priv_install_secret_1',
};

beforeAll(async () => {
  sandbox = await startProcessorSandbox({ port: 0, host: '127.0.0.1' });
  // The merchant's Braintree account: the stand-in refuses any other keys for it (401).
  await openMerchantAccount(sandbox.url, keys);
});
// Started after the sandbox, and closed before it.
const stack = usePortalStack(() => ({ env: { PROCESSOR_BASE_URL: sandbox.url } }));
afterAll(async () => {
  await sandbox?.close();
});

const webhookPath = () => `/api/v1/${stack.tenant.alias}/processor/braintree/webhook`;

async function connectionViaApi(): Promise<Record<string, unknown> | null> {
  const res = await stack.api.gql('{ paymentProcessor { merchantId publicKey environment webhookUrl } }');
  expect(res.errors).toBeUndefined();
  return res.data.paymentProcessor as Record<string, unknown> | null;
}

/** Posts a signed notification to the tenant's webhook as the processor does. */
async function deliver(kind: string, subjectId: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.gateway.api(stack.tenant.alias)}/processor/braintree/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(signedNotification(keys, kind, subjectId)).toString(),
  });
  return { status: res.status, body: await res.json() };
}

/** The element's text once it contains `expected`. */
async function shown(page: Page, testId: string, expected: string): Promise<string> {
  await page.getByTestId(testId).filter({ hasText: expected }).first().waitFor({ timeout: 20_000 });
  return page.getByTestId(testId).innerText();
}

/** Each checklist step's state (done, not-yet, yours), by step id. */
async function checklist(page: Page): Promise<Record<string, string>> {
  const items = await page
    .getByTestId('install-checklist')
    .locator('li')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-step'), el.getAttribute('data-state')]));
  return Object.fromEntries(items as [string, string][]);
}

async function openInstall(page: Page): Promise<void> {
  await openFromNav(page, 'Install', stack.url('/admin/install'));
  await page.getByTestId('processor-status').waitFor();
}

test('before connecting: the live mode, no connection, no webhook URL yet, the checklist from real state', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openInstall(page);
  await expect(page.title()).resolves.toBe(`Install · ${stack.tenant.alias} · Referral admin`);
  expect(await page.getByTestId('mode-notice').innerText()).toContain('This is your live program.');
  expect(await page.getByTestId('processor-status').innerText()).toContain('Not connected');
  await page.getByTestId('webhook-url-pending').waitFor();
  expect(await page.getByTestId('webhook-url').count()).toBe(0);
  await page.getByTestId('empty-state').filter({ hasText: 'No notifications yet' }).waitFor();
  expect(await checklist(page)).toEqual({
    'api-key': 'done',
    program: 'not-yet',
    browser: 'not-yet',
    library: 'not-yet',
    'custom-field': 'yours',
    discount: 'yours',
    connect: 'not-yet',
    webhook: 'not-yet',
    'payment-form': 'yours',
    subscription: 'yours',
    'discount-call': 'yours',
    'both-modes': 'yours',
  });
  expect(await page.getByTestId('checklist-summary').innerText()).toContain('1 of 6 steps');
  // No twin: no switch on the page.
  expect(await page.getByTestId('mode-switch').count()).toBe(0);
  await expectAccessible(page);
  await portalShot(page, 'install-not-connected');
  wp.expectClean();
});

test('a refused connection shows the error under the field; the private key is cleared and nothing is stored', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openInstall(page);
  await page.getByLabel('Merchant ID').fill(keys.merchantId);
  await page.getByLabel('Public key').fill(keys.publicKey);
  // A well-formed key that is not the account's: Braintree (the stand-in) refuses it.
  await page.getByLabel('Private key').fill('priv_install_wrong');
  await page.getByTestId('processor-connect').click();
  expect(await shown(page, 'error-privateKey', 'refused')).toBe(
    'Braintree refused the keys: check the private key',
  );
  expect(await page.getByTestId('error-merchantId').innerText()).toBe(
    'Braintree refused the keys: check the merchant ID',
  );
  expect(await page.getByTestId('processor-error').innerText()).toBe(
    'Not connected: Braintree refused these keys: check the merchant ID, public key and private key',
  );
  expect(sandbox.calls().at(-1)).toMatchObject({ merchantId: keys.merchantId, status: 401 });
  expect(await page.getByLabel('Private key').getAttribute('aria-describedby')).toBe(
    'field-privateKey-hint field-privateKey-error',
  );
  expect(await page.getByLabel('Private key').inputValue()).toBe('');
  expect(await page.getByLabel('Merchant ID').inputValue()).toBe(keys.merchantId);
  // Empty fields never leave the page.
  await page.getByLabel('Public key').fill('');
  await page.getByTestId('processor-connect').click();
  expect(await shown(page, 'error-publicKey', 'Required')).toBe('Required');
  expect(await page.getByTestId('error-privateKey').innerText()).toBe('Required');
  expect(await page.getByTestId('processor-status').innerText()).toContain('Not connected');
  expect(await connectionViaApi()).toBeNull();
  await expectAccessible(page);
  await portalShot(page, 'install-connect-error');
  wp.expectClean();
});

test('connect: the status, the webhook URL (copied), notifications appearing with their outcome, the checklist', async () => {
  await configureProgram(stack.api, { allowedOrigins: ['https://shop.install.example'] });
  const identified = await stack.api.identify(uid('acct'), uid('user'));
  expect(identified.status).toBe(200);
  const wp = await stack.signedInPage(stack.owner, { clipboardOrigins: [stack.url('')] });
  const { page } = wp;
  await openInstall(page);
  await page.getByLabel('Merchant ID').fill(keys.merchantId);
  await page.getByLabel('Public key').fill(keys.publicKey);
  await page.getByLabel('Private key').fill(keys.privateKey);
  await page.getByTestId('processor-connect').click();
  expect(await shown(page, 'processor-notice', 'Connected')).toBe('Connected to Braintree (Production).');
  const status = await shown(page, 'processor-status', 'Braintree Production');
  expect(status).toContain(
    `Braintree Production · merchant ${keys.merchantId} · public key ${keys.publicKey}`,
  );
  // The private key is write-only: gone from the field and from the page.
  expect(await page.getByLabel('Private key').inputValue()).toBe('');
  expect(await page.content()).not.toContain(keys.privateKey);
  expect(await connectionViaApi()).toEqual({
    merchantId: keys.merchantId,
    publicKey: keys.publicKey,
    environment: 'PRODUCTION',
    webhookUrl: `${stack.config.publicUrl}${webhookPath()}`,
  });

  const url = await page.getByTestId('webhook-url').innerText();
  expect(url).toBe(`${stack.config.publicUrl}${webhookPath()}`);
  await page.getByTestId('copy-webhook-url').click();
  await shown(page, 'copy-webhook-url', 'Copied');
  expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(url);

  // A notification the service records, and a charge it processes through its workflow.
  const recorded = await deliver('subscription_went_past_due', 'sub-past-due-1');
  expect(recorded.status).toBe(200);
  const bt = sandboxGateway(sandbox.url, keys);
  const sub = await subscribeCustomer(bt);
  const charged = await deliver('subscription_charged_successfully', sub.subscriptionId);
  expect(charged.status).toBe(200);

  // The table polls: both rows appear without a reload, the charge once its workflow has run.
  const rows = page.getByTestId('notification-row');
  await rows.filter({ hasText: 'Processed' }).waitFor({ timeout: 20_000 });
  const texts = await rows.allInnerTexts();
  expect(texts).toHaveLength(2);
  expect(texts[0]).toContain('subscription_charged_successfully');
  expect(texts[0]).toContain(sub.subscriptionId);
  expect(texts[0]).toContain(`No account has processor customer ${sub.customerId}`);
  expect(texts[1]).toContain('subscription_went_past_due');
  expect(texts[1]).toContain('Recorded');
  expect(texts[1]).toContain('sub-past-due-1');

  await page.getByTestId('install-checklist').locator('[data-step=webhook][data-state=done]').waitFor();
  expect(await checklist(page)).toMatchObject({
    'api-key': 'done',
    program: 'done',
    library: 'done',
    connect: 'done',
    webhook: 'done',
  });
  expect(await page.getByTestId('checklist-summary').innerText()).toContain('5 of 6 steps');
  expect(await page.getByTestId('install-checklist').innerText()).toContain('https://shop.install.example');
  await expectAccessible(page);
  await portalShot(page, 'install');

  const phone = await stack.signedInPage(stack.owner, ON_PHONE);
  await phone.page.goto(stack.url('/admin/install'));
  await phone.page.getByTestId('notification-row').first().waitFor();
  await expectPhoneView(phone.page, 'install-phone');
  wp.expectClean();
});

test('a VIEWER sees the connection and notifications, with no control that changes them', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  await openInstall(page);
  await shown(page, 'processor-status', 'Braintree Production');
  await page.getByTestId('read-only-notice').waitFor();
  expect(await page.getByTestId('webhook-url').innerText()).toBe(`${stack.config.publicUrl}${webhookPath()}`);
  await page.getByTestId('notification-row').first().waitFor();
  expect(await page.getByTestId('processor-connect').count()).toBe(0);
  expect(await page.getByTestId('processor-disconnect').count()).toBe(0);
  // The keys form is not there at all; nothing in the page can be typed into.
  expect(await page.getByLabel('Private key').count()).toBe(0);
  expect(await page.locator('main input:enabled').count()).toBe(0);
  // Only reading is left: copying the URL, the snippets and the SFTP command, refreshing the table.
  const buttons = await page.locator('main button:enabled').allInnerTexts();
  expect(buttons.sort()).toEqual(
    ['Copy URL', 'Copy tag', 'Copy snippet', 'Copy code', 'Copy command', 'Refresh'].sort(),
  );
  await expectAccessible(page);
  await portalShot(page, 'install-viewer');
  wp.expectClean();
});

test('disconnect after a confirmation: not connected, and the processor’s notifications are refused', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openInstall(page);
  await shown(page, 'processor-status', 'Braintree Production');
  await page.getByTestId('processor-disconnect').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain('Disconnect the payment processor?');
  await expectAccessible(page);
  // Cancel keeps the connection.
  await page.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await connectionViaApi()).not.toBeNull();

  await page.getByTestId('processor-disconnect').click();
  await page.getByTestId('confirm-ok').click();
  expect(await shown(page, 'processor-status', 'Not connected')).toContain('Not connected');
  expect(await page.getByTestId('processor-notice').innerText()).toContain('Disconnected.');
  await page.getByTestId('webhook-url-pending').waitFor();
  expect(await connectionViaApi()).toBeNull();
  expect((await deliver('subscription_went_past_due', 'sub-after')).status).toBe(401);
  await page.getByTestId('install-checklist').locator('[data-step=connect][data-state=not-yet]').waitFor();
  wp.expectClean();
});

test('an operator of both X and test_X switches to the test twin and back without signing in again', async () => {
  const twin = await createPortalTenant(stack.gateway.deps.db, `test_${stack.tenant.alias}`);
  await createOperator(stack.gateway.deps.db, {
    tenantId: twin.id,
    email: stack.owner.email,
    password: 'another password for the test twin',
    role: 'ADMIN',
  });
  // As `operator:create --with-twin` does: the two rows are the same person only once linked.
  expect(await linkServiceMadeTwins(stack.gateway.deps.db, stack.tenant.alias, stack.owner.email)).toBe(true);
  const wp = await stack.signedInPage();
  const { page } = wp;
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await openInstall(page);
  expect(await page.getByTestId('mode-badge').innerText()).toBe('Live');
  const toTest = page.getByTestId('mode-switch');
  expect(await toTest.innerText()).toBe(`Switch to test (test_${stack.tenant.alias})`);
  await toTest.click();

  expect(await shown(page, 'mode-badge', 'Test')).toBe('Test');
  await page.waitForURL(stack.url('/admin/install'));
  expect(await shown(page, 'mode-notice', 'test program')).toContain('This is your test program.');
  expect(await page.locator('.tenant-alias').innerText()).toBe(`test_${stack.tenant.alias}`);
  // A banner across every page of the test program, gone again in live mode.
  expect(await page.getByTestId('test-mode-banner').innerText()).toContain(
    `Test mode: this is the test program (test_${stack.tenant.alias})`,
  );
  await expectAccessible(page);
  await portalShot(page, 'test-mode-banner');
  // The twin's own state: not connected, its sandbox keys asked for.
  expect(await shown(page, 'processor-status', 'Not connected')).toContain('Not connected');
  expect(await page.locator('.processor-form').innerText()).toContain('Braintree sandbox account');
  expect(visited).not.toContain('/admin/login');
  await expectAccessible(page);
  await portalShot(page, 'install-test-mode');

  // And back with the header's switch.
  await page.getByTestId('switch-tenant').click();
  expect(await shown(page, 'mode-badge', 'Live')).toBe('Live');
  expect(await page.locator('.tenant-alias').innerText()).toBe(stack.tenant.alias);
  expect(await page.getByTestId('test-mode-banner').count()).toBe(0);
  expect(visited).not.toContain('/admin/login');
  wp.expectClean();
});

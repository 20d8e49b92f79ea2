/**
 * Hand actions on the account page in headless Chromium: adjust and redeem credit, edit a
 * user, change a share code and delete a user, each from a dialog with a required reason; the server's
 * refusals shown on the field they name; a success notice; a VIEWER sees no action buttons; axe and
 * screenshots at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  expectPhoneView,
  ON_PHONE,
  portalShot,
  settled,
  usePortalStack,
} from '../helpers/portal';
import { uid } from '../helpers/referrals';

const stack = usePortalStack();
const mia = { accountId: '', userId: '', code: '' };
const taken = { code: '' };

beforeAll(async () => {
  const { api } = stack;
  mia.accountId = uid('acct-mia');
  mia.userId = uid('mia');
  const first = await api.identify(mia.accountId, mia.userId, {
    firstName: 'Mia',
    lastName: 'Wong',
    email: 'mia@example.test',
  });
  expect(first.status).toBe(200);
  mia.code = first.body.shareCode;
  const other = await api.identify(uid('acct-oth'), uid('oth'), { firstName: 'Otto' });
  taken.code = other.body.shareCode;
});

const dialog = (page: Page) => page.locator('dialog[open]');

async function openAccount(page: Page, accountId: string) {
  await page.goto(stack.url(`/admin/accounts/${accountId}`));
  await settled(page);
}

/** Fills the open dialog's fields by label, its reason, and confirms. */
async function submit(page: Page, fields: Record<string, string>, reason: string) {
  const open = dialog(page);
  for (const [label, value] of Object.entries(fields))
    await open.getByLabel(label, { exact: true }).fill(value);
  await open.getByTestId('action-reason').fill(reason);
  await open.getByTestId('action-submit').click();
}

test('credit: adjust and redeem from dialogs with a reason; refusals on the field; notices', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openAccount(page, mia.accountId);
  await expect(page.getByTestId('credit-none').innerText()).resolves.toBe('No credit yet.');

  await page.getByTestId('adjust-credit').click();
  await dialog(page).getByTestId('action-submit').click();
  // Nothing was sent: the reason is asked for, then the amount.
  await dialog(page).getByText('Enter a reason', { exact: true }).waitFor();
  await dialog(page).getByTestId('action-reason').fill('Goodwill for the outage');
  await dialog(page).getByTestId('action-submit').click();
  await dialog(page).getByText('Enter the amount', { exact: true }).waitFor();
  await expectAccessible(page);
  await portalShot(page, 'account-action-missing-reason');
  await submit(page, { 'Amount (USD)': '15.00' }, 'Goodwill for the outage');
  await page.getByTestId('account-action-notice').waitFor();
  expect(await page.getByTestId('account-action-notice').innerText()).toBe(
    'Added $15.00 of credit; $15.00 available',
  );
  await page.getByTestId('credit-USD').filter({ hasText: '$15.00' }).waitFor();

  await page.getByTestId('redeem-credit').click();
  await submit(page, { 'Amount (USD)': '20.00', 'Reference (optional)': 'INV-7' }, 'Phone order');
  const amountError = dialog(page).getByTestId('error-credit-amount');
  await amountError.waitFor();
  expect(await amountError.innerText()).toMatch(/more than is available \(1500 in USD minor units\)/);
  await expectAccessible(page);
  await portalShot(page, 'account-action-refused');
  await dialog(page).getByLabel('Amount (USD)', { exact: true }).fill('5.00');
  await dialog(page).getByTestId('action-submit').click();
  await page
    .getByTestId('account-action-notice')
    .filter({ hasText: 'Redeemed $5.00 of credit; $10.00 available' })
    .waitFor();
  await page.getByTestId('credit-USD').filter({ hasText: '$10.00' }).waitFor();
  await dialog(page).waitFor({ state: 'detached' });
  await expectAccessible(page);
  await portalShot(page, 'account-actions');
  wp.expectClean([/409/]);
});

test('a user: edit, and a new share code (a taken one refused on the field)', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openAccount(page, mia.accountId);
  await page.getByRole('button', { name: 'Edit Mia Wong' }).click();
  expect(await dialog(page).getByLabel('E-mail', { exact: true }).inputValue()).toBe('mia@example.test');
  await submit(page, { 'First name': 'Maya' }, 'Name changed at the registry');
  await page.getByTestId('user-name').filter({ hasText: 'Maya Wong' }).waitFor();

  await page.getByRole('button', { name: 'Change share code of Maya Wong' }).click();
  await submit(page, { 'New share code': taken.code.toLowerCase() }, 'Asked for it');
  await dialog(page).getByTestId('error-new-share-code').waitFor();
  await expectAccessible(page);
  await portalShot(page, 'account-action-code-taken');
  await dialog(page).getByLabel('New share code', { exact: true }).fill('MAYA2026');
  await dialog(page).getByTestId('action-submit').click();
  await page.getByTestId('share-code').filter({ hasText: 'MAYA2026' }).waitFor();
  expect(await page.getByTestId('account-action-notice').innerText()).toBe(
    `Share code ${mia.code} → MAYA2026`,
  );
  // The old code still leads to her during the grace period.
  expect((await stack.api.call('GET', `/code/${mia.code}`)).status).toBe(200);
  wp.expectClean([/409/]);
});

test('deleting the last user takes the account and goes back to the list', async () => {
  const { api } = stack;
  const accountId = uid('acct-del');
  await api.identify(accountId, uid('del'), { firstName: 'Dan' });
  const { page } = await stack.signedInPage();
  await openAccount(page, accountId);
  await page.getByRole('button', { name: 'Delete Dan' }).click();
  await expect(dialog(page).getByRole('heading').innerText()).resolves.toBe('Delete Dan?');
  await submit(page, {}, 'Erasure request');
  await page.waitForURL(stack.url('/admin/accounts'));
  expect(await api.account(accountId)).toBeNull();
});

test('on a phone: the actions and a dialog', async () => {
  const { page } = await stack.signedInPage(stack.owner, ON_PHONE);
  await openAccount(page, mia.accountId);
  await page.getByTestId('adjust-credit').waitFor();
  await expectPhoneView(page, 'account-actions-phone');
  await page.getByTestId('adjust-credit').click();
  await dialog(page).waitFor();
  await expectAccessible(page);
  await portalShot(page, 'account-action-dialog-phone');
  // Escape closes it (the dialog loses its open attribute once the page's state follows).
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
  expect(await page.getByTestId('adjust-credit').isVisible()).toBe(true);
});

test('a VIEWER sees the credit and no action buttons', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const { page } = await stack.signedInPage(viewer);
  await openAccount(page, mia.accountId);
  await page.getByTestId('credit-USD').waitFor();
  expect(await page.locator('main button').allInnerTexts()).toEqual(['Copy link']);
  expect(await page.getByTestId('user-actions').count()).toBe(0);
});

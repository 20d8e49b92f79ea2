/**
 * Hand actions on one referral and its rewards in the admin portal, in headless Chromium over
 * referrals made through the REST API: a referral is cancelled through its dialog with a reason
 * (required) and shows ended with the reason in its history; a reward is granted (a bad amount named at
 * its field by the portal, a bad currency by the server), voided, and the referrer's credit marked
 * fulfilled with a reference; re-attribution by share code; a note through the keyboard alone (Escape
 * closes, focus comes back); a double-click applies once; a VIEWER sees no actions. Axe with the dialogs
 * open; screenshots at 1280 and 390 (bulk actions: portal-bulk-actions.test.ts).
 */
import {
  expectAccessible,
  expectNoHorizontalScroll,
  ON_PHONE,
  portalShot,
  textsWhenCount,
  usePortalStack,
} from '../helpers/portal';
import { actionKit, dialog, focusedTestId, submitWith } from '../helpers/portal-actions';
import { uid } from '../helpers/referrals';

const stack = usePortalStack();
const { gqlOk, friend, setUp, openReferral } = actionKit(stack);
let code = '';
const trial = { accountId: '', id: '' };
const paid = { accountId: '', id: '' };

beforeAll(async () => {
  code = await setUp();
  Object.assign(trial, await friend(code, false));
  Object.assign(paid, await friend(code, true));
});

test('cancel with a reason: the referral shows ended, its history the reason; cancel is no longer offered', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReferral(page, trial.id);
  expect(await page.getByTestId('referral-status').innerText()).toBe('In progress');
  expect(await page.getByTestId('action-history-empty').innerText()).toContain('No hand actions');
  await page.getByTestId('act-cancel').click();
  await dialog(page).waitFor();
  expect(await dialog(page).getByRole('heading').innerText()).toBe('Cancel this referral?');
  expect(await focusedTestId(page)).toBe('action-reason');
  // A reason is required.
  await dialog(page).getByTestId('action-submit').click();
  expect(await dialog(page).getByTestId('error-reason').innerText()).toBe('Enter a reason');
  expect(await dialog(page).getByTestId('action-reason').getAttribute('aria-invalid')).toBe('true');
  await dialog(page).getByTestId('action-reason').fill('Asked by the customer <b>today</b>');
  await expectAccessible(page);
  await portalShot(page, 'referral-action-cancel');

  expect(await submitWith(page, 'Asked by the customer <b>today</b>')).toBe('The referral was cancelled.');
  await page.getByTestId('referral-status').filter({ hasText: 'Ended' }).waitFor();
  const entry = page.getByTestId('action-entry');
  await entry.first().waitFor();
  expect(await entry.count()).toBe(1);
  const text = await entry.innerText();
  expect(text).toContain('Cancelled');
  expect(text).toContain(stack.owner.email);
  expect(await entry.getByTestId('action-reason-text').innerText()).toBe(
    'Asked by the customer <b>today</b>',
  );
  expect(await page.locator('[data-testid="action-entry"] b').count()).toBe(0);
  // An ended referral offers a note only.
  expect(await page.getByTestId('act-cancel').count()).toBe(0);
  expect(await page.getByTestId('act-grant_reward').count()).toBe(0);
  expect(await page.getByTestId('act-note').count()).toBe(1);
  const server = await gqlOk(`query R($id: ID!) { referral(id: $id) { referral { status } } }`, {
    id: trial.id,
  });
  expect(server.referral.referral.status).toBe('ENDED');
  wp.expectClean();
});

test('grant a reward (a bad amount and a bad currency named at their fields), void it, mark the credit fulfilled', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReferral(page, paid.id);
  await page.getByTestId('act-grant_reward').click();
  await dialog(page).waitFor();
  expect(await focusedTestId(page)).toBe('grant-side');
  await dialog(page).getByTestId('grant-amount').fill('lots');
  await dialog(page).getByTestId('action-reason').fill('Goodwill');
  await dialog(page).getByTestId('action-submit').click();
  expect(await dialog(page).getByTestId('error-grant-amount').innerText()).toBe(
    'Enter an amount, e.g. 25.00',
  );
  // The server checks the currency and names it at its field.
  await dialog(page).getByTestId('grant-amount').fill('12.50');
  await dialog(page).getByTestId('grant-unit').fill('US$');
  await dialog(page).getByTestId('action-submit').click();
  const unitError = dialog(page).getByTestId('error-grant-unit');
  await unitError.waitFor();
  expect(await unitError.innerText()).toContain('upper-case');
  expect(await dialog(page).getByTestId('action-error').innerText()).toMatch(
    /^Check this field\. Currency: /,
  );
  expect(await dialog(page).getByTestId('grant-unit').getAttribute('aria-invalid')).toBe('true');
  expect(await dialog(page).getByTestId('action-submit').isEnabled()).toBe(true);
  await dialog(page).getByTestId('grant-unit').fill('USD');
  await expectAccessible(page);
  await portalShot(page, 'referral-action-grant');
  expect(await submitWith(page, 'Goodwill after an outage')).toBe('The reward was granted.');

  const cards = page.getByTestId('reward-card');
  const granted = cards.filter({ hasText: 'Granted to the referrer' });
  await granted.waitFor();
  expect(await granted.innerText()).toContain('$12.50 credit');
  expect(await granted.getByTestId('reward-status').innerText()).toBe('Available');

  await granted.getByTestId('act-void_reward').click();
  await dialog(page).waitFor();
  expect(await dialog(page).getByRole('heading').innerText()).toBe('Void the $12.50 credit?');
  expect(await submitWith(page, 'Granted twice by mistake')).toBe('The reward was voided.');
  await granted.getByTestId('reward-status').filter({ hasText: 'Cancelled' }).waitFor();
  expect(await granted.getByTestId('act-void_reward').count()).toBe(0);

  // The referrer's own credit, paid outside the service.
  const first = cards.first();
  await first.getByTestId('act-mark_fulfilled').click();
  await dialog(page).waitFor();
  await dialog(page).getByTestId('fulfil-reference').fill('WIRE-2041');
  expect(await submitWith(page, 'Paid by bank transfer')).toBe('The reward was marked fulfilled.');
  await first.getByTestId('reward-status').filter({ hasText: 'Redeemed' }).waitFor();

  const entries = page.getByTestId('action-entry');
  await textsWhenCount(page, '[data-testid="action-entry"]', 3);
  const history = await entries.allInnerTexts();
  expect(history[0]).toContain('Reward granted');
  expect(history[0]).toContain('Goodwill after an outage');
  expect(history[1]).toContain('Reward voided');
  expect(history[2]).toContain('Marked fulfilled');
  expect(history[2]).toContain('Reference: WIRE-2041');
  await expectAccessible(page);
  await portalShot(page, 'referral-action-history');
  wp.expectClean();
});

test('re-attribute by share code: an unknown code is named at its field; then the referral moves', async () => {
  const other = await stack.api.identify(uid('acct-o'), uid('user-o'), { firstName: 'Oto' });
  const moved = await friend(code, false);
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReferral(page, moved.id);
  await page.getByTestId('act-reattribute').click();
  await dialog(page).waitFor();
  expect(await focusedTestId(page)).toBe('target-by-code');
  await dialog(page).getByTestId('target-code').fill('NO-SUCH-CODE');
  await dialog(page).getByTestId('action-reason').fill('Referred by the other partner');
  await dialog(page).getByTestId('action-submit').click();
  const codeError = dialog(page).getByTestId('error-target-code');
  await codeError.waitFor();
  expect(await codeError.innerText()).toBe('not a share code of this tenant');
  await dialog(page).getByTestId('target-code').fill(other.body.shareCode);
  expect(await submitWith(page, 'Referred by the other partner')).toBe('The referral was re-attributed.');
  await page.getByTestId('referral-fields').filter({ hasText: other.body.accountId }).waitFor();
  expect(await page.getByTestId('action-entry').innerText()).toContain('Referred by the other partner');
  wp.expectClean();
});

test('a note with the keyboard alone: Escape closes and focus comes back; Enter on the submit sends it', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReferral(page, paid.id);
  await page.getByTestId('act-note').focus();
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
  expect(await focusedTestId(page)).toBe('action-reason');
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'hidden' });
  expect(await focusedTestId(page)).toBe('act-note');

  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
  expect(await focusedTestId(page)).toBe('action-reason');
  expect(await dialog(page).getByTestId('action-reason').inputValue()).toBe('');
  await page.keyboard.type('Called the customer, all fine');
  await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe('action-back');
  await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe('action-submit');
  await page.keyboard.press('Enter');
  await dialog(page).waitFor({ state: 'hidden' });
  expect(await page.getByTestId('action-notice').innerText()).toBe('The note was added.');
  expect(await focusedTestId(page)).toBe('act-note');
  await page.getByTestId('action-entry').filter({ hasText: 'Called the customer, all fine' }).waitFor();
  wp.expectClean();
});

test('a double-click on a dialog’s submit applies the action once', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReferral(page, trial.id);
  const before = await page.getByTestId('action-entry').count();
  await page.getByTestId('act-note').click();
  await dialog(page).getByTestId('action-reason').fill('Clicked twice');
  await dialog(page).getByTestId('action-submit').dblclick();
  await dialog(page).waitFor({ state: 'hidden' });
  await textsWhenCount(page, '[data-testid="action-entry"]', before + 1);
  const server = await gqlOk(`query R($id: ID!) { referral(id: $id) { actions { reason } } }`, {
    id: trial.id,
  });
  expect(server.referral.actions.filter((a: any) => a.reason === 'Clicked twice')).toHaveLength(1);
  wp.expectClean();
});

test('on a phone, a dialog and the history fit the screen', async () => {
  const phone = await stack.signedInPage(stack.owner, ON_PHONE);
  const p = phone.page;
  await openReferral(p, paid.id);
  await p.getByTestId('act-grant_reward').click();
  await dialog(p).waitFor();
  await expectNoHorizontalScroll(p);
  await expectAccessible(p);
  await portalShot(p, 'referral-action-grant-phone');
  await p.keyboard.press('Escape');
  await dialog(p).waitFor({ state: 'hidden' });
  await p.getByTestId('referral-rewards').scrollIntoViewIfNeeded();
  await portalShot(p, 'referral-actions-phone');
  phone.expectClean();
});

test('a VIEWER sees the referral, its rewards and history, with no actions', async () => {
  const wp = await stack.signedInPage(await stack.addOperator('VIEWER'));
  const { page } = wp;
  await openReferral(page, paid.id);
  await page.getByTestId('action-history').waitFor();
  expect(await page.getByTestId('referral-actions').count()).toBe(0);
  expect(await page.locator('[data-testid^="act-"]').count()).toBe(0);
  expect(await page.locator('main button').count()).toBe(0);
  expect(await page.getByTestId('action-dialog').count()).toBe(0);
  await expectAccessible(page);

  wp.expectClean();
});

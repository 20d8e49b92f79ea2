/**
 * Hand and bulk actions on referrals and rewards in the admin portal (issue 31), in headless Chromium
 * over referrals made through the REST API: a referral is cancelled through its dialog with a reason
 * (required) and shows ended with the reason in its history; a reward is granted (a bad amount named at
 * its field by the portal, a bad currency by the server), voided, and the referrer's credit marked
 * fulfilled with a reference; re-attribution by share code; a note through the keyboard alone (Escape
 * closes, focus comes back); the list cancels four referrals at once, one of them refused, with a
 * progress bar and a result per row; an account's two credits are marked fulfilled at once and then
 * refused a void, per row; a double-click applies once; a VIEWER sees no actions. Axe with the dialogs
 * open; screenshots at 1280 and 390.
 */
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  ON_PHONE,
  portalShot,
  settled,
  textsWhenCount,
  usePortalStack,
} from '../helpers/portal';
import { uid } from '../helpers/referrals';

const stack = usePortalStack();
/** The friends' shared last name (the list's search finds the bulk ones by it). */
const bulkName = `Bulk${Date.now().toString(36)}`;
let code = '';
const trial = { accountId: '', id: '' };
const paid = { accountId: '', id: '' };
const bulk: { accountId: string; id: string }[] = [];

async function gqlOk(query: string, variables: Record<string, unknown> = {}) {
  const res = await stack.api.gql(query, variables);
  expect(res.errors).toBeUndefined();
  return res.data;
}

async function friend(pay: boolean, lastName = 'Friend') {
  const accountId = uid('acct-f');
  const res = await stack.api.identify(accountId, uid('user-f'), {
    firstName: 'Ola',
    lastName,
    referredByCode: code,
  });
  expect(res.status).toBe(200);
  if (pay)
    expect((await stack.api.sync({ id: accountId, subscription: { status: 'PAID' } })).status).toBe(200);
  const data = await gqlOk(`query A($id: String!) { account(id: $id) { referredBy { id } } }`, {
    id: accountId,
  });
  return { accountId, id: data.account.referredBy.id as string };
}

beforeAll(async () => {
  await gqlOk(`mutation { updateProgram(input: {
    referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, referredDiscountPercent: 10 }) { name } }`);
  const referrer = await stack.api.identify(uid('acct-r'), uid('user-r'), { firstName: 'Rae' });
  code = referrer.body.shareCode;
  Object.assign(trial, await friend(false));
  Object.assign(paid, await friend(true));
  for (let i = 0; i < 4; i += 1) bulk.push(await friend(false, bulkName));
});

const dialog = (page: Page) => page.getByTestId('action-dialog');
const focusedTestId = (page: Page) =>
  page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-testid'));

async function openReferral(page: Page, id: string) {
  await page.goto(stack.url(`/admin/referrals/${id}`));
  await page.getByTestId('timeline').waitFor();
  await settled(page);
}

/** Fills the open dialog's reason, submits, and answers the page's notice once the dialog closed. */
async function submitWith(page: Page, reason: string): Promise<string> {
  await dialog(page).getByTestId('action-reason').fill(reason);
  await dialog(page).getByTestId('action-submit').click();
  await dialog(page).waitFor({ state: 'hidden' });
  return page.getByTestId('action-notice').innerText();
}

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
  const moved = await friend(false);
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

test('bulk: cancel four referrals, one already ended, with progress and a result per row', async () => {
  await gqlOk(`mutation C($id: ID!) { cancelReferral(id: $id, reason: "Duplicate") { outcome } }`, {
    id: bulk[0]!.id,
  });
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url(`/admin/referrals?q=${bulkName}`));
  await textsWhenCount(page, '[data-testid="referral-row"]', 4);
  expect(await page.getByTestId('bulk-cancel').isDisabled()).toBe(true);
  await page.getByText('Select all on this page').click();
  expect(await page.getByTestId('bulk-selected').innerText()).toBe('4 referrals selected');
  await page.getByTestId('bulk-cancel').click();
  const setup = page.getByTestId('bulk-setup');
  await setup.waitFor();
  expect(await setup.getByRole('heading').innerText()).toBe('Cancel 4 referrals?');
  await setup.getByTestId('action-reason').fill('Spam sign-ups');
  await expectAccessible(page);
  await setup.getByTestId('action-submit').click();

  const progress = page.getByTestId('bulk-dialog');
  await progress.waitFor();
  const status = progress.getByTestId('bulk-status');
  await status.filter({ hasText: '4 of 4 done. 3 applied, 1 refused.' }).waitFor();
  expect(await progress.getByTestId('bulk-progress').getAttribute('aria-valuenow')).toBe('100');
  expect(await progress.getByTestId('bulk-progress').getAttribute('aria-valuetext')).toBe('4 of 4 done');
  const rows = progress.getByTestId('bulk-row');
  expect(await rows.count()).toBe(4);
  const refused = rows.filter({ hasText: bulk[0]!.accountId });
  expect(await refused.getByTestId('bulk-outcome').innerText()).toBe('Refused');
  expect(await refused.innerText()).toContain('ended');
  for (const b of bulk.slice(1)) {
    expect(await rows.filter({ hasText: b.accountId }).getByTestId('bulk-outcome').innerText()).toBe(
      'Applied',
    );
  }
  expect(await focusedTestId(page)).toBe('bulk-close');
  await expectAccessible(page);
  await portalShot(page, 'referrals-bulk-results');
  await progress.getByTestId('bulk-close').click();
  await progress.waitFor({ state: 'hidden' });
  // The list reloads: all four ended, nothing selected.
  await page.waitForFunction(() =>
    Array.from((globalThis as any).document.querySelectorAll('[data-testid="referral-status"]')).every(
      (b: any) => b.innerText === 'Ended',
    ),
  );
  expect(await page.getByTestId('bulk-selected').innerText()).toBe('Select referrals to act on them.');
  wp.expectClean();

  // On a phone: the bar, a bulk note's results, and a referral's dialog fit the screen.
  const phone = await stack.signedInPage(stack.owner, ON_PHONE);
  const p = phone.page;
  await p.goto(stack.url(`/admin/referrals?q=${bulkName}`));
  await textsWhenCount(p, '[data-testid="referral-row"]', 4);
  await p.getByText('Select all on this page').click();
  await expectNoHorizontalScroll(p);
  await portalShot(p, 'referrals-bulk-phone');
  await p.getByTestId('bulk-note').click();
  await p.getByTestId('bulk-setup').getByTestId('action-reason').fill('Reviewed by support');
  await p.getByTestId('bulk-setup').getByTestId('action-submit').click();
  await p.getByTestId('bulk-status').filter({ hasText: '4 of 4 done. 4 applied.' }).waitFor();
  await expectAccessible(p);
  await portalShot(p, 'referrals-bulk-results-phone');
  await p.getByTestId('bulk-close').click();

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

test('an account’s rewards: mark two credits fulfilled at once, then voiding them is refused per row', async () => {
  const ann = await stack.api.identify(uid('acct-a'), uid('user-a'), { firstName: 'Ann' });
  const saved = code;
  code = ann.body.shareCode;
  await friend(true);
  await friend(true);
  code = saved;
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url(`/admin/accounts/${ann.body.accountId}`));
  await textsWhenCount(page, '[data-testid="reward-row"]', 2);
  await page.getByTestId('account-rewards').scrollIntoViewIfNeeded();
  await page.getByText('Select all on this page').click();
  expect(await page.getByTestId('reward-bulk-selected').innerText()).toBe('2 rewards selected');
  await page.getByTestId('reward-bulk-mark_fulfilled').click();
  const setup = page.getByTestId('bulk-setup');
  await setup.waitFor();
  expect(await focusedTestId(page)).toBe('fulfil-reference');
  await setup.getByTestId('fulfil-reference').fill('PAYOUT-77');
  await setup.getByTestId('action-reason').fill('Paid in the monthly payout');
  await setup.getByTestId('action-submit').click();
  const progress = page.getByTestId('bulk-dialog');
  await progress.getByTestId('bulk-status').filter({ hasText: '2 of 2 done. 2 applied.' }).waitFor();
  await progress.getByTestId('bulk-close').click();
  await progress.waitFor({ state: 'hidden' });
  await page.waitForFunction(
    () =>
      (globalThis as any).document.querySelectorAll(
        '[data-testid="reward-row"] [data-testid="reward-status"]',
      ).length === 2 &&
      Array.from(
        (globalThis as any).document.querySelectorAll(
          '[data-testid="reward-row"] [data-testid="reward-status"]',
        ),
      ).every((b: any) => b.innerText === 'Redeemed'),
  );

  await page.getByText('Select all on this page').click();
  await page.getByTestId('reward-bulk-void_reward').click();
  await setup.getByTestId('action-reason').fill('Clawback');
  await setup.getByTestId('action-submit').click();
  await progress.getByTestId('bulk-status').filter({ hasText: '2 of 2 done. 2 refused.' }).waitFor();
  const rows = await progress.getByTestId('bulk-row').allInnerTexts();
  expect(rows).toHaveLength(2);
  for (const row of rows) expect(row).toContain('PAYOUT-77');
  await expectAccessible(page);
  await portalShot(page, 'account-rewards-bulk-refused');
  await progress.getByTestId('bulk-close').click();
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

test('a VIEWER sees the referral, its rewards and history, and the list, with no actions', async () => {
  const wp = await stack.signedInPage(await stack.addOperator('VIEWER'));
  const { page } = wp;
  await openReferral(page, paid.id);
  await page.getByTestId('action-history').waitFor();
  expect(await page.getByTestId('referral-actions').count()).toBe(0);
  expect(await page.locator('[data-testid^="act-"]').count()).toBe(0);
  expect(await page.locator('main button').count()).toBe(0);
  expect(await page.getByTestId('action-dialog').count()).toBe(0);
  await expectAccessible(page);

  await page.goto(stack.url(`/admin/referrals?q=${bulkName}`));
  await textsWhenCount(page, '[data-testid="referral-row"]', 4);
  expect(await page.getByTestId('referral-select').count()).toBe(0);
  expect(await page.getByTestId('select-all').count()).toBe(0);
  expect(await page.locator('[data-testid^="bulk-"]').count()).toBe(0);
  await expectAccessible(page);
  wp.expectClean();
});

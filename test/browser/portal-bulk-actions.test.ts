/**
 * Bulk actions in the admin portal, in headless Chromium over referrals made through the REST
 * API: the referral list cancels four referrals at once, one of them refused, with a progress bar and a
 * result per row, and adds a note to them on a phone; an account's two credits are marked fulfilled at
 * once and then refused a void, per row; a VIEWER sees no checkboxes or bulk actions. Axe with the
 * dialogs open; screenshots at 1280 and 390.
 */
import {
  expectAccessible,
  expectNoHorizontalScroll,
  ON_PHONE,
  portalShot,
  textsWhenCount,
  usePortalStack,
} from '../helpers/portal';
import { actionKit, focusedTestId } from '../helpers/portal-actions';
import { uid } from '../helpers/referrals';

const stack = usePortalStack();
const { gqlOk, friend, setUp } = actionKit(stack);
/** The friends' shared last name (the list's search finds them by it). */
const bulkName = `Bulk${Date.now().toString(36)}`;
const bulk: { accountId: string; id: string }[] = [];

beforeAll(async () => {
  const code = await setUp();
  for (let i = 0; i < 4; i += 1) bulk.push(await friend(code, false, bulkName));
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

  // On a phone: the bar and a bulk note's results fit the screen.
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

  phone.expectClean();
});

test('an account’s rewards: mark two credits fulfilled at once, then voiding them is refused per row', async () => {
  const ann = await stack.api.identify(uid('acct-a'), uid('user-a'), { firstName: 'Ann' });
  await friend(ann.body.shareCode, true);
  await friend(ann.body.shareCode, true);
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

test('a VIEWER sees the list and an account’s rewards with no checkboxes or bulk actions', async () => {
  const wp = await stack.signedInPage(await stack.addOperator('VIEWER'));
  const { page } = wp;
  await page.goto(stack.url(`/admin/referrals?q=${bulkName}`));
  await textsWhenCount(page, '[data-testid="referral-row"]', 4);
  expect(await page.getByTestId('referral-select').count()).toBe(0);
  expect(await page.getByTestId('select-all').count()).toBe(0);
  expect(await page.locator('[data-testid^="bulk-"]').count()).toBe(0);
  await expectAccessible(page);
  await page.goto(stack.url(`/admin/accounts/${bulk[1]!.accountId}`));
  await textsWhenCount(page, '[data-testid="reward-row"]', 1);
  expect(await page.getByTestId('reward-select').count()).toBe(0);
  expect(await page.locator('[data-testid^="reward-bulk-"]').count()).toBe(0);
  wp.expectClean();
});

/**
 * The admin portal's Review page in headless Chromium, over referrals the fraud policy held
 * through the real API (SAME_NAME: REVIEW): the queue lists them with the signal's evidence and their
 * rewards awaiting review; one is approved with a reason, two are denied at once (select all), a reason
 * is required, and the queue ends in its empty state; a decision made elsewhere meanwhile is named in
 * the outcome; pages of 10; the referral's page shows the decision; a VIEWER sees the queue without
 * controls; the Program page saves Review for a signal with the hold and expiry days and shows the
 * server's error at the field; a held reward shows "Pending until …"; the error state; accessibility
 * and screenshots at 1280 and 390.
 */
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  expectOutageThenRetry,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  portalShot,
  settled,
  textsWhenCount,
  usePortalStack,
} from '../helpers/portal';
import { uid } from '../helpers/referrals';

const stack = usePortalStack();
/** The referrer's last name, shared by its friends (SAME_NAME). */
const lastName = `Held${Date.now().toString(36)}`;
let referrerCode = '';
/** The three friends' accounts, oldest first, and their referrals' ids. */
const friends: string[] = [];
const referralIds: Record<string, string> = {};

const gqlOk = (query: string, variables: Record<string, unknown> = {}) => stack.api.gqlOk(query, variables);

/** A friend with the referrer's name, referred by its code (held for review); answers its account id. */
async function heldFriend(pay = false): Promise<string> {
  const accountId = uid('acct-f');
  const res = await stack.api.identify(accountId, uid('user-f'), {
    firstName: 'Sam',
    lastName,
    referredByCode: referrerCode,
  });
  expect(res.status).toBe(200);
  expect(res.body.referredBy).toMatchObject({ code: referrerCode });
  if (pay)
    expect((await stack.api.sync({ id: accountId, subscription: { status: 'PAID' } })).status).toBe(200);
  const data = await gqlOk(
    `query A($id: String!) { account(id: $id) { referredBy { id review { status } } } }`,
    { id: accountId },
  );
  expect(data.account.referredBy.review).toEqual({ status: 'PENDING' });
  referralIds[accountId] = data.account.referredBy.id;
  return accountId;
}

beforeAll(async () => {
  await gqlOk(`mutation { updateProgram(input: {
    fraudPolicy: [{ signal: SAME_NAME, action: REVIEW }],
    referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, referredDiscountPercent: 10 }) {
    name } }`);
  const referrer = await stack.api.identify(uid('acct-r'), uid('user-r'), { firstName: 'Sam', lastName });
  referrerCode = referrer.body.shareCode;
  friends.push(await heldFriend(true), await heldFriend(), await heldFriend());
});

/** The referred account of each row shown. */
const REFERRED = '[data-testid="review-row"] th a.mono';
const notice = (page: Page) => page.getByTestId('review-notice');

async function openReview(page: Page): Promise<void> {
  expect(await openFromNav(page, 'Review', stack.url('/admin/review'))).toBe('Review');
}

/** Opens the decision's dialog, fills the reason, confirms and answers the notice's text. */
async function decide(page: Page, button: 'review-approve' | 'review-deny', reason: string) {
  await page.getByTestId(button).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByTestId('confirm-ok').click();
  await notice(page).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  return notice(page).innerText();
}

test('the queue lists the held referrals, newest first, with the signal’s evidence and rewards on hold', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReview(page);
  expect(await textsWhenCount(page, REFERRED, 3)).toEqual([...friends].reverse());
  await expect(page.title()).resolves.toBe(`Review · ${stack.tenant.alias} · Referral admin`);

  const paid = page.getByTestId('review-row').filter({ hasText: friends[0]! });
  const signals = await paid.getByTestId('review-signals').innerText();
  expect(signals).toContain('Same name');
  expect(signals).toContain(lastName);
  const rewards = await paid.getByTestId('review-rewards').innerText();
  expect(rewards).toContain('$5.00 credit');
  expect(rewards).toContain('10% discount');
  expect(await paid.getByTestId('reward-status').allInnerTexts()).toEqual([
    'Awaiting review',
    'Awaiting review',
  ]);
  expect(await paid.getByTestId('review-code').innerText()).toBe(referrerCode);
  // Nothing selected yet: nothing to decide on.
  expect(await page.getByTestId('review-approve').isDisabled()).toBe(true);
  await expectAccessible(page);
  await portalShot(page, 'review-queue');

  // Keyboard: Tab from "Select all on this page" reaches the first row's checkbox (past the disabled
  // buttons and the table's scroll region), and Space ticks it.
  await page.getByTestId('select-all').focus();
  const focusedTestId = () =>
    page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-testid'));
  for (let i = 0; i < 3 && (await focusedTestId()) !== 'review-select'; i += 1)
    await page.keyboard.press('Tab');
  expect(await focusedTestId()).toBe('review-select');
  await page.keyboard.press('Space');
  expect(await page.getByTestId('review-selected').innerText()).toBe('1 referral selected');
  expect(await page.getByTestId('review-select').first().isChecked()).toBe(true);

  // The referral list flags them too.
  await page.goto(stack.url('/admin/referrals'));
  await page.getByTestId('referral-row').first().waitFor();
  expect(await page.getByTestId('review-flag').count()).toBe(3);
  wp.expectClean();

  const phone = await stack.signedInPage(stack.owner, ON_PHONE);
  await phone.page.goto(stack.url('/admin/review'));
  await textsWhenCount(phone.page, REFERRED, 3);
  await expectPhoneView(phone.page, 'review-phone');
});

test('a VIEWER sees the queue without the controls to decide', async () => {
  const wp = await stack.signedInPage(await stack.addOperator('VIEWER'));
  const { page } = wp;
  await openReview(page);
  await textsWhenCount(page, REFERRED, 3);
  await page.getByTestId('read-only-notice').waitFor();
  expect(await page.getByTestId('review-select').count()).toBe(0);
  expect(await page.getByTestId('select-all').count()).toBe(0);
  expect(await page.getByTestId('review-approve').count()).toBe(0);
  expect(await page.getByTestId('review-deny').count()).toBe(0);
  await expectAccessible(page);
  wp.expectClean();
});

test('approve one with a reason, deny two at once; the queue ends empty and the referral shows the decision', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReview(page);
  await textsWhenCount(page, REFERRED, 3);
  await page.getByLabel(`Select the referral of ${friends[0]}`).check();
  expect(await page.getByTestId('review-selected').innerText()).toBe('1 referral selected');

  // A reason is required: confirming without one keeps the dialog open with the message at the field.
  await page.getByTestId('review-approve').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  expect(await dialog.getByRole('heading').innerText()).toBe('Approve 1 referral?');
  await dialog.getByTestId('confirm-ok').click();
  expect(await dialog.getByTestId('error-review-reason').innerText()).toBe(
    'Enter a reason: it is kept with the decision',
  );
  expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.isVisible()).toBe(true);
  await dialog.getByLabel('Reason').fill('Siblings, checked by phone');
  await expectAccessible(page);
  await portalShot(page, 'review-confirm');
  await dialog.getByTestId('confirm-cancel').click();
  await dialog.waitFor({ state: 'hidden' });

  expect(await decide(page, 'review-approve', 'Siblings, checked by phone')).toBe('1 approved.');
  expect(await textsWhenCount(page, REFERRED, 2)).toEqual([friends[2], friends[1]]);

  await page.getByText('Select all on this page').click();
  expect(await page.getByTestId('review-selected').innerText()).toBe('2 referrals selected');
  expect(await decide(page, 'review-deny', 'The same person twice')).toBe('2 denied.');
  const empty = page.getByTestId('empty-state');
  await empty.waitFor();
  expect(await empty.innerText()).toContain('Nothing to review');
  expect(await empty.getByRole('link', { name: 'Fraud protection settings' }).getAttribute('href')).toBe(
    '/admin/program#program-fraud',
  );
  await expectAccessible(page);
  await portalShot(page, 'review-empty');
  // Its link opens the Program page at the fraud protection settings.
  await empty.getByRole('link', { name: 'Fraud protection settings' }).click();
  await page.waitForURL(stack.url('/admin/program#program-fraud'));
  await page.getByTestId('fraud-policy').waitFor();
  await page.waitForFunction(() => {
    const w = globalThis as any;
    const card = w.document.getElementById('program-fraud').closest('section');
    const top = card.getBoundingClientRect().top as number;
    return top > -2 && top < w.innerHeight / 2;
  });

  // The decisions are the server's.
  const approved = await gqlOk(
    `query R($id: ID!) { referral(id: $id) { referral { review { status reason reviewedBy } } } }`,
    {
      id: referralIds[friends[0]!],
    },
  );
  expect(approved.referral.referral.review).toEqual({
    status: 'APPROVED',
    reason: 'Siblings, checked by phone',
    reviewedBy: stack.owner.email,
  });

  // The referral's page shows the decision, who made it and why, and the rewards now available.
  await page.goto(stack.url(`/admin/referrals/${referralIds[friends[0]!]}`));
  const review = page.getByTestId('referral-review');
  await review.waitFor();
  expect(await review.getByTestId('review-status').innerText()).toBe('Approved');
  expect(await review.getByTestId('review-reason').innerText()).toBe('Siblings, checked by phone');
  expect(await review.getByTestId('review-by').innerText()).toContain(stack.owner.email);
  await page.getByTestId('reward-status').first().waitFor();
  expect(await page.getByTestId('referral-rewards').getByTestId('reward-status').allInnerTexts()).toEqual([
    'Available',
    'Available',
  ]);
  expect(await page.getByTestId('timeline').innerText()).toContain('Approved by');
  await expectAccessible(page);
  await portalShot(page, 'review-referral-approved');

  await page.goto(stack.url(`/admin/referrals/${referralIds[friends[1]!]}`));
  await page.getByTestId('referral-review').waitFor();
  expect(await page.getByTestId('referral-review').getByTestId('review-status').innerText()).toBe('Denied');
  expect(await page.getByTestId('referral-rewards').getByTestId('reward-status').allInnerTexts()).toEqual([
    'Cancelled',
  ]);
  wp.expectClean();
});

test('a referral decided elsewhere meanwhile is named in the outcome', async () => {
  const late = [await heldFriend(), await heldFriend()];
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openReview(page);
  await textsWhenCount(page, REFERRED, 2);
  await gqlOk(
    `mutation D($ids: [ID!]!) { reviewReferrals(ids: $ids, decision: DENY, reason: "Seen by support") { outcome } }`,
    { ids: [referralIds[late[0]!]] },
  );
  await page.getByText('Select all on this page').click();
  expect(await decide(page, 'review-approve', 'Known customers')).toBe(
    '1 approved; 1 was already decided by someone else and kept that decision.',
  );
  await page.getByTestId('empty-state').waitFor();
  wp.expectClean();
});

test('Program: Review for a signal, a hold and an expiry are saved and shown; the server’s error shows at the field', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await openFromNav(page, 'Program', stack.url('/admin/program'));
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Program name').waitFor();
  const policy = page.getByTestId('fraud-policy');
  expect(await policy.getByLabel('Same name', { exact: true }).inputValue()).toBe('REVIEW');
  expect(await field('Hold the referrer’s reward (days)').inputValue()).toBe('0');
  expect(await field('Credit expires after (days)').inputValue()).toBe('');

  await policy.getByLabel('Same e-mail', { exact: true }).selectOption('REVIEW');
  await field('Hold the referrer’s reward (days)').fill('14');
  await field('Credit expires after (days)').fill('90');
  await page.getByTestId('program-save').click();
  await page.getByTestId('program-notice').filter({ hasText: 'Saved. 3 settings changed.' }).waitFor();
  const saved = await gqlOk('{ program { fraudPolicy { signal action } rewardHoldDays creditExpiryDays } }');
  expect(saved.program).toEqual({
    fraudPolicy: [
      { signal: 'SAME_EMAIL', action: 'REVIEW' },
      { signal: 'SAME_NAME', action: 'REVIEW' },
    ],
    rewardHoldDays: 14,
    creditExpiryDays: 90,
  });

  await page.reload();
  await field('Program name').waitFor();
  expect(await policy.getByLabel('Same e-mail', { exact: true }).inputValue()).toBe('REVIEW');
  expect(await policy.getByLabel('Disposable e-mail', { exact: true }).inputValue()).toBe('ALLOW');
  expect(await field('Hold the referrer’s reward (days)').inputValue()).toBe('14');
  expect(await field('Credit expires after (days)').inputValue()).toBe('90');
  await page.locator('#program-fraud').scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await portalShot(page, 'program-fraud-review');

  // Credit that expires after 0 days is refused by the server, at the field; nothing changes.
  await field('Credit expires after (days)').fill('0');
  await page.getByTestId('program-save').click();
  const error = page.getByTestId('error-creditExpiryDays');
  await error.waitFor();
  expect(await error.innerText()).toMatch(/1/);
  expect(await field('Credit expires after (days)').getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByTestId('program-errors').innerText()).toContain('Credit expires after (days)');
  expect((await gqlOk('{ program { creditExpiryDays } }')).program.creditExpiryDays).toBe(90);
  // Empty is "never".
  await field('Credit expires after (days)').fill('');
  await page.getByTestId('program-save').click();
  await page.getByTestId('program-notice').filter({ hasText: 'Saved. 1 setting changed.' }).waitFor();
  expect((await gqlOk('{ program { creditExpiryDays } }')).program.creditExpiryDays).toBeNull();
  await settled(page);
  wp.expectClean();
});

test('with a hold, the referrer’s reward shows as Pending until the hold ends', async () => {
  // The program now holds rewards 14 days (the test above).
  const referrer = await stack.api.identify(uid('acct-r'), uid('user-r'), { firstName: 'Hal' });
  const friend = uid('acct-f');
  await stack.api.identify(friend, uid('user-f'), {
    firstName: 'Ivy',
    referredByCode: referrer.body.shareCode,
  });
  expect((await stack.api.sync({ id: friend, subscription: { status: 'PAID' } })).status).toBe(200);
  const data = await gqlOk(
    `query A($id: String!) { account(id: $id) { referredBy { id referrerReward { status holdUntil } } } }`,
    { id: friend },
  );
  const { id, referrerReward } = data.account.referredBy;
  expect(referrerReward.status).toBe('PENDING');
  expect(referrerReward.holdUntil).toBeGreaterThan(Date.now() + 13 * 86_400_000);

  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url(`/admin/referrals/${id}`));
  const rewards = page.getByTestId('referral-rewards');
  await rewards.waitFor();
  expect(await rewards.getByTestId('reward-status').first().innerText()).toBe('Pending');
  const until = await rewards.getByTestId('reward-when').innerText();
  expect(until).toMatch(/^until /);
  // The same instant as the API's, in the page's own format.
  const shown = await page.evaluate(
    (ms) =>
      new Intl.DateTimeFormat((globalThis as any).navigator.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(ms)),
    referrerReward.holdUntil as number,
  );
  expect(until).toBe(`until ${shown}`);
  // No review was asked for: no review card, no flag.
  expect(await page.getByTestId('referral-review').count()).toBe(0);
  wp.expectClean();
});

test('pages of 10: Next shows the rest; a decision on page 2 goes back to page 1', async () => {
  const many: string[] = [];
  for (let i = 0; i < 11; i += 1) many.push(await heldFriend());
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/review?size=10'));
  expect(await textsWhenCount(page, REFERRED, 10)).toEqual(many.slice(1).reverse());
  await page.getByText('Select all on this page').click();
  await page.getByTestId('pager-next').click();
  expect(await textsWhenCount(page, REFERRED, 1)).toEqual([many[0]]);
  // The selection was the other page's: nothing is selected here.
  expect(await page.getByTestId('review-selected').innerText()).toBe('Select referrals to decide on them.');
  await page.getByText('Select all on this page').click();
  expect(await decide(page, 'review-deny', 'Bulk sign-ups')).toBe('1 denied.');
  expect(await textsWhenCount(page, REFERRED, 10)).toEqual(many.slice(1).reverse());
  expect(await page.getByTestId('pager-next').isDisabled()).toBe(true);
  await page.getByText('Select all on this page').click();
  expect(await decide(page, 'review-deny', 'Bulk sign-ups')).toBe('10 denied.');
  await page.getByTestId('empty-state').waitFor();
  wp.expectClean();
});

test('a failed load shows the error state, and "Try again" loads the queue', async () => {
  await expectOutageThenRetry(stack, '/admin/review', (page) => page.getByTestId('empty-state').waitFor());
});

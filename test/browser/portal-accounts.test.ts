/**
 * The portal's account list and account detail in headless Chromium, over accounts made through the
 * REST API: the list newest first with e-mail, users and referrals made; the search (e-mail in another
 * case, share code, user id) kept in the address; keyset pages of 10; the detail's users with share
 * codes and share links (copied to the clipboard), referred by, referrals made, rewards and recent
 * events; an account with nothing yet; another program's account as not found; a VIEWER; accessibility
 * and screenshots at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  expectPhoneView,
  ON_PHONE,
  openFromNav,
  otherProgram,
  portalShot,
  settled,
  settledTexts,
  textsWhenCount,
  usePortalStack,
} from '../helpers/portal';
import { uid } from '../helpers/referrals';

const stack = usePortalStack();
/** Ada's account has two users (Ada, Bob) and referred Fay's account, which paid. */
const ada = { accountId: '', userId: '', email: '', code: '', link: '' };
const bob = { userId: '', code: '', link: '' };
const fay = { accountId: '' };

/**
 * An account id that does not hold `code`: searching Bob's code must find Ada's account only, and an id
 * whose random part happens to hold it (e.g. "…-l72bob" for the code BOB) would match it too.
 */
function idWithout(prefix: string, code: string): string {
  for (;;) {
    const id = uid(prefix);
    if (!id.toLowerCase().includes(code.toLowerCase())) return id;
  }
}
/** Accounts synced with no users, oldest first. */
const bare: string[] = [];
let newestFirst: string[] = [];
let foreignAccountId = '';

beforeAll(async () => {
  const { api } = stack;
  ada.accountId = uid('acct-ada');
  ada.userId = uid('ada');
  ada.email = `Ada.${uid('m')}@Example.test`;
  const first = await api.identify(ada.accountId, ada.userId, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: ada.email,
  });
  expect(first.status).toBe(200);
  Object.assign(ada, { code: first.body.shareCode, link: first.body.shareLink });
  bob.userId = uid('bob');
  const second = await api.identify(ada.accountId, bob.userId, { firstName: 'Bob' });
  Object.assign(bob, { code: second.body.shareCode, link: second.body.shareLink });

  fay.accountId = idWithout('acct-fay', bob.code);
  const friend = await api.identify(fay.accountId, uid('fay'), {
    referredByCode: ada.code,
    accountStatus: 'PAID',
  });
  expect(friend.status).toBe(200);

  const at = (minutes: number) => Date.now() - 3_600_000 + minutes * 60_000;
  const events = await api.call('POST', `/open/account/${ada.accountId}/user/${ada.userId}/events`, {
    accountId: ada.accountId,
    userId: ada.userId,
    events: [
      { key: 'signup', fields: {}, dateTriggered: at(0) },
      { key: 'purchase', fields: { plan: 'pro', amount: 49, note: '<b>not html</b>' }, dateTriggered: at(1) },
      { key: 'survey', fields: { answer: 'x'.repeat(300) }, dateTriggered: at(2) },
    ],
  });
  expect(events.status).toBe(200);

  for (let i = 0; i < 9; i += 1) {
    const id = idWithout('acct-bare', bob.code);
    expect((await api.sync({ id, subscription: { status: 'TRIAL' } })).status).toBe(200);
    bare.push(id);
  }
  newestFirst = [...[...bare].reverse(), fay.accountId, ada.accountId];

  foreignAccountId = uid('acct-foreign');
  await (await otherProgram(stack)).call('POST', '/accountsync', { id: foreignAccountId });
});

const ACCOUNT_LINKS = '[data-testid="account-link"]';
const accountsShown = (page: Page) => settledTexts(page, ACCOUNT_LINKS);

/** The list's rows once it shows `count` of them. */
const pageOf = (page: Page, count: number) => textsWhenCount(page, ACCOUNT_LINKS, count);

describe('the account list', () => {
  test('newest first with the first e-mail, users and referrals made', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    expect(await openFromNav(page, 'Accounts', stack.url('/admin/accounts'))).toBe('Accounts');
    expect(await accountsShown(page)).toEqual(newestFirst);
    const adaRow = await page.getByTestId('account-row').last().locator('td').allInnerTexts();
    expect(adaRow.slice(0, 3)).toEqual([ada.email, '2', '1']);
    const fayRow = await page.getByTestId('account-row').nth(9).locator('td').allInnerTexts();
    expect(fayRow.slice(0, 3)).toEqual(['—', '1', '0']);
    await expectAccessible(page);
    await portalShot(page, 'accounts');
    wp.expectClean();
  });

  test('text typed the moment the search box appears is kept while the page settles', async () => {
    const { page } = await stack.signedInPage();
    // Typed as soon as the box exists, before the page's first effects ran (they once reset the box).
    await page.goto(stack.url('/admin/accounts'), { waitUntil: 'commit' });
    await page.getByTestId('account-search').fill(ada.email);
    await settled(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await page.getByTestId('account-search').inputValue()).toBe(ada.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=/);
    expect(await accountsShown(page)).toEqual([ada.accountId]);
  });

  test('search by e-mail (any case), share code and user id, kept in the address', async () => {
    const { page } = await stack.signedInPage();
    await page.goto(stack.url('/admin/accounts'));
    await page.getByTestId('account-search').fill(ada.email.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=/);
    expect(await accountsShown(page)).toEqual([ada.accountId]);
    await page.reload();
    expect(await accountsShown(page)).toEqual([ada.accountId]);
    expect(await page.getByTestId('account-search').inputValue()).toBe(ada.email.toLowerCase());

    for (const term of [bob.code.toLowerCase(), bob.userId, fay.accountId]) {
      await page.getByTestId('account-search').fill(term);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === term);
      expect(await accountsShown(page)).toEqual([term === fay.accountId ? fay.accountId : ada.accountId]);
    }

    await page.getByTestId('account-search').fill('nobody@example.test');
    await page.keyboard.press('Enter');
    await settled(page);
    await expect(page.getByTestId('empty-state').innerText()).resolves.toContain(
      'No account matches “nobody@example.test”',
    );
    await expectAccessible(page);
    await portalShot(page, 'accounts-no-match');
    await page.getByTestId('clear-filters').click();
    await page.waitForURL(stack.url('/admin/accounts'));
    expect(await accountsShown(page)).toEqual(newestFirst);
  });

  test('pages of 10 with Next and Previous', async () => {
    const { page } = await stack.signedInPage();
    await page.goto(stack.url('/admin/accounts?size=10'));
    expect(await pageOf(page, 10)).toEqual(newestFirst.slice(0, 10));
    expect(await page.getByTestId('page-size').inputValue()).toBe('10');
    await page.getByTestId('pager-next').click();
    expect(await pageOf(page, newestFirst.length - 10)).toEqual(newestFirst.slice(10));
    expect(await page.getByTestId('pager-next').isDisabled()).toBe(true);
    await page.getByTestId('pager-prev').click();
    expect(await pageOf(page, 10)).toEqual(newestFirst.slice(0, 10));
    expect(await page.getByTestId('pager-prev').isDisabled()).toBe(true);
  });

  test('on a phone', async () => {
    const { page } = await stack.signedInPage(stack.owner, ON_PHONE);
    await page.goto(stack.url('/admin/accounts?size=10'));
    expect(await accountsShown(page)).toHaveLength(10);
    await expectPhoneView(page, 'accounts-phone');
  });
});

describe('an account', () => {
  test('users with share codes and links (copied), referrals made, rewards and recent events', async () => {
    const wp = await stack.signedInPage(stack.owner, { clipboardOrigins: [stack.gateway.url] });
    const { page } = wp;
    await page.goto(stack.url(`/admin/accounts?q=${encodeURIComponent(ada.accountId)}`));
    await settled(page);
    await page.getByTestId('account-link').click();
    await page.waitForURL(stack.url(`/admin/accounts/${ada.accountId}`));
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      `Account ${ada.accountId}`,
    );

    const expectedLink = (code: string) => `${stack.config.publicUrl}/r/${stack.tenant.alias}/${code}`;
    expect(ada.link).toBe(expectedLink(ada.code));
    const users = page.getByTestId('user-row');
    expect(await users.count()).toBe(2);
    expect(await page.getByTestId('user-name').allInnerTexts()).toEqual(['Ada Lovelace', 'Bob']);
    expect(await users.nth(0).innerText()).toContain(ada.userId);
    expect(await page.getByTestId('user-email').allInnerTexts()).toEqual([ada.email, '—']);
    expect(await page.getByTestId('share-code').allInnerTexts()).toEqual([ada.code, bob.code]);
    const links = page.getByTestId('share-link');
    expect(await links.allInnerTexts()).toEqual([ada.link, bob.link]);
    expect(await links.nth(1).getAttribute('href')).toBe(expectedLink(bob.code));

    await page.getByTestId('copy-share-link').nth(1).click();
    // The button says so (for two seconds) once the clipboard has the link.
    await page.waitForFunction(
      () =>
        (globalThis as any).document.querySelectorAll('[data-testid="copy-share-link"]')[1]?.textContent ===
        'Copied',
    );
    const copied = await page.evaluate(() => (globalThis as any).navigator.clipboard.readText());
    expect(copied).toBe(bob.link);

    await expect(page.getByTestId('referred-by').innerText()).resolves.toContain('Not referred');
    const referrals = await page.locator('[data-testid="referral-row"] td').allInnerTexts();
    expect(referrals).toContain(fay.accountId);
    expect(referrals).toContain(ada.code);
    expect(await page.getByTestId('referral-status').innerText()).toBe('Converted');
    const rewards = await page.getByTestId('account-rewards').innerText();
    expect(rewards).toContain('For referring a friend');

    const events = page.getByTestId('event-row');
    expect(await events.locator('th').allInnerTexts()).toEqual(['survey', 'purchase', 'signup']);
    const purchase = await events.nth(1).innerText();
    expect(purchase).toContain('"note":"<b>not html</b>"'); // shown as text
    expect(await page.locator('main b').count()).toBe(0);
    expect(await events.nth(2).innerText()).toContain('No fields');
    // A long one is cut, the whole behind a disclosure.
    await events.nth(0).locator('summary').click();
    expect(await events.nth(0).locator('pre').innerText()).toContain('x'.repeat(300));

    await expectAccessible(page);
    await portalShot(page, 'account-detail');
    wp.expectClean();
  });

  test('a referred account links to its referrer and its referral', async () => {
    const { page } = await stack.signedInPage();
    await page.goto(stack.url(`/admin/accounts/${fay.accountId}`));
    await settled(page);
    const referredBy = page.getByTestId('referred-by');
    const text = await referredBy.innerText();
    expect(text).toContain(ada.userId);
    expect(text).toContain(ada.code);
    expect(text).toContain('Converted');
    expect(await page.getByTestId('account-rewards').innerText()).toContain('For being referred');
    await expectAccessible(page);
    await portalShot(page, 'account-detail-referred');
    await referredBy.getByRole('link', { name: 'View referral' }).click();
    await page.waitForURL(/\/admin\/referrals\/[0-9a-f-]{36}$/);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      `Referral of ${fay.accountId}`,
    );
    await page.goto(stack.url(`/admin/accounts/${fay.accountId}`));
    await settled(page);
    await page.getByTestId('referred-by').getByRole('link', { name: ada.accountId }).click();
    await page.waitForURL(stack.url(`/admin/accounts/${ada.accountId}`));
    await settled(page);
    expect(await page.getByTestId('user-row').count()).toBe(2);
  });

  test('an account with nothing yet: empty states', async () => {
    const { page } = await stack.signedInPage();
    await page.goto(stack.url(`/admin/accounts/${bare[0]}`));
    await settled(page);
    const empty = await page.getByTestId('empty-state').allInnerTexts();
    expect(empty.map((t) => t.split('\n')[0])).toEqual([
      'No users yet',
      'No referrals made yet',
      'No rewards yet',
      'No events yet',
    ]);
    await expectAccessible(page);
  });

  test('on a phone', async () => {
    const { page } = await stack.signedInPage(stack.owner, ON_PHONE);
    await page.goto(stack.url(`/admin/accounts/${ada.accountId}`));
    await settled(page);
    await page.getByTestId('share-link').first().waitFor();
    await expectPhoneView(page, 'account-detail-phone');
  });

  test("another program's account and an unknown id are not found", async () => {
    const { page } = await stack.signedInPage();
    for (const id of [foreignAccountId, 'no-such-account', 'x'.repeat(300)]) {
      await page.goto(stack.url(`/admin/accounts/${id}`));
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Account not found');
      await expect(page.getByTestId('empty-state').innerText()).resolves.toContain(
        'There is no account with this id in this program',
      );
    }
    await expectAccessible(page);
    await portalShot(page, 'account-not-found');
  });
});

test('a VIEWER reads the accounts; the only buttons copy links', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const { page } = await stack.signedInPage(viewer);
  await page.goto(stack.url('/admin/accounts'));
  expect(await accountsShown(page)).toEqual(newestFirst);
  await page.goto(stack.url(`/admin/accounts/${ada.accountId}`));
  await settled(page);
  const buttons = await page.locator('main button').allInnerTexts();
  expect(buttons).toEqual(['Copy link', 'Copy link']);
});

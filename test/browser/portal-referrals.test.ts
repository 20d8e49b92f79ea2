/**
 * The portal's referral list and detail in headless Chromium, over referrals made through the REST API:
 * the list newest first, the status filter and the search (e-mail in another case, code) kept in the
 * address across a reload, the date filters, keyset pages of 10 with Previous, the detail's fields,
 * timeline and Temporal UI link, another program's referral as not found, the designed loading and
 * error states, a VIEWER; accessibility and screenshots at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { referralWorkflowId } from '../../shared/ids';
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

type Json = Record<string, any>;

const stack = usePortalStack();
/** Rita referred two friends (one converted, one on trial with an e-mail); Paul eleven more. */
const rita = { accountId: '', userId: '', code: '' };
const paul = { accountId: '', userId: '', code: '' };
const converted = { accountId: '', id: '' };
const trial = { accountId: '', email: '' };
/** Every referral's referred account, newest first. */
let newestFirst: string[] = [];
/** A referral of another program. */
let foreignReferralId = '';

/** A UTC day `days` after `day` (YYYY-MM-DD). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function friendOf(code: string, accountStatus: 'PAID' | 'TRIAL', extra: Json = {}): Promise<string> {
  const accountId = uid('acct-f');
  const res = await stack.api.identify(accountId, uid('user-f'), {
    referredByCode: code,
    accountStatus,
    ...extra,
  });
  expect(res.status).toBe(200);
  return accountId;
}

async function referralIdOf(referredAccountId: string): Promise<string> {
  const res = await stack.api.gql(
    `query($s: String) { referrals(filter: { search: $s }) { items { id referredAccountId } } }`,
    { s: referredAccountId },
  );
  const items = res.data.referrals.items as Json[];
  expect(items.map((r) => r.referredAccountId)).toEqual([referredAccountId]);
  return items[0]!.id as string;
}

beforeAll(async () => {
  const email = `Rita.${uid('m')}@Example.test`;
  const r = await stack.api.identify(uid('acct-r'), uid('user-r'), {
    firstName: 'Rita',
    lastName: 'Referrer',
    email,
  });
  Object.assign(rita, { accountId: r.body.accountId, userId: r.body.id, code: r.body.shareCode });
  const p = await stack.api.identify(uid('acct-p'), uid('user-p'), { firstName: 'Paul' });
  Object.assign(paul, { accountId: p.body.accountId, userId: p.body.id, code: p.body.shareCode });

  converted.accountId = await friendOf(rita.code, 'PAID');
  converted.id = await referralIdOf(converted.accountId);
  trial.email = `Trial.${uid('m')}@Example.test`;
  trial.accountId = await friendOf(rita.code, 'TRIAL', { email: trial.email });
  const pauls: string[] = [];
  for (let i = 0; i < 11; i += 1) pauls.push(await friendOf(paul.code, 'TRIAL'));
  newestFirst = [...pauls.reverse(), trial.accountId, converted.accountId];

  // Another program with a referral of its own.
  const other = await otherProgram(stack);
  const ref = await other.call('PUT', '/open/account/o-ref/user/o-user', {});
  await other.call('PUT', '/open/account/o-friend/user/o-friend-user', { referredByCode: ref.shareCode });
  const found = await other.call('POST', '/graphql', { query: '{ referrals { items { id } } }' });
  foreignReferralId = found.data.referrals.items[0].id;
});

/** The referred account of each row shown (third from the end: an Owner's rows start with a checkbox). */
const REFERRED = '[data-testid="referral-row"] td:nth-last-child(3)';
const referredShown = (page: Page) => settledTexts(page, REFERRED);

/** The list's rows once it shows `count` of them. */
const pageOf = (page: Page, count: number) => textsWhenCount(page, REFERRED, count);

describe('the referral list', () => {
  test('all referrals newest first with status, code, referrer and referred account', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    expect(await openFromNav(page, 'Referrals', stack.url('/admin/referrals'))).toBe('Referrals');
    expect(await referredShown(page)).toEqual(newestFirst);

    const last = page.getByTestId('referral-row').last();
    expect(await last.getByTestId('referral-status').innerText()).toBe('Converted');
    const cells = await last.locator('td:not(.select-cell)').allInnerTexts();
    expect(cells[1]).toBe(rita.code);
    expect(cells[2]).toContain(rita.accountId);
    expect(cells[2]).toContain(`user ${rita.userId}`);
    expect(cells[4]).not.toBe('—'); // converted: a date
    expect(await page.getByTestId('referral-row').first().getByTestId('referral-status').innerText()).toBe(
      'In progress',
    );
    // One page holds them all.
    expect(await page.getByTestId('pager-next').isDisabled()).toBe(true);
    expect(await page.getByTestId('pager-prev').isDisabled()).toBe(true);
    await expectAccessible(page);
    await portalShot(page, 'referrals');
    wp.expectClean();
  });

  test('the status filter and the search are in the address and survive a reload', async () => {
    const { page } = await stack.signedInPage();
    await page.goto(stack.url('/admin/referrals'));
    await page.getByTestId('filter-status').selectOption('CONVERTED');
    await page.waitForURL(stack.url('/admin/referrals?status=CONVERTED'));
    expect(await referredShown(page)).toEqual([converted.accountId]);
    await page.reload();
    expect(await referredShown(page)).toEqual([converted.accountId]);
    expect(await page.getByTestId('filter-status').inputValue()).toBe('CONVERTED');

    // Search by e-mail in another case, with the status still set: nothing (the trial is in progress).
    await page.getByTestId('referral-search').fill(trial.email.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await referredShown(page)).toEqual([]);
    await expect(page.getByTestId('empty-state').innerText()).resolves.toContain('No referrals match');
    await expectAccessible(page);
    await portalShot(page, 'referrals-no-match');

    await page.getByTestId('filter-status').selectOption('');
    expect(await referredShown(page)).toEqual([trial.accountId]);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: trial.email.toUpperCase() });

    // A shared link opens with the search in the box.
    const other = await stack.signedInPage();
    await other.page.goto(page.url());
    expect(await referredShown(other.page)).toEqual([trial.accountId]);
    expect(await other.page.getByTestId('referral-search').inputValue()).toBe(trial.email.toUpperCase());

    // The code used, in the search box and in the code filter (any case).
    await page.getByTestId('referral-search').fill(paul.code);
    await page.keyboard.press('Enter');
    expect(await referredShown(page)).toEqual(newestFirst.slice(0, 11));
    await page.getByTestId('clear-filters').click();
    expect(await referredShown(page)).toEqual(newestFirst);
    expect(await page.getByTestId('referral-search').inputValue()).toBe('');
    await page.getByTestId('filter-code').fill(rita.code.toLowerCase());
    await page.getByTestId('filter-code').press('Enter');
    await page.waitForURL(/code=/);
    expect(await referredShown(page)).toEqual([trial.accountId, converted.accountId]);
    // Account ids (referrer and referred) and user ids.
    await page.goto(stack.url(`/admin/referrals?q=${encodeURIComponent(rita.accountId)}`));
    expect(await referredShown(page)).toEqual([trial.accountId, converted.accountId]);
    await page.goto(stack.url(`/admin/referrals?q=${encodeURIComponent(converted.accountId)}`));
    expect(await referredShown(page)).toEqual([converted.accountId]);
    await page.goto(stack.url(`/admin/referrals?q=${encodeURIComponent(rita.userId)}`));
    expect(await referredShown(page)).toEqual([trial.accountId, converted.accountId]);
  });

  test('the start-date filters: today has them all, tomorrow none, a reversed range says so', async () => {
    const { page } = await stack.signedInPage();
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(stack.url(`/admin/referrals?from=${today}&to=${today}`));
    expect(await referredShown(page)).toEqual(newestFirst);
    expect(await page.getByTestId('filter-from').inputValue()).toBe(today);
    await page.getByTestId('filter-from').fill(addDays(today, 1));
    await expect(page.getByTestId('filter-error').innerText()).resolves.toContain('is after the end date');
    await page.getByTestId('filter-to').fill(addDays(today, 5));
    expect(await referredShown(page)).toEqual([]);
    await expect(page.getByTestId('empty-state').isVisible()).resolves.toBe(true);
  });

  test('a page size chosen the moment the list appears is the one shown', async () => {
    const { page } = await stack.signedInPage();
    // A slow phone's CPU widens the gap between the first paint and the page's effects; the size is
    // chosen as soon as the select exists, inside that gap (the change was once lost there).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto(stack.url('/admin/referrals'), { waitUntil: 'commit' });
    await page.getByTestId('page-size').selectOption('10');
    await page.waitForURL(stack.url('/admin/referrals?size=10'));
    expect(await pageOf(page, 10)).toEqual(newestFirst.slice(0, 10));
    expect(await page.getByTestId('page-size').inputValue()).toBe('10');
  });

  test('pages of 10: Next and Previous walk the cursor stack, each referral once', async () => {
    const { page } = await stack.signedInPage();
    await page.goto(stack.url('/admin/referrals'));
    await page.getByTestId('page-size').selectOption('10');
    await page.waitForURL(stack.url('/admin/referrals?size=10'));
    const first = await pageOf(page, 10);
    expect(first).toEqual(newestFirst.slice(0, 10));
    expect(await page.getByTestId('pager-prev').isDisabled()).toBe(true);
    await page.getByTestId('pager-next').click();
    const second = await pageOf(page, newestFirst.length - 10);
    expect(second).toEqual(newestFirst.slice(10));
    expect(await page.locator('.pager-page').innerText()).toBe('Page 2');
    expect(await page.getByTestId('pager-next').isDisabled()).toBe(true);
    await page.getByTestId('pager-prev').click();
    expect(await pageOf(page, 10)).toEqual(first);
    expect(await page.locator('.pager-page').innerText()).toBe('Page 1');
    // A filter change starts again at page 1.
    await page.getByTestId('pager-next').click();
    await pageOf(page, newestFirst.length - 10);
    await page.getByTestId('filter-status').selectOption('IN_PROGRESS');
    expect(await pageOf(page, 10)).toEqual(newestFirst.slice(0, 10));
    expect(await page.locator('.pager-page').innerText()).toBe('Page 1');
  });

  test('on a phone: the filters stack, the table scrolls inside its card', async () => {
    const { page } = await stack.signedInPage(stack.owner, ON_PHONE);
    await page.goto(stack.url('/admin/referrals?size=10'));
    expect(await referredShown(page)).toHaveLength(10);
    await expectPhoneView(page, 'referrals-phone');
  });

  test('loading, then an error with Try again', async () => {
    const { page } = await stack.signedInPage();
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/admin/api/graphql', async (route) => {
      await held;
      if (fail) {
        fail = false;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 503,
            apiErrorCode: 'SERVICE_UNAVAILABLE',
            message: 'Down for a moment',
          }),
        });
      } else {
        await route.continue();
      }
    });
    await page.goto(stack.url('/admin/referrals'));
    await page.getByTestId('loading').waitFor();
    await portalShot(page, 'referrals-loading');
    release();
    const error = page.getByTestId('error-state');
    await error.waitFor();
    expect(await error.innerText()).toContain('Down for a moment');
    await expectAccessible(page);
    await portalShot(page, 'referrals-error');
    await error.getByRole('button', { name: 'Try again' }).click();
    expect(await referredShown(page)).toEqual(newestFirst);
  });
});

describe('a referral', () => {
  test('its fields, rewards, timeline and Temporal UI link', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    await page.goto(stack.url('/admin/referrals?status=CONVERTED'));
    await settled(page);
    await page.getByTestId('referral-link').click();
    await page.waitForURL(stack.url(`/admin/referrals/${converted.id}`));
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      `Referral of ${converted.accountId}`,
    );
    expect(await page.getByTestId('referral-status').innerText()).toBe('Converted');
    const fields = await page.getByTestId('referral-fields').innerText();
    expect(fields).toContain(rita.accountId);
    expect(fields).toContain(rita.userId);
    expect(fields).toContain('Referral code');
    expect(await page.getByTestId('referral-code').innerText()).toBe(rita.code);

    const kinds = await page.locator('[data-testid="timeline"] .timeline-kind').allInnerTexts();
    expect(kinds[0]).toBe('Referred');
    expect(kinds).toContain('Converted');
    expect(kinds).toContain('Reward given');
    const timeline = await page.getByTestId('timeline').innerText();
    expect(timeline).toContain(`Account ${converted.accountId} referred by user ${rita.userId}`);

    const link = page.getByTestId('temporal-link');
    const workflowId = referralWorkflowId(stack.tenant.alias, converted.accountId);
    const base = stack.config.temporalUiUrl.replace(/\/+$/, '');
    expect(await link.getAttribute('href')).toBe(
      `${base}/namespaces/${encodeURIComponent(stack.config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(workflowId)}`,
    );
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await link.getAttribute('rel'))!.split(' ')).toContain('noopener');
    expect(await link.innerText()).toContain('Open in Temporal UI');
    expect(await page.getByTestId('referral-rewards').innerText()).toMatch(/Available|Redeemed/);
    await expectAccessible(page);
    await portalShot(page, 'referral-detail');

    // The referrer's account is a link away.
    await page.getByTestId('referral-fields').getByRole('link', { name: rita.accountId }).click();
    await page.waitForURL(stack.url(`/admin/accounts/${rita.accountId}`));
    wp.expectClean();
  });

  test('on a phone', async () => {
    const { page } = await stack.signedInPage(stack.owner, ON_PHONE);
    await page.goto(stack.url(`/admin/referrals/${converted.id}`));
    await settled(page);
    await page.getByTestId('timeline').waitFor();
    await expectPhoneView(page, 'referral-detail-phone');
  });

  test("another program's referral, an unknown id and a malformed one are not found", async () => {
    const { page } = await stack.signedInPage();
    for (const id of [foreignReferralId, '00000000-0000-4000-8000-000000000000', 'not-a-referral%20id']) {
      await page.goto(stack.url(`/admin/referrals/${id}`));
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Referral not found');
      await expect(page.getByTestId('empty-state').innerText()).resolves.toContain(
        'There is no referral with this id in this program',
      );
      expect(await page.getByTestId('temporal-link').count()).toBe(0);
    }
    await expectAccessible(page);
    await portalShot(page, 'referral-not-found');
  });
});

test('a VIEWER reads the list and a referral, with nothing to change', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const { page } = await stack.signedInPage(viewer);
  await page.goto(stack.url('/admin/referrals'));
  expect(await referredShown(page)).toEqual(newestFirst);
  const buttons = await page.locator('main button').allInnerTexts();
  expect(buttons.map((b) => b.replace(/[←→]/g, '').trim())).toEqual(['Search', 'Previous', 'Next']);
  await page.goto(stack.url(`/admin/referrals/${converted.id}`));
  await settled(page);
  await page.getByTestId('timeline').waitFor();
  expect(await page.locator('main button').count()).toBe(0);
});

describe('fraud signals', () => {
  test('the list flags a suspicious referral; its page shows each signal with its evidence, as text', async () => {
    // A referrer whose name looks like markup, and a "friend" with the same name and mailbox.
    const name = { firstName: '<img src=x onerror="window.pwned=1">', lastName: 'Self' };
    const mailbox = `self.${uid('m')}@gmail.com`;
    const me = await stack.api.identify(uid('acct-s'), uid('user-s'), { ...name, email: mailbox });
    const friend = await friendOf(me.body.shareCode as string, 'TRIAL', {
      ...name,
      // One Gmail mailbox: dots and a +tag do not make another one.
      email: mailbox.replace('self.', 's.e.l.f.').replace('@gmail.com', '+again@gmail.com'),
    });
    const id = await referralIdOf(friend);

    const wp = await stack.signedInPage();
    const { page } = wp;
    await page.goto(stack.url('/admin/referrals'));
    await settled(page);
    const row = page.getByTestId('referral-row').filter({ hasText: friend });
    expect(await row.getByTestId('signals-flag').innerText()).toContain('2 signals');
    expect(await row.getByTestId('signals-flag').getAttribute('title')).toBe('Same e-mail, Same name');

    await page.goto(stack.url(`/admin/referrals/${id}`));
    await settled(page);
    const items = page.locator('[data-testid="fraud-signals"] li');
    await items.first().waitFor();
    expect(await items.locator('.badge').allInnerTexts()).toEqual(['Same e-mail', 'Same name']);
    const evidence = await page.getByTestId('fraud-signals').innerText();
    expect(evidence).toContain('share the mailbox');
    expect(evidence).toContain('<img src=x onerror="window.pwned=1"> Self');
    expect(await page.evaluate(() => (globalThis as any).pwned)).toBeUndefined();
    await expectAccessible(page);
    await portalShot(page, 'referral-signals');

    // An ordinary referral says nothing looked suspicious.
    await page.goto(stack.url(`/admin/referrals/${converted.id}`));
    await settled(page);
    expect(await page.getByTestId('no-signals').innerText()).toContain('Nothing looked suspicious');
    wp.expectClean();
  });
});

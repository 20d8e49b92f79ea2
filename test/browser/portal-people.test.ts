/**
 * "Find people", in headless Chromium: the portal's searches find people by part of a name in
 * any case and without accents ("priya" finds Priya Shah, "maya" Maya Lin, "maia" Maïa Dupont), and the
 * account, referral and review tables show names and e-mails next to ids; another program's Priya never
 * shows; accessibility, a phone view, and screenshots at 1280 and 390 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  expectAccessible,
  expectPhoneView,
  ON_PHONE,
  otherProgram,
  portalShot,
  settled,
  settledTexts,
  usePortalStack,
} from '../helpers/portal';
import { uid } from '../helpers/referrals';

const stack = usePortalStack();
const people: Record<string, { accountId: string; code: string }> = {};
const DOCS_SHOTS = path.join(__dirname, '..', '..', 'docs', 'screenshots');

beforeAll(async () => {
  const { api } = stack;
  const policy = await api.gql(
    'mutation { updateProgram(input: { fraudPolicy: [{ signal: SAME_NAME, action: REVIEW }] }) { fraudPolicy { signal } } }',
  );
  expect(policy.errors).toBeUndefined();
  const person = async (key: string, first: string, last: string, email: string, referredBy?: string) => {
    const res = await api.identify(uid(`acct-${key}`), uid('user'), {
      firstName: first,
      lastName: last,
      email,
      ...(referredBy && { referredByCode: people[referredBy]!.code }),
    });
    expect(res.status).toBe(200);
    people[key] = { accountId: res.body.accountId, code: res.body.shareCode };
  };
  await person('priya', 'Priya', 'Shah', 'priya.shah@example.test');
  await person('maia', 'Maïa', 'Dupont', 'maia.dupont@example.test', 'priya');
  await person('maya', 'Maya', 'Lin', 'maya.lin@example.test', 'priya');
  await person('zoe', 'Zoë', 'Quill', 'zoe.quill@example.test');
  await person('zoe2', 'Zoë', 'Quill', 'zq@example.test', 'zoe'); // the same name: held for review
  await (
    await otherProgram(stack)
  ).call('PUT', `/open/account/${uid('acct-x')}/user/priya-x`, {
    firstName: 'Priya',
    lastName: 'Elsewhere',
  });
});

async function search(page: import('playwright-core').Page, testId: string, text: string) {
  await page.getByTestId(testId).fill(text);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === text);
  await settled(page);
}

test('desktop: find people by part of a name, in any case, without accents; names next to ids', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url('/admin/accounts'));
  await search(page, 'account-search', 'priya');
  expect(await settledTexts(page, '[data-testid="account-link"]')).toEqual([people.priya!.accountId]);
  expect(await page.getByTestId('account-name').allInnerTexts()).toEqual(['Priya Shah']);
  await expectAccessible(page);
  await portalShot(page, 'people-accounts');

  await search(page, 'account-search', 'maya');
  expect(await settledTexts(page, '[data-testid="account-link"]')).toContain(people.maya!.accountId);
  await search(page, 'account-search', 'MAIA');
  expect(await settledTexts(page, '[data-testid="account-link"]')).toEqual([people.maia!.accountId]);
  expect(await page.getByTestId('account-name').allInnerTexts()).toEqual(['Maïa Dupont']);
  await search(page, 'account-search', 'nobody-at-all');
  await expect(page.getByTestId('empty-state').innerText()).resolves.toContain('part of a name');

  // Referrals: by the referrer's name, both people shown.
  await page.goto(stack.url('/admin/referrals?q=priya'));
  const rows = page.getByTestId('referral-row');
  await settled(page);
  expect(await rows.count()).toBe(2);
  expect(await page.getByTestId('referrer-person').allInnerTexts()).toEqual([
    'Priya Shah\npriya.shah@example.test',
    'Priya Shah\npriya.shah@example.test',
  ]);
  expect((await page.getByTestId('friend-person').allInnerTexts()).sort()).toEqual([
    'Maya Lin\nmaya.lin@example.test',
    'Maïa Dupont\nmaia.dupont@example.test',
  ]);
  await expectAccessible(page);
  const referralsShot = await portalShot(page, 'people-referrals');

  // Review: the queue's own search.
  await page.goto(stack.url('/admin/review'));
  await search(page, 'review-search', 'zoe');
  await page.getByTestId('friend-person').first().waitFor();
  expect(await page.getByTestId('friend-person').allInnerTexts()).toEqual(['Zoë Quill\nzq@example.test']);
  await search(page, 'review-search', 'priya');
  await expect(page.getByTestId('empty-state').innerText()).resolves.toContain(
    'No referral awaiting review matches',
  );
  await search(page, 'review-search', 'Zoë Q');
  // The empty state of the previous search gives way to the row.
  await page.getByTestId('referrer-person').first().waitFor();
  expect(await page.getByTestId('referrer-person').allInnerTexts()).toEqual([
    'Zoë Quill\nzoe.quill@example.test',
  ]);
  await expectAccessible(page);
  const reviewShot = await portalShot(page, 'people-review');
  fs.copyFileSync(referralsShot, path.join(DOCS_SHOTS, 'portal-people-referrals.png'));
  fs.copyFileSync(reviewShot, path.join(DOCS_SHOTS, 'portal-people-review.png'));
  wp.expectClean();
});

test('phone: the account search and the people fit the screen', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.goto(stack.url('/admin/accounts?q=priya'));
  expect(await settledTexts(page, '[data-testid="account-link"]')).toEqual([people.priya!.accountId]);
  await expectPhoneView(page, 'people-accounts-phone');
  fs.copyFileSync(
    await portalShot(page, 'people-accounts-phone'),
    path.join(DOCS_SHOTS, 'portal-people-accounts-phone.png'),
  );
  wp.expectClean();
});

/**
 * The admin portal's dashboard in headless Chromium, on data made through the API: referrals started
 * and converted over REST, credit rewards, share-link clicks by visiting /r/<alias>/<code>. The figures,
 * the chart, the funnel, the leaderboard, the date range (inputs, presets, an empty range), a VIEWER's
 * view; accessibility and screenshots on a desktop and a phone.
 */
import type { Page } from 'playwright-core';
import { configureProgram } from '../helpers/merchant-site';
import { expectAccessible, expectPhoneView, ON_PHONE, portalShot, usePortalStack } from '../helpers/portal';
import { identifyReferrer, uid } from '../helpers/referrals';

const stack = usePortalStack({ env: { CLICK_FLUSH_MS: '100' } });
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Referrers, their referred friends (some converted) and share-link visits, all today. */
const made = { clicks: 0, started: 0, converted: 0 };
let rita: { accountId: string; userId: string; code: string };
let sam: { accountId: string; userId: string; code: string };

async function refer(code: string, convert: boolean): Promise<void> {
  const accountId = uid('acct');
  const userId = uid('user');
  const res = await stack.api.identify(accountId, userId, { referredByCode: code, accountStatus: 'TRIAL' });
  expect(res.status).toBe(200);
  made.started += 1;
  if (convert) {
    const paid = await stack.api.identify(accountId, userId, { accountStatus: 'PAID' });
    expect(paid.body.referredBy).toEqual({ code, status: 'CONVERTED' });
    made.converted += 1;
  }
}

async function visit(code: string): Promise<void> {
  const res = await fetch(stack.url(`/r/${stack.tenant.alias}/${code}`), { redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
  await res.arrayBuffer();
  made.clicks += 1;
}

beforeAll(async () => {
  await configureProgram(stack.api, {
    name: 'Acme Coffee',
    referrerReward: { type: 'CREDIT', amountCents: 2500, unit: 'USD' },
  });
  rita = await identifyReferrer(stack.api, 'Rita', 'Referrer');
  sam = await identifyReferrer(stack.api, 'Sam', 'Sharer');
  await refer(rita.code, true);
  await refer(rita.code, true);
  await refer(rita.code, false);
  await refer(sam.code, false);
  for (const code of [rita.code, rita.code, sam.code]) await visit(code);
  // Clicks are counted in memory and written every CLICK_FLUSH_MS.
  await new Promise((resolve) => setTimeout(resolve, 600));
});

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** Rewards given today to each side, as the API (with the tenant's key) counts them. */
async function rewardsGivenToday(): Promise<{ rewardsToReferrers: number; rewardsToReferred: number }> {
  const answer = await stack.api.gql(
    `query D($range: DateRangeInput!) { dashboard(range: $range) { numbers { rewardsToReferrers rewardsToReferred } } }`,
    { range: { from: today, to: today } },
  );
  return answer.data.dashboard.numbers;
}

test('the dashboard shows the referrals, conversions, clicks and credit made through the API', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  // The default range: the last 30 days, UTC.
  expect(await page.getByTestId('date-from').inputValue()).toBe(daysAgo(29));
  expect(await page.getByTestId('date-to').inputValue()).toBe(today);
  await page.getByTestId('stat-started').waitFor();

  expect(made).toEqual({ clicks: 3, started: 4, converted: 2 });
  expect(await text(page, 'stat-clicks')).toBe('3');
  expect(await text(page, 'stat-started')).toBe('4');
  expect(await text(page, 'stat-converted')).toBe('2');
  expect(await text(page, 'stat-conversion-rate')).toBe('50%');
  // Two referrer rewards of $25 credit, none redeemed.
  expect(await text(page, 'stat-credit')).toBe('$50.00');
  // Referrers and friends counted apart: two referrer credits, a friend's discount per referral.
  const rewards = await rewardsGivenToday();
  expect(rewards).toEqual({ rewardsToReferrers: 2, rewardsToReferred: 4 });
  expect(await text(page, 'stat-rewards-referrers')).toBe('2');
  expect(await text(page, 'stat-rewards-referred')).toBe('4');
  // Money: no subscription value was sent (no revenue); the referrers' credit cost $50.
  const money = page.getByTestId('money').locator('tbody tr');
  expect((await money.first().locator('th, td').allInnerTexts()).map((t) => t.trim())).toEqual([
    'USD',
    '0',
    '$0.00',
    '$0.00',
    '$50.00',
    '$0.00',
    '$0.00',
    '0×',
  ]);

  // The chart: uPlot's canvas and legend, and the text alternative.
  const chart = page.getByTestId('daily-chart');
  expect(await chart.getAttribute('role')).toBe('img');
  expect(await chart.getAttribute('aria-label')).toContain('4 started and 2 converted');
  expect(await chart.locator('canvas').count()).toBe(1);
  // Without a cursor the legend shows the range's totals.
  expect(await chart.locator('.u-legend').innerText()).toMatch(
    /Day\s*\S.* – .*\s*Started:?\s*4\s*Converted:?\s*2/,
  );

  // The funnel: clicks and direct (API) attributions as separate bars; no share above 100 % (the four
  // referrals came through the API, so none is a share of the three clicks).
  const funnel = page.getByTestId('funnel');
  expect(await funnel.getByTestId('funnel-count').allInnerTexts()).toEqual(['3', '0', '4', '2']);
  expect(await funnel.getByTestId('funnel-share').allInnerTexts()).toEqual([
    '0% of clicks',
    '50% of referrals',
  ]);

  // The leaderboard: Rita (2 converted of 3) before Sam (0 of 1).
  const rows = page.getByTestId('leaderboard').locator('tbody tr');
  expect(await rows.count()).toBe(2);
  const cells = async (i: number) =>
    (await rows.nth(i).locator('th, td').allInnerTexts()).map((t) => t.trim());
  expect(await cells(0)).toEqual(['1', expect.stringContaining('Rita'), rita.accountId, rita.code, '3', '2']);
  expect(await cells(1)).toEqual(['2', expect.stringContaining('Sam'), sam.accountId, sam.code, '1', '0']);
  expect(await rows.nth(0).getByRole('link').getAttribute('href')).toBe(
    `/admin/accounts/${encodeURIComponent(rita.accountId)}`,
  );

  await expectAccessible(page);
  await portalShot(page, 'dashboard');
  wp.expectClean();
});

test('the date range: presets, typed dates, an empty range, a range the server refuses', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.getByTestId('stat-started').waitFor();

  await page.getByRole('button', { name: '7 days' }).click();
  await page.waitForURL(stack.url(`/admin/?from=${daysAgo(6)}&to=${today}`));
  expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('date-from').inputValue()).toBe(daysAgo(6));
  expect(await text(page, 'stat-started')).toBe('4');

  // A range before anything happened: zeros and the designed empty states.
  await page.getByTestId('date-from').fill(daysAgo(60));
  await page.getByTestId('date-to').fill(daysAgo(40));
  await page.waitForURL(stack.url(`/admin/?from=${daysAgo(60)}&to=${daysAgo(40)}`));
  await page.waitForFunction(
    () => (globalThis as any).document.querySelector('[data-testid="stat-started"]')?.innerText === '0',
  );
  expect(await text(page, 'stat-clicks')).toBe('0');
  expect(await text(page, 'stat-converted')).toBe('0');
  expect(await text(page, 'stat-conversion-rate')).toBe('0%');
  // Credit outstanding is the whole tenant's, now.
  expect(await text(page, 'stat-credit')).toBe('$50.00');
  expect(await page.getByTestId('daily-chart').count()).toBe(0);
  expect(await page.getByTestId('empty-state').allInnerTexts()).toEqual([
    expect.stringContaining('No referrals started or converted in this range'),
    expect.stringContaining('No revenue or reward cost in this range'),
    expect.stringContaining('No referrers in this range'),
  ]);
  await expectAccessible(page);
  await portalShot(page, 'dashboard-empty');

  // An impossible range is said at once, without asking the server.
  await page.goto(stack.url(`/admin/?from=${today}&to=${daysAgo(3)}`));
  await expect(text(page, 'range-error')).resolves.toBe('The start date is after the end date.');
  await page.goto(stack.url(`/admin/?from=${daysAgo(400)}&to=${today}`));
  await expect(text(page, 'range-error')).resolves.toBe('A range is at most 366 days.');

  // "12 months" is the longest preset, and the server takes it.
  await page.getByRole('button', { name: '12 months' }).click();
  await page.getByTestId('stat-started').waitFor();
  expect(await text(page, 'stat-started')).toBe('4');
});

test('a VIEWER sees the same dashboard', async () => {
  const viewer = await stack.addOperator('VIEWER');
  const wp = await stack.signedInPage(viewer);
  const { page } = wp;
  await page.getByTestId('stat-started').waitFor();
  expect(await text(page, 'stat-started')).toBe('4');
  expect(await text(page, 'stat-converted')).toBe('2');
  expect(await page.getByTestId('leaderboard').locator('tbody tr').count()).toBe(2);
});

test('the dashboard on a phone', async () => {
  const wp = await stack.signedInPage(stack.owner, ON_PHONE);
  const { page } = wp;
  await page.getByTestId('daily-chart').locator('canvas').waitFor();
  expect(await text(page, 'stat-converted')).toBe('2');
  // Nothing but the leaderboard's own scroller is wider than the screen.
  await expectPhoneView(page, 'dashboard-phone');
});

/**
 * "Simulate before publishing" in the portal's rule editor, in headless Chromium: a program with an
 * EVENT rule in force and recorded conversions and events; a drafted rule simulated over the default
 * period (the last 90 days) by keyboard, per month and per rule next to what was given, in the server's
 * numbers; a result marked stale once the draft changes; the empty state for a period with nothing
 * recorded; a bad period refused before anything is sent; the error state and "Try again"; then the
 * draft published. Accessibility and a screenshot.
 */
import type { Page } from 'playwright-core';
import { ONBOARDED } from '../helpers/program-rules';
import {
  expectAccessible,
  failGraphql,
  GRAPHQL_ROUTE,
  portalShot,
  settled,
  usePortalStack,
} from '../helpers/portal';
import { identifyReferrer, uid } from '../helpers/referrals';
import { until } from '../helpers/wait';

const stack = usePortalStack();
let programId: string;

const control = (page: Page, name: string) => page.locator(`[id="field-${name}"]`);
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const thisMonth = () =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());

beforeAll(async () => {
  const { api } = stack;
  // A program whose version 1 gives $15 when a friend onboards 3 seats (no fixed reward: it has rules).
  programId = (
    await api.gqlOk(`mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`, {
      input: { name: 'Seasonal', rules: [ONBOARDED] },
    })
  ).createProgram.id;
  const referrer = await identifyReferrer(api, 'Sima', 'Season');
  const code = (await api.identify(referrer.accountId, referrer.userId, { programId })).body.shareCode;
  // Three friends convert today; two of them onboard, with 5 seats and with 2.
  const friends = [uid('acct-f'), uid('acct-f'), uid('acct-f')];
  for (const [i, friend] of friends.entries()) {
    expect((await api.identify(friend, 'u-f', { referredByCode: code })).status).toBe(200);
    expect((await api.identify(friend, 'u-f', { accountStatus: 'PAID' })).status).toBe(200);
    if (i < 2) {
      const events = [{ key: 'onboarded', fields: { seats: i === 0 ? 5 : 2 } }];
      const res = await api.call('POST', `/open/account/${friend}/user/u-f/events`, {
        accountId: friend,
        userId: 'u-f',
        events,
      });
      expect(res.status).toBe(200);
    }
  }
  // What was given: the $15 of the rule in force, once the lifecycle applied it.
  const given = await until(
    () =>
      api.gw.deps
        .db('rewards')
        .where({ tenant_id: api.tenantId, account_id: referrer.accountId })
        .whereNotNull('rule_id'),
    (rows) => rows.length >= 1,
    60_000,
  );
  expect(given).toHaveLength(1);
});

const rowsOf = (page: Page, testId: string) => page.getByTestId(testId).allInnerTexts();

test('a drafted rule simulated over the last 90 days, next to what was given; then published', async () => {
  const wp = await stack.signedInPage();
  const { page } = wp;
  await page.goto(stack.url(`/admin/programs/${programId}/rules`));
  await page.getByTestId('rule-history').waitFor();
  await settled(page);
  const panel = page.getByTestId('rule-simulation');
  expect(await page.getByTestId('simulate-from').inputValue()).toBe(daysAgo(89));
  expect(await page.getByTestId('simulate-to').inputValue()).toBe(today());

  // The draft: the rule in force, and $10 for every friend who converts.
  await page.getByRole('button', { name: 'Add a rule' }).click();
  await control(page, 'rules.1.name').fill('$10 per friend');
  await control(page, 'rules.1.id').fill('per-friend');
  await control(page, 'rules.1.reward.amountCents').fill('1000');

  // By keyboard: the button is reached and pressed like any other.
  await page.getByTestId('rules-simulate').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('simulation-summary').waitFor();
  expect(await page.getByTestId('simulation-summary').innerText()).toBe(
    `From ${formatDay(daysAgo(89))} to ${formatDay(today())}: 3 conversions and 2 events replayed.`,
  );
  // The month: $30 for three friends and $15 for 5 seats would be given; $15 was.
  expect(await rowsOf(page, 'simulation-month')).toEqual([
    `${thisMonth()}\tUSD\t$45.00 (4 rewards)\t$15.00 (1 reward)\t+$30.00`,
  ]);
  expect(await rowsOf(page, 'simulation-rule')).toEqual([
    `${ONBOARDED.name}\t${thisMonth()}\t$15.00 (1 reward)\t$15.00 (1 reward)`,
    `$10 per friend\t${thisMonth()}\t$30.00 (3 rewards)\t—`,
  ]);
  expect(await page.getByTestId('simulation-stale').count()).toBe(0);
  await expectAccessible(page);
  await panel.scrollIntoViewIfNeeded();
  await portalShot(page, 'rules-simulation');

  // A change of the draft: the result says it is for the earlier one.
  await control(page, 'rules.1.reward.amountCents').fill('1500');
  await page.getByTestId('simulation-stale').waitFor();
  await page.getByTestId('rules-simulate').click();
  await page.getByTestId('simulation-month').filter({ hasText: '$60.00 (4 rewards)' }).waitFor();
  expect(await page.getByTestId('simulation-stale').count()).toBe(0);

  // Nothing recorded a year ago: the empty state.
  await page.getByTestId('simulate-from').fill(daysAgo(400));
  await page.getByTestId('simulate-to').fill(daysAgo(380));
  await page.getByTestId('rules-simulate').click();
  await page.getByText('No recorded referrals in this period').waitFor();
  await expectAccessible(page);

  // A period the wrong way round is refused here, naming the field; nothing is asked.
  await page.getByTestId('simulate-from').fill(daysAgo(10));
  await page.getByTestId('simulate-to').fill(daysAgo(20));
  await page.getByTestId('rules-simulate').click();
  expect(await page.getByTestId('simulate-period-error').innerText()).toBe(
    'From: The first day must not be after the last.',
  );

  // The server unavailable: the error state, and "Try again" once it is back.
  await page.getByTestId('simulate-to').fill(today());
  await failGraphql(page, 503, {
    statusCode: 503,
    message: 'The database is unavailable',
    apiErrorCode: 'SERVICE_UNAVAILABLE',
  });
  await page.getByTestId('rules-simulate').click();
  const failed = panel.getByTestId('error-state');
  await failed.waitFor();
  expect(await failed.innerText()).toContain('The database is unavailable');
  await expectAccessible(page);
  await page.unroute(GRAPHQL_ROUTE);
  await panel.getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('simulation-summary').waitFor();
  expect(await page.getByTestId('simulation-summary').innerText()).toContain('3 conversions');

  // Reviewed: the draft is published as version 2.
  await page.getByRole('button', { name: 'Publish version 2' }).click();
  await page.getByTestId('rules-notice').filter({ hasText: 'Version 2 is published' }).waitFor();
  const published = await stack.api.gqlOk(
    `query ($id: ID) { program(id: $id) { ruleVersion rules { id reward { amountCents } } } }`,
    { id: programId },
  );
  expect(published.program).toEqual({
    ruleVersion: 2,
    rules: [
      { id: ONBOARDED.id, reward: { amountCents: 1500 } },
      { id: 'per-friend', reward: { amountCents: 1500 } },
    ],
  });
  wp.expectClean([/503/]);
});

/** "2026-03-04" → "Mar 4, 2026", as the portal writes a day (Chromium's language is en-US). */
function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

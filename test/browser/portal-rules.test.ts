/**
 * The portal's reward rules in headless Chromium: the designed empty state; rules built with the
 * editor's controls (a tiered credit with a yearly cap, a milestone) published as version 1 and read
 * back through the API; a refused rule (a 150 % discount) showing the server's message under its control
 * with focus on it and nothing published; reordering by keyboard published as version 2; a PAYMENT rule
 * paying a share in cash sent with the API's fields (published, or refused under its controls while the
 * server does not apply it yet); the version history in words with who published it; a VIEWER's
 * read-only view; the error state; accessibility and screenshots at 1280 and 390. Another program's rules
 * and a referral's "Rewards explained": portal-rules-explained.test.ts.
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
  usePortalStack,
} from '../helpers/portal';

const stack = usePortalStack();

const RULES = /* GraphQL */ `
  {
    program {
      ruleVersion
      rules {
        id
        name
        trigger {
          type
          conversions
        }
        recipient
        reward {
          type
          discountPercent
          amountCents
          unit
        }
        tiers {
          fromConversions
          toConversions
          reward {
            type
            amountCents
            unit
          }
        }
        limits {
          period
          maxCount
          maxAmountCents
        }
      }
    }
  }
`;

/** The editor's control named as the server names its field (`rules.0.reward.amountCents`). */
const control = (page: Page, name: string) => page.locator(`[id="field-${name}"]`);
const fill = (page: Page, name: string, value: string) => control(page, name).fill(value);
const choose = (page: Page, name: string, value: string) => control(page, name).selectOption(value);

/** Program in the nav, then its "Reward rules" button. */
async function openRules(page: Page): Promise<void> {
  await openFromNav(page, 'Program', stack.url('/admin/program'));
  await page.getByRole('link', { name: 'Reward rules' }).click();
  await page.waitForURL(stack.url('/admin/program/rules'));
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Reward rules');
  expect(
    await page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]').allInnerTexts(),
  ).toEqual(['Program']);
  await page.getByTestId('rule-history').waitFor();
  await settled(page);
}

/** Publishes and waits for the confirmation, answering its text. */
async function publish(page: Page, version: number): Promise<string> {
  await page.getByRole('button', { name: `Publish version ${version}` }).click();
  const notice = page.getByTestId('rules-notice');
  await notice.filter({ hasText: `Version ${version} is published` }).waitFor();
  return notice.innerText();
}

describe('the rule editor', () => {
  test('empty, then two rules built with its controls and published as version 1', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    await openRules(page);
    expect(await page.getByTestId('rule-editor').innerText()).toContain('No reward rules yet');
    expect(await page.getByTestId('rule-history').innerText()).toContain('No version published yet');
    expect(await page.getByTestId('rules-publish').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Discard changes' }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await portalShot(page, 'rules-empty');

    // Rule 1: $10 each, $20 from the fifth friend, at most $500 a year.
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await expect(
      control(page, 'rules.0.name').evaluate((el) => el === (globalThis as any).document.activeElement),
    ).resolves.toBe(true);
    await fill(page, 'rules.0.name', '$10 each, $20 from the fifth friend');
    await fill(page, 'rules.0.id', 'per-friend');
    await page.locator('[id="field-rules.0.useTiers"]').check();
    await fill(page, 'rules.0.tiers.0.toConversions', '4');
    await fill(page, 'rules.0.tiers.0.reward.amountCents', '1000');
    await page.getByRole('button', { name: 'Add a tier' }).click();
    expect(await control(page, 'rules.0.tiers.1.fromConversions').inputValue()).toBe('5');
    await fill(page, 'rules.0.tiers.1.reward.amountCents', '2000');
    await page.getByRole('button', { name: 'Add a limit' }).click();
    await choose(page, 'rules.0.limits.0.period', 'YEAR');
    await fill(page, 'rules.0.limits.0.maxAmountCents', '50000');
    expect(await page.getByTestId('rule-sentence').first().innerText()).toBe(
      'The referrer gets $10.00 of credit for friends 1 to 4, then $20.00 of credit from friend 5 on when a friend converts; at most $500.00 a year per referrer.',
    );

    // Rule 2: a free month at three friends.
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await fill(page, 'rules.1.name', 'A free month at three friends');
    await fill(page, 'rules.1.id', 'three-friends');
    await choose(page, 'rules.1.trigger.type', 'MILESTONE');
    await fill(page, 'rules.1.trigger.conversions', '3');
    await choose(page, 'rules.1.reward.type', 'PCT_DISCOUNT');
    await fill(page, 'rules.1.reward.discountPercent', '100');
    await expectAccessible(page);
    await portalShot(page, 'rules-editing');

    // Enter in a field publishes nothing.
    await control(page, 'rules.1.reward.discountPercent').press('Enter');
    await settled(page);
    expect((await stack.api.gqlOk(RULES)).program.ruleVersion).toBeNull();
    expect(await page.getByTestId('rules-notice').innerText()).toBe('Unpublished changes');
    expect(await publish(page, 1)).toContain('earlier referrals keep their version');
    // What is published is no change: nothing to publish again or discard.
    await page.getByRole('button', { name: 'Publish version 2' }).waitFor();
    expect(await page.getByTestId('rules-publish').isDisabled()).toBe(true);
    const { program } = await stack.api.gqlOk(RULES);
    expect(program.ruleVersion).toBe(1);
    expect(program.rules).toEqual([
      {
        id: 'per-friend',
        name: '$10 each, $20 from the fifth friend',
        trigger: { type: 'CONVERSION', conversions: null },
        recipient: 'REFERRER',
        reward: null,
        tiers: [
          {
            fromConversions: 1,
            toConversions: 4,
            reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' },
          },
          {
            fromConversions: 5,
            toConversions: null,
            reward: { type: 'CREDIT', amountCents: 2000, unit: 'USD' },
          },
        ],
        limits: [{ period: 'YEAR', maxCount: null, maxAmountCents: 50_000 }],
      },
      {
        id: 'three-friends',
        name: 'A free month at three friends',
        trigger: { type: 'MILESTONE', conversions: 3 },
        recipient: 'REFERRER',
        reward: { type: 'PCT_DISCOUNT', discountPercent: 100, amountCents: null, unit: null },
        tiers: null,
        limits: [],
      },
    ]);
    await page.getByTestId('rule-version').first().waitFor();
    const history = await page.getByTestId('rule-history').innerText();
    expect(history).toContain('Version 1');
    expect(history).toContain(`Published by ${stack.owner.email}`);
    expect(history).toContain('The referrer gets a 100 % discount once, when 3 friends have converted.');
    expect(history).not.toContain('"discountPercent"');
    expect(await page.getByTestId('rules-current').innerText()).toContain('Rules in force: version 1');
    wp.expectClean();
  });

  test('a refused rule shows the server’s message under its control, with focus on it; nothing is published', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    await openRules(page);
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await fill(page, 'rules.2.name', 'Too generous');
    await choose(page, 'rules.2.reward.type', 'PCT_DISCOUNT');
    await fill(page, 'rules.2.reward.discountPercent', '150');
    await page.getByRole('button', { name: 'Publish version 2' }).click();

    const error = page.getByTestId('error-rules.2.reward.discountPercent');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/100/);
    await page.waitForFunction(
      () => (globalThis as any).document.activeElement?.id === 'field-rules.2.reward.discountPercent',
    );
    expect(await control(page, 'rules.2.reward.discountPercent').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('rules-errors').innerText()).toContain('Version 2 was not published');
    await expectAccessible(page);
    await portalShot(page, 'rules-refused');
    expect((await stack.api.gqlOk(RULES)).program.ruleVersion).toBe(1);

    // Changing the field takes its error away; a number that is not one is caught before anything is sent.
    await fill(page, 'rules.2.reward.discountPercent', 'ten');
    expect(await error.count()).toBe(0);
    expect(await control(page, 'rules.2.reward.discountPercent').getAttribute('aria-invalid')).toBe('false');
    await page.getByRole('button', { name: 'Publish version 2' }).click();
    await page
      .getByTestId('error-rules.2.reward.discountPercent')
      .filter({ hasText: 'whole number' })
      .waitFor();
    wp.expectClean([/400|422/]);
  });

  test('rules reordered and removed are published as version 2; the history lists both versions', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    await openRules(page);
    // By keyboard: focus stays with the moved rule (at the top, on its "Move down").
    await page.getByRole('button', { name: 'Move up rule 2' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (globalThis as any).document.activeElement?.textContent === 'Move down rule 1',
    );
    expect(await page.locator('.rule-title').allInnerTexts()).toEqual([
      'Rule 1: A free month at three friends',
      'Rule 2: $10 each, $20 from the fifth friend',
    ]);
    await page.getByRole('button', { name: 'Edit rule 2' }).click();
    await page.getByRole('button', { name: 'Remove tier 2' }).click();
    await fill(page, 'rules.1.tiers.0.toConversions', '');
    await publish(page, 2);
    const { program } = await stack.api.gqlOk(RULES);
    expect(program.rules.map((r: { id: string }) => r.id)).toEqual(['three-friends', 'per-friend']);
    expect(program.rules[1].tiers).toEqual([
      { fromConversions: 1, toConversions: null, reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' } },
    ]);
    await page.getByTestId('rule-version').nth(1).waitFor();
    const versions = await page.getByTestId('rule-version').allInnerTexts();
    expect(versions.map((v) => v.split('\n')[0])).toEqual(['Version 2 In force', 'Version 1']);
    await expectAccessible(page);
    await portalShot(page, 'rules-history');
    wp.expectClean();
  });

  test('a payment rule paying a share in cash: its controls send the API’s fields; the answer shows on them', async () => {
    const wp = await stack.signedInPage();
    const { page } = wp;
    const sent: any[] = [];
    await page.route('**/admin/api/graphql', async (route) => {
      const body = route.request().postDataJSON();
      if (String(body.query).includes('PublishRules')) sent.push(body.variables.rules);
      await route.continue();
    });
    await openRules(page);
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await fill(page, 'rules.2.name', '20 % of every payment for 12 months');
    await fill(page, 'rules.2.id', 'recurring');
    await choose(page, 'rules.2.trigger.type', 'PAYMENT');
    await fill(page, 'rules.2.trigger.forMonths', '12');
    await choose(page, 'rules.2.reward.type', 'CASH');
    await choose(page, 'rules.2.reward.cashBy', 'PERCENT');
    await fill(page, 'rules.2.reward.percentOfPayment', '20');
    await page.getByRole('button', { name: 'Add a limit' }).click();
    await choose(page, 'rules.2.limits.0.period', 'MONTH');
    await fill(page, 'rules.2.limits.0.maxCount', '5');
    await fill(page, 'rules.2.eligibility.minSubscriptionValueCents', '2000');
    await page.locator('[id="field-rules.2.eligibility.newCustomersOnly"]').check();
    expect(await page.getByTestId('rule-sentence').nth(2).innerText()).toBe(
      'The referrer gets 20 % of the payment in cash (USD) for each payment of a friend, for 12 months after the conversion; at most 5 rewards a month per referrer; only when the friend’s subscription is worth at least $20.00; only for friends who never paid before.',
    );
    await page.getByRole('button', { name: 'Publish version 3' }).click();
    // Published, or (while the server does not apply PAYMENT and CASH yet) refused under those controls.
    const published = page.getByTestId('rules-notice').filter({ hasText: 'Version 3 is published' });
    const refused = page.getByTestId('error-rules.2.trigger.type');
    await published.or(refused).waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0][2]).toEqual({
      id: 'recurring',
      name: '20 % of every payment for 12 months',
      trigger: { type: 'PAYMENT', forMonths: 12 },
      recipient: 'REFERRER',
      reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
      limits: [{ period: 'MONTH', maxCount: 5 }],
      eligibility: { minSubscriptionValueCents: 2000, newCustomersOnly: true },
    });
    if (await refused.isVisible()) {
      expect(await refused.innerText()).toContain('PAYMENT rules are not applied yet');
      expect(await page.getByTestId('error-rules.2.reward.type').innerText()).toContain('CASH');
      await page.waitForFunction(
        () => (globalThis as any).document.activeElement?.id === 'field-rules.2.trigger.type',
      );
      expect((await stack.api.gqlOk(RULES)).program.ruleVersion).toBe(2);
    } else {
      expect((await stack.api.gqlOk(RULES)).program.ruleVersion).toBe(3);
    }
    wp.expectClean([/400|422/]);
  });

  test('a VIEWER reads the rules and their history, with no editor', async () => {
    const viewer = await stack.addOperator('VIEWER');
    const wp = await stack.signedInPage(viewer);
    const { page } = wp;
    await openRules(page);
    expect(await page.getByTestId('read-only-notice').innerText()).toContain('only an Owner or an Admin');
    expect(await page.getByTestId('rule-editor').count()).toBe(0);
    expect(await page.getByTestId('rules-in-force').innerText()).toContain('A free month at three friends');
    wp.expectClean();
  });

  test('on a phone', async () => {
    const wp = await stack.signedInPage(stack.owner, ON_PHONE);
    const { page } = wp;
    await page.goto(stack.url('/admin/program/rules'));
    await page.getByTestId('rule-history').waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Edit rule 2' }).click();
    await expectPhoneView(page, 'rules-phone');
    wp.expectClean();
  });

  test('a failed load says so and loads on "Try again"', async () => {
    await expectOutageThenRetry(stack, '/admin/program/rules', (page) =>
      page.getByTestId('rule-history').waitFor(),
    );
  });
});

/**
 * The reward rules beyond the default program's editor (portal-rules.test.ts), in headless Chromium:
 * another program's rules on their own page (published there, the default program's unchanged; an unknown
 * id not found); a referral's "Rewards explained": under the rules it was made with (a milestone and a
 * tiered credit, published through the API), what each rule gave and why not, in the server's sentences
 * with the reward's status; the card's own error state and "Try again"; accessibility and a screenshot.
 */
import { PER_FRIEND, THREE_FRIENDS } from '../helpers/program-rules';
import type { Page } from 'playwright-core';
import { expectAccessible, portalShot, usePortalStack } from '../helpers/portal';
import { identifyReferrer, uid } from '../helpers/referrals';

const stack = usePortalStack();

beforeAll(async () => {
  await stack.api.gqlOk(`mutation ($input: ProgramInput!) { updateProgram(input: $input) { ruleVersion } }`, {
    input: { rules: [THREE_FRIENDS, { ...PER_FRIEND, name: '$10 each, $20 from the fifth friend' }] },
  });
});

const DEFAULT_VERSION = `{ program { ruleVersion } }`;
const control = (page: Page, name: string) => page.locator(`[id="field-${name}"]`);
const fill = (page: Page, name: string, value: string) => control(page, name).fill(value);

/** Publishes and waits for the confirmation. */
async function publish(page: Page, version: number): Promise<void> {
  await page.getByRole('button', { name: `Publish version ${version}` }).click();
  await page
    .getByTestId('rules-notice')
    .filter({ hasText: `Version ${version} is published` })
    .waitFor();
}

describe('another program’s rules', () => {
  test('its own page edits its own rules; the default program’s stay; an unknown id is not found', async () => {
    const created = await stack.api.gqlOk(
      `mutation ($input: ProgramInput!) { createProgram(input: $input) { id } }`,
      { input: { name: 'Partners' } },
    );
    const id = created.createProgram.id as string;
    const before = (await stack.api.gqlOk(DEFAULT_VERSION)).program.ruleVersion;
    const wp = await stack.signedInPage();
    const { page } = wp;
    await page.goto(stack.url(`/admin/programs/${id}/rules`));
    await page.getByTestId('rule-history').waitFor();
    expect(await page.getByTestId('rules-program').innerText()).toBe('Partners');
    expect(await page.getByTestId('rule-editor').innerText()).toContain('No reward rules yet');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await fill(page, 'rules.0.name', 'Partner credit');
    await fill(page, 'rules.0.reward.amountCents', '2500');
    await fill(page, 'rules.0.reward.unit', 'EUR');
    await publish(page, 1);
    const partners = await stack.api.gqlOk(
      `query ($id: ID) { program(id: $id) { ruleVersion rules { id name reward { amountCents unit } } } }`,
      { id },
    );
    expect(partners.program).toEqual({
      ruleVersion: 1,
      rules: [{ id: 'rule-1', name: 'Partner credit', reward: { amountCents: 2500, unit: 'EUR' } }],
    });
    expect((await stack.api.gqlOk(DEFAULT_VERSION)).program.ruleVersion).toBe(before);

    await page.goto(stack.url('/admin/programs/prg_unknown/rules'));
    await page.getByRole('heading', { name: 'Program not found' }).waitFor();
    await expectAccessible(page);
    wp.expectClean([/404|400/]);
  });
});

describe('a referral’s rewards explained', () => {
  test('each rule of the referral’s version: what it gave, or why not', async () => {
    const r = await identifyReferrer(stack.api, 'Ines');
    const friend = uid('acct-f');
    expect((await stack.api.identify(friend, uid('user'), { referredByCode: r.code })).status).toBe(200);
    expect((await stack.api.identify(friend, uid('user'), { accountStatus: 'PAID' })).status).toBe(200);
    const found = await stack.api.gqlOk(
      `query($s: String) { referrals(filter: { search: $s }) { items { id } } }`,
      { s: friend },
    );
    const id = found.referrals.items[0].id as string;

    const wp = await stack.signedInPage();
    const { page } = wp;
    await page.goto(stack.url(`/admin/referrals/${id}`));
    const card = page.getByTestId('rewards-explained');
    await card.getByTestId('explanation').nth(1).waitFor();
    const items = await card.getByTestId('explanation').allInnerTexts();
    expect(items[0]).toContain('A free month at three friends');
    expect(items[0]).toContain('Not granted');
    expect(items[0]).toMatch(/has 1 of the 3 converted referrals it needs/);
    expect(items[1]).toContain('Granted');
    expect(items[1]).toMatch(/gave the referrer 10\.00 USD of credit/);
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await portalShot(page, 'referral-explained');

    // The explanations failing alone: their card says so, the rest of the page stays, "Try again" loads them.
    let failing = true;
    await page.route('**/admin/api/graphql', async (route) => {
      const body = route.request().postDataJSON();
      if (failing && String(body.query).includes('ExplainRewards'))
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 503,
            message: 'The database is unavailable',
            apiErrorCode: 'SERVICE_UNAVAILABLE',
          }),
        });
      return route.continue();
    });
    await page.reload();
    await card.getByTestId('error-state').waitFor();
    expect(await card.innerText()).toContain("The explanations couldn't be loaded");
    expect(await page.getByTestId('referral-fields').isVisible()).toBe(true);
    failing = false;
    await card.getByRole('button', { name: 'Try again' }).click();
    await card.getByTestId('explanation').nth(1).waitFor();
    wp.expectClean([/503/]);
  });
});

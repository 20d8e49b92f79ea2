/**
 * What the portal's hand-action tests share: GraphQL that must succeed, a referred friend made
 * through the REST API, and the action dialog's steps on a referral's page.
 */
import type { Page } from 'playwright-core';
import { settled, type PortalStack } from './portal';
import { uid } from './referrals';

export function actionKit(stack: PortalStack) {
  // The stack starts in beforeAll, after this kit is made: read its API when called.
  const gqlOk = (query: string, variables: Record<string, unknown> = {}) => stack.api.gqlOk(query, variables);

  /** A friend referred by `code` (paid: converted, so the referrer's credit is given); its referral's id. */
  async function friend(code: string, pay: boolean, lastName = 'Friend') {
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

  /** A credit of $5.00 for the referrer, 10 % for the friend; a referrer; answers its share code. */
  async function setUp(): Promise<string> {
    await gqlOk(`mutation { updateProgram(input: {
      referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, referredDiscountPercent: 10 }) { name } }`);
    const referrer = await stack.api.identify(uid('acct-r'), uid('user-r'), { firstName: 'Rae' });
    return referrer.body.shareCode as string;
  }

  async function openReferral(page: Page, id: string) {
    await page.goto(stack.url(`/admin/referrals/${id}`));
    await page.getByTestId('timeline').waitFor();
    await settled(page);
  }

  return { gqlOk, friend, setUp, openReferral };
}

export const dialog = (page: Page) => page.getByTestId('action-dialog');

export const focusedTestId = (page: Page) =>
  page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-testid'));

/** Fills the open dialog's reason, submits, and answers the page's notice once the dialog closed. */
export async function submitWith(page: Page, reason: string): Promise<string> {
  await dialog(page).getByTestId('action-reason').fill(reason);
  await dialog(page).getByTestId('action-submit').click();
  await dialog(page).waitFor({ state: 'hidden' });
  return page.getByTestId('action-notice').innerText();
}

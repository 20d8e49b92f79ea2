/**
 * The Payouts pages' browser tests (test/browser/portal-payouts.test.ts): a portal stack whose gateway
 * and worker pay through the payout stand-ins (PayPal, gift cards, Stripe), PayPal and gift cards
 * connected through the API, referrers with methods and cash (payouts.ts's seeds), and waits on a run.
 */
import type { Page } from 'playwright-core';
import { usePortalStack, type PortalStack } from './portal';
import { startPayoutStandIns, type PayoutStandIns } from './payout-stand-ins';
import { connectPayoutProviders, payoutEnv, payoutSeeds, type PayoutApi } from './payouts';

export interface PayoutPortal {
  stack: PortalStack;
  standIns: () => PayoutStandIns;
  seeds: () => Pick<PayoutApi, 'referrer' | 'earnCash' | 'setPolicy'>;
}

/** The file's stand-ins and portal stack (providers connected), started before its tests, closed after. */
export function usePayoutPortal(): PayoutPortal {
  let standIns: PayoutStandIns | undefined;
  beforeAll(async () => {
    standIns = await startPayoutStandIns();
  });
  const stack = usePortalStack(() => ({ env: payoutEnv(standIns!) }));
  beforeAll(async () => {
    await connectPayoutProviders(stack.api, standIns!);
  });
  afterAll(async () => {
    await standIns?.close();
  });
  return {
    stack,
    standIns: () => standIns!,
    seeds: () => payoutSeeds(stack.api),
  };
}

/** The due list's row of an account. */
export const dueRow = (page: Page, accountId: string) =>
  page.getByTestId('due-row').filter({ hasText: accountId });

/** The run page's row of an account's payout. */
export const payoutRow = (page: Page, accountId: string) =>
  page.getByTestId('payout-row').filter({ hasText: accountId });

/** Waits until the run page's status badge says `status` (the page looks again while the run moves). */
export async function runStatus(page: Page, status: string, timeout = 20_000): Promise<void> {
  await page
    .locator('.page-description [data-testid="run-status"]')
    .filter({ hasText: new RegExp(`^${status}$`) })
    .waitFor({ timeout });
}

/** The dialog open now (the pages keep their other dialogs closed in the document). */
export const shown = (page: Page) => page.locator('dialog[open]');

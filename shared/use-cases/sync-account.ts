import { syncAccount, type AccountSyncInput } from '../domain/accounts/account-sync';
import type { AccountRow } from '../repos/accounts.repo';
import type { ReferralRow } from '../repos/referrals.repo';
import type { RefusedAttribution } from '../types/fraud';
import { settleLifecycle, type SettleLifecycleDeps } from './settle-lifecycle';
import type { TenantRef } from './use-case-deps';

/**
 * POST /accountsync and any later door that syncs an account: applies the subscription facts and
 * referral code (see syncAccount), then settles the referral's lifecycle, so a conversion or end is
 * committed before the answer. Returns the account and its referral as they now are.
 */
export async function syncAccountAndSettle(
  deps: SettleLifecycleDeps,
  tenant: TenantRef,
  input: AccountSyncInput,
): Promise<{ account: AccountRow; referral: ReferralRow | null; refused: RefusedAttribution | null }> {
  const outcome = await syncAccount(deps.db, tenant.id, input);
  const referral = await settleLifecycle(deps, tenant, outcome);
  return { account: outcome.account, referral, refused: outcome.refused };
}

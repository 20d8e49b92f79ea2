import { identifyUser, type IdentifyBody, type ShareLinkOf } from '../domain/accounts/identification';
import type { AccountRow } from '../repos/accounts.repo';
import type { ReferralRow } from '../repos/referrals.repo';
import type { UserRow } from '../repos/users.repo';
import { settleLifecycle, type SettleLifecycleDeps } from './settle-lifecycle';
import type { TenantRef } from './use-case-deps';
import type { RefusedAttribution } from '../types/fraud';

/** A user as identification left it: the user, its account and the referral that brought the account. */
export interface IdentifiedUser {
  user: UserRow;
  account: AccountRow;
  referral: ReferralRow | null;
  /** The attribution the program's fraudPolicy refused, if any. */
  refused: RefusedAttribution | null;
  /** The user's code in the program identified in (`programId`), else the default program's. */
  shareCode: string | null;
}

/**
 * PUT /open/account/{accountId}/user/{userId} and any later door that identifies a user: upserts the
 * account and user (see identifyUser), then settles the referral's lifecycle and answers with the
 * referral as it now is. A lifecycle Temporal cannot take fails the call (the identify is committed and
 * idempotent, so the client's retry finishes it).
 */
export async function identifyAndSettle(
  deps: SettleLifecycleDeps,
  tenant: TenantRef,
  ids: { accountId: string; userId: string },
  body: IdentifyBody,
  shareLinkOf?: ShareLinkOf,
  seen?: { address?: string },
): Promise<IdentifiedUser> {
  const outcome = await identifyUser(deps.db, tenant.id, ids, body, shareLinkOf, seen);
  const referral = await settleLifecycle(deps, tenant, outcome);
  return {
    user: outcome.user,
    account: outcome.account,
    referral,
    refused: outcome.refused,
    shareCode: outcome.shareCode,
  };
}

import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { createUsersRepo, type UserRow } from '../../repos/users.repo';
import type { FraudSignal, RefusedAttribution } from '../../types/fraud';

/** Where a program's share links live (program settings shareLinkUrl and shareParam). */
export interface ShareLinkFormat {
  shareLinkUrl: string | null;
  shareParam: string;
}

/**
 * A share code's public link; null without a code. /r/{tenant}/{code} under the gateway's public URL, or,
 * when the program sets shareLinkUrl, that URL on the merchant's domain with ?{shareParam}={code} added
 * to its query (the browser library reads it there). `format` undefined: the program is gone; our link.
 */
export function shareLink(
  publicUrl: string,
  tenantAlias: string,
  code: string | null,
  format: ShareLinkFormat | undefined,
): string | null {
  if (!code) return null;
  if (format?.shareLinkUrl) {
    const url = new URL(format.shareLinkUrl);
    url.searchParams.set(format.shareParam, code);
    return url.toString();
  }
  return `${publicUrl}/r/${encodeURIComponent(tenantAlias)}/${encodeURIComponent(code)}`;
}

/**
 * The referral an account came by, as user and account-sync answers show it: its code and status, or,
 * in the answer to the request whose attribution the program's fraudPolicy blocked, that code with
 * status REFUSED and the signals that refused it (no referral exists, so later reads show null).
 */
export function referredByView(
  referral: Pick<ReferralRow, 'referral_code_used' | 'status'> | null | undefined,
  refused: RefusedAttribution | null,
): { code: string; status: ReferralRow['status'] | 'REFUSED'; refusedFor?: FraudSignal[] } | null {
  if (referral) return { code: referral.referral_code_used, status: referral.status };
  if (refused)
    return { code: refused.code, status: 'REFUSED', refusedFor: refused.signals.map((s) => s.signal) };
  return null;
}

/** A user as GET and PUT /open/account/{accountId}/user/{userId} answer it. */
export function presentUser(
  user: UserRow,
  account: AccountRow | undefined,
  referral: ReferralRow | null | undefined,
  link: string | null,
  refused: RefusedAttribution | null = null,
) {
  return {
    id: user.id,
    accountId: user.account_id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    locale: user.locale,
    paymentProviderId: account?.payment_provider_id ?? null,
    shareCode: user.share_code,
    shareLink: link,
    referredBy: referredByView(referral, refused),
    dateCreated: user.created_at.getTime(),
  };
}

export type UserView = ReturnType<typeof presentUser>;

/**
 * GET /open/account/{accountId}/user/{userId}: the user with its account's processor id, the referral
 * that brought the account, and its share link (under `publicUrl`). USER_NOT_FOUND for an unknown user.
 */
export async function getUserView(
  db: Db,
  tenant: { id: string; alias: string },
  ids: { accountId: string; userId: string },
  publicUrl: string,
  format: ShareLinkFormat | undefined,
  programId: string = DEFAULT_PROGRAM_ID,
): Promise<UserView> {
  const found = await createUsersRepo(db).find(tenant.id, ids.accountId, ids.userId);
  if (!found) throw new AppError('USER_NOT_FOUND', 'No such user in this account');
  const [account, referral, programCode] = await Promise.all([
    createAccountsRepo(db).find(tenant.id, ids.accountId),
    createReferralsRepo(db).findByReferredAccount(tenant.id, ids.accountId),
    programId === DEFAULT_PROGRAM_ID
      ? found.share_code
      : createReferralCodesRepo(db).userCodeIn(tenant.id, ids.accountId, ids.userId, programId),
  ]);
  // In another program the user shows that program's code (null until identified in it).
  const user = { ...found, share_code: programCode ?? null };
  return presentUser(user, account, referral, shareLink(publicUrl, tenant.alias, user.share_code, format));
}

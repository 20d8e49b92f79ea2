import type { Db } from '../../db/knex';
import { notifyTenantChanged } from '../../db/notify';
import { AppError } from '../../errors';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createDoNotTrackRepo } from '../../repos/do-not-track.repo';
import { createRewardsRepo } from '../../repos/rewards.repo';
import { createUserEventsRepo } from '../../repos/user-events.repo';
import { createUsersRepo } from '../../repos/users.repo';

export interface DeleteUserRequest {
  accountId: string;
  userId: string;
  /** Keep the account when it is left without users (default: delete it with its referrals and rewards). */
  preserveEmptyAccount: boolean;
  /** Remember the user id so identification and imports never create it again. */
  doNotTrack: boolean;
}

export function doNotTrackError(): AppError {
  return new AppError('DO_NOT_TRACK', 'This user was deleted with doNotTrack and is never created again');
}

/** Whether this user id was deleted with doNotTrack. */
export async function isDoNotTrack(db: Db, tenantId: string, accountId: string, userId: string) {
  return createDoNotTrackRepo(db).has(tenantId, accountId, userId);
}

/**
 * Deletes a user with its events and codes, under the account's row lock. An account left without users
 * goes too (its referral, its rewards on both sides) unless preserveEmptyAccount. An unknown user is
 * USER_NOT_FOUND, except that doNotTrack is still recorded for it.
 */
export async function deleteUser(
  db: Db,
  tenantId: string,
  request: DeleteUserRequest,
): Promise<{ userDeleted: boolean; accountDeleted: boolean }> {
  return db.transaction(async (trx) => {
    const accounts = createAccountsRepo(trx);
    const users = createUsersRepo(trx);
    const { accountId, userId } = request;
    const account = await accounts.lock(tenantId, accountId, trx);
    if (request.doNotTrack) await createDoNotTrackRepo(trx).remember(tenantId, accountId, userId, trx);
    const deleted = account ? await users.delete(tenantId, accountId, userId, trx) : false;
    if (!deleted) {
      if (request.doNotTrack) return { userDeleted: false, accountDeleted: false };
      throw new AppError('USER_NOT_FOUND', 'No such user in this account');
    }
    // user_events has no foreign key to users (see migration 003); referral_codes cascade.
    await createUserEventsRepo(trx).deleteForUser(tenantId, accountId, userId, trx);
    await notifyTenantChanged(trx, tenantId, 'codes');
    const keepAccount = request.preserveEmptyAccount || (await users.anyInAccount(tenantId, accountId, trx));
    if (keepAccount) return { userDeleted: true, accountDeleted: false };
    // Its rewards as a referrer hang off other accounts' referrals; its own referral cascades.
    await createRewardsRepo(trx).deleteByAccount(tenantId, accountId, trx);
    await accounts.delete(tenantId, accountId, trx);
    return { userDeleted: true, accountDeleted: true };
  });
}

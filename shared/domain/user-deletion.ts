import { notifyTenantChanged } from '../cache/cache-invalidation';
import type { Db } from '../db/knex';
import { AppError } from '../errors';
import { createAccountsRepo } from '../repos/accounts.repo';

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
  const row = await db('do_not_track')
    .where({ tenant_id: tenantId, account_id: accountId, user_id: userId })
    .first();
  return row !== undefined;
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
    const account = await createAccountsRepo(trx).lock(tenantId, request.accountId, trx);
    const key = { tenant_id: tenantId, account_id: request.accountId };
    if (request.doNotTrack) {
      await trx('do_not_track')
        .insert({ ...key, user_id: request.userId })
        .onConflict(['tenant_id', 'account_id', 'user_id'])
        .ignore();
    }
    const deleted = account
      ? await trx('users')
          .where({ ...key, id: request.userId })
          .delete()
      : 0;
    if (deleted === 0) {
      if (request.doNotTrack) return { userDeleted: false, accountDeleted: false };
      throw new AppError('USER_NOT_FOUND', 'No such user in this account');
    }
    // user_events has no foreign key to users (see migration 003); referral_codes cascade.
    await trx('user_events')
      .where({ ...key, user_id: request.userId })
      .delete();
    await notifyTenantChanged(trx, tenantId, 'codes');
    if (request.preserveEmptyAccount) return { userDeleted: true, accountDeleted: false };
    const remaining = await trx('users').where(key).first();
    if (remaining) return { userDeleted: true, accountDeleted: false };
    // Its rewards as a referrer hang off other accounts' referrals; its own referral cascades.
    await trx('rewards').where(key).delete();
    await trx('accounts').where({ tenant_id: tenantId, id: request.accountId }).delete();
    return { userDeleted: true, accountDeleted: true };
  });
}

import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { createUsersRepo, type UserChanges, type UserRow } from '../../repos/users.repo';
import {
  applyHandActionOnce,
  handAccountSchema,
  handKeySchema,
  handReasonSchema,
  handUserSchema,
  type AppliedHandAction,
} from './hand-actions';
import { identifyBodySchema } from './identification';
import { shareCodeSchema } from '../referrals/share-codes';
import { deleteUser as deleteUserAndData } from './user-deletion';

const userTarget = { accountId: handAccountSchema, userId: handUserSchema };
const common = { reason: handReasonSchema, idempotencyKey: handKeySchema };

/** The user fields identification sets (e-mail, names, locale); null clears; at least one. */
export const userEditSchema = identifyBodySchema
  .pick({ email: true, firstName: true, lastName: true, locale: true })
  .refine((input) => Object.values(input).some((v) => v !== undefined), 'give at least one field to change');

export const updateUserSchema = z.strictObject({ ...userTarget, input: userEditSchema, ...common });
export const changeShareCodeSchema = z.strictObject({
  ...userTarget,
  code: shareCodeSchema.min(1, 'must not be empty'),
  ...common,
});
/** The DELETE_USER import job's options; by default an account left without users goes too. */
export const deleteUserSchema = z.strictObject({
  ...userTarget,
  preserveEmptyAccount: z.boolean().default(false),
  doNotTrack: z.boolean().default(false),
  ...common,
});

export type UpdateUserInput = z.output<typeof updateUserSchema>;
export type ChangeShareCodeInput = z.output<typeof changeShareCodeSchema>;
export type DeleteUserInput = z.output<typeof deleteUserSchema>;
type Keyed<T> = T & { idempotencyKey: string };

function userNotFound(): never {
  throw new AppError('USER_NOT_FOUND', 'No such user in this account', {
    validationErrors: [{ path: 'userId', message: 'not a user of this account' }],
  });
}

async function requireUser(trx: DbOrTrx, tenantId: string, input: { accountId: string; userId: string }) {
  const user = await createUsersRepo(trx).find(tenantId, input.accountId, input.userId, trx);
  return user ?? userNotFound();
}

const call = (
  kind: 'UPDATE_USER' | 'CHANGE_SHARE_CODE' | 'DELETE_USER',
  input: Keyed<{ accountId: string; userId: string; reason: string }>,
  actor: string,
) => ({
  kind,
  accountId: input.accountId,
  userId: input.userId,
  idempotencyKey: input.idempotencyKey,
  reason: input.reason,
  actor,
});

const fields = (u: UserRow) => ({
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  locale: u.locale,
});

/** Edits a user once per key; the search text (users.search_doc) follows, being generated from the row. */
export async function updateUser(
  trx: DbOrTrx,
  tenantId: string,
  input: Keyed<UpdateUserInput>,
  actor: string,
): Promise<AppliedHandAction> {
  return applyHandActionOnce(trx, tenantId, call('UPDATE_USER', input, actor), async () => {
    const before = await requireUser(trx, tenantId, input);
    const changes: UserChanges = {};
    const edit = input.input;
    if (edit.email !== undefined) changes.email = edit.email;
    if (edit.firstName !== undefined) changes.first_name = edit.firstName;
    if (edit.lastName !== undefined) changes.last_name = edit.lastName;
    if (edit.locale !== undefined) changes.locale = edit.locale;
    const after = await createUsersRepo(trx).update(tenantId, input.accountId, input.userId, changes, trx);
    return { before: fields(before), after: fields(after) };
  });
}

function codeTaken(code: string): never {
  throw new AppError('CODE_TAKEN', `The share code "${code}" is taken`, {
    validationErrors: [{ path: 'code', message: 'another user holds this code' }],
  });
}

/**
 * Gives a user a new share code once per key. The code must be free in the tenant (ignoring case),
 * also of codes other users gave up less than the grace period ago; the user's old code moves to
 * `retired_share_codes` and keeps resolving to them for RETIRED_SHARE_CODE_GRACE_DAYS.
 */
export async function changeShareCode(
  trx: DbOrTrx,
  tenantId: string,
  input: Keyed<ChangeShareCodeInput>,
  actor: string,
): Promise<AppliedHandAction> {
  return applyHandActionOnce(trx, tenantId, call('CHANGE_SHARE_CODE', input, actor), async () => {
    const user = await requireUser(trx, tenantId, input);
    const codes = createReferralCodesRepo(trx);
    const from = user.share_code;
    if (from?.toUpperCase() === input.code.toUpperCase()) return { from, to: from };
    const mine = (h?: { account_id: string; user_id: string }) =>
      h !== undefined && h.account_id === user.account_id && h.user_id === user.id;
    const holder = await codes.findOwner(tenantId, input.code, trx);
    if (holder && !mine(holder)) codeTaken(input.code);
    const retired = await codes.retiredHolder(tenantId, input.code, trx);
    if (retired && !mine(retired)) codeTaken(input.code);
    let to = input.code;
    if (retired) await codes.unretire(tenantId, input.code, trx);
    const live = holder && !retired ? holder : undefined;
    if (live) to = live.code;
    else {
      const row = { tenant_id: tenantId, code: to, account_id: user.account_id, user_id: user.id };
      if (!(await codes.claim(row, trx))) codeTaken(input.code);
    }
    if (from) await codes.retire(tenantId, user.account_id, user.id, from, trx);
    await createUsersRepo(trx).update(tenantId, user.account_id, user.id, { share_code: to }, trx);
    return { from, to };
  });
}

/** Deletes a user once per key: the DELETE_USER import job's deletion (user-deletion.ts), as it is. */
export async function deleteUser(
  trx: DbOrTrx,
  tenantId: string,
  input: Keyed<DeleteUserInput>,
  actor: string,
): Promise<AppliedHandAction> {
  return applyHandActionOnce(trx, tenantId, call('DELETE_USER', input, actor), async () => {
    await requireUser(trx, tenantId, input);
    const outcome = await deleteUserAndData(trx, tenantId, {
      accountId: input.accountId,
      userId: input.userId,
      preserveEmptyAccount: input.preserveEmptyAccount,
      doNotTrack: input.doNotTrack,
    });
    return { ...outcome };
  });
}

import { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { referralCodeInputSchema } from '../../ids';
import { textSchema, withIdRule } from '../../validation';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { createUserClientsRepo } from '../../repos/user-clients.repo';
import { createUsersRepo, type UserChanges, type UserRow } from '../../repos/users.repo';
import type { ClientKey } from '../../types/fraud';
import { SUBSCRIPTION_STATUSES } from '../../types/referrals';
import { applyAccountMutation, type AccountOutcome } from './account-changes';
import type { AttributionRequest } from '../referrals/attribution';
import { doNotTrackError, isDoNotTrack } from './user-deletion';
import { cookieAttributionAllowed } from '../referrals/referral-rules';
import { candidateBatch, nameBase, randomCode, shareCodeSchema } from '../referrals/share-codes';
import { presentUser } from './user-view';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import { programIdSchema, requireOpenProgram } from '../programs/program-state';
import { recordWebhookEvent } from '../webhooks/webhook-events';

const name = textSchema(100, { trim: true }).nullable().optional();

/** A payment processor's customer id, as sent (trimmed). */
export const paymentProviderIdSchema = withIdRule(z.string().trim().min(1).max(255));

/** Body of PUT /open/account/{accountId}/user/{userId}; every field optional, null clears. */
export const identifyBodySchema = z.strictObject({
  email: z.email().max(254).nullable().optional(),
  firstName: name,
  lastName: name,
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$/, 'must be a locale such as en or en_US')
    .nullable()
    .optional(),
  paymentProviderId: paymentProviderIdSchema.nullable().optional(),
  accountStatus: z.enum(SUBSCRIPTION_STATUSES).optional(),
  referredByCode: referralCodeInputSchema.optional(),
  // A cookie is whatever the browser had: an unknown code is never an error, only ignored (control
  // characters and NUL, which no browser cookie carries, are refused like in any id).
  cookieCode: withIdRule(z.string().max(1024)).optional(),
  shareCode: shareCodeSchema.optional(),
  /**
   * The program the user shares in (default: the default program): the user gets a code of that
   * program, `shareCode` names it, and the answer shows it.
   */
  programId: programIdSchema.optional(),
  /**
   * The browser library's first-party device id (its `rs_device` cookie), sent by the library or passed
   * on by the merchant's server: for the SAME_CLIENT fraud signal.
   */
  deviceId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16-64 letters, digits, _ or -')
    .optional(),
});

export type IdentifyBody = z.output<typeof identifyBodySchema>;

export interface IdentifyOutcome extends AccountOutcome {
  user: UserRow;
  userCreated: boolean;
  /** The user's code in the program asked for (`programId`), else the default program's. */
  shareCode: string | null;
}

/** A user's share link from its code (the gateway's public URL and the tenant's alias); null without. */
export type ShareLinkOf = (code: string | null) => string | null;

/**
 * Upserts an account and a user in one transaction under the account's row lock: share code, attribution
 * (typed code first, then the cookie for a first-time user on a never-paid account), and status facts.
 * A first identification writes a `user.created` webhook event in the same transaction (the user as GET
 * user answers it; its shareLink from `shareLinkOf`, null when the caller has no public URL). The clients
 * of the request (`seen.address` from a browser, `deviceId`) are compared with the referrer's for the
 * SAME_CLIENT signal, then recorded as the user's.
 */
export async function identifyUser(
  db: Db,
  tenantId: string,
  ids: { accountId: string; userId: string },
  body: IdentifyBody,
  shareLinkOf: ShareLinkOf = () => null,
  seen: { address?: string } = {},
): Promise<IdentifyOutcome> {
  const clients: ClientKey[] = [
    ...(seen.address ? [{ kind: 'ADDRESS' as const, value: seen.address }] : []),
    ...(body.deviceId ? [{ kind: 'DEVICE' as const, value: body.deviceId }] : []),
  ];
  return db.transaction(async (trx) => {
    const { account } = await createAccountsRepo(trx).ensureLocked(tenantId, ids.accountId, trx);
    const users = createUsersRepo(trx);
    const existing = await users.find(tenantId, ids.accountId, ids.userId, trx);
    if (!existing && (await isDoNotTrack(trx, tenantId, ids.accountId, ids.userId))) {
      throw doNotTrackError();
    }
    const changes: UserChanges = {};
    if (body.email !== undefined) changes.email = body.email;
    if (body.firstName !== undefined) changes.first_name = body.firstName;
    if (body.lastName !== undefined) changes.last_name = body.lastName;
    if (body.locale !== undefined) changes.locale = body.locale;

    let user = existing
      ? await users.update(tenantId, ids.accountId, ids.userId, changes, trx)
      : await users.insert({ tenantId, accountId: ids.accountId, id: ids.userId, ...changes }, trx);
    const programId = body.programId ?? DEFAULT_PROGRAM_ID;
    const inDefault = programId === DEFAULT_PROGRAM_ID;
    const vanity = inDefault ? body.shareCode : undefined;
    if (vanity !== undefined && vanity.toUpperCase() !== user.share_code?.toUpperCase()) {
      user = await claimVanityCode(trx, user, vanity);
    } else if (!user.share_code) {
      user = await assignGeneratedCode(trx, user);
    }
    const shareCode = inDefault
      ? user.share_code
      : await ensureProgramCode(trx, user, programId, body.shareCode);

    let attribution: AttributionRequest | undefined;
    if (body.referredByCode !== undefined) {
      attribution = { code: body.referredByCode, source: 'CODE', strict: true, clients };
    } else if (
      body.cookieCode &&
      cookieAttributionAllowed({ userIsNew: !existing, accountEverPaid: account.first_paid_at !== null })
    ) {
      attribution = { code: body.cookieCode, source: 'COOKIE', strict: false, clients };
    }
    const outcome = await applyAccountMutation(trx, account, {
      paymentProviderId: body.paymentProviderId,
      status: body.accountStatus,
      attribution,
      userIdentified: true,
    });
    await createUserClientsRepo(trx).record(
      { tenantId, accountId: ids.accountId, userId: ids.userId },
      clients,
      trx,
    );
    if (!existing) {
      const data = presentUser(user, outcome.account, outcome.referral, shareLinkOf(user.share_code));
      await recordWebhookEvent(trx, tenantId, 'user.created', data);
    }
    return { ...outcome, user, userCreated: !existing, shareCode };
  });
}

async function claimVanityCode(trx: DbOrTrx, user: UserRow, code: string): Promise<UserRow> {
  const claimed = await claimCode(trx, user, code, DEFAULT_PROGRAM_ID);
  return createUsersRepo(trx).update(user.tenant_id, user.account_id, user.id, { share_code: claimed }, trx);
}

/** Claims a code the user asked for in a program; it may be the user's own already, in that program. */
async function claimCode(trx: DbOrTrx, user: UserRow, code: string, programId: string): Promise<string> {
  const codes = createReferralCodesRepo(trx);
  const holder = await codes.findOwner(user.tenant_id, code, trx);
  const mine =
    holder &&
    holder.account_id === user.account_id &&
    holder.user_id === user.id &&
    holder.program_id === programId;
  if (holder && !mine) throw codeTaken(code);
  if (!holder && !(await codes.claim(codeRow(user, code, programId), trx))) throw codeTaken(code);
  return holder?.code ?? code;
}

/**
 * The user's code in a program other than the default: the one asked for (`shareCode`), else the one it
 * has, else a new one made like the default program's. An unknown or archived program is 400 naming it.
 */
async function ensureProgramCode(
  trx: DbOrTrx,
  user: UserRow,
  programId: string,
  asked: string | undefined,
): Promise<string> {
  await requireOpenProgram(trx, user.tenant_id, programId);
  const codes = createReferralCodesRepo(trx);
  const current = await codes.userCodeIn(user.tenant_id, user.account_id, user.id, programId, trx);
  if (asked !== undefined && asked.toUpperCase() !== current?.toUpperCase()) {
    const claimed = await claimCode(trx, user, asked, programId);
    if (current) await codes.retire(user.tenant_id, user.account_id, user.id, current, trx);
    return claimed;
  }
  return current ?? claimGeneratedCode(trx, user, programId);
}

function codeTaken(code: string): AppError {
  return new AppError('CODE_TAKEN', `The share code "${code}" is taken`, {
    validationErrors: [{ path: 'shareCode', message: 'another user holds this code' }],
  });
}

function codeRow(user: UserRow, code: string, programId = DEFAULT_PROGRAM_ID) {
  return {
    tenant_id: user.tenant_id,
    code,
    account_id: user.account_id,
    user_id: user.id,
    program_id: programId,
  };
}

const BATCH = 50;

/**
 * JANEDOE, JANEDOE2, ... from the user's name (random without one). Candidates are checked 50 at a time;
 * a name that common, or a race lost twice, falls back to the name with a random tail.
 */
async function assignGeneratedCode(trx: DbOrTrx, user: UserRow): Promise<UserRow> {
  const code = await claimGeneratedCode(trx, user, DEFAULT_PROGRAM_ID);
  return createUsersRepo(trx).update(user.tenant_id, user.account_id, user.id, { share_code: code }, trx);
}

/** Claims the first free candidate of the user's name (or a random code) in a program. */
async function claimGeneratedCode(trx: DbOrTrx, user: UserRow, programId: string): Promise<string> {
  const codes = createReferralCodesRepo(trx);
  const base = nameBase(user.first_name, user.last_name);
  for (let from = 1; base && from <= 2 * BATCH; from += BATCH) {
    const candidates = candidateBatch(base, from, BATCH);
    const taken = await codes.takenAmong(user.tenant_id, candidates, trx);
    for (const candidate of candidates.filter((c) => !taken.has(c))) {
      if (await codes.claim(codeRow(user, candidate, programId), trx)) return candidate;
    }
  }
  for (;;) {
    const candidate = base ? `${base.slice(0, 9)}${randomCode(6)}` : randomCode();
    if (await codes.claim(codeRow(user, candidate, programId), trx)) return candidate;
  }
}

import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { notifyTenantChanged } from '../cache/cache-invalidation';
import type { AccountOutcome } from '../domain/account-changes';
import { identifyUser, type IdentifyBody } from '../domain/identification';
import { accountFacts } from '../domain/lifecycle';
import { pendingSteps, type SubscriptionStatus } from '../domain/referral-rules';
import { redeemRewardBalance } from '../domain/reward-balance';
import { nameBase, randomCode } from '../domain/share-codes';
import { deleteUser, doNotTrackError } from '../domain/user-deletion';
import { logUserEvents } from '../domain/user-events';
import { AppError } from '../errors';
import type { AccountRow } from '../repos/accounts.repo';
import { createReferralCodesRepo } from '../repos/referral-codes.repo';
import { createReferralsRepo, type ReferralRow } from '../repos/referrals.repo';
import { createUserEventsRepo } from '../repos/user-events.repo';
import type { JobType } from './job-types';

/** A data row that passed its checks, with its cells by column. */
export interface ImportRow {
  line: number;
  cells: Map<string, string>;
}

export interface RowResult {
  line: number;
  ok: boolean;
  /** For a rejected row: `CODE: message`; for an applied one, what happened (may be empty). */
  message: string;
}

export interface ChunkContext {
  trx: Knex.Transaction;
  tenant: { id: string; alias: string; conversionEventKey: string | null };
  nowMs: number;
  /** Account changes whose referral lifecycle must hear of them once the chunk commits. */
  lifecycle: { outcome: AccountOutcome; eventId?: string }[];
}

const ok = (line: number, message = ''): RowResult => ({ line, ok: true, message });
const rejected = (line: number, err: AppError): RowResult => ({
  line,
  ok: false,
  message: `${err.apiErrorCode}: ${err.message}`,
});

/** The cell's value, or undefined for an absent or empty cell (an empty cell changes nothing). */
function cell(row: ImportRow, column: string): string | undefined {
  const value = row.cells.get(column);
  return value === undefined || value === '' ? undefined : value;
}

/** `prefix.*` cells as an object; a cell that reads as a JSON number becomes a number. */
function fieldsWithPrefix(row: ImportRow, prefix: string): Record<string, unknown> | undefined {
  let fields: Record<string, unknown> | undefined;
  for (const [column, value] of row.cells) {
    if (!column.startsWith(prefix) || value === '') continue;
    fields ??= {};
    fields[column.slice(prefix.length)] = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value)
      ? Number(value)
      : value;
  }
  return fields;
}

/**
 * Applies rows in file order: runs of rows the bulk path can take go to it together (a run ends before a
 * row that repeats one of its keys, so each statement touches a row once), and every other row goes
 * alone through the same domain function as the API, in a savepoint, so a rejected row leaves nothing.
 */
async function applyInRuns(
  ctx: ChunkContext,
  rows: ImportRow[],
  options: {
    /** The row's key for the bulk path, or null when the row must go alone. */
    bulkKey: (row: ImportRow) => string | null;
    bulk?: (rows: ImportRow[]) => Promise<RowResult[]>;
    single: (row: ImportRow, sp: Knex.Transaction) => Promise<RowResult>;
  },
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  let run: ImportRow[] = [];
  let keys = new Set<string>();
  const flush = async () => {
    if (run.length > 0) results.push(...(await options.bulk!(run)));
    run = [];
    keys = new Set();
  };
  for (const row of rows) {
    const key = options.bulk ? options.bulkKey(row) : null;
    if (key !== null && !keys.has(key)) {
      run.push(row);
      keys.add(key);
      continue;
    }
    await flush();
    if (key !== null) {
      run.push(row);
      keys.add(key);
      continue;
    }
    try {
      results.push(await ctx.trx.transaction((sp) => options.single(row, sp)));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push(rejected(row.line, err));
    }
  }
  await flush();
  return results;
}

// ---------------------------------------------------------------------------------------------------
// MUTATION/USER

const SIMPLE_USER_COLUMNS = new Set(['id', 'accountId', 'email', 'firstName', 'lastName', 'locale']);

/** A row that only upserts a user (no code, status, processor id or referral) can go in bulk. */
function simpleUserRow(row: ImportRow): boolean {
  for (const [column, value] of row.cells) {
    if (value !== '' && !SIMPLE_USER_COLUMNS.has(column) && !column.startsWith('customFields.')) return false;
  }
  return true;
}

const userKey = (row: ImportRow) => `${row.cells.get('accountId')}\u0000${row.cells.get('id')}`;

function identifyBodyOf(row: ImportRow): IdentifyBody {
  const trimmed = (column: string) => cell(row, column)?.trim();
  return {
    email: cell(row, 'email'),
    firstName: trimmed('firstName'),
    lastName: trimmed('lastName'),
    locale: cell(row, 'locale'),
    paymentProviderId: trimmed('paymentProviderId'),
    accountStatus: cell(row, 'accountStatus') as SubscriptionStatus | undefined,
    referredByCode: trimmed('referredBy.code'),
    shareCode: cell(row, 'shareCode'),
  };
}

async function applyUsers(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  return applyInRuns(ctx, rows, {
    bulkKey: (row) => (simpleUserRow(row) ? userKey(row) : null),
    bulk: (run) => upsertUsersInBulk(ctx, run),
    single: async (row, sp) => {
      const ids = { accountId: row.cells.get('accountId')!, userId: row.cells.get('id')! };
      const outcome = await identifyUser(sp, ctx.tenant.id, ids, identifyBodyOf(row));
      const custom = fieldsWithPrefix(row, 'customFields.');
      if (custom) {
        await sp('users')
          .where({ tenant_id: ctx.tenant.id, account_id: ids.accountId, id: ids.userId })
          .update({ custom_fields: sp.raw('custom_fields || ?::jsonb', [JSON.stringify(custom)]) });
      }
      ctx.lifecycle.push({ outcome });
      return ok(row.line, outcome.userCreated ? 'created' : 'updated');
    },
  });
}

/**
 * The bulk path of MUTATION/USER: the same upsert as identification, set-based, in a few statements per
 * run whatever its size. Accounts are created (a new account's first user is this one, so it is stamped
 * as it is created), users inserted or updated (an empty cell leaves the stored value), and every user
 * without a share code gets one as it is written: its name's code (JANEDOE) when that is free, else the
 * name with a random tail, as identification falls back to. Codes are proposed from one look-up of
 * which name codes are taken and claimed afterwards; the few a concurrent writer took meanwhile are
 * replaced by fresh ones.
 */
async function upsertUsersInBulk(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  const { trx } = ctx;
  const tenantId = ctx.tenant.id;
  const results = new Map<number, RowResult>();

  const blocked = await trx.raw<{ rows: { account_id: string; user_id: string }[] }>(
    `select d.account_id, d.user_id from do_not_track d
       join unnest(?::text[], ?::text[]) as t(account_id, user_id)
         on d.account_id = t.account_id and d.user_id = t.user_id
      where d.tenant_id = ?`,
    [rows.map((r) => r.cells.get('accountId')!), rows.map((r) => r.cells.get('id')!), tenantId],
  );
  const blockedKeys = new Set(blocked.rows.map((b) => `${b.account_id}\u0000${b.user_id}`));
  const accepted = rows.filter((row) => {
    if (!blockedKeys.has(userKey(row))) return true;
    results.set(row.line, rejected(row.line, doNotTrackError()));
    return false;
  });

  if (accepted.length > 0) {
    const column = (name: string, trim = false) =>
      accepted.map((r) => (trim ? cell(r, name)?.trim() : cell(r, name)) ?? null);
    const accountIds = column('accountId') as string[];
    const distinctAccounts = [...new Set(accountIds)];
    const created = await trx.raw<{ rows: { id: string }[] }>(
      `insert into accounts (tenant_id, id, first_user_at)
       select ?, a, clock_timestamp() from unnest(?::text[]) as t(a)
       on conflict do nothing
       returning id`,
      [tenantId, distinctAccounts],
    );
    const createdIds = new Set(created.rows.map((a) => a.id));
    const firstNames = column('firstName', true);
    const lastNames = column('lastName', true);
    const proposals = await proposeShareCodes(
      ctx,
      accepted.map((_, i) => nameBase(firstNames[i], lastNames[i])),
    );
    const custom = accepted.map((r) => {
      const fields = fieldsWithPrefix(r, 'customFields.');
      return fields ? JSON.stringify(fields) : null;
    });
    const upserted = await trx.raw<{
      rows: { account_id: string; id: string; share_code: string; inserted: boolean }[];
    }>(
      `insert into users as u
         (tenant_id, account_id, id, email, first_name, last_name, locale, custom_fields, share_code)
       select ?, t.account_id, t.id, t.email, t.first_name, t.last_name, t.locale, coalesce(t.custom, '{}'),
              t.share_code
         from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::text[])
           as t(account_id, id, email, first_name, last_name, locale, custom, share_code)
       on conflict (tenant_id, account_id, id) do update set
         email = coalesce(excluded.email, u.email),
         first_name = coalesce(excluded.first_name, u.first_name),
         last_name = coalesce(excluded.last_name, u.last_name),
         locale = coalesce(excluded.locale, u.locale),
         custom_fields = u.custom_fields || excluded.custom_fields,
         share_code = coalesce(u.share_code, excluded.share_code),
         updated_at = now()
       returning u.account_id, u.id, u.share_code, (xmax = 0) as inserted`,
      [
        tenantId,
        accountIds,
        column('id'),
        column('email'),
        firstNames,
        lastNames,
        column('locale'),
        custom,
        proposals,
      ] as unknown as readonly Knex.RawBinding[],
    );
    const inserted = new Set(
      upserted.rows.filter((u) => u.inserted).map((u) => `${u.account_id}\u0000${u.id}`),
    );
    for (const row of accepted) {
      results.set(row.line, ok(row.line, inserted.has(userKey(row)) ? 'created' : 'updated'));
    }
    // Cached code lookups show the owner's name: an existing user's new name must reach gateways.
    if (accepted.some((r) => !inserted.has(userKey(r)) && (cell(r, 'firstName') || cell(r, 'lastName')))) {
      await notifyTenantChanged(trx, tenantId, 'codes');
    }
    // Users that took their proposal (new ones, and any that had no code) claim it now.
    const proposed = new Set(proposals);
    await claimShareCodes(
      ctx,
      upserted.rows.filter((u) => proposed.has(u.share_code)),
    );
    await stampFirstUsers(
      ctx,
      distinctAccounts.filter((id) => !createdIds.has(id)),
    );
  }
  return rows.map((row) => results.get(row.line)!);
}

/**
 * A share code for each user of a run, distinct within the run and free when looked at: the name's code
 * when no one holds it, else the name's first letters with a random tail (a random code without a name).
 */
async function proposeShareCodes(ctx: ChunkContext, bases: (string | null)[]): Promise<string[]> {
  const wanted = [...new Set(bases.flatMap((b) => (b ? [b.slice(0, 15)] : [])))];
  const used = await createReferralCodesRepo(ctx.trx).takenAmong(ctx.tenant.id, wanted, ctx.trx);
  return bases.map((base) => {
    if (!base) return randomCode();
    const code = base.slice(0, 15);
    if (used.has(code)) return `${base.slice(0, 9)}${randomCode(6)}`;
    used.add(code);
    return code;
  });
}

/**
 * Claims the codes users were given in referral_codes. A code a concurrent writer claimed since it was
 * proposed is replaced: those users get fresh codes, by rounds of random tails until each has one.
 */
export async function claimShareCodes(
  ctx: ChunkContext,
  users: { account_id: string; id: string; share_code: string }[],
): Promise<void> {
  if (users.length === 0) return;
  const { trx } = ctx;
  const claim = async (codes: string[], owners: { account_id: string; id: string }[]) => {
    const won = await trx.raw<{ rows: { code: string; account_id: string; user_id: string }[] }>(
      `insert into referral_codes (tenant_id, code, account_id, user_id)
       select ?, code, account_id, user_id from unnest(?::text[], ?::text[], ?::text[]) as t(code, account_id, user_id)
       on conflict do nothing
       returning code, account_id, user_id`,
      [ctx.tenant.id, codes, owners.map((u) => u.account_id), owners.map((u) => u.id)],
    );
    const wonBy = new Set(won.rows.map((w) => `${w.account_id}\u0000${w.user_id}`));
    return { won: won.rows, lost: owners.filter((u) => !wonBy.has(`${u.account_id}\u0000${u.id}`)) };
  };
  let { lost } = await claim(
    users.map((u) => u.share_code),
    users,
  );
  const replaced: { code: string; account_id: string; user_id: string }[] = [];
  for (let round = 0; lost.length > 0; round += 1) {
    if (round > 20) throw new Error('could not find free share codes');
    const attempt = await claim(
      lost.map(() => randomCode()),
      lost,
    );
    replaced.push(...attempt.won);
    lost = attempt.lost;
  }
  if (replaced.length > 0) {
    await trx.raw(
      `update users u set share_code = t.code
         from unnest(?::text[], ?::text[], ?::text[]) as t(code, account_id, user_id)
        where u.tenant_id = ? and u.account_id = t.account_id and u.id = t.user_id`,
      [
        replaced.map((c) => c.code),
        replaced.map((c) => c.account_id),
        replaced.map((c) => c.user_id),
        ctx.tenant.id,
      ],
    );
  }
  await notifyTenantChanged(trx, ctx.tenant.id, 'new-code');
}

/**
 * Accounts that existed before this run and had no identified user yet: the fact is stamped once; a
 * referral that now has a step due is marked.
 */
async function stampFirstUsers(ctx: ChunkContext, accountIds: string[]): Promise<void> {
  if (accountIds.length === 0) return;
  const { trx } = ctx;
  const stamped = await trx.raw<{ rows: AccountRow[] }>(
    `update accounts set first_user_at = clock_timestamp(), updated_at = now()
      where tenant_id = ? and id = any(?::text[]) and first_user_at is null
      returning *`,
    [ctx.tenant.id, accountIds],
  );
  if (stamped.rows.length === 0) return;
  const referrals = await trx<ReferralRow>('referrals')
    .where('tenant_id', ctx.tenant.id)
    .whereIn(
      'referred_account_id',
      stamped.rows.map((a) => a.id),
    );
  const byAccount = new Map(stamped.rows.map((a) => [a.id, a]));
  for (const referral of referrals) {
    const account = byAccount.get(referral.referred_account_id)!;
    if (pendingSteps(referral.status, accountFacts(account)).length === 0) continue;
    await createReferralsRepo(trx).markLifecyclePending(referral.id, trx);
    ctx.lifecycle.push({ outcome: { account, referral, referralCreated: false } });
  }
}

// ---------------------------------------------------------------------------------------------------
// MUTATION/DELETE_USER

async function applyDeletions(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  return applyInRuns(ctx, rows, {
    bulkKey: () => null,
    single: async (row, sp) => {
      const outcome = await deleteUser(sp, ctx.tenant.id, {
        accountId: row.cells.get('accountId')!,
        userId: row.cells.get('id')!,
        preserveEmptyAccount: cell(row, 'preserveEmptyAccount') === 'true',
        doNotTrack: cell(row, 'doNotTrack') === 'true',
      });
      if (!outcome.userDeleted) return ok(row.line, 'no such user; remembered as doNotTrack');
      return ok(row.line, outcome.accountDeleted ? 'deleted with its account' : 'deleted');
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// MUTATION/USER_EVENT

function eventOf(row: ImportRow) {
  const triggered = cell(row, 'event.dateTriggered');
  return {
    key: row.cells.get('event.key')!,
    fields: fieldsWithPrefix(row, 'event.fields.') ?? {},
    dateTriggered: triggered === undefined ? undefined : Number(triggered),
  };
}

async function applyEvents(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  const conversionKey = ctx.tenant.conversionEventKey;
  return applyInRuns(ctx, rows, {
    // A conversion event also records the account's first payment: it goes alone, as through the API.
    bulkKey: (row) =>
      row.cells.get('event.key') === conversionKey
        ? null
        : (cell(row, 'idempotencyKey') ?? `\u0000${row.line}`),
    bulk: (run) => storeEventsInBulk(ctx, run),
    single: async (row, sp) => {
      const idempotencyKey = cell(row, 'idempotencyKey') ?? null;
      const logged = await logUserEvents(
        sp,
        ctx.tenant.id,
        {
          idempotencyKey,
          batches: [
            {
              accountId: row.cells.get('accountId')!,
              userId: row.cells.get('userId')!,
              events: [eventOf(row)],
            },
          ],
        },
        { nowMs: ctx.nowMs, conversionEventKey: conversionKey },
      );
      for (const conversion of logged.conversions) {
        ctx.lifecycle.push({
          outcome: conversion.outcome,
          eventId: `import-event/${ctx.tenant.alias}/${conversion.eventId}`,
        });
      }
      return ok(row.line, logged.results[0]!.events[0]!.id);
    },
  });
}

/** A run of events, each row its own request under its own key (see user-events.repo storeEach). */
async function storeEventsInBulk(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  const requests = rows.map((row) => {
    const event = eventOf(row);
    return {
      idempotencyKey: cell(row, 'idempotencyKey') ?? null,
      event: {
        id: uuidv7(),
        accountId: row.cells.get('accountId')!,
        userId: row.cells.get('userId')!,
        key: event.key,
        fields: event.fields,
        dateTriggeredMs: event.dateTriggered ?? ctx.nowMs,
      },
    };
  });
  const outcomes = await createUserEventsRepo(ctx.trx).storeEach(
    ctx.tenant.id,
    new Date(ctx.nowMs),
    requests,
  );
  return rows.map((row, i) => {
    switch (outcomes[i]) {
      case 'stored':
        return ok(row.line, requests[i]!.event.id);
      case 'userNotFound':
        return rejected(
          row.line,
          new AppError('USER_NOT_FOUND', 'No such user in this account; import or identify the user first'),
        );
      default:
        return rejected(
          row.line,
          new AppError('IDEMPOTENCY_KEY_USED', 'This idempotency key was already used in the last 24 hours'),
        );
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// MUTATION/REDEEMABLE_REWARD_BALANCE

async function applyRedemptions(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  return applyInRuns(ctx, rows, {
    bulkKey: () => null,
    single: async (row, sp) => {
      const accountId = row.cells.get('accountId')!;
      const userId = cell(row, 'userId');
      if (userId !== undefined) {
        const user = await sp('users')
          .where({ tenant_id: ctx.tenant.id, account_id: accountId, id: userId })
          .first();
        if (!user) throw new AppError('USER_NOT_FOUND', 'No such user in this account');
      }
      const balance = await redeemRewardBalance(sp, ctx.tenant.id, {
        accountId,
        unit: row.cells.get('unit')!,
        amount: Number(row.cells.get('valueToRedeem')),
      });
      return ok(row.line, `${balance.available} ${balance.unit} left`);
    },
  });
}

export const CHUNK_APPLIERS: Record<JobType, (ctx: ChunkContext, rows: ImportRow[]) => Promise<RowResult[]>> =
  {
    'MUTATION/USER': applyUsers,
    'MUTATION/DELETE_USER': applyDeletions,
    'MUTATION/USER_EVENT': applyEvents,
    'MUTATION/REDEEMABLE_REWARD_BALANCE': applyRedemptions,
  };

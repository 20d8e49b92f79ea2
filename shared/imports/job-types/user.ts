import type { Knex } from 'knex';
import { z } from 'zod';
import { notifyTenantChanged } from '../../db/notify';
import { identifyUser, type IdentifyBody } from '../../domain/accounts/identification';
import { accountFacts, pendingSteps } from '../../domain/referrals/referral-rules';
import { nameBase, shareCodeSchema } from '../../domain/referrals/share-codes';
import { doNotTrackError } from '../../domain/accounts/user-deletion';
import { presentUser, shareLink } from '../../domain/accounts/user-view';
import { recordWebhookEvents } from '../../domain/webhooks/webhook-events';
import { referralCodeInputSchema } from '../../ids';
import { programIdSchema } from '../../domain/programs/program-state';
import type { AccountRow } from '../../repos/accounts.repo';
import type { UserRow } from '../../repos/users.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../types/referrals';
import { checkedColumns, fieldText, fromZod, id, oneOf, text } from '../cell-checks';
import { claimShareCodes, proposeShareCodes } from '../claim-share-codes';
import {
  cell,
  fieldsWithPrefix,
  ok,
  rejected,
  type ChunkContext,
  type ImportJobType,
  type ImportRow,
  type RowResult,
} from '../rows';
import { applyInRuns } from '../run-engine';

/** MUTATION/USER: identifies users as through the API (bulk for rows that only upsert a user). */
export const userJobType: ImportJobType<'MUTATION/USER'> = {
  name: 'MUTATION/USER',
  columns: checkedColumns('MUTATION/USER', {
    id,
    accountId: id,
    email: fromZod(z.email().max(254), 'must be an e-mail address'),
    firstName: text(100),
    lastName: text(100),
    locale: (v) =>
      /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$/.test(v) ? null : 'must be a locale such as en or en_US',
    paymentProviderId: text(255),
    accountStatus: oneOf(SUBSCRIPTION_STATUSES),
    shareCode: fromZod(shareCodeSchema, 'must be 1 to 15 letters and digits'),
    'referredBy.code': fromZod(referralCodeInputSchema, 'must be a referral code'),
    /** The program the user shares in: shareCode, or a new code, is the user's code in that program. */
    programId: fromZod(programIdSchema, 'must be a program id (default or prg_ and 16 hex digits)'),
    'customFields.': fieldText,
  }),
  apply: applyUsers,
  // The bulk path's writes are upserts that wait for an earlier chunk's locks; the single path reads
  // codes, referrals and accounts an earlier uncommitted chunk may be writing.
  concurrent: (row) => simpleUserRow(row),
};

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
    programId: cell(row, 'programId') || undefined,
  };
}

async function applyUsers(ctx: ChunkContext, rows: ImportRow[]): Promise<RowResult[]> {
  return applyInRuns(ctx, rows, {
    bulkKey: (row) => (simpleUserRow(row) ? userKey(row) : null),
    bulk: (run) => upsertUsersInBulk(ctx, run),
    single: async (row, sp) => {
      const ids = { accountId: row.cells.get('accountId')!, userId: row.cells.get('id')! };
      const outcome = await identifyUser(sp, ctx.tenant.id, ids, identifyBodyOf(row), (code) =>
        shareLink(ctx.publicUrl, ctx.tenant.alias, code, ctx.tenant.shareLinkFormat),
      );
      const custom = fieldsWithPrefix(row, 'customFields.');
      if (custom) {
        await sp('users')
          .where({ tenant_id: ctx.tenant.id, account_id: ids.accountId, id: ids.userId })
          .update({ custom_fields: sp.raw('custom_fields || ?::jsonb', [JSON.stringify(custom)]) });
      }
      ctx.lifecycle.push({ outcome });
      const done = outcome.userCreated ? 'created' : 'updated';
      const refused = outcome.refused
        ? `; referral ${outcome.refused.code} refused (${outcome.refused.signals.map((s) => s.signal).join(', ')})`
        : '';
      return ok(row.line, `${done}${refused}`);
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
    const bases = accepted.map((_, i) => nameBase(firstNames[i], lastNames[i]));
    const baseOf = new Map(accepted.map((r, i) => [userKey(r), bases[i]]));
    const proposals = await proposeShareCodes(ctx, bases);
    const custom = accepted.map((r) => {
      const fields = fieldsWithPrefix(r, 'customFields.');
      return fields ? JSON.stringify(fields) : null;
    });
    const upserted = await trx.raw<{ rows: (UpsertedUser & { inserted: boolean })[] }>(
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
       returning u.account_id, u.id, u.email, u.first_name, u.last_name, u.locale, u.share_code,
                 u.created_at, (xmax = 0) as inserted`,
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
    const replaced = await claimShareCodes(
      ctx,
      upserted.rows.flatMap((u) =>
        u.share_code !== null && proposed.has(u.share_code)
          ? [{ ...u, share_code: u.share_code, base: baseOf.get(`${u.account_id}\u0000${u.id}`) }]
          : [],
      ),
    );
    await stampFirstUsers(
      ctx,
      distinctAccounts.filter((id) => !createdIds.has(id)),
    );
    await recordCreatedUsers(
      ctx,
      upserted.rows
        .filter((u) => u.inserted)
        .map((u) => ({ ...u, share_code: replaced.get(`${u.account_id}\u0000${u.id}`) ?? u.share_code })),
      createdIds,
    );
  }
  return rows.map((row) => results.get(row.line)!);
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
    ctx.lifecycle.push({ outcome: { account, referral, referralCreated: false, refused: null } });
  }
}

/** What the bulk upsert answers of each user: enough for its `user.created` event. */
type UpsertedUser = Pick<
  UserRow,
  'account_id' | 'id' | 'email' | 'first_name' | 'last_name' | 'locale' | 'share_code' | 'created_at'
>;

/**
 * The `user.created` webhook events of the users a bulk run inserted, in its transaction: the users as
 * GET user answers them (with their final share codes and links under PUBLIC_URL), one INSERT for all.
 * A user whose account this run created has no processor id and no referral yet; only the others'
 * accounts and referrals are read.
 */
async function recordCreatedUsers(ctx: ChunkContext, users: UpsertedUser[], createdAccounts: Set<string>) {
  if (users.length === 0) return;
  const older = [
    ...new Set(users.filter((u) => !createdAccounts.has(u.account_id)).map((u) => u.account_id)),
  ];
  const accounts = new Map<
    string,
    { payment_provider_id: string | null; code: string | null; status: string | null }
  >();
  if (older.length > 0) {
    const found = await ctx.trx.raw<{
      rows: { id: string; payment_provider_id: string | null; code: string | null; status: string | null }[];
    }>(
      `select a.id, a.payment_provider_id, r.referral_code_used as code, r.status
         from accounts a
         left join referrals r on r.tenant_id = a.tenant_id and r.referred_account_id = a.id
        where a.tenant_id = ? and a.id = any(?::text[])`,
      [ctx.tenant.id, older],
    );
    for (const a of found.rows) accounts.set(a.id, a);
  }
  const data = users.map((u) => {
    const facts = accounts.get(u.account_id);
    const account = { payment_provider_id: facts?.payment_provider_id ?? null } as AccountRow;
    const referral = facts?.code
      ? ({ referral_code_used: facts.code, status: facts.status } as ReferralRow)
      : null;
    return presentUser(
      u as UserRow,
      account,
      referral,
      shareLink(ctx.publicUrl, ctx.tenant.alias, u.share_code, ctx.tenant.shareLinkFormat),
    );
  });
  await recordWebhookEvents(ctx.trx, ctx.tenant.id, 'user.created', data);
}

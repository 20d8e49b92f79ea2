import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/knex';
import type { UsedKeysCache } from '../../cache/used-keys-cache';
import { AppError } from '../../errors';
import { IDEMPOTENCY_RETENTION_MS } from '../../idempotency';
import { createAccountsRepo } from '../../repos/accounts.repo';
import type { NewUserEvent, StoreRequest } from '../../repos/user-events-store';
import { createUserEventsRepo, type UserEventRow } from '../../repos/user-events.repo';
import { applyAccountMutation, type AccountOutcome } from '../accounts/account-changes';
import { createReferralsRepo } from '../../repos/referrals.repo';
import type { AccountRow } from '../../repos/accounts.repo';
import { checkPaymentEvents, eventPayment } from '../programs/payment-reports';
import {
  recordRuleOccurrencesOfReferrals,
  wantedReports,
  type OccurrenceReport,
} from '../programs/rule-occurrences';
import { loadRuleVersion } from '../programs/rule-versions';
import type { EventData, userEventsPageSchema } from './user-events.schema';

/** Events for one user, as logUserEvents takes them (the key belongs to the whole request). */
export interface UserEventBatch {
  accountId: string;
  userId: string;
  events: EventData[];
}

export interface LoggedEvent {
  id: string;
  key: string;
  fields: Record<string, unknown>;
  dateTriggered: number;
  dateReceived: number;
}

export interface LoggedUserEvents {
  userId: string;
  accountId: string;
  events: LoggedEvent[];
}

/** A referral conversion the events caused, to be delivered to the account's lifecycle workflow. */
export interface EventConversion {
  outcome: AccountOutcome;
  /** The first event with the conversion key for this account. */
  eventId: string;
}

export interface LogUserEventsResult {
  results: LoggedUserEvents[];
  conversions: EventConversion[];
}

export function keyUsed(eventIds: string[]): AppError {
  return new AppError(
    'IDEMPOTENCY_KEY_USED',
    'This idempotency key was already used in the last 24 hours; the events of its first use are kept',
    { fields: { eventIds } },
  );
}

/**
 * Logs events for one or more users, all or nothing, under one optional idempotency key. A live key is
 * 409 IDEMPOTENCY_KEY_USED with the ids stored at its first receipt; a user the tenant never identified
 * is 404 USER_NOT_FOUND; either way nothing is written and the key stays as it was.
 *
 * When the program has a conversion event key and an event carries it, the same transaction records the
 * account's first payment (for a referred account), exactly as a first PAID status does; the caller then
 * delivers the conversion to the lifecycle workflow.
 */
export async function logUserEvents(
  db: Db,
  tenantId: string,
  request: { idempotencyKey: string | null; batches: UserEventBatch[] },
  options: {
    nowMs: number;
    conversionEventKey: string | null;
    /** The program's payment event key: such an event is a payment (PAYMENT rules). */
    paymentEventKey?: string | null;
    usedKeys?: UsedKeysCache;
  },
): Promise<LogUserEventsResult> {
  const { idempotencyKey } = request;
  const paymentEventKey = options.paymentEventKey ?? null;
  for (const batch of request.batches) checkPaymentEvents(batch.events, paymentEventKey);
  const known = idempotencyKey && options.usedKeys?.find(tenantId, idempotencyKey, options.nowMs);
  if (known) throw keyUsed(known);
  const receivedAt = new Date(options.nowMs);
  const results: LoggedUserEvents[] = request.batches.map((batch) => ({
    userId: batch.userId,
    accountId: batch.accountId,
    events: batch.events.map((e) => ({
      id: uuidv7(),
      key: e.key,
      fields: e.fields ?? {},
      dateTriggered: e.dateTriggered ?? options.nowMs,
      dateReceived: options.nowMs,
    })),
  }));
  const events: NewUserEvent[] = results.flatMap((r) =>
    r.events.map((e) => ({
      id: e.id,
      accountId: r.accountId,
      userId: r.userId,
      key: e.key,
      fields: e.fields,
      dateTriggeredMs: e.dateTriggered,
    })),
  );
  const store: StoreRequest = { tenantId, idempotencyKey: request.idempotencyKey, receivedAt, events };

  // Only a committed claim is remembered (the conversion path commits after storing).
  const remember = () => {
    if (idempotencyKey)
      options.usedKeys?.remember(tenantId, idempotencyKey, options.nowMs, eventIdsOf(results));
  };
  const converting = conversionEvents(results, options.conversionEventKey);
  // Accounts whose referral has rules: their events may be payments or events the rules reward.
  const ruled = await ruledAccounts(db, tenantId, results, paymentEventKey);
  if (converting.size === 0 && ruled.size === 0) {
    await storeOrThrow(db, store, options.usedKeys);
    remember();
    return { results, conversions: [] };
  }
  const conversions = await db.transaction(async (trx) => {
    // Accounts first, in a fixed order (identification locks the account before its users, too).
    const accountIds = [...new Set([...converting.keys(), ...ruled])].sort();
    const locked = await createAccountsRepo(trx).lockMany(tenantId, accountIds, trx);
    await storeOrThrow(trx, store, options.usedKeys);
    const unchanged = await unchangedOutcomes(
      trx,
      tenantId,
      locked.filter((a) => !converting.has(a.id)),
    );
    const changes: AccountOutcome[] = [];
    for (const account of locked) {
      changes.push(
        converting.has(account.id)
          ? await applyAccountMutation(trx, account, { paidByEvent: true })
          : unchanged.get(account.id)!,
      );
    }
    // The payments and events of all the accounts: one statement.
    const recorded = await recordRuleOccurrencesOfReferrals(
      trx,
      changes.map((changed) => ({
        referral: changed.referral,
        reports: ruled.has(changed.account.id)
          ? occurrenceReports(results, changed.account.id, paymentEventKey)
          : [],
      })),
    );
    const done: EventConversion[] = [];
    changes.forEach((changed, i) => {
      const outcome = { ...changed, occurrencesRecorded: recorded[i]! };
      const accountId = changed.account.id;
      const eventId = converting.get(accountId) ?? firstEventOf(results, accountId, recorded[i]!);
      if (outcome.referral && eventId) done.push({ outcome, eventId });
    });
    return done;
  });
  remember();
  return { results, conversions };
}

/** The accounts of these events whose referral was attributed under rules (one query). */
/**
 * The accounts of these events whose referral's rule version rewards one of them (a payment of the
 * payment key for a PAYMENT rule, an EVENT rule's key): one query, the versions from memory. Other
 * accounts' events are stored as before, without locking the account.
 */
async function ruledAccounts(
  db: DbOrTrx,
  tenantId: string,
  results: LoggedUserEvents[],
  paymentEventKey: string | null,
): Promise<Set<string>> {
  const accountIds = [...new Set(results.map((r) => r.accountId))];
  const ruled = new Set<string>();
  for (const row of await createReferralsRepo(db).ruledReferredAccounts(tenantId, accountIds)) {
    const { rules } = await loadRuleVersion(db, tenantId, row.rule_version, row.program_id);
    const reports = occurrenceReports(results, row.referred_account_id, paymentEventKey);
    if (wantedReports(rules, reports).length > 0) ruled.add(row.referred_account_id);
  }
  return ruled;
}

/** Accounts the events change nothing on, with their referrals (one statement), by account id. */
async function unchangedOutcomes(
  trx: DbOrTrx,
  tenantId: string,
  accounts: AccountRow[],
): Promise<Map<string, AccountOutcome>> {
  const referrals = await createReferralsRepo(trx).findByReferredAccounts(
    tenantId,
    accounts.map((a) => a.id),
    trx,
  );
  const byAccount = new Map(referrals.map((r) => [r.referred_account_id, r]));
  return new Map(
    accounts.map((account) => [
      account.id,
      { account, referral: byAccount.get(account.id) ?? null, referralCreated: false, refused: null },
    ]),
  );
}

/** What the account's events report to its referral's rules: each an EVENT, and a PAYMENT when of the payment key. */
function occurrenceReports(
  results: LoggedUserEvents[],
  accountId: string,
  paymentEventKey: string | null,
): OccurrenceReport[] {
  return results
    .filter((r) => r.accountId === accountId)
    .flatMap((r) => r.events)
    .flatMap((e): OccurrenceReport[] => [
      { kind: 'EVENT', eventId: e.id, key: e.key, fields: e.fields, at: new Date(e.dateTriggered) },
      ...(e.key === paymentEventKey ? [eventPayment(accountId, e)] : []),
    ]);
}

/** The id of the account's event that led to the first recorded occurrence (the lifecycle message's id). */
function firstEventOf(results: LoggedUserEvents[], accountId: string, recorded: string[]): string | null {
  if (recorded.length === 0) return null;
  const events = results.filter((r) => r.accountId === accountId).flatMap((r) => r.events);
  const first = recorded[0]!;
  return (events.find((e) => e.id === first || first.endsWith(`:${e.id}`)) ?? events[0])?.id ?? null;
}

const eventIdsOf = (results: LoggedUserEvents[]) => results.flatMap((r) => r.events.map((e) => e.id));

/** Account id → id of its first event carrying the conversion key. */
function conversionEvents(results: LoggedUserEvents[], key: string | null): Map<string, string> {
  const byAccount = new Map<string, string>();
  if (key === null) return byAccount;
  for (const r of results) {
    const event = r.events.find((e) => e.key === key);
    if (event && !byAccount.has(r.accountId)) byAccount.set(r.accountId, event.id);
  }
  return byAccount;
}

/** Stores, or throws the request's error; a key found used is remembered (it is committed). */
async function storeOrThrow(db: DbOrTrx, store: StoreRequest, usedKeys?: UsedKeysCache): Promise<void> {
  const repo = createUserEventsRepo(db);
  const result = await repo.store(store);
  if (result.kind === 'stored') return;
  if (result.kind === 'userNotFound') {
    throw new AppError('USER_NOT_FOUND', 'No such user in this account; identify the user first');
  }
  // keyRaced: the winner committed before our insert gave up, so a fresh read sees its row.
  const cutoff = new Date(store.receivedAt.getTime() - IDEMPOTENCY_RETENTION_MS);
  const used =
    result.kind === 'keyUsed'
      ? result
      : await repo.findLiveKey(store.tenantId, store.idempotencyKey!, cutoff);
  if (used)
    usedKeys?.remember(store.tenantId, store.idempotencyKey!, used.receivedAt.getTime(), used.eventIds);
  throw keyUsed(used?.eventIds ?? []);
}

export function presentEvent(row: UserEventRow): LoggedEvent {
  return {
    id: row.id,
    key: row.key,
    fields: row.fields,
    dateTriggered: row.date_triggered.getTime(),
    dateReceived: row.date_received.getTime(),
  };
}

/** A user's events, newest first. An unknown user simply has none. */
export async function listUserEvents(
  db: Db,
  tenantId: string,
  query: z.output<typeof userEventsPageSchema>,
): Promise<{ totalCount: number; events: LoggedEvent[] }> {
  const page = await createUserEventsRepo(db).listForUser(tenantId, query.accountId, query.userId, {
    limit: query.limit ?? 20,
    offset: query.offset ?? 0,
  });
  return { totalCount: page.totalCount, events: page.events.map(presentEvent) };
}

import type { Knex } from 'knex';
import type { DbOrTrx } from '../db/knex';

/*
 * Rows are read by the million: instants come as epoch milliseconds (a float parses several times faster
 * than a timestamp), and the referred account's "paid before it was attributed" as the boolean
 * loadEvaluationFacts (rule-rewards.ts) derives from first_paid_at and date_started.
 */

/** A converted referral as a simulation replays it, with the referred account's eligibility facts. */
export interface ReplayedConversion {
  id: string;
  referrer_account_id: string;
  /** When it converted (date_paid), epoch ms. */
  paid_ms: number;
  subscription_value: string | null;
  currency: string | null;
  paid_before_attribution: boolean;
}

/**
 * A recorded payment or user event of one of the program's referrals (rule_occurrences), with its
 * referral's and referred account's facts. `due_ms`: when the lifecycle applies it (a payment made
 * before its referral converted waits for the conversion).
 */
export interface ReplayedOccurrence {
  kind: 'PAYMENT' | 'EVENT';
  occurrence_id: string;
  amount_cents: string | null;
  currency: string | null;
  event_key: string | null;
  fields: Record<string, unknown> | null;
  occurred_ms: number;
  due_ms: number;
  referral_id: string;
  referrer_account_id: string;
  /** When its referral converted (null: not converted), epoch ms. */
  paid_ms: number | null;
  subscription_value: string | null;
  account_currency: string | null;
  paid_before_attribution: boolean;
}

/** Which occurrences a draft has rules for: payments (a PAYMENT rule), events of its EVENT rules' keys. */
export interface OccurrenceFilter {
  payments: boolean;
  eventKeys: string[];
}

/** Rows of a server-side cursor, a chunk at a time; `done` once the last chunk was read. */
export interface CursorReader<T> {
  next(): Promise<T[]>;
  readonly done: boolean;
}

/**
 * Rewards given in a month, in a unit (a currency, a credit unit, or PERCENT for percent discounts), by
 * a rule (its id) or by the program's fixed reward (null).
 */
export interface GivenTotal {
  rule_id: string | null;
  month: string;
  unit: string;
  rewards: number;
  amount: number;
}

const CHUNK = 20_000;

const DUE_AT = `case when o.kind = 'PAYMENT' then greatest(o.occurred_at, r.date_paid) else o.occurred_at end`;
const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const PAID_BEFORE = `coalesce(a.first_paid_at < r.date_started, false) as paid_before_attribution`;

const REFERRAL_FACTS = `r.id as referral_id, r.referrer_account_id, ${ms('r.date_paid')} as paid_ms,
  a.subscription_value, a.currency as account_currency, ${PAID_BEFORE}`;

/** When a part of the occurrences' query selects its rows: a condition on its columns, and its bindings. */
interface Window {
  payments: string;
  events: string;
  bindings: { payments: unknown[]; events: unknown[] };
}

/**
 * The occurrences the filter asks for, of the program's referrals, in the order they are due:
 * - payments from rule_occurrences (recorded by the doors for referrals under rules with a PAYMENT rule),
 *   not refunded or charged back, once their referral converted (never converted: never due);
 * - events from user_events, every event of a referred account received once its referral existed, so
 *   a draft's EVENT rule sees the past events of a key no published rule listened to (the doors record an
 *   EVENT occurrence only for a key the referral's rules have).
 */
function occurrencesSql(
  ids: { tenantId: string; programId: string },
  filter: OccurrenceFilter,
  window: Window,
): { sql: string; bindings: unknown[] } {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  if (filter.payments) {
    parts.push(`select 'PAYMENT' as kind, o.occurrence_id, o.amount_cents, o.currency, null::text as event_key,
         o.fields, ${ms('o.occurred_at')} as occurred_ms, ${ms(DUE_AT)} as due_ms, ${REFERRAL_FACTS}
       from rule_occurrences o
       join referrals r on r.tenant_id = o.tenant_id and r.id = o.referral_id
       left join accounts a on a.tenant_id = r.tenant_id and a.id = r.referred_account_id
       where o.tenant_id = ? and r.program_id = ? and o.kind = 'PAYMENT' and o.reversed_at is null
         and r.date_paid is not null and ${window.payments}`);
    bindings.push(ids.tenantId, ids.programId, ...window.bindings.payments);
  }
  if (filter.eventKeys.length > 0) {
    parts.push(`select 'EVENT' as kind, e.id::text as occurrence_id, null::bigint as amount_cents,
         null::text as currency, e.key as event_key, e.fields, ${ms('e.date_triggered')} as occurred_ms,
         ${ms('e.date_triggered')} as due_ms, ${REFERRAL_FACTS}
       from referrals r
       join user_events e on e.tenant_id = r.tenant_id and e.account_id = r.referred_account_id
       left join accounts a on a.tenant_id = r.tenant_id and a.id = r.referred_account_id
       where r.tenant_id = ? and r.program_id = ? and e.date_received >= r.date_started
         and e.key in (${filter.eventKeys.map(() => '?').join(', ')}) and ${window.events}`);
    bindings.push(ids.tenantId, ids.programId, ...filter.eventKeys, ...window.bindings.events);
  }
  const sql = parts.length > 0 ? parts.join(' union all ') : EMPTY_OCCURRENCES;
  return { sql: `select * from (${sql}) x order by due_ms, occurred_ms, occurrence_id`, bindings };
}

const EMPTY_OCCURRENCES = `select null::text as kind, null::text as occurrence_id, null::bigint as amount_cents,
  null::text as currency, null::text as event_key, null::jsonb as fields, 0::float8 as occurred_ms,
  0::float8 as due_ms, null::uuid as referral_id, null::text as referrer_account_id, null::float8 as paid_ms,
  null::numeric as subscription_value, null::text as account_currency, false as paid_before_attribution
  where false`;

/**
 * Reads for simulateProgram (shared/domain/programs/program-simulation.ts), all inside one read-only
 * REPEATABLE READ transaction, so the replay sees one snapshot.
 */
export function createProgramSimulationRepo(trx: Knex.Transaction) {
  return {
    /** Each referrer's conversions in the program before `before`. */
    async conversionsBefore(tenantId: string, programId: string, before: Date): Promise<Map<string, number>> {
      const rows: { referrer_account_id: string; n: number }[] = await trx('referrals')
        .where({ tenant_id: tenantId, program_id: programId })
        .where('date_paid', '<', before)
        .groupBy('referrer_account_id')
        .select('referrer_account_id', trx.raw('count(*)::int as n'));
      return new Map(rows.map((r) => [r.referrer_account_id, r.n]));
    },

    /**
     * The program's conversions in [start, end) in the order they happened, a chunk at a time through a
     * server-side cursor (one sort, nothing held but the chunk).
     */
    async openConversions(
      tenantId: string,
      programId: string,
      range: { start: Date; end: Date },
    ): Promise<CursorReader<ReplayedConversion>> {
      return openCursor(
        trx,
        'conversions',
        `select r.id, r.referrer_account_id, ${ms('r.date_paid')} as paid_ms, a.subscription_value, a.currency,
                ${PAID_BEFORE}
           from referrals r
           left join accounts a on a.tenant_id = r.tenant_id and a.id = r.referred_account_id
           where r.tenant_id = ? and r.program_id = ? and r.date_paid >= ? and r.date_paid < ?
           order by r.date_paid, r.id`,
        [tenantId, programId, range.start, range.end],
      );
    },

    /**
     * The payments and events the filter asks for that are due in [start, end), in the order they are
     * due, through a second server-side cursor read beside the conversions' (merged in order by the
     * caller).
     */
    async openOccurrences(
      tenantId: string,
      programId: string,
      filter: OccurrenceFilter,
      range: { start: Date; end: Date },
    ): Promise<CursorReader<ReplayedOccurrence>> {
      const { start, end } = range;
      // Due in [start, end), written on the columns (not on DUE_AT) so the planner estimates the rows from
      // their statistics: a payment is due at the later of when it was made and its referral's conversion.
      const { sql, bindings } = occurrencesSql({ tenantId, programId }, filter, {
        payments: '(o.occurred_at >= ? or r.date_paid >= ?) and o.occurred_at < ? and r.date_paid < ?',
        events: 'e.date_triggered >= ? and e.date_triggered < ?',
        bindings: { payments: [start, start, end, end], events: [start, end] },
      });
      return openCursor(trx, 'occurrences', sql, bindings);
    },

    /** The events the filter asks for that happened before `before` (an EVENT rule gives once per referral). */
    async openEarlierEvents(
      tenantId: string,
      programId: string,
      eventKeys: string[],
      before: Date,
    ): Promise<CursorReader<ReplayedOccurrence>> {
      const { sql, bindings } = occurrencesSql(
        { tenantId, programId },
        { payments: false, eventKeys },
        { payments: 'false', events: 'e.date_triggered < ?', bindings: { payments: [], events: [before] } },
      );
      return openCursor(trx, 'earlier_events', sql, bindings);
    },

    /**
     * What the program gave in [start, end) per rule, UTC month and unit: its rules' rewards and its fixed
     * referrer rewards (the friend's sign-up discount is a setting rules do not replace), not cancelled.
     */
    async givenTotals(tenantId: string, programId: string, range: { start: Date; end: Date }) {
      const { rows } = await trx.raw<{ rows: GivenTotal[] }>(
        `select w.rule_id, to_char(w.date_given at time zone 'UTC', 'YYYY-MM') as month,
                case when w.type = 'PCT_DISCOUNT' then 'PERCENT' else coalesce(w.unit, 'UNKNOWN') end as unit,
                count(*)::int as rewards,
                coalesce(sum(case when w.type = 'PCT_DISCOUNT' then w.discount_percent else w.amount_cents end), 0)::float8
                  as amount
         from rewards w
         join referrals r on r.id = w.referral_id and r.tenant_id = w.tenant_id
         where w.tenant_id = ? and r.program_id = ? and w.date_given >= ? and w.date_given < ?
           and w.status <> 'CANCELLED'
           and (w.grant_key is not null or w.reward_source = 'FRIEND_SIGNUP')
         group by 1, 2, 3 order by 2, 3, 1`,
        [tenantId, programId, range.start, range.end],
      );
      return rows;
    },
  };
}

/** Declares a cursor (closed with the transaction) and reads it a chunk at a time. */
async function openCursor<T>(
  trx: Knex.Transaction,
  name: string,
  sql: string,
  bindings: readonly unknown[],
): Promise<CursorReader<T>> {
  await trx.raw(`declare ${name} no scroll cursor for ${sql}`, bindings as Knex.RawBinding[]);
  let done = false;
  return {
    get done() {
      return done;
    },
    async next() {
      if (done) return [];
      const { rows } = await trx.raw<{ rows: T[] }>(`fetch ${CHUNK} from ${name}`);
      if (rows.length < CHUNK) {
        done = true;
        await trx.raw(`close ${name}`);
      }
      return rows;
    },
  };
}

/** Runs the simulation's reads in one read-only snapshot. */
export function inReplaySnapshot<T>(db: DbOrTrx, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', readOnly: true });
}

import type { Knex } from 'knex';
import type { DbOrTrx } from '../db/knex';

/** A converted referral as a simulation replays it, with the referred account's eligibility facts. */
export interface ReplayedConversion {
  id: string;
  referrer_account_id: string;
  date_started: Date;
  date_paid: Date;
  subscription_value: string | null;
  currency: string | null;
  first_paid_at: Date | null;
}

/** Rewards given in a month, in a unit (a currency, a credit unit, or PERCENT for percent discounts). */
export interface GivenTotal {
  month: string;
  unit: string;
  rewards: number;
  amount: number;
}

const CHUNK = 20_000;

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
    async eachConversionChunk(
      tenantId: string,
      programId: string,
      range: { start: Date; end: Date },
      onChunk: (rows: ReplayedConversion[]) => void | Promise<void>,
    ): Promise<void> {
      await trx.raw(
        `declare replay no scroll cursor for
           select r.id, r.referrer_account_id, r.date_started, r.date_paid,
                  a.subscription_value, a.currency, a.first_paid_at
           from referrals r
           left join accounts a on a.tenant_id = r.tenant_id and a.id = r.referred_account_id
           where r.tenant_id = ? and r.program_id = ? and r.date_paid >= ? and r.date_paid < ?
           order by r.date_paid, r.id`,
        [tenantId, programId, range.start, range.end],
      );
      for (;;) {
        const { rows } = await trx.raw<{ rows: ReplayedConversion[] }>(`fetch ${CHUNK} from replay`);
        if (rows.length > 0) await onChunk(rows);
        if (rows.length < CHUNK) break;
      }
      await trx.raw('close replay');
    },

    /**
     * What the program gave in [start, end) per UTC month and unit: its rules' rewards and its fixed
     * referrer rewards (the friend's sign-up discount is a setting rules do not replace), not cancelled.
     */
    async givenTotals(tenantId: string, programId: string, range: { start: Date; end: Date }) {
      const { rows } = await trx.raw<{ rows: GivenTotal[] }>(
        `select to_char(w.date_given at time zone 'UTC', 'YYYY-MM') as month,
                case when w.type = 'PCT_DISCOUNT' then 'PERCENT' else coalesce(w.unit, 'UNKNOWN') end as unit,
                count(*)::int as rewards,
                coalesce(sum(case when w.type = 'PCT_DISCOUNT' then w.discount_percent else w.amount_cents end), 0)::float8
                  as amount
         from rewards w
         join referrals r on r.id = w.referral_id and r.tenant_id = w.tenant_id
         where w.tenant_id = ? and r.program_id = ? and w.date_given >= ? and w.date_given < ?
           and w.status <> 'CANCELLED'
           and (w.grant_key is not null or w.reward_source = 'FRIEND_SIGNUP')
         group by 1, 2 order by 1, 2`,
        [tenantId, programId, range.start, range.end],
      );
      return rows;
    },
  };
}

/** Runs the simulation's reads in one read-only snapshot. */
export function inReplaySnapshot<T>(db: DbOrTrx, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', readOnly: true });
}

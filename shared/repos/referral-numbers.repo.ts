import type { DbOrTrx } from '../db/knex';

/**
 * The dashboard's money figures, read from referrals, accounts and rewards for a range
 * (the indexes on (tenant_id, date_started), (tenant_id, …, date_paid) and rewards' tenant index).
 * Amounts are numeric text from PostgreSQL, turned into numbers by the domain.
 */
export interface StartsBySourceRow {
  attribution_source: 'CODE' | 'COOKIE' | 'PROCESSOR';
  n: number;
}

export interface RevenueRow {
  currency: string;
  customers: number;
  /** subscription.value as stored (major units), summed over the customers. */
  first_payment: string;
  /** The same value times the billing periods paid from the first payment to the end or now. */
  total: string;
}

export interface RewardCostRow {
  side: 'REFERRED' | 'FRIEND_SIGNUP';
  currency: string;
  state: 'GIVEN' | 'PENDING';
  rewards: number;
  /** Major units: credit amount / 100, or a discount's percent of the account's subscription value. */
  cost: string;
}

/** Seconds of one billing period of `type` × `value` (a month is 30 days: an estimate, documented). */
const PERIOD_SECONDS = `(case a.billing_interval_type
    when 'DAY' then 86400 when 'WEEK' then 604800 when 'MONTH' then 2592000
    when 'QUARTER' then 7776000 when 'SEMI_ANNUAL' then 15552000 when 'YEAR' then 31536000 end)
  * coalesce(a.billing_interval_value, 1)`;

export function createReferralNumbersRepo(db: DbOrTrx) {
  return {
    /** Referrals started in [start, end) by how they were attributed. */
    async startsBySource(tenantId: string, start: Date, end: Date): Promise<StartsBySourceRow[]> {
      const { rows } = await db.raw<{ rows: StartsBySourceRow[] }>(
        `select attribution_source, count(*)::int as n from referrals
         where tenant_id = ? and date_started >= ? and date_started < ? group by attribution_source`,
        [tenantId, start, end],
      );
      return rows;
    },

    /** Revenue of the referred customers whose referral converted (first paid) in [start, end). */
    async revenue(tenantId: string, start: Date, end: Date): Promise<RevenueRow[]> {
      const { rows } = await db.raw<{ rows: RevenueRow[] }>(
        `select a.currency, count(*)::int as customers,
                coalesce(sum(a.subscription_value), 0)::text as first_payment,
                coalesce(sum(a.subscription_value * case when ${PERIOD_SECONDS} is null then 1 else
                  1 + floor(greatest(0, extract(epoch from (coalesce(r.date_ended, now()) - r.date_paid)))
                            / (${PERIOD_SECONDS})) end), 0)::text as total
         from referrals r
         join accounts a on a.tenant_id = r.tenant_id and a.id = r.referred_account_id
         where r.tenant_id = ? and r.date_paid >= ? and r.date_paid < ? and a.subscription_value is not null
         group by a.currency order by a.currency`,
        [tenantId, start, end],
      );
      return rows;
    },

    /**
     * Rewards given in [start, end) by side, currency and state: GIVEN (available, redeemed, expired)
     * or PENDING (held or waiting for review); cancelled ones cost nothing, and credit an operator
     * adjusted by hand (ADJUSTMENT) is no referral reward.
     */
    async rewardCost(tenantId: string, start: Date, end: Date): Promise<RewardCostRow[]> {
      const { rows } = await db.raw<{ rows: RewardCostRow[] }>(
        `select w.reward_source as side,
                case when w.type = 'CREDIT' then w.unit else a.currency end as currency,
                case when w.status in ('PENDING', 'PENDING_REVIEW') then 'PENDING' else 'GIVEN' end as state,
                count(*)::int as rewards,
                coalesce(sum(case when w.type = 'CREDIT'
                  then (case when w.status = 'EXPIRED' then w.redeemed_cents else w.amount_cents end) / 100.0
                  else coalesce(a.subscription_value, 0) * w.discount_percent / 100.0 end), 0)::text as cost
         from rewards w
         left join accounts a on a.tenant_id = w.tenant_id and a.id = w.account_id
         where w.tenant_id = ? and w.date_given >= ? and w.date_given < ? and w.status <> 'CANCELLED'
           and w.reward_source <> 'ADJUSTMENT'
         group by 1, 2, 3 order by 1, 2, 3`,
        [tenantId, start, end],
      );
      return rows;
    },
  };
}

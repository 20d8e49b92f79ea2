import type { DbOrTrx } from '../db/knex';
import type { NewReward, RewardRow, RewardStart } from './rewards.repo';

/** A reward a program rule gives: the reward, how it starts, and the rule's exactly-once key. */
export interface NewRuleGrant {
  reward: NewReward;
  rule: {
    ruleId: string;
    ruleVersion: number;
    grantKey: string;
    explanation: string;
    paymentId: string | null;
  };
  start: RewardStart;
}

/**
 * One statement for all the rows: each side of a referral numbered after its rewards so far (its first
 * reward is number 0, which the referral's views show as that side's reward), every time from the
 * database's clock (`clock_timestamp()`, row by row, so they keep the rows' order), the rows in the
 * order given. `not exists` makes it all or nothing: when any key is already taken, nothing is inserted.
 */
const INSERT_RULE_GRANTS = `
insert into rewards (tenant_id, account_id, user_id, referral_id, reward_source, type, discount_percent,
  amount_cents, unit, grant_no, rule_id, rule_version, grant_key, explanation, payment_id, status,
  date_given, date_cancelled, hold_until, expiry_ms, expires_at)
select v.tenant_id, v.account_id, v.user_id, v.referral_id, v.reward_source, v.type, v.discount_percent,
  v.amount_cents, v.unit,
  (select coalesce(max(w.grant_no) + 1, 0) from rewards w
    where w.tenant_id = v.tenant_id and w.referral_id = v.referral_id and w.reward_source = v.reward_source)
    + v.side_no,
  v.rule_id, v.rule_version, v.grant_key, v.explanation, v.payment_id, v.status,
  clock_timestamp(),
  case when v.status = 'CANCELLED' then clock_timestamp() end,
  clock_timestamp() + v.hold_ms * interval '1 millisecond',
  v.expiry_ms,
  case when v.status = 'AVAILABLE' then clock_timestamp() + v.expiry_ms * interval '1 millisecond' end
from jsonb_to_recordset(?::jsonb) as v(i int, side_no int, tenant_id uuid, account_id text, user_id text,
  referral_id uuid, reward_source text, type text, discount_percent int, amount_cents bigint, unit text,
  rule_id text, rule_version int, grant_key text, explanation text, payment_id text, status text,
  hold_ms bigint, expiry_ms bigint)
where not exists (
  select 1 from rewards t where t.tenant_id = ?::uuid and t.grant_key = any(?::text[])
)
order by v.i
on conflict do nothing
returning *`;

export function createRuleGrantsRepo(db: DbOrTrx) {
  return {
    /**
     * Rewards program rules gave (of one tenant), in one INSERT: all of them, in the order given, or
     * none when one's grant key is already taken (a repeat, a replay); a key taken by a concurrent
     * transaction leaves that row out. Answers the rows inserted, in the order given.
     */
    async insertMany(tenantId: string, grants: NewRuleGrant[], trx: DbOrTrx = db): Promise<RewardRow[]> {
      if (grants.length === 0) return [];
      const sides = new Map<string, number>();
      const rows = grants.map(({ reward, rule, start }, i) => {
        const side = `${reward.referral_id}:${reward.reward_source}`;
        const sideNo = sides.get(side) ?? 0;
        sides.set(side, sideNo + 1);
        return {
          ...reward,
          i,
          side_no: sideNo,
          rule_id: rule.ruleId,
          rule_version: rule.ruleVersion,
          grant_key: rule.grantKey,
          explanation: rule.explanation,
          payment_id: rule.paymentId,
          status: start.status,
          hold_ms: start.holdMs,
          expiry_ms: start.expiryMs,
        };
      });
      const result: { rows: RewardRow[] } = await trx.raw(INSERT_RULE_GRANTS, [
        JSON.stringify(rows),
        tenantId,
        rows.map((r) => r.grant_key),
      ]);
      const byKey = new Map(result.rows.map((r) => [r.grant_key, r]));
      return rows.flatMap((r) => byKey.get(r.grant_key) ?? []);
    },
  };
}

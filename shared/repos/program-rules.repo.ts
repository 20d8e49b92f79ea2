import type { DbOrTrx } from '../db/knex';

export interface RuleVersionRow {
  tenant_id: string;
  program_id: string;
  version: number;
  /** JSON, validated on read (ruleSetSchema). */
  rules: unknown;
  published_by: string;
  published_at: Date;
}

/** A reward a rule gave to a referrer's referral, as the rules' limits count it. */
export interface RuleGrantRow {
  rule_id: string;
  grant_key: string;
  amount_cents: string | null;
  date_given: Date;
}

export function createProgramRulesRepo(db: DbOrTrx) {
  return {
    /** The next version, numbered after the last; a concurrent publish loses on the primary key. */
    async insertVersion(
      tenantId: string,
      programId: string,
      rules: unknown,
      publishedBy: string,
      trx: DbOrTrx = db,
    ) {
      const next = trx('program_rule_versions')
        .where({ tenant_id: tenantId, program_id: programId })
        .select(trx.raw('coalesce(max(version), 0) + 1'));
      const [row] = await trx('program_rule_versions')
        .insert({
          tenant_id: tenantId,
          program_id: programId,
          version: next,
          rules: JSON.stringify(rules),
          published_by: publishedBy,
        })
        .returning('*');
      return row as RuleVersionRow;
    },

    async latest(
      tenantId: string,
      programId: string,
      trx: DbOrTrx = db,
    ): Promise<RuleVersionRow | undefined> {
      return trx<RuleVersionRow>('program_rule_versions')
        .where({ tenant_id: tenantId, program_id: programId })
        .orderBy('version', 'desc')
        .first();
    },

    async find(
      tenantId: string,
      programId: string,
      version: number,
      trx: DbOrTrx = db,
    ): Promise<RuleVersionRow | undefined> {
      return trx<RuleVersionRow>('program_rule_versions')
        .where({ tenant_id: tenantId, program_id: programId, version })
        .first();
    },

    /**
     * What user events any rule version of any of the tenant's programs listens to: the EVENT rules'
     * keys, and whether a PAYMENT rule exists (its payments may come from the payment event key).
     */
    async listenedEvents(tenantId: string): Promise<{ eventKeys: string[]; payments: boolean }> {
      const { rows } = await db.raw<{ rows: { type: string; event_key: string | null }[] }>(
        `select distinct rule->'trigger'->>'type' as type, rule->'trigger'->>'eventKey' as event_key
           from program_rule_versions v, jsonb_array_elements(v.rules) as rule
          where v.tenant_id = ? and rule->'trigger'->>'type' in ('EVENT', 'PAYMENT')`,
        [tenantId],
      );
      return {
        eventKeys: rows.flatMap((r) => (r.type === 'EVENT' && r.event_key ? [r.event_key] : [])),
        payments: rows.some((r) => r.type === 'PAYMENT'),
      };
    },

    async list(tenantId: string, programId: string, trx: DbOrTrx = db): Promise<RuleVersionRow[]> {
      return trx<RuleVersionRow>('program_rule_versions')
        .where({ tenant_id: tenantId, program_id: programId })
        .orderBy('version', 'desc');
    },

    /**
     * Serializes rule evaluation for one referrer until the transaction ends (a transaction-scoped
     * advisory lock, taken after the referred account's row lock and never before one): two conversions
     * committing at once count each other's, so a milestone is reached by exactly one of them. Answers
     * the database's clock once the lock is held.
     */
    async lockReferrer(
      tenantId: string,
      programId: string,
      referrerAccountId: string,
      trx: DbOrTrx,
    ): Promise<Date> {
      const result: { rows: { now: Date }[] } = await trx.raw(
        'select clock_timestamp() as now from (select pg_advisory_xact_lock(hashtextextended(?, 0))) locked',
        [`rules:${tenantId}:${programId}:${referrerAccountId}`],
      );
      return result.rows[0]!.now;
    },

    /** The referrer's converted referrals in the program (converted, whether or not ended since). */
    async conversions(
      tenantId: string,
      programId: string,
      referrerAccountId: string,
      trx: DbOrTrx = db,
    ): Promise<number> {
      const row = await trx('referrals')
        .where({ tenant_id: tenantId, program_id: programId, referrer_account_id: referrerAccountId })
        .whereNotNull('date_paid')
        .count<{ count: string }>('* as count')
        .first();
      return Number(row?.count ?? 0);
    },

    /**
     * The referrer's converted referrals in the program (as `conversions` counts them) and the rewards
     * rules gave on its referrals (to the referrer or to the friends), with one statement. Cancelled
     * rewards count too: their keys stay taken, and a cap counts what was given. Reversed ones (a refunded
     * or charged-back payment's) and their debt rows do not: that money came back.
     */
    async referrerHistory(
      tenantId: string,
      programId: string,
      referrerAccountId: string,
      trx: DbOrTrx = db,
    ): Promise<{ conversions: number; grants: RuleGrantRow[] }> {
      // A reward a partial refund took a share of counts for what is left of it (its share rows are
      // negative). The referrer's referrals first, then each one's rewards by (tenant, referral):
      // `offset 0` keeps the planner from flattening the lateral query, so stale statistics (a table that
      // grew since it was analysed) cannot turn this into a scan of the tenant's rewards, per reconcile.
      const result: { rows: (RuleGrantRow & { referral_id: string; converted: boolean })[] } = await trx.raw(
        `select r.id as referral_id, r.date_paid is not null as converted,
             w.rule_id, w.grant_key, w.amount_cents, w.date_given
           from referrals r
           left join lateral (
             select g.rule_id, g.grant_key, g.date_given,
                    g.amount_cents + coalesce((
                      select sum(s.amount_cents) from rewards s
                      where s.reverses_reward_id = g.id and s.reversed_through_cents is not null
                        and s.status <> 'CANCELLED'), 0) as amount_cents
             from rewards g
             where g.tenant_id = r.tenant_id and g.referral_id = r.id and g.grant_key is not null
               and g.reversed_by is null and g.reverses_reward_id is null
             offset 0
           ) w on true
           where r.tenant_id = ? and r.program_id = ? and r.referrer_account_id = ?`,
        [tenantId, programId, referrerAccountId],
      );
      const converted = new Set(result.rows.filter((r) => r.converted).map((r) => r.referral_id));
      return {
        conversions: converted.size,
        grants: result.rows
          .filter((r) => r.grant_key !== null)
          .map(({ rule_id, grant_key, amount_cents, date_given }) => ({
            rule_id,
            grant_key,
            amount_cents,
            date_given,
          })),
      };
    },
  };
}

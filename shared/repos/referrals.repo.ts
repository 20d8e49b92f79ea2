import type { DbOrTrx } from '../db/knex';
import type { FraudSignalHit } from '../types/fraud';
import type { AttributionSource, ReferralStatus } from '../types/referrals';

export interface ReferralRow {
  id: string;
  tenant_id: string;
  referred_account_id: string;
  referrer_account_id: string;
  referrer_user_id: string;
  referral_code_used: string;
  attribution_source: AttributionSource;
  status: ReferralStatus;
  date_started: Date;
  date_paid: Date | null;
  date_ended: Date | null;
  lifecycle_pending_since: Date | null;
  /** The fraud signals found at attribution. */
  fraud_signals: FraudSignalHit[];
  /** The fraud policy sent it to review (PENDING) and what an operator decided. */
  review_status: ReviewStatus | null;
  review_reason: string | null;
  reviewed_at: Date | null;
  reviewed_by: string | null;
  /** The program's rule-set version at attribution (null: the program's fixed referrer reward). */
  rule_version?: number | null;
  /** The program of the code it was attributed by (migration 032; `default` before programs). */
  program_id?: string;
}

export type ReviewStatus = 'PENDING' | 'APPROVED' | 'DENIED';

export interface StalePending extends Pick<
  ReferralRow,
  'id' | 'tenant_id' | 'referred_account_id' | 'referrer_user_id' | 'referral_code_used' | 'fraud_signals'
> {
  tenant_alias: string;
  lifecycle_pending_since: Date;
}

export function createReferralsRepo(db: DbOrTrx) {
  return {
    /** Of these referred accounts, those whose referral has a rule version and has not ended, with it. */
    async ruledReferredAccounts(
      tenantId: string,
      accountIds: string[],
      trx: DbOrTrx = db,
    ): Promise<{ referred_account_id: string; rule_version: number; program_id: string }[]> {
      if (accountIds.length === 0) return [];
      return trx('referrals')
        .where({ tenant_id: tenantId })
        .whereIn('referred_account_id', accountIds)
        .whereNotNull('rule_version')
        .whereNot('status', 'ENDED')
        .select('referred_account_id', 'rule_version', 'program_id');
    },

    async findByReferredAccount(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
    ): Promise<ReferralRow | undefined> {
      return trx<ReferralRow>('referrals')
        .where({ tenant_id: tenantId, referred_account_id: accountId })
        .first();
    },

    /** The referrals of these referred accounts (one statement). */
    async findByReferredAccounts(
      tenantId: string,
      accountIds: readonly string[],
      trx: DbOrTrx = db,
    ): Promise<ReferralRow[]> {
      if (accountIds.length === 0) return [];
      return trx<ReferralRow>('referrals')
        .where({ tenant_id: tenantId })
        .whereIn('referred_account_id', accountIds);
    },

    async lockByReferredAccount(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx,
    ): Promise<ReferralRow | undefined> {
      return trx<ReferralRow>('referrals')
        .where({ tenant_id: tenantId, referred_account_id: accountId })
        .forUpdate()
        .first();
    },

    async listByReferrer(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<ReferralRow[]> {
      return trx<ReferralRow>('referrals')
        .where({ tenant_id: tenantId, referrer_account_id: accountId })
        .orderBy('date_started', 'desc');
    },

    async insert(
      row: Pick<
        ReferralRow,
        | 'tenant_id'
        | 'referred_account_id'
        | 'referrer_account_id'
        | 'referrer_user_id'
        | 'referral_code_used'
        | 'attribution_source'
        | 'fraud_signals'
        | 'review_status'
        | 'rule_version'
        | 'program_id'
      >,
      trx: DbOrTrx,
    ): Promise<ReferralRow> {
      const [inserted] = await trx<ReferralRow>('referrals')
        .insert({
          ...row,
          fraud_signals: JSON.stringify(row.fraud_signals),
          status: 'IN_PROGRESS',
          date_started: trx.raw('clock_timestamp()'),
        } as never)
        .returning('*');
      return inserted as ReferralRow;
    },

    /** Attributions to one referrer (account and user) since `since`. */
    async countByReferrerSince(
      tenantId: string,
      referrer: { accountId: string; userId: string },
      since: Date,
      trx: DbOrTrx = db,
    ): Promise<number> {
      const row = await trx('referrals')
        .where({
          tenant_id: tenantId,
          referrer_account_id: referrer.accountId,
          referrer_user_id: referrer.userId,
        })
        .where('date_started', '>=', since)
        .count<{ n: string }[]>('* as n');
      return Number(row[0]?.n ?? 0);
    },

    async update(
      id: string,
      changes: Partial<Pick<ReferralRow, 'status' | 'date_paid' | 'date_ended'>>,
      trx: DbOrTrx,
    ): Promise<ReferralRow> {
      const [row] = await trx<ReferralRow>('referrals').where({ id }).update(changes).returning('*');
      return row as ReferralRow;
    },

    /** An operator's re-attribution: the referral now belongs to another referrer. */
    async reattribute(
      id: string,
      to: { accountId: string; userId: string; code: string },
      trx: DbOrTrx,
    ): Promise<ReferralRow> {
      const [row] = await trx<ReferralRow>('referrals')
        .where({ id })
        .update({
          referrer_account_id: to.accountId,
          referrer_user_id: to.userId,
          referral_code_used: to.code,
        })
        .returning('*');
      return row as ReferralRow;
    },

    /** An operator's cancellation: ENDED now. */
    async endNow(id: string, trx: DbOrTrx): Promise<ReferralRow> {
      const [row] = await trx<ReferralRow>('referrals')
        .where({ id })
        .update({ status: 'ENDED', date_ended: trx.raw('clock_timestamp()') } as never)
        .returning('*');
      return row as ReferralRow;
    },

    /** The tenant's referrals among `ids` (ids of other tenants are not found). */
    async findMany(tenantId: string, ids: readonly string[], trx: DbOrTrx = db): Promise<ReferralRow[]> {
      if (ids.length === 0) return [];
      return trx<ReferralRow>('referrals').where('tenant_id', tenantId).whereIn('id', ids);
    },

    /**
     * Records an operator's decision on the tenant's referrals among `ids` that await review, once: a
     * referral already decided is left as it is. A referral still running is marked for its lifecycle
     * workflow to apply the decision (the reconciler re-delivers it should the update not arrive).
     */
    async decideReviews(
      tenantId: string,
      ids: readonly string[],
      decision: { status: 'APPROVED' | 'DENIED'; reason: string; by: string },
      trx: DbOrTrx,
    ): Promise<ReferralRow[]> {
      if (ids.length === 0) return [];
      return trx('referrals')
        .where({ tenant_id: tenantId, review_status: 'PENDING' })
        .whereIn('id', ids)
        .update({
          review_status: decision.status,
          review_reason: decision.reason,
          reviewed_by: decision.by,
          reviewed_at: trx.raw('clock_timestamp()'),
          lifecycle_pending_since: trx.raw(
            "case when status = 'ENDED' then lifecycle_pending_since else coalesce(lifecycle_pending_since, clock_timestamp()) end",
          ),
        })
        .returning('*');
    },

    /** Marks a change for the lifecycle workflow to apply (kept at its first time until applied). */
    async markLifecyclePending(id: string, trx: DbOrTrx): Promise<void> {
      await trx('referrals')
        .where({ id })
        .whereNull('lifecycle_pending_since')
        .update({ lifecycle_pending_since: trx.raw('clock_timestamp()') });
    },

    async clearLifecyclePending(id: string, trx: DbOrTrx): Promise<void> {
      await trx('referrals')
        .where({ id })
        .whereNotNull('lifecycle_pending_since')
        .update({ lifecycle_pending_since: null });
    },

    /** Referrals whose pending change is older than the grace period, oldest first, across tenants. */
    async listStalePending(olderThan: Date, limit: number, trx: DbOrTrx = db): Promise<StalePending[]> {
      return trx('referrals as r')
        .join('tenants as t', 't.id', 'r.tenant_id')
        .whereNotNull('r.lifecycle_pending_since')
        .where('r.lifecycle_pending_since', '<', olderThan)
        .orderBy('r.lifecycle_pending_since')
        .limit(limit)
        .select(
          'r.id',
          'r.tenant_id',
          't.alias as tenant_alias',
          'r.referred_account_id',
          'r.referrer_user_id',
          'r.referral_code_used',
          'r.fraud_signals',
          'r.lifecycle_pending_since',
        );
    },
  };
}

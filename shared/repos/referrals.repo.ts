import type { DbOrTrx } from '../db/knex';
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
}

export interface StalePending extends Pick<
  ReferralRow,
  'id' | 'tenant_id' | 'referred_account_id' | 'referrer_user_id' | 'referral_code_used'
> {
  tenant_alias: string;
  lifecycle_pending_since: Date;
}

export function createReferralsRepo(db: DbOrTrx) {
  return {
    async findByReferredAccount(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
    ): Promise<ReferralRow | undefined> {
      return trx<ReferralRow>('referrals')
        .where({ tenant_id: tenantId, referred_account_id: accountId })
        .first();
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
      >,
      trx: DbOrTrx,
    ): Promise<ReferralRow> {
      const [inserted] = await trx<ReferralRow>('referrals')
        .insert({ ...row, status: 'IN_PROGRESS', date_started: trx.raw('clock_timestamp()') } as never)
        .returning('*');
      return inserted as ReferralRow;
    },

    async update(
      id: string,
      changes: Partial<Pick<ReferralRow, 'status' | 'date_paid' | 'date_ended'>>,
      trx: DbOrTrx,
    ): Promise<ReferralRow> {
      const [row] = await trx<ReferralRow>('referrals').where({ id }).update(changes).returning('*');
      return row as ReferralRow;
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
          'r.lifecycle_pending_since',
        );
    },
  };
}

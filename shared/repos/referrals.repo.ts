import type { DbOrTrx } from '../db/knex';
import type { AttributionSource, ReferralStatus } from '../domain/referral-rules';

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
  workflow_seen_at: Date | null;
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

    async markWorkflowSeen(id: string, trx: DbOrTrx = db): Promise<void> {
      await trx('referrals')
        .where({ id })
        .whereNull('workflow_seen_at')
        .update({ workflow_seen_at: trx.fn.now() });
    },
  };
}

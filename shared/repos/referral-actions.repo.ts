import type { DbOrTrx } from '../db/knex';
import type { ReferralAction } from '../types/referral-actions';

/** A hand action on a referral or one of its rewards (migration 027). */
export interface ReferralActionRow {
  id: string;
  tenant_id: string;
  referral_id: string;
  action: ReferralAction;
  idempotency_key: string;
  reason: string;
  actor: string;
  reward_id: string | null;
  details: Record<string, unknown>;
  rewards_granted: number;
  rewards_cancelled: number;
  referred_side: boolean;
  created_at: Date;
  delivered_at: Date | null;
}

export type NewReferralAction = Pick<
  ReferralActionRow,
  | 'tenant_id'
  | 'referral_id'
  | 'action'
  | 'idempotency_key'
  | 'reason'
  | 'actor'
  | 'reward_id'
  | 'details'
  | 'rewards_granted'
  | 'rewards_cancelled'
  | 'referred_side'
> & { delivered: boolean };

export function createReferralActionsRepo(db: DbOrTrx) {
  return {
    async findByKey(
      tenantId: string,
      key: string,
      trx: DbOrTrx = db,
    ): Promise<ReferralActionRow | undefined> {
      return trx<ReferralActionRow>('referral_actions')
        .where({ tenant_id: tenantId, idempotency_key: key })
        .first();
    },

    async insert(row: NewReferralAction, trx: DbOrTrx): Promise<ReferralActionRow> {
      const { delivered, ...values } = row;
      const [inserted] = await trx('referral_actions')
        .insert({
          ...values,
          details: JSON.stringify(values.details),
          delivered_at: delivered ? trx.raw('clock_timestamp()') : null,
        })
        .returning('*');
      return inserted as ReferralActionRow;
    },

    /** The referral's hand actions and notes, oldest first. */
    async listByReferral(
      tenantId: string,
      referralId: string,
      trx: DbOrTrx = db,
    ): Promise<ReferralActionRow[]> {
      return trx<ReferralActionRow>('referral_actions')
        .where({ tenant_id: tenantId, referral_id: referralId })
        .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    },

    /**
     * Marks the referral's actions the lifecycle has not taken yet as taken, answering what they changed
     * (the lifecycle passes it on: the discount syncs follow). Under the referred account's lock.
     */
    async takeUndelivered(tenantId: string, referralId: string, trx: DbOrTrx): Promise<ReferralActionRow[]> {
      return trx('referral_actions')
        .where({ tenant_id: tenantId, referral_id: referralId })
        .whereNull('delivered_at')
        .update({ delivered_at: trx.raw('clock_timestamp()') })
        .returning('*');
    },
  };
}

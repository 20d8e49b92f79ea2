import type { DbOrTrx } from '../db/knex';
import type { HandAction } from '../types/hand-actions';
import type { RewardRow } from './rewards.repo';

/** A hand action on an account or a user (migration 028), with what it answered. */
export interface HandActionRow {
  id: string;
  tenant_id: string;
  idempotency_key: string;
  kind: HandAction;
  account_id: string;
  user_id: string | null;
  actor: string;
  reason: string;
  result: Record<string, unknown>;
  created_at: Date;
}

export type NewHandAction = Omit<HandActionRow, 'id' | 'created_at'>;

export function createHandActionsRepo(db: DbOrTrx) {
  return {
    async findByKey(tenantId: string, key: string, trx: DbOrTrx = db): Promise<HandActionRow | undefined> {
      return trx<HandActionRow>('hand_actions').where({ tenant_id: tenantId, idempotency_key: key }).first();
    },

    async insert(row: NewHandAction, trx: DbOrTrx): Promise<HandActionRow> {
      const [inserted] = await trx('hand_actions')
        .insert({ ...row, result: JSON.stringify(row.result) })
        .returning('*');
      return inserted as HandActionRow;
    },

    /**
     * Credit an operator adds or removes by hand: a reward with source ADJUSTMENT on no referral,
     * AVAILABLE at once and never expiring; a removal is a negative amount.
     */
    async insertAdjustment(
      adjustment: { tenantId: string; accountId: string; amountCents: number; unit: string },
      trx: DbOrTrx,
    ): Promise<RewardRow> {
      const [row] = await trx('rewards')
        .insert({
          tenant_id: adjustment.tenantId,
          account_id: adjustment.accountId,
          user_id: null,
          referral_id: null,
          reward_source: 'ADJUSTMENT',
          type: 'CREDIT',
          amount_cents: adjustment.amountCents,
          unit: adjustment.unit,
          status: 'AVAILABLE',
          date_given: trx.raw('clock_timestamp()'),
        })
        .returning('*');
      return row as RewardRow;
    },
  };
}

import type { DbOrTrx } from '../db/knex';
import { nextGrantNo, type RewardRow } from './rewards.repo';

/**
 * Reversing the rewards a payment gave (migration 031): the reward is closed (CANCELLED, `reversed_by`
 * says by what), and the part of it already used becomes a debt row of negative amount pointing at it
 * (`reverses_reward_id`, unique, so a reversal applied twice adds nothing).
 */
export function createRewardReversalsRepo() {
  return {
    /** The payment's rewards not reversed yet (debt rows excluded), locked until the transaction ends. */
    async lockForPayment(tenantId: string, paymentId: string, trx: DbOrTrx): Promise<RewardRow[]> {
      return trx<RewardRow>('rewards')
        .where({ tenant_id: tenantId, payment_id: paymentId })
        .whereNull('reversed_by')
        .whereNull('reverses_reward_id')
        .orderBy('id')
        .forUpdate();
    },

    /** Closes a reward as reversed: CANCELLED (kept as it was if already cancelled), with what reversed it. */
    async markReversed(id: string, reversedBy: string, trx: DbOrTrx): Promise<RewardRow> {
      const rows: RewardRow[] = await trx('rewards')
        .where({ id })
        .update({
          status: 'CANCELLED',
          date_cancelled: trx.raw('coalesce(date_cancelled, clock_timestamp())'),
          expires_at: null,
          reversed_by: reversedBy,
          date_reversed: trx.raw('clock_timestamp()'),
        })
        .returning('*');
      return rows[0]!;
    },

    /**
     * The debt a reversal leaves when the reward was used: a row of the reward's side, type and unit with
     * amount `-usedCents`, AVAILABLE at once, so the balance drops below zero until later rewards pay it.
     */
    async insertDebt(
      reversed: RewardRow,
      usedCents: number,
      explanation: string,
      trx: DbOrTrx,
    ): Promise<RewardRow | undefined> {
      const side = {
        tenant_id: reversed.tenant_id,
        account_id: reversed.account_id,
        user_id: reversed.user_id,
        referral_id: reversed.referral_id,
        reward_source: reversed.reward_source,
        type: reversed.type,
        discount_percent: null,
        unit: reversed.unit,
        amount_cents: -usedCents,
      };
      const [row] = await trx('rewards')
        .insert({
          ...side,
          grant_no: nextGrantNo(side, 1, trx),
          status: 'AVAILABLE',
          date_given: trx.raw('clock_timestamp()'),
          rule_id: reversed.rule_id ?? null,
          rule_version: reversed.rule_version ?? null,
          grant_key: `reversal:${reversed.id}`,
          payment_id: reversed.payment_id ?? null,
          reverses_reward_id: reversed.id,
          explanation,
        } as never)
        .onConflict()
        .ignore()
        .returning('*');
      return row as RewardRow | undefined;
    },
  };
}

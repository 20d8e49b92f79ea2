import type { DbOrTrx } from '../db/knex';
import type { RewardRow } from './rewards.repo';

/** Statuses a reward can still leave (an ENDED referral's are cancelled). */
const LIVE = "('PENDING', 'PENDING_REVIEW', 'AVAILABLE')";

/**
 * What a restore sets: the status a reversal closed the row in (migration 035), except that a row that
 * was live stays CANCELLED when its referral has ended since (the end cancels live rewards); a row with
 * no recorded status (closed before migration 035) stays as it is. Its expiry comes back with its status.
 */
function restoredColumns(trx: DbOrTrx, ended: boolean) {
  const status = ended
    ? `case when status_before_reversal in ${LIVE} then 'CANCELLED' else coalesce(status_before_reversal, status) end`
    : 'coalesce(status_before_reversal, status)';
  return {
    status: trx.raw(status),
    date_cancelled: trx.raw(`case when (${status}) = 'CANCELLED' then date_cancelled else null end`),
    expires_at: trx.raw(`case when (${status}) = 'CANCELLED' then null else expires_before_reversal end`),
    status_before_reversal: null,
    expires_before_reversal: null,
  };
}

/**
 * Undoing a reversal (shared/domain/programs/reward-restores.ts): the rewards it closed are put back as
 * they were, the debts it wrote are cancelled, and the partial refunds' shares it cancelled count again.
 */
export function createRewardRestoresRepo() {
  return {
    /** The payment's rewards closed by `reversedBy` (debt and share rows excluded), locked until the transaction ends. */
    async lockReversedBy(
      tenantId: string,
      paymentId: string,
      reversedBy: string,
      trx: DbOrTrx,
    ): Promise<RewardRow[]> {
      return trx<RewardRow>('rewards')
        .where({ tenant_id: tenantId, payment_id: paymentId, reversed_by: reversedBy })
        .whereNull('reverses_reward_id')
        .orderBy('id')
        .forUpdate();
    },

    /** Whether the payment gave any reward (in whatever status since). */
    async paymentGaveRewards(tenantId: string, paymentId: string, trx: DbOrTrx): Promise<boolean> {
      const row = await trx('rewards')
        .where({ tenant_id: tenantId, payment_id: paymentId })
        .whereNull('reverses_reward_id')
        .first('id');
      return row !== undefined;
    },

    /** Puts the rewards back as they were before the reversal; answers them as restored. */
    async restoreRewards(ids: string[], ended: boolean, trx: DbOrTrx): Promise<RewardRow[]> {
      if (ids.length === 0) return [];
      return trx('rewards')
        .whereIn('id', ids)
        .update({ ...restoredColumns(trx, ended), reversed_by: null, date_reversed: null })
        .returning('*');
    },

    /** Cancels the live debts written for the rewards' reversal; answers them. */
    async cancelDebts(rewardIds: string[], trx: DbOrTrx): Promise<RewardRow[]> {
      if (rewardIds.length === 0) return [];
      return trx('rewards')
        .whereIn('reverses_reward_id', rewardIds)
        .whereNull('reversed_through_cents')
        .whereNot('status', 'CANCELLED')
        .update({ status: 'CANCELLED', date_cancelled: trx.raw('clock_timestamp()'), expires_at: null })
        .returning('*');
    },

    /** The partial refunds' shares of the rewards that the full reversal cancelled, counting again. */
    async restoreShares(rewardIds: string[], ended: boolean, trx: DbOrTrx): Promise<RewardRow[]> {
      if (rewardIds.length === 0) return [];
      return trx('rewards')
        .whereIn('reverses_reward_id', rewardIds)
        .whereNotNull('reversed_through_cents')
        .whereNotNull('status_before_reversal')
        .where('status', 'CANCELLED')
        .update(restoredColumns(trx, ended))
        .returning('*');
    },
  };
}

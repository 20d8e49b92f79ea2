import type { DbOrTrx } from '../db/knex';
import { nextGrantNo, type RewardRow } from './rewards.repo';

/**
 * Reversing the rewards a payment gave (migrations 031, 033): the reward is closed (CANCELLED,
 * `reversed_by` says by what), and the part of it already used becomes a debt row of negative amount
 * pointing at it (`reverses_reward_id`); a partial refund's share of it is a row of negative amount
 * pointing at it too, with the refunded total it reverses through (`reversed_through_cents`). One row per
 * reward and total (one debt per reward): a reversal applied twice adds nothing.
 */
const LIVE = new Set(['PENDING', 'PENDING_REVIEW', 'AVAILABLE']);
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
          // What it was, for a restore (the SET's right-hand sides read the row as it was).
          status_before_reversal: trx.raw('status'),
          expires_before_reversal: trx.raw('expires_at'),
        })
        .returning('*');
      return rows[0]!;
    },

    /** The live rows reversing partial refunds' shares of the rewards, locked until the transaction ends. */
    async lockShares(tenantId: string, rewardIds: string[], trx: DbOrTrx): Promise<RewardRow[]> {
      if (rewardIds.length === 0) return [];
      return trx<RewardRow>('rewards')
        .where({ tenant_id: tenantId })
        .whereIn('reverses_reward_id', rewardIds)
        .whereNotNull('reversed_through_cents')
        .whereNot('status', 'CANCELLED')
        .orderBy('id')
        .forUpdate();
    },

    /**
     * Cancels rows reversing partial refunds' shares (their reward is now reversed in full), keeping what
     * they were for a restore.
     */
    async cancelShares(ids: string[], trx: DbOrTrx): Promise<void> {
      if (ids.length === 0) return;
      await trx('rewards')
        .whereIn('id', ids)
        .update({
          status: 'CANCELLED',
          date_cancelled: trx.raw('clock_timestamp()'),
          expires_at: null,
          status_before_reversal: trx.raw('status'),
          expires_before_reversal: trx.raw('expires_at'),
        });
    },

    /**
     * A partial refund's share of a reward: a row of the reward's side, type and unit with amount
     * `-shareCents`, in the reward's status with its hold and expiry while it is live (so it is released,
     * cancelled and expires with it), otherwise AVAILABLE; one per reward and refunded total.
     */
    async insertShare(
      reward: RewardRow,
      shareCents: number,
      refundedCents: number,
      explanation: string,
      trx: DbOrTrx,
    ): Promise<RewardRow | undefined> {
      const live = LIVE.has(reward.status);
      return insertReversalRow(trx, reward, -shareCents, explanation, {
        status: live ? reward.status : 'AVAILABLE',
        hold_until: live ? reward.hold_until : null,
        expiry_ms: live ? (reward.expiry_ms ?? null) : null,
        expires_at: live ? reward.expires_at : null,
        grant_key: `reversal:${reward.id}:${refundedCents}`,
        reversed_through_cents: refundedCents,
      });
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
      const inserted = await insertReversalRow(trx, reversed, -usedCents, explanation, {
        status: 'AVAILABLE',
        grant_key: `reversal:${reversed.id}`,
      });
      if (inserted) return inserted;
      // A debt a restore cancelled (reward-restores.ts) holds the reward's one debt key: a new reversal
      // of the same reward owes again through it. A live debt stays as it is (a repeat).
      const [revived] = await trx('rewards')
        .where({ reverses_reward_id: reversed.id, status: 'CANCELLED' })
        .whereNull('reversed_through_cents')
        .update({
          status: 'AVAILABLE',
          amount_cents: -usedCents,
          date_cancelled: null,
          date_given: trx.raw('clock_timestamp()'),
          explanation,
        })
        .returning('*');
      return revived as RewardRow | undefined;
    },
  };
}

/** A row of negative amount reversing part of a reward; nothing when its key is taken (a repeat). */
async function insertReversalRow(
  trx: DbOrTrx,
  reversed: RewardRow,
  amountCents: number,
  explanation: string,
  columns: Record<string, unknown>,
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
    amount_cents: amountCents,
  };
  const [row] = await trx('rewards')
    .insert({
      ...side,
      grant_no: nextGrantNo(side, 1, trx),
      date_given: trx.raw('clock_timestamp()'),
      rule_id: reversed.rule_id ?? null,
      rule_version: reversed.rule_version ?? null,
      payment_id: reversed.payment_id ?? null,
      reverses_reward_id: reversed.id,
      explanation,
      ...columns,
    } as never)
    .onConflict()
    .ignore()
    .returning('*');
  return row as RewardRow | undefined;
}

import type { DbOrTrx } from '../db/knex';
import type { RewardRow } from './rewards.repo';

/**
 * What a coupon-and-balance processor (Stripe) holds for us (migration 034): the reward rows applied to a
 * customer's balance (`processor_credits`, one per reward row, its idempotency key the processor's), and
 * each account's promotion code (`processor_promotion_codes`, one per account).
 */

export interface ProcessorCreditRow {
  tenant_id: string;
  reward_id: string;
  processor: string;
  customer_id: string;
  /** Negative: credit given to the customer; positive: taken back (a reversal's row). */
  amount_cents: string;
  currency: string;
  idempotency_key: string;
  /** The processor's transaction; '' while reserved and not answered yet (billing-credits.ts). */
  transaction_id: string;
  created_at: Date;
}

export interface PromotionCodeRow {
  tenant_id: string;
  account_id: string;
  code: string;
  coupon_id: string;
  promotion_code_id: string;
  synced_at: Date;
}

/** A reward row with the program of its referral (null for an adjustment on no referral). */
export type RewardWithProgram = RewardRow & { program_id: string | null };

/** The applied credit of a reward and of the rows reversing it, with the status of each row. */
export interface AppliedForReward {
  reward_id: string;
  reverses_reward_id: string | null;
  /** Whether the row is a partial refund's share (reversed_through_cents set). */
  share: boolean;
  status: string;
  amount_cents: string;
}

export function createProcessorBillingRepo(db: DbOrTrx) {
  return {
    /** The account's rewards with their referral's program, oldest first. */
    async rewardsWithProgram(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
    ): Promise<RewardWithProgram[]> {
      return trx('rewards as w')
        .leftJoin('referrals as r', function () {
          this.on('r.tenant_id', '=', 'w.tenant_id').andOn('r.id', '=', 'w.referral_id');
        })
        .where({ 'w.tenant_id': tenantId, 'w.account_id': accountId })
        .orderBy([{ column: 'w.date_given' }, { column: 'w.id' }])
        .select('w.*', 'r.program_id');
    },

    /** Which of these reward rows were applied already. */
    async appliedAmong(tenantId: string, rewardIds: string[], trx: DbOrTrx = db): Promise<Set<string>> {
      if (rewardIds.length === 0) return new Set();
      const rows: { reward_id: string }[] = await trx('processor_credits')
        .where({ tenant_id: tenantId })
        .whereIn('reward_id', rewardIds)
        .select('reward_id');
      return new Set(rows.map((r) => r.reward_id));
    },

    async findCredit(
      tenantId: string,
      rewardId: string,
      trx: DbOrTrx = db,
    ): Promise<ProcessorCreditRow | undefined> {
      return trx<ProcessorCreditRow>('processor_credits')
        .where({ tenant_id: tenantId, reward_id: rewardId })
        .first();
    },

    /** What was applied of a reward and of the rows reversing it (debts, shares). */
    async appliedForReward(
      tenantId: string,
      rewardId: string,
      trx: DbOrTrx = db,
    ): Promise<AppliedForReward[]> {
      return trx('processor_credits as c')
        .join('rewards as w', function () {
          this.on('w.tenant_id', '=', 'c.tenant_id').andOn('w.id', '=', 'c.reward_id');
        })
        .where('c.tenant_id', tenantId)
        .where((q) => q.where('w.id', rewardId).orWhere('w.reverses_reward_id', rewardId))
        .select(
          'w.id as reward_id',
          'w.reverses_reward_id',
          trx.raw('w.reversed_through_cents is not null as share'),
          'w.status',
          'c.amount_cents',
        );
    },

    async recordCredit(row: Omit<ProcessorCreditRow, 'created_at'>, trx: DbOrTrx): Promise<void> {
      await trx('processor_credits').insert(row);
    },

    /**
     * The account's credits reserved but not answered yet (`transaction_id` empty: the request was made, or
     * about to be, and its answer never recorded), with what their request names.
     */
    async pendingCredits(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
    ): Promise<(ProcessorCreditRow & { account_id: string; reverses_reward_id: string | null })[]> {
      return trx('processor_credits as c')
        .join('rewards as w', function () {
          this.on('w.tenant_id', '=', 'c.tenant_id').andOn('w.id', '=', 'c.reward_id');
        })
        .where({ 'c.tenant_id': tenantId, 'w.account_id': accountId, 'c.transaction_id': '' })
        .orderBy('c.created_at')
        .select('c.*', 'w.account_id', 'w.reverses_reward_id');
    },

    /**
     * Undoes a reservation the processor refused for good: the record goes, and the reward row is as it
     * was before (AVAILABLE, `redeemedCents` redeemed). False when it was answered meanwhile.
     */
    async releaseCredit(
      tenantId: string,
      rewardId: string,
      redeemedCents: number,
      trx: DbOrTrx,
    ): Promise<boolean> {
      const removed = await trx('processor_credits')
        .where({ tenant_id: tenantId, reward_id: rewardId, transaction_id: '' })
        .delete();
      if (removed === 0) return false;
      await trx('rewards').where({ tenant_id: tenantId, id: rewardId }).update({
        status: 'AVAILABLE',
        redeemed_cents: redeemedCents,
        date_redeemed: null,
        fulfilled_at: null,
        fulfilment_reference: null,
      });
      return true;
    },

    /** The answer of a reserved credit: its transaction, also the reward's reference. */
    async completeCredit(
      tenantId: string,
      rewardId: string,
      transactionId: string,
      trx: DbOrTrx,
    ): Promise<void> {
      await trx('processor_credits')
        .where({ tenant_id: tenantId, reward_id: rewardId, transaction_id: '' })
        .update({ transaction_id: transactionId });
      await trx('rewards')
        .where({ tenant_id: tenantId, id: rewardId })
        .update({ fulfilment_reference: transactionId });
    },

    /** Locks a reward row until the transaction ends; undefined when it is not the tenant's. */
    async lockReward(tenantId: string, id: string, trx: DbOrTrx): Promise<RewardRow | undefined> {
      return trx<RewardRow>('rewards').where({ tenant_id: tenantId, id }).forUpdate().first();
    },

    /**
     * Settles a reward row by a balance transaction: `settledCents` of it is redeemed (the whole amount
     * makes it REDEEMED), with the transaction as its reference, as a reward paid outside the service.
     */
    async settle(
      tenantId: string,
      id: string,
      settledCents: number,
      fully: boolean,
      reference: string,
      trx: DbOrTrx,
    ): Promise<RewardRow> {
      const rows: RewardRow[] = await trx('rewards')
        .where({ tenant_id: tenantId, id })
        .update({
          redeemed_cents: settledCents,
          ...(fully
            ? { status: 'REDEEMED', date_redeemed: trx.raw('clock_timestamp()'), expires_at: null }
            : {}),
          fulfilled_at: trx.raw('clock_timestamp()'),
          fulfilment_reference: reference,
        })
        .returning('*');
      return rows[0]!;
    },

    /** The account's oldest live referral code (any of its users, any program), if it has one. */
    async oldestCode(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
    ): Promise<{ code: string; program_id: string } | undefined> {
      return trx('referral_codes')
        .where({ tenant_id: tenantId, account_id: accountId })
        .orderBy([{ column: 'created_at' }, { column: 'code' }])
        .first('code', 'program_id');
    },

    async findPromotionCode(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
    ): Promise<PromotionCodeRow | undefined> {
      return trx<PromotionCodeRow>('processor_promotion_codes')
        .where({ tenant_id: tenantId, account_id: accountId })
        .first();
    },

    async savePromotionCode(row: Omit<PromotionCodeRow, 'synced_at'>, trx: DbOrTrx = db): Promise<void> {
      await trx('processor_promotion_codes')
        .insert({ ...row, synced_at: trx.raw('clock_timestamp()') })
        .onConflict(['tenant_id', 'account_id'])
        .merge();
    },

    async deletePromotionCode(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<void> {
      await trx('processor_promotion_codes').where({ tenant_id: tenantId, account_id: accountId }).delete();
    },
  };
}

import type { DbOrTrx } from '../db/knex';

export type RewardSource = 'REFERRED' | 'FRIEND_SIGNUP';
export type RewardType = 'PCT_DISCOUNT' | 'CREDIT';
export type RewardStatus = 'AVAILABLE' | 'REDEEMED' | 'CANCELLED';

export interface RewardRow {
  id: string;
  tenant_id: string;
  account_id: string;
  user_id: string | null;
  referral_id: string;
  reward_source: RewardSource;
  type: RewardType;
  discount_percent: number | null;
  amount_cents: string | null;
  unit: string | null;
  redeemed_cents: string;
  status: RewardStatus;
  date_given: Date;
  date_cancelled: Date | null;
  date_redeemed: Date | null;
}

export type NewReward = Pick<
  RewardRow,
  | 'tenant_id'
  | 'account_id'
  | 'user_id'
  | 'referral_id'
  | 'reward_source'
  | 'type'
  | 'discount_percent'
  | 'unit'
> & { amount_cents: number | null };

export interface BalanceRow {
  unit: string;
  total_assigned: string;
  total_redeemed: string;
}

export function createRewardsRepo(db: DbOrTrx) {
  return {
    /** One reward per side of a referral; a second unlock finds the first and changes nothing. */
    async insertOnce(reward: NewReward, trx: DbOrTrx): Promise<{ row: RewardRow; created: boolean }> {
      const [inserted] = await trx<RewardRow>('rewards')
        .insert({ ...reward, status: 'AVAILABLE', date_given: trx.raw('clock_timestamp()') } as never)
        .onConflict(['tenant_id', 'referral_id', 'reward_source'])
        .ignore()
        .returning('*');
      if (inserted) return { row: inserted as RewardRow, created: true };
      const existing = await trx<RewardRow>('rewards')
        .where({
          tenant_id: reward.tenant_id,
          referral_id: reward.referral_id,
          reward_source: reward.reward_source,
        })
        .first();
      return { row: existing!, created: false };
    },

    async listByAccount(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<RewardRow[]> {
      return trx<RewardRow>('rewards')
        .where({ tenant_id: tenantId, account_id: accountId })
        .orderBy('date_given');
    },

    async listByReferrals(tenantId: string, referralIds: string[], trx: DbOrTrx = db): Promise<RewardRow[]> {
      if (referralIds.length === 0) return [];
      return trx<RewardRow>('rewards').where('tenant_id', tenantId).whereIn('referral_id', referralIds);
    },

    /** Cancels a referral's rewards that are still available (redeemed credit stays redeemed). */
    async cancelForReferral(tenantId: string, referralId: string, trx: DbOrTrx): Promise<number> {
      return trx('rewards')
        .where({ tenant_id: tenantId, referral_id: referralId, status: 'AVAILABLE' })
        .update({ status: 'CANCELLED', date_cancelled: trx.raw('clock_timestamp()') });
    },

    /** Percent discounts the referrer holds from converted, not ended referrals. */
    async liveReferrerPercents(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<number[]> {
      const rows: { discount_percent: number }[] = await trx('rewards')
        .where({ tenant_id: tenantId, account_id: accountId, reward_source: 'FRIEND_SIGNUP' })
        .where({ type: 'PCT_DISCOUNT', status: 'AVAILABLE' })
        .select('discount_percent');
      return rows.map((r) => r.discount_percent);
    },

    async balances(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<BalanceRow[]> {
      return trx('rewards')
        .where({ tenant_id: tenantId, account_id: accountId, type: 'CREDIT' })
        .whereNot('status', 'CANCELLED')
        .groupBy('unit')
        .orderBy('unit')
        .select(
          'unit',
          trx.raw('sum(amount_cents) as total_assigned'),
          trx.raw('sum(redeemed_cents) as total_redeemed'),
        );
    },

    /** Available credit rewards of one unit, oldest first, locked for a redemption. */
    async lockAvailableCredit(
      tenantId: string,
      accountId: string,
      unit: string,
      trx: DbOrTrx,
    ): Promise<RewardRow[]> {
      return trx<RewardRow>('rewards')
        .where({ tenant_id: tenantId, account_id: accountId, type: 'CREDIT', unit, status: 'AVAILABLE' })
        .orderBy([{ column: 'date_given' }, { column: 'id' }])
        .forUpdate();
    },

    /**
     * Deletes the rewards the account holds: those it earned as a referrer hang off other accounts'
     * referrals, so no cascade reaches them.
     */
    async deleteByAccount(tenantId: string, accountId: string, trx: DbOrTrx): Promise<void> {
      await trx('rewards').where({ tenant_id: tenantId, account_id: accountId }).delete();
    },

    async setRedeemed(id: string, redeemedCents: number, fully: boolean, trx: DbOrTrx): Promise<void> {
      await trx('rewards')
        .where({ id })
        .update({
          redeemed_cents: redeemedCents,
          ...(fully ? { status: 'REDEEMED', date_redeemed: trx.raw('clock_timestamp()') } : {}),
        });
    },
  };
}

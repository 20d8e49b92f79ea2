import type { DbOrTrx } from '../db/knex';
import type { RewardSource, RewardStatus, RewardType } from '../contract/enums';
import { createLedgerRepo, LEDGER_BOOKS } from './ledger.repo';

/** ADJUSTMENT (a RewardSource): credit an operator added or removed by hand, on no referral. */
export type { RewardSource, RewardStatus, RewardType };

/** Statuses a reward can still leave: cancelling a referral cancels rewards in them. */
const LIVE_STATUSES: RewardStatus[] = ['PENDING', 'PENDING_REVIEW', 'AVAILABLE'];
/** DB time plus a number of milliseconds (a bind value). */
const NOW_PLUS_MS = "clock_timestamp() + (? * interval '1 millisecond')";

export interface RewardRow {
  id: string;
  tenant_id: string;
  account_id: string;
  user_id: string | null;
  /** Null for an ADJUSTMENT only. */
  referral_id: string | null;
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
  /** When a PENDING reward's hold ends. */
  hold_until: Date | null;
  /** CREDIT only: how long after becoming AVAILABLE its unredeemed part expires (set at grant). */
  expiry_ms: string | null;
  /** When an AVAILABLE credit reward expires. */
  expires_at: Date | null;
  date_expired: Date | null;
  /** 0 for the side's automatic reward; 1, 2, … for rewards an operator granted. */
  grant_no: number;
  /** A reward paid outside the service: when an operator marked it, and their reference. */
  fulfilled_at: Date | null;
  fulfilment_reference: string | null;
  /** A reward a program rule gave: the rule, the rule set's version, its exactly-once key and why. */
  rule_id?: string | null;
  rule_version?: number | null;
  grant_key?: string | null;
  explanation?: string | null;
  /** A PAYMENT rule's reward: the payment that gave it (migration 031). */
  payment_id?: string | null;
  /** A reversed reward: by what (`refund:<id>`, `chargeback:<id>`) and when. */
  reversed_by?: string | null;
  date_reversed?: Date | null;
  /**
   * A row of negative amount reversing part of a reward: a debt (the used part of a reward reversed in
   * full) or a partial refund's share (migration 033).
   */
  reverses_reward_id?: string | null;
  /** A partial refund's share: the payment's refunded total it brought the reversal to (a debt: null). */
  reversed_through_cents?: string | null;
}

/** How a reward starts: its status, a hold from now, and the expiry it will carry once available. */
export interface RewardStart {
  status: 'PENDING' | 'PENDING_REVIEW' | 'AVAILABLE' | 'CANCELLED';
  holdMs: number | null;
  expiryMs: number | null;
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
  total_pending: string;
  total_expired: string;
  next_expiry: Date | null;
}

/** The columns that say how a new reward starts (status, hold, expiry), from the database's clock. */
function startColumns(start: RewardStart, trx: DbOrTrx) {
  return {
    status: start.status,
    date_given: trx.raw('clock_timestamp()'),
    date_cancelled: start.status === 'CANCELLED' ? trx.raw('clock_timestamp()') : null,
    hold_until: start.holdMs === null ? null : trx.raw(NOW_PLUS_MS, [start.holdMs]),
    expiry_ms: start.expiryMs,
    expires_at:
      start.status === 'AVAILABLE' && start.expiryMs !== null ? trx.raw(NOW_PLUS_MS, [start.expiryMs]) : null,
  };
}

/** The side's next reward number (a subquery): after its others, or `first` when it has none yet. */
export function nextGrantNo(reward: NewReward, first: 0 | 1, trx: DbOrTrx) {
  return trx('rewards')
    .where({
      tenant_id: reward.tenant_id,
      referral_id: reward.referral_id,
      reward_source: reward.reward_source,
    })
    .select(trx.raw('coalesce(max(grant_no) + 1, ?)', [first]));
}

export function createRewardsRepo(db: DbOrTrx) {
  return {
    /** One reward per side of a referral; a second unlock finds the first and changes nothing. */
    async insertOnce(
      reward: NewReward,
      start: RewardStart,
      trx: DbOrTrx,
    ): Promise<{ row: RewardRow; created: boolean }> {
      const [inserted] = await trx<RewardRow>('rewards')
        .insert({ ...reward, ...startColumns(start, trx) } as never)
        .onConflict(['tenant_id', 'referral_id', 'reward_source', 'grant_no'])
        .ignore()
        .returning('*');
      if (inserted) return { row: inserted as RewardRow, created: true };
      const existing = await trx<RewardRow>('rewards')
        .where({
          tenant_id: reward.tenant_id,
          referral_id: reward.referral_id,
          reward_source: reward.reward_source,
          grant_no: 0,
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

    /**
     * Cancels the referral's rewards that are available, held or awaiting review (redeemed and expired
     * credit stay as they are); answers them as cancelled.
     */
    async cancelForReferral(tenantId: string, referralId: string, trx: DbOrTrx): Promise<RewardRow[]> {
      return trx('rewards')
        .where({ tenant_id: tenantId, referral_id: referralId })
        .whereIn('status', LIVE_STATUSES)
        .update({ status: 'CANCELLED', date_cancelled: trx.raw('clock_timestamp()') })
        .returning('*');
    },

    /**
     * Cancels the referral's rewards that were still held when the referred account was charged back
     * (`chargedBackAt`): those waiting for review, and PENDING ones whose hold had not ended by then. A
     * reward whose hold ended before the charge-back keeps going (it is or becomes AVAILABLE).
     */
    async cancelChargedBack(
      tenantId: string,
      referralId: string,
      chargedBackAt: Date,
      trx: DbOrTrx,
    ): Promise<RewardRow[]> {
      return trx('rewards')
        .where({ tenant_id: tenantId, referral_id: referralId })
        .where((q) =>
          q
            .where({ status: 'PENDING_REVIEW' })
            .orWhere((p) => p.where({ status: 'PENDING' }).where('hold_until', '>', chargedBackAt)),
        )
        .update({ status: 'CANCELLED', date_cancelled: trx.raw('clock_timestamp()') })
        .returning('*');
    },

    /**
     * Releases the referral's rewards that were waiting for review (approved): still inside their hold,
     * PENDING; otherwise AVAILABLE, with their expiry starting now.
     */
    async releaseReviewed(tenantId: string, referralId: string, trx: DbOrTrx): Promise<RewardRow[]> {
      return trx('rewards')
        .where({ tenant_id: tenantId, referral_id: referralId, status: 'PENDING_REVIEW' })
        .update({
          status: trx.raw("case when hold_until > clock_timestamp() then 'PENDING' else 'AVAILABLE' end"),
          expires_at: trx.raw(
            "case when hold_until > clock_timestamp() or expiry_ms is null then null else clock_timestamp() + expiry_ms * interval '1 millisecond' end",
          ),
        })
        .returning('*');
    },

    /** Makes the referral's PENDING rewards whose hold has ended AVAILABLE, their expiry starting now. */
    async releaseDueHolds(tenantId: string, referralId: string, trx: DbOrTrx): Promise<RewardRow[]> {
      return trx('rewards')
        .where({ tenant_id: tenantId, referral_id: referralId, status: 'PENDING' })
        .where('hold_until', '<=', trx.raw('clock_timestamp()'))
        .update({
          status: 'AVAILABLE',
          expires_at: trx.raw(
            "case when expiry_ms is null then null else clock_timestamp() + expiry_ms * interval '1 millisecond' end",
          ),
        })
        .returning('*');
    },

    /** Expires the referral's AVAILABLE credit whose time has come (what was redeemed stays redeemed). */
    async expireDue(tenantId: string, referralId: string, trx: DbOrTrx): Promise<RewardRow[]> {
      return trx('rewards')
        .where({ tenant_id: tenantId, referral_id: referralId, status: 'AVAILABLE', type: 'CREDIT' })
        .where('expires_at', '<=', trx.raw('clock_timestamp()'))
        .update({ status: 'EXPIRED', date_expired: trx.raw('clock_timestamp()') })
        .returning('*');
    },

    /** Percent discounts the referrer holds from converted, not ended referrals. */
    async liveReferrerPercents(tenantId: string, accountId: string, trx: DbOrTrx = db): Promise<number[]> {
      const rows: { discount_percent: number }[] = await trx('rewards')
        .where({ tenant_id: tenantId, account_id: accountId, reward_source: 'FRIEND_SIGNUP' })
        .where({ type: 'PCT_DISCOUNT', status: 'AVAILABLE' })
        .select('discount_percent');
      return rows.map((r) => r.discount_percent);
    },

    /**
     * Credit (or cash owed, CASH) per unit, summed from the ledger (migration 036): assigned (available and
     * redeemed), redeemed, pending (held or awaiting review), expired (the unredeemed part); the next
     * expiry from the rewards. Units: those with a reward not cancelled, and any other the ledger holds
     * value in (cash paid out, a debt).
     */
    async balances(
      tenantId: string,
      accountId: string,
      trx: DbOrTrx = db,
      type: 'CREDIT' | 'CASH' = 'CREDIT',
    ): Promise<BalanceRow[]> {
      const books = await createLedgerRepo(trx).balances(tenantId, accountId, type, trx);
      const live = await trx('rewards')
        .where({ tenant_id: tenantId, account_id: accountId, type })
        .whereNot('status', 'CANCELLED')
        .groupBy('unit')
        .select('unit', trx.raw("min(case when status = 'AVAILABLE' then expires_at end) as next_expiry"));
      const expiries = new Map<string, Date | null>(
        (live as { unit: string; next_expiry: Date | null }[]).map((r) => [r.unit, r.next_expiry]),
      );
      return books
        .filter((b) => expiries.has(b.unit) || LEDGER_BOOKS.some((k) => k !== 'funding' && b[k] !== '0'))
        .map((b) => ({
          unit: b.unit,
          total_assigned: String(BigInt(b.available) + BigInt(b.redeemed)),
          total_redeemed: b.redeemed,
          total_pending: b.pending,
          total_expired: b.expired,
          next_expiry: expiries.get(b.unit) ?? null,
        }));
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

    /** Voids one reward by hand: CANCELLED now, whatever its hold or review. */
    async voidOne(tenantId: string, id: string, trx: DbOrTrx): Promise<RewardRow> {
      const rows: RewardRow[] = await trx('rewards')
        .where({ tenant_id: tenantId, id })
        .update({ status: 'CANCELLED', date_cancelled: trx.raw('clock_timestamp()') })
        .returning('*');
      return rows[0]!;
    },

    /** Records that a credit reward was paid outside the service: REDEEMED in full, with the reference. */
    async markFulfilled(tenantId: string, id: string, reference: string, trx: DbOrTrx): Promise<RewardRow> {
      const rows: RewardRow[] = await trx('rewards')
        .where({ tenant_id: tenantId, id })
        .update({
          status: 'REDEEMED',
          redeemed_cents: trx.raw('amount_cents'),
          date_redeemed: trx.raw('clock_timestamp()'),
          expires_at: null,
          fulfilled_at: trx.raw('clock_timestamp()'),
          fulfilment_reference: reference,
        })
        .returning('*');
      return rows[0]!;
    },

    /** An operator's reward on a side of a referral, numbered after the side's others; AVAILABLE now. */
    async insertGranted(reward: NewReward, expiryMs: number | null, trx: DbOrTrx): Promise<RewardRow> {
      const [row] = await trx('rewards')
        .insert({
          ...reward,
          grant_no: nextGrantNo(reward, 1, trx),
          status: 'AVAILABLE',
          date_given: trx.raw('clock_timestamp()'),
          expiry_ms: expiryMs,
          expires_at: expiryMs === null ? null : trx.raw(NOW_PLUS_MS, [expiryMs]),
        } as never)
        .returning('*');
      return row as RewardRow;
    },

    /** Moves a referral's automatic referrer reward to another referrer (a re-attribution). */
    async moveReferrerReward(
      tenantId: string,
      referralId: string,
      to: { accountId: string; userId: string },
      trx: DbOrTrx,
    ): Promise<RewardRow | undefined> {
      const rows: RewardRow[] = await trx('rewards')
        .where({ tenant_id: tenantId, referral_id: referralId, reward_source: 'FRIEND_SIGNUP', grant_no: 0 })
        .update({ account_id: to.accountId, user_id: to.userId })
        .returning('*');
      return rows[0];
    },

    async find(tenantId: string, id: string, trx: DbOrTrx = db): Promise<RewardRow | undefined> {
      return trx<RewardRow>('rewards').where({ tenant_id: tenantId, id }).first();
    },

    /** Sets what was redeemed of a credit reward (REDEEMED when fully); answers the reward as it now is. */
    async setRedeemed(id: string, redeemedCents: number, fully: boolean, trx: DbOrTrx): Promise<RewardRow> {
      const rows: RewardRow[] = await trx('rewards')
        .where({ id })
        .update({
          redeemed_cents: redeemedCents,
          ...(fully ? { status: 'REDEEMED', date_redeemed: trx.raw('clock_timestamp()') } : {}),
        })
        .returning('*');
      return rows[0]!;
    },
  };
}

import type { CouponSpec } from '../../processors/coupon-billing';
import type { ReferralRow } from '../../repos/referrals.repo';
import type { RewardWithProgram } from '../../repos/processor-billing.repo';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import { referrerDiscountPercent } from '../referrals/referral-rules';

/**
 * The coupons a coupon-and-balance processor (Stripe) applies for us, derived from our rewards. Each
 * coupon is one program's terms, with our deterministic id (a coupon's terms never change at Stripe, so
 * other terms are another id); every id starts with COUPON_PREFIX, which is how a subscription's coupons
 * are told from the merchant's own:
 *
 * - `referral-<program>-p<percent>`: the friend's percent off (its program's referred reward);
 * - `referral-<program>-a<cents><currency>`: the friend's amount off (FIXED_DISCOUNT rewards, summed);
 * - `referral-<program>-rp<percent>`: a referrer's percent off (its PCT_DISCOUNT rewards of the program,
 *   summed and capped by the program's maxReferrerDiscountPercent);
 * - `referral-<program>-ra<cents><currency>`: a referrer's amount off (FIXED_DISCOUNT rewards, summed).
 *
 * All last forever: a coupon is on the subscription while the reward is due, and taken off when it ends.
 */
export const COUPON_PREFIX = 'referral-';

export interface DueCoupon {
  spec: CouponSpec;
  /** Amount coupons apply only to subscriptions billed in their currency (upper case); null: any. */
  currency: string | null;
}

type Side = 'friend' | 'referrer';

export function percentCouponId(programId: string, side: Side, percent: number): string {
  return `${COUPON_PREFIX}${programId}-${side === 'friend' ? 'p' : 'rp'}${percent}`;
}

export function amountCouponId(programId: string, side: Side, cents: number, currency: string): string {
  return `${COUPON_PREFIX}${programId}-${side === 'friend' ? 'a' : 'ra'}${cents}${currency.toLowerCase()}`;
}

export function percentCoupon(programId: string, side: Side, percent: number): DueCoupon {
  return {
    currency: null,
    spec: {
      id: percentCouponId(programId, side, percent),
      name: `Referral: ${percent}% off (${side})`,
      percentOff: percent,
      duration: 'forever',
      metadata: { referral_program_id: programId, referral_side: side },
    },
  };
}

function amountCoupon(programId: string, side: Side, cents: number, currency: string): DueCoupon {
  const unit = currency.toUpperCase();
  return {
    currency: unit,
    spec: {
      id: amountCouponId(programId, side, cents, unit),
      name: `Referral: ${(cents / 100).toFixed(2)} ${unit} off (${side})`,
      amountOffCents: cents,
      currency: unit,
      duration: 'forever',
      metadata: { referral_program_id: programId, referral_side: side },
    },
  };
}

/** Sums of FIXED_DISCOUNT amounts per unit. */
function fixedByUnit(rows: RewardWithProgram[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const r of rows) {
    if (r.type !== 'FIXED_DISCOUNT' || !r.unit) continue;
    sums.set(r.unit, (sums.get(r.unit) ?? 0) + Number(r.amount_cents ?? 0));
  }
  return sums;
}

const programOf = (r: { program_id: string | null }) => r.program_id ?? DEFAULT_PROGRAM_ID;

/**
 * The coupons due to the account now: the friend's while its referral lives and its referred rewards are
 * AVAILABLE, and the referrer's for its AVAILABLE discount rewards, per program. `maxReferrerPercent`
 * answers a program's cap.
 */
export function dueCoupons(
  rewards: RewardWithProgram[],
  referral: Pick<ReferralRow, 'id' | 'status' | 'program_id'> | undefined,
  maxReferrerPercent: (programId: string) => number,
): DueCoupon[] {
  const available = rewards.filter((r) => r.status === 'AVAILABLE' && !r.reverses_reward_id);
  const due: DueCoupon[] = [];
  if (referral && referral.status !== 'ENDED') {
    const programId = referral.program_id ?? DEFAULT_PROGRAM_ID;
    const friend = available.filter((r) => r.referral_id === referral.id && r.reward_source === 'REFERRED');
    const percent = Math.min(
      100,
      friend.filter((r) => r.type === 'PCT_DISCOUNT').reduce((sum, r) => sum + (r.discount_percent ?? 0), 0),
    );
    if (percent > 0) due.push(percentCoupon(programId, 'friend', percent));
    for (const [unit, cents] of fixedByUnit(friend)) {
      if (cents > 0) due.push(amountCoupon(programId, 'friend', cents, unit));
    }
  }
  const referrer = available.filter((r) => r.reward_source === 'FRIEND_SIGNUP');
  for (const programId of [...new Set(referrer.map(programOf))].sort()) {
    const own = referrer.filter((r) => programOf(r) === programId);
    const percents = own.filter((r) => r.type === 'PCT_DISCOUNT').map((r) => r.discount_percent ?? 0);
    const percent = Math.min(100, referrerDiscountPercent(percents, maxReferrerPercent(programId)));
    if (percent > 0) due.push(percentCoupon(programId, 'referrer', percent));
    for (const [unit, cents] of fixedByUnit(own)) {
      if (cents > 0) due.push(amountCoupon(programId, 'referrer', cents, unit));
    }
  }
  return due;
}

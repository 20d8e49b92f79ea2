import type { AccountRow } from '../../repos/accounts.repo';
import type { ReferralStatus } from '../../types/referrals';

/**
 * The referral state machine as pure functions of an account's facts (spec: "States and transitions").
 * The gateway records facts; the lifecycle workflow's activity applies what these functions derive,
 * so the result is the same whatever order the messages arrive in. The statuses are in shared/types.
 */
export interface AccountFacts {
  /** First time the account's status became PAID. */
  firstPaidAt: Date | null;
  /** First time a user of the account was identified. */
  firstUserAt: Date | null;
  /** Last time the account's status became CANCELLED. */
  lastCancelledAt: Date | null;
}

export function accountFacts(account: AccountRow): AccountFacts {
  return {
    firstPaidAt: account.first_paid_at,
    firstUserAt: account.first_user_at,
    lastCancelledAt: account.last_cancelled_at,
  };
}

/**
 * When the referral converts: the first PAID, but through the API not before a user of the account has
 * been identified, so the later of the two.
 */
export function conversionTime(facts: AccountFacts): Date | null {
  if (!facts.firstPaidAt || !facts.firstUserAt) return null;
  return facts.firstPaidAt > facts.firstUserAt ? facts.firstPaidAt : facts.firstUserAt;
}

export interface TargetState {
  status: ReferralStatus;
  datePaid: Date | null;
  dateEnded: Date | null;
}

/** Where a referral must be, given its account's facts. ENDED is terminal; nothing goes backwards. */
export function targetState(current: ReferralStatus, facts: AccountFacts): TargetState {
  const paidAt = conversionTime(facts);
  if (!paidAt) return { status: current, datePaid: null, dateEnded: null };
  const cancelledAfter = facts.lastCancelledAt !== null && facts.lastCancelledAt > paidAt;
  if (current === 'ENDED' || cancelledAfter) {
    return { status: 'ENDED', datePaid: paidAt, dateEnded: facts.lastCancelledAt ?? paidAt };
  }
  return { status: 'CONVERTED', datePaid: paidAt, dateEnded: null };
}

export type LifecycleStep = 'convert' | 'end';

/** The transitions still to apply to a referral, in order (both when PAID and CANCELLED arrived together). */
export function pendingSteps(current: ReferralStatus, facts: AccountFacts): LifecycleStep[] {
  const target = targetState(current, facts).status;
  if (current === target) return [];
  if (current === 'IN_PROGRESS') return target === 'CONVERTED' ? ['convert'] : ['convert', 'end'];
  return current === 'CONVERTED' ? ['end'] : [];
}

/** Automatic (cookie) attribution: only for a user never seen before, on an account that never paid. */
export function cookieAttributionAllowed(input: { userIsNew: boolean; accountEverPaid: boolean }): boolean {
  return input.userIsNew && !input.accountEverPaid;
}

/** Whether a valid code may still create a referral for this account. */
export function accountReferable(input: { alreadyReferred: boolean; neverReferable: boolean }): boolean {
  return !input.alreadyReferred && !input.neverReferable;
}

/** The referrer's discount: the sum of its live referrals' percentages, capped by the program. */
export function referrerDiscountPercent(percents: number[], maxPercent: number): number {
  const sum = percents.reduce((a, b) => a + b, 0);
  return Math.min(sum, maxPercent);
}

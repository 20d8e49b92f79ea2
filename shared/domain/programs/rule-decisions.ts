import type { Rule, RuleLimit } from './rules.schema';

/** What rule evaluation (rule-evaluation.ts) takes and answers, and its explanations word. */

export type Occurrence =
  | { type: 'CONVERSION'; at: Date }
  | { type: 'PAYMENT'; paymentId: string; amountCents: number; currency: string; at: Date }
  | { type: 'EVENT'; eventId: string; key: string; fields: Record<string, unknown>; at: Date };

/** A reward a rule gave before, as the limits count it. */
export interface PriorGrant {
  ruleId: string;
  key: string;
  amountCents: number | null;
  at: Date;
}

export interface EvaluationFacts {
  referralId: string;
  /** The referrer's account id: a milestone is reached once per referrer. */
  referrerId: string;
  /** When the referral converted (null: not yet): the start of a PAYMENT rule's months. */
  convertedAt: Date | null;
  /** The referrer's converted referrals in the program, this one included once converted. */
  referrerConversions: number;
  referred: {
    /** The referred account's subscription value in its currency's cents (null: unknown). */
    subscriptionValueCents: number | null;
    currency: string | null;
    /** The account had paid before it was attributed (not a new customer). */
    paidBeforeAttribution: boolean;
  };
  /** Rewards the rules gave to this referrer's referrals before (every referral of the program). */
  prior: PriorGrant[];
  /**
   * The same rewards indexed, in place of scanning `prior` (a simulation replays referrers with tens of
   * thousands of rewards; program-simulation.ts keeps one per referrer).
   */
  priorIndex?: PriorIndex;
}

/** Rewards given before, looked up rather than scanned. */
export interface PriorIndex {
  /** Whether a reward with this key was given. */
  has(key: string): boolean;
  /** The rule's rewards given at or after `since` (epoch ms): how many, and their amount in cents. */
  since(ruleId: string, since: number): { count: number; amountCents: number };
}

/** A reward as granted: a percent, or an amount in a currency or credit unit. */
export type GrantedReward =
  | { type: 'PCT_DISCOUNT'; discountPercent: number }
  | { type: 'CREDIT' | 'FIXED_DISCOUNT' | 'CASH'; amountCents: number; currency: string };

export type NotGrantedReason =
  | { code: 'ALREADY_GRANTED'; key: string }
  | { code: 'NOT_CONVERTED' }
  | { code: 'NOT_ELIGIBLE'; requirement: 'MIN_SUBSCRIPTION_VALUE' | 'NEW_CUSTOMERS_ONLY' }
  | { code: 'BELOW_THRESHOLD'; field: string; atLeast: number; value: number | null }
  | { code: 'OUTSIDE_WINDOW'; forMonths: number; endedAt: Date }
  | { code: 'NO_TIER'; conversions: number }
  | { code: 'MILESTONE_NOT_REACHED'; conversions: number; needed: number }
  | { code: 'CAPPED'; limit: RuleLimit; currency: string | null }
  | { code: 'NOTHING_TO_GIVE' };

interface DecisionBase {
  ruleId: string;
  ruleName: string;
  recipient: Rule['recipient'];
  explanation: string;
}
export type RuleDecision =
  | (DecisionBase & {
      outcome: 'GRANTED';
      key: string;
      reward: GrantedReward;
      /** The tier's index when the rule has tiers. */
      tier: number | null;
      /** The limit that cut the amount down, and the amount before it. */
      reducedBy: { limit: RuleLimit; fullAmountCents: number } | null;
    })
  | (DecisionBase & { outcome: 'NOT_GRANTED'; reason: NotGrantedReason });

export type DecisionDraft =
  | Omit<Extract<RuleDecision, { outcome: 'GRANTED' }>, 'explanation'>
  | Omit<Extract<RuleDecision, { outcome: 'NOT_GRANTED' }>, 'explanation'>;

import type {
  FriendState,
  ReferralStatus,
  RewardStatus,
  RewardType,
} from '../../../../shared/contract/enums';

/** The answer of GET /open/account/{a}/user/{u}/widget: everything the widget shows, in one call. */
export interface Credit {
  unit: string;
  amountCents: number;
}

/** One reward rule's outcome for the referrer (the widget words it; `text` is the operator's English). */
export interface RewardExplained {
  ruleId: string | null;
  rule: string;
  outcome: 'GRANTED' | 'NOT_GRANTED';
  reward: {
    type: RewardType;
    status: RewardStatus;
    discountPercent: number | null;
    amountCents: number | null;
    unit: string | null;
  } | null;
  heldUntil: number | null;
  reason: 'WAITING' | 'NOT_CONVERTED' | 'MILESTONE_NOT_REACHED' | 'CAPPED' | 'NOT_ELIGIBLE' | 'OTHER' | null;
  progress: { conversions: number; needed: number } | null;
  text: string;
}

export interface Friend {
  name: string;
  status: ReferralStatus;
  state: FriendState;
  reward: {
    type: RewardType;
    status: RewardStatus;
    discountPercent: number | null;
    amountCents: number | null;
    unit: string | null;
  } | null;
  dateReferred: number;
  dateConverted: number | null;
  /** Absent from a gateway older than the reward rules. */
  rewardsExplained?: RewardExplained[];
}

export interface WidgetData {
  user: {
    id: string;
    accountId: string;
    firstName: string | null;
    shareCode: string | null;
    shareLink: string | null;
  };
  program: {
    name: string;
    referredDiscountPercent: number;
    referrerReward: {
      type: RewardType;
      discountPercent: number | null;
      amountCents: number | null;
      unit: string | null;
    };
    headline: string | null;
    subheadline: string | null;
  };
  /** The program's share texts rendered by the server (the link is in the message). */
  share: { message: string; emailSubject: string; qr: { size: number; modules: string } } | null;
  summary: { friends: number; subscribed: number; earned: Credit[] };
  referrals: Friend[];
  referralsPage: { limit: number; nextCursor: string | null };
  rewards: { discountPercent: number; balances: Credit[] };
  referredBy: { name: string | null; discountPercent: number } | null;
  /** The program's leaderboard (when it shows one); absent from a gateway older than programs. */
  leaderboard?: { month: Leader[]; allTime: Leader[] } | null;
  /** Progress to the next milestone or tier of the program's rules; null while it has none. */
  progress?: {
    conversions: number;
    next: {
      kind: 'MILESTONE' | 'TIER';
      ruleName: string;
      at: number;
      remaining: number;
      reward: RuleRewardView;
    } | null;
    /** What the next converted friend earns under the rules (absent from a gateway before it). */
    perFriend?: { ruleName: string; reward: RuleRewardView } | null;
  } | null;
}

/** A rule's reward as the widget route answers it. */
export interface RuleRewardView {
  type: RewardType;
  discountPercent: number | null;
  amountCents: number | null;
  currency: string | null;
  percentOfPayment?: number | null;
}

/** A referrer on the leaderboard: first name or initial only; `you` marks the user. */
export interface Leader {
  rank: number;
  name: string;
  conversions: number;
  you: boolean;
}

/** Reads the next page of friends (the widget route with ?cursor=). */
export type LoadMore = (cursor: string) => Promise<WidgetData>;

/** A payout method as the referrer may see it: its type and masked details (`j•••@example.com`). */
export type PayoutMethodType = 'PAYPAL' | 'GIFT_CARD' | 'STRIPE_CONNECT';

export interface Payee {
  method: { type: PayoutMethodType; masked: string; updatedAt: string } | null;
  held: boolean;
}

/** The referrer's cash in one currency; `availableCents` below zero is a clawback still owed. */
export interface CashBalance {
  currency: string;
  availableCents: number;
  pendingCents: number;
  inFlightCents: number;
  paidOutCents: number;
}

export type PayoutStatus = 'RESERVED' | 'SENT' | 'PAID' | 'FAILED' | 'RETURNED' | 'UNCLAIMED' | 'CANCELLED';

export interface Payout {
  id: string;
  status: PayoutStatus;
  amountCents: number;
  currency: string;
  /** The provider's own words on a failure, return or unclaimed payout. */
  providerMessage: string | null;
  createdAt: string;
}

/** The answer of GET /open/account/{a}/user/{u}/payouts. */
export interface ReferrerPayouts {
  payee: Payee;
  balances: CashBalance[];
  /** Newest first. */
  payouts: Payout[];
}

/** The body of PUT …/payout-method. */
export type PayoutMethodInput =
  | { type: 'PAYPAL'; email: string }
  | { type: 'GIFT_CARD'; email: string; name?: string }
  | { type: 'STRIPE_CONNECT'; email: string; country: string };

/**
 * The calls the drawing script makes through the library (which holds the user's JWT): the next page of
 * friends, the referrer's payouts, and adding or changing their payout method (Stripe answers the
 * onboarding link to open). A failed call rejects with the library's ApiError.
 */
export interface WidgetApi {
  loadMore: LoadMore;
  payouts(): Promise<ReferrerPayouts>;
  setPayoutMethod(input: PayoutMethodInput): Promise<{ payee: Payee; onboardingUrl: string | null }>;
}

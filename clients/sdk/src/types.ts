/**
 * The API's request and answer shapes, written to match the gateway's zod schemas
 * (services/gateway/routes/*.schema.ts, shared/domain) and presenters. Timestamps are epoch milliseconds,
 * money is in integer minor units (`amountCents`), percentages are whole numbers from 0 to 100.
 */

export type SubscriptionStatus = 'TRIAL' | 'PAID' | 'FREE' | 'CANCELLED';
export type ReferralStatus = 'IN_PROGRESS' | 'CONVERTED' | 'ENDED';
export type BillingIntervalType = 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'SEMI_ANNUAL' | 'YEAR';

/** One problem with the input: the field's path (e.g. `email`, `events.0.key`) and what is wrong. */
export interface ValidationIssue {
  path: string;
  message: string;
}

// ---- users (PUT/GET /open/account/{accountId}/user/{userId}) ----

/** Body of identify (upsertUser): every field optional; null clears a field. */
export interface IdentifyInput {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** e.g. `en` or `en_US`. */
  locale?: string | null;
  /** The customer's id at the payment processor (API key only, or signed into a user JWT). */
  paymentProviderId?: string | null;
  /** `PAID` converts a referral (API key only, or signed into a user JWT). */
  accountStatus?: SubscriptionStatus;
  /** A referral code the user typed: attributes the account to its owner. */
  referredByCode?: string;
  /** The browser's tracking-cookie code (first-time users on never-paid accounts only). */
  cookieCode?: string;
  /** The browser library's device id (its `rs_device` cookie), passed on for the SAME_CLIENT fraud signal. */
  deviceId?: string;
  /** A vanity share code to claim for this user (in `programId`'s program when given). */
  shareCode?: string;
  /** The program the user shares in (default: the default program): the answer shows its code. */
  programId?: string;
}

export interface User {
  id: string;
  accountId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  locale: string | null;
  paymentProviderId: string | null;
  shareCode: string | null;
  shareLink: string | null;
  /** REFUSED only in the answer to the request whose attribution the program's fraudPolicy blocked. */
  referredBy: { code: string; status: ReferralStatus | 'REFUSED'; refusedFor?: FraudSignal[] } | null;
  dateCreated: number;
}

// ---- accounts ----

/** Body of POST /accountsync (the spec's Account). */
export interface AccountSyncInput {
  id: string;
  subscription?: {
    status?: SubscriptionStatus;
    billingIntervalType?: BillingIntervalType;
    billingIntervalValue?: number;
    value?: number;
  };
  /** Setting a code attributes the account (a referral is created). */
  referral?: { code: string };
  /** ISO 4217, e.g. `USD`. */
  currency?: string;
  /** Only a code of this program attributes (default: any program's code). */
  programId?: string;
}

export interface Subscription {
  status: SubscriptionStatus | null;
  billingIntervalType: BillingIntervalType | null;
  billingIntervalValue: number | null;
  value: number | null;
}

export interface SyncedAccount {
  id: string;
  subscription: Subscription | null;
  referral: { code: string; status: ReferralStatus | 'REFUSED'; refusedFor?: FraudSignal[] } | null;
  /** ISO 4217 (USD unless synced otherwise). */
  currency: string;
  dateCreated: number;
}

/** GET /code/{code}. */
export interface CodeLookup {
  code: string;
  couponCode: string;
  discountId: string;
  discountPercentage: number;
  dateCreated: number;
  referrerName: string | null;
  /** Stripe tenants only: our Stripe coupon for the friend's percent off, null when the program gives none. */
  couponId?: string | null;
  /** Stripe tenants only: the share code's Stripe promotion code (promo_…), null until it is created. */
  promotionCodeId?: string | null;
}

/** FIXED_DISCOUNT and CASH come only from a program's rules (a program without them never shows them). */
export type RewardType = 'PCT_DISCOUNT' | 'CREDIT' | 'FIXED_DISCOUNT' | 'CASH';

export interface Reward {
  id: string;
  type: RewardType;
  discountPercent: number | null;
  amountCents: number | null;
  redeemedCents: number;
  unit: string | null;
  /** ADJUSTMENT: credit an operator added or removed by hand (on no referral). */
  rewardSource: 'FRIEND_SIGNUP' | 'REFERRED' | 'ADJUSTMENT';
  /** Null for an ADJUSTMENT. */
  referralId: string | null;
  /** PENDING: held until holdUntil; PENDING_REVIEW: awaiting an operator; EXPIRED: unredeemed credit ran out. */
  status: 'PENDING' | 'PENDING_REVIEW' | 'AVAILABLE' | 'REDEEMED' | 'CANCELLED' | 'EXPIRED';
  dateGiven: number;
  dateCancelled: number | null;
  dateRedeemed: number | null;
  holdUntil: number | null;
  expiresAt: number | null;
  dateExpired: number | null;
}

/** GET /account/{accountId}/reward. */
export interface AccountRewards {
  accountId: string;
  discountPercentage: number;
  referredDiscountPercent: number;
  referrerDiscountPercent: number;
  discountId: string;
  referrerName: string | null;
  rewards: Reward[];
  /** Stripe tenants only: our Stripe coupons due to the account now. */
  couponIds?: string[];
  /** Stripe tenants only: the Stripe promotion code of the account's share code, null until it is created. */
  promotionCodeId?: string | null;
}

/** Body of POST /discount. */
export interface DiscountAssociationInput {
  accountId: string;
  paymentProviderId: string;
  couponCode: string;
}

export interface DiscountAssociation extends DiscountAssociationInput {
  referredDiscountPercent: number;
  discountId: string;
  /** Stripe tenants only: the friend coupon the account gets now, null when none. */
  couponId?: string | null;
  /** Stripe tenants only: the Stripe promotion code of the code used, null until it is created. */
  promotionCodeId?: string | null;
}

// ---- user events ----

export interface UserEventData {
  /** The event kind, e.g. `purchase`. */
  key: string;
  /** A JSON object (at most 16 KB), e.g. `{ revenue: 49.5, currency: 'USD', order_id: 'o-1' }`. */
  fields?: Record<string, unknown> | null;
  /** When it happened (epoch ms); default: when it was received. */
  dateTriggered?: number | null;
  /** Accepted (the browser library's event type has it) and ignored: event ids are the service's. */
  id?: string;
}

/** The spec's user event input. */
export interface UserEventInput {
  accountId: string;
  userId: string;
  /** 8 to 64 characters of A-Z a-z 0-9 - _ . (a UUID v4 fits); a repeat within 24 hours is not applied again. */
  idempotencyKey?: string | null;
  events: UserEventData[];
}

export interface LoggedEvent {
  id: string;
  key: string;
  fields: Record<string, unknown>;
  dateTriggered: number;
  dateReceived: number;
}

export interface UserEventResult {
  accountId: string;
  userId: string;
  events: LoggedEvent[];
}

// ---- program, widget, browser settings ----

export type ReferrerRewardInput =
  { type: 'PCT_DISCOUNT'; discountPercent: number } | { type: 'CREDIT'; amountCents: number; unit: string };

export interface ReferrerReward {
  type: 'PCT_DISCOUNT' | 'CREDIT';
  discountPercent: number | null;
  amountCents: number | null;
  unit: string | null;
}

export interface Program {
  alias: string;
  name: string;
  mode: 'live' | 'test';
  referredDiscountPercent: number;
  referrerReward: ReferrerReward;
  maxReferrerDiscountPercent: number;
  discountId: string;
  landingUrl: string | null;
  conversionEventKey: string | null;
  /** A user event with this key, `revenue` and `currency` is a payment of the account (PAYMENT rules). */
  paymentEventKey: string | null;
  allowedOrigins: string[];
  referralCookieDays: number;
  referralCookieLastClickWins: boolean;
  websiteUrl: string | null;
  widgetHeadline: string | null;
  widgetSubheadline: string | null;
  /** More attributions to one referrer within an hour raise the VELOCITY fraud signal; null: no limit. */
  maxAttributionsPerReferrerPerHour: number | null;
  /** What each fraud signal does to an attribution; a signal not listed is ALLOW. */
  fraudPolicy: FraudRule[];
  /** Days a referrer's reward stays PENDING after conversion (0: AVAILABLE at once). */
  rewardHoldDays: number;
  /** Days after which unredeemed credit expires once AVAILABLE; null: never. */
  creditExpiryDays: number | null;
  requireUserJwtExp: boolean;
  dateCreated: number;
  /** Hosted pages: the continue link, share links on your domain or a custom host, the brand. */
  signupUrl: string | null;
  shareLinkUrl: string | null;
  shareParam: string;
  customHost: string | null;
  brandColor: string | null;
  landingHeadline: string | null;
  landingText: string | null;
  landingButtonText: string | null;
  /** The uploaded logo's content hash; null: none. */
  logoHash: string | null;
  /** The uploaded logo's path on the gateway (uploadProgramLogo); null: none. */
  logoUrl: string | null;
  /** Share texts: templates with {program} {offer} {link} {name}; null: the locale's default. */
  shareMessage: string | null;
  shareEmailSubject: string | null;
  /** The widget shows the program's top referrers (first names or initials). */
  leaderboardEnabled: boolean;
}

/** Body of PATCH /program: the settings to change. */
export interface ProgramPatch {
  name?: string;
  landingUrl?: string | null;
  referredDiscountPercent?: number;
  referrerReward?: ReferrerRewardInput;
  maxReferrerDiscountPercent?: number;
  discountId?: string;
  conversionEventKey?: string | null;
  paymentEventKey?: string | null;
  requireUserJwtExp?: boolean;
  allowedOrigins?: string[];
  referralCookieDays?: number;
  referralCookieLastClickWins?: boolean;
  websiteUrl?: string | null;
  widgetHeadline?: string | null;
  widgetSubheadline?: string | null;
  maxAttributionsPerReferrerPerHour?: number | null;
  fraudPolicy?: FraudRule[];
  rewardHoldDays?: number;
  creditExpiryDays?: number | null;
  /** Hosted pages; texts may use {name}, {offer} and {program}. */
  signupUrl?: string | null;
  shareLinkUrl?: string | null;
  shareParam?: string;
  customHost?: string | null;
  brandColor?: string | null;
  landingHeadline?: string | null;
  landingText?: string | null;
  landingButtonText?: string | null;
  /** Share texts. */
  shareMessage?: string | null;
  shareEmailSubject?: string | null;
  leaderboardEnabled?: boolean;
}

/** A fraud signal found at attribution. */
export type FraudSignal = 'SAME_EMAIL' | 'SAME_NAME' | 'SAME_CLIENT' | 'DISPOSABLE_EMAIL' | 'VELOCITY';

/** What a fraud signal does to an attribution: nothing, hold its rewards for review, or refuse it. */
export interface FraudRule {
  signal: FraudSignal;
  action: 'ALLOW' | 'REVIEW' | 'BLOCK';
}

/** One rule's reward for the referrer, or why it gave none (the widget words it in the user's language). */
export interface WidgetRewardExplanation {
  /** Null: the program's fixed reward (a referral made before any rules). */
  ruleId: string | null;
  rule: string;
  outcome: 'GRANTED' | 'NOT_GRANTED';
  reward: {
    type: RewardType;
    status: Reward['status'];
    discountPercent: number | null;
    amountCents: number | null;
    unit: string | null;
  } | null;
  /** When a held reward becomes available (epoch ms). */
  heldUntil: number | null;
  reason: 'WAITING' | 'NOT_CONVERTED' | 'MILESTONE_NOT_REACHED' | 'CAPPED' | 'NOT_ELIGIBLE' | 'OTHER' | null;
  /** A milestone's converted friends now and needed. */
  progress: { conversions: number; needed: number } | null;
  /** The operator's sentence, in English. */
  text: string;
}

export interface Widget {
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
    referrerReward: ReferrerReward;
    headline: string | null;
    subheadline: string | null;
  };
  /** The program's share texts rendered for this user; null without a share link. */
  share: { message: string; emailSubject: string; qr: { size: number; modules: string } } | null;
  /** Counted over every friend, not only this page. */
  summary: { friends: number; subscribed: number; earned: { unit: string; amountCents: number }[] };
  referrals: {
    name: string;
    status: ReferralStatus;
    state: 'SIGNED_UP' | 'SUBSCRIBED' | 'UNDER_REVIEW' | 'CANCELLED';
    reward: {
      type: RewardType;
      status: Reward['status'];
      discountPercent: number | null;
      amountCents: number | null;
      unit: string | null;
    } | null;
    dateReferred: number;
    dateConverted: number | null;
    /** For each reward rule (or the fixed reward): what it gave this user, or why not. */
    rewardsExplained: WidgetRewardExplanation[];
  }[];
  referralsPage: { limit: number; nextCursor: string | null };
  rewards: { discountPercent: number; balances: { unit: string; amountCents: number }[] };
  /** For a referred user: who referred the account and the discount it got. */
  referredBy: { name: string | null; discountPercent: number } | null;
  /** The program's top referrers (leaderboardEnabled), else null. */
  leaderboard: { month: LeaderboardEntry[]; allTime: LeaderboardEntry[] } | null;
  /** Progress to the next milestone or tier of the program's rules; null while it has none. */
  progress: {
    conversions: number;
    next: {
      kind: 'MILESTONE' | 'TIER';
      ruleName: string;
      at: number;
      remaining: number;
      reward: RuleRewardView;
    } | null;
    /** What the next converted friend earns the referrer under the rules; null without such a rule. */
    perFriend: { ruleName: string; reward: RuleRewardView } | null;
  } | null;
}

/** A rule's reward as the widget shows it. */
export interface RuleRewardView {
  type: 'PCT_DISCOUNT' | 'CREDIT' | 'FIXED_DISCOUNT' | 'CASH';
  discountPercent: number | null;
  amountCents: number | null;
  currency: string | null;
  /** CASH as a percentage of each payment; else null. */
  percentOfPayment: number | null;
}

/** A referrer on a program's leaderboard: first name or initial only. */
export interface LeaderboardEntry {
  rank: number;
  name: string;
  conversions: number;
  /** The user asking. */
  you: boolean;
}

/** GET …/widget's query: a page of friends after `cursor` (1-50, default 10), the share texts' locale. */
export interface WidgetQuery {
  cursor?: string;
  limit?: number;
  locale?: string;
  /** Another program than the default: its offer, the user's code in it and its friends. */
  programId?: string;
}

export interface BrowserSettings {
  cookieDays: number;
  lastClickWins: boolean;
  /** The query parameter of share links on the merchant's domain (rsCode is always read too). */
  shareParam: string;
}

// ---- analytics connector (Segment) ----

/** One Segment message (`track`, `identify`, ...) or `{ batch: [...] }`. */
export type SegmentBody = { type: string; [field: string]: unknown } | { batch: unknown[] };

export type SegmentResult = { index: number; type: string } & (
  | { status: 'accepted'; eventIds?: string[] }
  | { status: 'duplicate'; eventIds: string[] }
  | { status: 'ignored' }
  | { status: 'rejected'; apiErrorCode: string; message: string; validationErrors?: ValidationIssue[] }
);

// ---- bulk imports (GraphQL) ----

export type ImportJobType =
  'MUTATION/USER' | 'MUTATION/DELETE_USER' | 'MUTATION/USER_EVENT' | 'MUTATION/REDEEMABLE_REWARD_BALANCE';

/** CSV exports (docs/exports.md): jobs with no file, and filters. */
export type ExportJobType =
  | 'QUERY/REFERRALS'
  | 'QUERY/REWARDS'
  | 'QUERY/LEDGER_ENTRIES'
  | 'QUERY/PAYOUTS'
  | 'QUERY/USERS'
  | 'QUERY/USER_EVENTS'
  | 'QUERY/WEBHOOK_DELIVERIES';

export type JobType = ImportJobType | ExportJobType;

export type JobStatus = 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'ABORTED';

/** An export's filters: createdAt in [from, to) (ISO 8601 date or date-time), a status of the type's, a program. */
export interface JobFilters {
  from?: string;
  to?: string;
  status?: string;
  programId?: string;
}

interface JobInputCommon {
  /** `CSV` (the default and only format). */
  outputFormat?: 'CSV';
  name?: string;
  /** createJob with a key it saw before returns that job (so the call is safe to retry). */
  idempotencyKey?: string;
}

/** An import: its uploaded file is required. */
export interface ImportJobInput extends JobInputCommon {
  /** What uploadFile returned. */
  fileRef: string;
  type: ImportJobType;
}

/** An export: no file; optional filters. */
export interface ExportJobInput extends JobInputCommon {
  fileRef?: undefined;
  type: ExportJobType;
  filters?: JobFilters;
}

export type JobInput = ImportJobInput | ExportJobInput;

export interface Job {
  id: string;
  type: string;
  requester: string;
  name: string | null;
  status: JobStatus;
  /** The uploaded file of an import; null for an export. */
  fileRef: string | null;
  /** The result file once the job has ended: an import's line,status,message per data row; an export's CSV. */
  resultFileRef: string | null;
  /** An export's filters (from and to as ISO 8601 UTC); null for an import. */
  filters: { from: string | null; to: string | null; status: string | null; programId: string | null } | null;
  outputFormat: string;
  dateCreated: number;
  dateStarted: number | null;
  dateCompleted: number | null;
  error: string | null;
  stats: { recordsProcessed: number; recordsFailed: number; recordsTotal: number | null };
}

export interface JobValidation {
  /** `line N: ...` problems; empty means createImportJob with the same fileRef and type will run. */
  errors: string[];
}

/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ActionOutcome =
  /** Applied before with the same idempotencyKey (sent or derived): nothing changed now. */
  | 'ALREADY_APPLIED'
  /** Applied by this call. */
  | 'APPLIED';

/** API: the REST and GraphQL API. MCP: an AI agent's key, only for the MCP endpoint (docs/mcp.md). */
export type ApiKeyPurpose =
  | 'API'
  | 'MCP';

export type AttributionSource =
  | 'CODE'
  | 'COOKIE'
  | 'PROCESSOR';

/** Who made an audited change. */
export type AuditActorKind =
  | 'ANONYMOUS'
  | 'API_KEY'
  | 'CLI'
  | 'OPERATOR'
  | 'SFTP'
  | 'SYSTEM'
  | 'USER';

export type BulkReferralActionInput = {
  action: BulkReferralActionKind;
  /** Each row is applied once under a key derived from this one and its id (derived from the call when absent). */
  idempotencyKey?: string | null | undefined;
  /** 1 to 500 ids: referrals for CANCEL, GRANT_REWARD and NOTE; rewards for VOID_REWARD and MARK_FULFILLED. */
  ids: Array<string | number>;
  reason: string;
  /** MARK_FULFILLED: the payment's reference. */
  reference?: string | null | undefined;
  reward?: ManualRewardInput | null | undefined;
  /** GRANT_REWARD: the side and the reward. */
  side?: ReferralSide | null | undefined;
};

export type BulkReferralActionKind =
  | 'CANCEL'
  | 'GRANT_REWARD'
  | 'MARK_FULFILLED'
  | 'NOTE'
  | 'VOID_REWARD';

export type BulkRowOutcome =
  | 'ALREADY_APPLIED'
  | 'APPLIED'
  /** Not a referral or reward of this tenant. */
  | 'NOT_FOUND'
  /** The state rules refused it (message and problem say why). */
  | 'REFUSED';

/** Each processor's own fields: Braintree merchantId, publicKey and privateKey; Stripe secretKey (and webhookSecret for an endpoint registered by hand). */
export type ConnectPaymentProcessorInput = {
  /** Braintree. */
  merchantId?: string | null | undefined;
  /** Braintree. Encrypted at rest and never returned. */
  privateKey?: string | null | undefined;
  processor: PaymentProcessorKind;
  /** Braintree. */
  publicKey?: string | null | undefined;
  /** Stripe: a secret (sk_…) or restricted (rk_…) key of the tenant's mode (test keys for a test_ tenant). Encrypted at rest and never returned. */
  secretKey?: string | null | undefined;
  /** Stripe: the signing secret (whsec_…) of an endpoint the merchant registered by hand; without it we create the endpoint. Encrypted at rest and never returned. */
  webhookSecret?: string | null | undefined;
};

export type CreateWebhookEndpointInput = {
  /** At most 500 characters. */
  description?: string | null | undefined;
  /** Event type names (see webhookEventTypes); empty or omitted: every type. */
  eventTypes?: Array<string> | null | undefined;
  /** https URL (http only where WEBHOOK_ALLOW_HTTP is set); private and loopback hosts are refused. */
  url: string;
};

/** UTC calendar days written YYYY-MM-DD, both included; at most 366 days. */
export type DateRangeInput = {
  from: string;
  to: string;
};

export type FraudAction =
  /** Nothing: the signal is only recorded. */
  | 'ALLOW'
  /** Make no referral; the request's answer says REFUSED and why. */
  | 'BLOCK'
  /** The referral proceeds; its rewards wait as PENDING_REVIEW for an operator's decision (reviewReferrals). */
  | 'REVIEW';

export type FraudRuleInput = {
  action: FraudAction;
  signal: FraudSignal;
};

export type FraudSignal =
  /** The friend's e-mail is at a disposable-mail domain. */
  | 'DISPOSABLE_EMAIL'
  /** The friend identified from a client address or device the referrer used recently. */
  | 'SAME_CLIENT'
  /** The friend's and the referrer's e-mails are one mailbox (case, +tags, dots in Gmail-style addresses). */
  | 'SAME_EMAIL'
  /** The friend and the referrer have the same first and last name. */
  | 'SAME_NAME'
  /** More attributions to the referrer within an hour than the program allows. */
  | 'VELOCITY';

/** Which rows an export holds; each filter is optional. */
export type JobFiltersInput = {
  /** Rows created at or after: an ISO 8601 date (2026-05-01, midnight UTC) or date and time with offset. */
  from?: string | null | undefined;
  /** A program's id; refused for a type without programs (users, user events, webhook deliveries). */
  programId?: string | null | undefined;
  /** One of the export type's statuses (docs/exports.md); refused for a type without statuses. */
  status?: string | null | undefined;
  /** Rows created before (same forms as from). */
  to?: string | null | undefined;
};

export type JobInput = {
  /** What POST /export/upload returned; required by every MUTATION/… type, absent for an export (QUERY/…). */
  fileRef?: string | null | undefined;
  /** An export's filters (QUERY/… types only). */
  filters?: JobFiltersInput | null | undefined;
  /** 8 to 64 characters of A-Z a-z 0-9 - _ .; createJob with a key it saw before returns that job. */
  idempotencyKey?: string | null | undefined;
  name?: string | null | undefined;
  /** CSV (the default, and the only one for now). */
  outputFormat?: string | null | undefined;
  /** An import: MUTATION/USER, MUTATION/DELETE_USER, MUTATION/USER_EVENT or MUTATION/REDEEMABLE_REWARD_BALANCE. An export (docs/exports.md): QUERY/REFERRALS, QUERY/REWARDS, QUERY/LEDGER_ENTRIES, QUERY/PAYOUTS, QUERY/USERS, QUERY/USER_EVENTS or QUERY/WEBHOOK_DELIVERIES. */
  type: string;
};

export type JobStatus =
  | 'ABORTED'
  | 'COMPLETED'
  | 'FAILED'
  | 'IN_PROGRESS'
  | 'PENDING';

/** A manual reward: a percent discount or credit in a unit (minor units, e.g. USD cents). */
export type ManualRewardInput = {
  amountCents?: number | null | undefined;
  discountPercent?: number | null | undefined;
  type: RewardType;
  unit?: string | null | undefined;
};

export type McpActionStatus =
  /** Approved and applied once. */
  | 'APPLIED'
  /** Approved and running. */
  | 'APPROVED'
  /** Approved, but refused when it ran (result says why). */
  | 'FAILED'
  /** Awaiting an OWNER's or ADMIN's decision; nothing has changed. */
  | 'PENDING'
  /** Rejected: it never runs. */
  | 'REJECTED';

/** A notification e-mail a program sends (docs/notifications.md). */
export type NotificationKind =
  /** To the referrer: credit expires in 7 days. */
  | 'CREDIT_EXPIRING'
  /** To the referrer: a friend signed up with their code. */
  | 'FRIEND_SIGNED_UP'
  /** To the friend: a welcome with the offer. */
  | 'FRIEND_WELCOME'
  /** To the referrer: a payout was sent. */
  | 'PAYOUT_SENT'
  /** To the referrer: a held reward became available. */
  | 'REWARD_AVAILABLE'
  /** To the referrer: a reward was earned. */
  | 'REWARD_EARNED';

export type OperatorRole =
  | 'ADMIN'
  | 'OWNER'
  | 'VIEWER';

export type PayeeTaxStatusInput = {
  country?: string | null | undefined;
  formReceived: boolean;
};

export type PaymentProcessorEnvironment =
  | 'PRODUCTION'
  | 'SANDBOX';

export type PaymentProcessorKind =
  | 'BRAINTREE'
  | 'STRIPE';

/** Why a referrer with cash is not paid now. */
export type PayoutBlocker =
  | 'BELOW_MINIMUM'
  | 'HELD'
  /** Their balance is below zero: a refund or chargeback reversed a reward already paid out (a clawback). */
  | 'NEGATIVE_BALANCE'
  | 'NO_METHOD'
  /** Paid this year would pass the tenant's threshold and no tax form was received. */
  | 'TAX_FORM_NEEDED';

export type PayoutConnectionInput = {
  /** GIFT_CARD */
  apiKey?: string | null | undefined;
  /** GIFT_CARD: the provider's campaign the cards are ordered from. */
  campaignId?: string | null | undefined;
  /** PAYPAL */
  clientId?: string | null | undefined;
  provider: PayoutMethodType;
  /** PAYPAL */
  secret?: string | null | undefined;
  /** PAYPAL: the webhook's id, to verify its deliveries. */
  webhookId?: string | null | undefined;
  /** GIFT_CARD: the webhook's signing key. */
  webhookSecret?: string | null | undefined;
};

export type PayoutMethodType =
  | 'GIFT_CARD'
  | 'PAYPAL'
  | 'STRIPE_CONNECT';

export type PayoutPolicyInput = {
  minimumCents: number;
  programId?: string | number | null | undefined;
  requireApproval: boolean;
  schedule: PayoutSchedule;
};

export type PayoutRunInput = {
  /** A retried request with the same key answers the same run. */
  idempotencyKey?: string | null | undefined;
  programId?: string | number | null | undefined;
};

export type PayoutRunStatus =
  | 'AWAITING_APPROVAL'
  | 'CANCELLED'
  | 'COMPLETED'
  | 'RESERVING'
  | 'SENDING'
  | 'SETTLING';

export type PayoutSchedule =
  | 'MANUAL'
  | 'MONTHLY'
  | 'WEEKLY';

export type PayoutStatus =
  | 'CANCELLED'
  | 'FAILED'
  | 'PAID'
  | 'RESERVED'
  | 'RETURNED'
  | 'SENT'
  | 'UNCLAIMED';

/** How the processor's webhook reaches us. */
export type ProcessorWebhookRegistration =
  /** We created the endpoint at the processor (Stripe, with a key that may). */
  | 'AUTOMATIC'
  /** The merchant registers webhookUrl for webhookEvents (Braintree always; Stripe when the key may not create endpoints, with its signing secret given). */
  | 'MANUAL'
  /** Stripe, registered by hand: connect again with the endpoint's signing secret (webhookSecret); until then no event can be verified. */
  | 'SECRET_NEEDED';

export type ProgramInput = {
  allowedOrigins?: Array<string> | null | undefined;
  brandColor?: string | null | undefined;
  conversionEventKey?: string | null | undefined;
  creditExpiryDays?: number | null | undefined;
  customHost?: string | null | undefined;
  discountId?: string | null | undefined;
  fraudPolicy?: Array<FraudRuleInput> | null | undefined;
  landingButtonText?: string | null | undefined;
  landingHeadline?: string | null | undefined;
  landingText?: string | null | undefined;
  landingUrl?: string | null | undefined;
  leaderboardEnabled?: boolean | null | undefined;
  maxAttributionsPerReferrerPerHour?: number | null | undefined;
  maxReferrerDiscountPercent?: number | null | undefined;
  name?: string | null | undefined;
  paymentEventKey?: string | null | undefined;
  referralCookieDays?: number | null | undefined;
  referralCookieLastClickWins?: boolean | null | undefined;
  referredDiscountPercent?: number | null | undefined;
  referrerReward?: ReferrerRewardInput | null | undefined;
  requireUserJwtExp?: boolean | null | undefined;
  rewardHoldDays?: number | null | undefined;
  /** Publishes these rules as the program's next version (validated first: nothing is written when one is refused). */
  rules?: Array<ProgramRuleInput> | null | undefined;
  shareEmailSubject?: string | null | undefined;
  shareLinkUrl?: string | null | undefined;
  shareMessage?: string | null | undefined;
  shareParam?: string | null | undefined;
  signupUrl?: string | null | undefined;
  websiteUrl?: string | null | undefined;
  widgetHeadline?: string | null | undefined;
  widgetSubheadline?: string | null | undefined;
};

export type ProgramRuleInput = {
  eligibility?: RuleEligibilityInput | null | undefined;
  id: string;
  limits?: Array<RuleLimitInput> | null | undefined;
  name: string;
  recipient: RuleRecipient;
  reward?: RuleRewardInput | null | undefined;
  tiers?: Array<RuleTierInput> | null | undefined;
  trigger: RuleTriggerInput;
};

export type ReferralActionKind =
  | 'CANCEL'
  | 'GRANT_REWARD'
  | 'MARK_FULFILLED'
  | 'NOTE'
  | 'REATTRIBUTE'
  | 'VOID_REWARD';

/** All given conditions hold. Dates are UTC days (YYYY-MM-DD, inclusive) of the start. */
export type ReferralFilter = {
  /** The code used, any case. */
  code?: string | null | undefined;
  from?: string | null | undefined;
  /** Part of a name, e-mail, id (account, user or referral) or share code of the referrer or the friend, in any case and without accents; best matches first (exact, then prefix, then part, then similar). */
  query?: string | null | undefined;
  /** An account id (referrer or referred), user id, e-mail or code used, matched exactly (e-mail and code in any case). */
  search?: string | null | undefined;
  status?: ReferralStatus | null | undefined;
  to?: string | null | undefined;
};

export type ReferralSide =
  /** The referred account. */
  | 'REFERRED'
  /** The referrer (their account and user). */
  | 'REFERRER';

export type ReferralStatus =
  | 'CONVERTED'
  | 'ENDED'
  | 'IN_PROGRESS';

export type ReferrerRewardInput = {
  amountCents?: number | null | undefined;
  discountPercent?: number | null | undefined;
  type: RewardType;
  unit?: string | null | undefined;
};

/** The new referrer: accountId and userId, or a share code. */
export type ReferrerTargetInput = {
  accountId?: string | null | undefined;
  code?: string | null | undefined;
  userId?: string | null | undefined;
};

export type ReviewDecision =
  /** The rewards become AVAILABLE (or PENDING until the program's hold ends) and the discount sync follows. */
  | 'APPROVE'
  /** The rewards are cancelled. */
  | 'DENY';

export type ReviewOutcome =
  /** Decided before: a decision is final, and sending it again changes nothing. */
  | 'ALREADY_DECIDED'
  /** Decided by this call. */
  | 'DECIDED'
  /** The tenant has no such referral. */
  | 'NOT_FOUND'
  /** The fraud policy never held this referral for review. */
  | 'NOT_UNDER_REVIEW';

export type ReviewStatus =
  | 'APPROVED'
  | 'DENIED'
  /** Awaiting an operator's decision; the referral's rewards are PENDING_REVIEW. */
  | 'PENDING';

export type RewardOutcome =
  | 'GRANTED'
  | 'NOT_GRANTED';

export type RewardSide =
  | 'REFERRED'
  | 'REFERRER';

export type RewardSource =
  /** Credit an operator added or removed by hand (adjustCredit): on no referral. */
  | 'ADJUSTMENT'
  | 'FRIEND_SIGNUP'
  | 'REFERRED';

export type RewardStatus =
  | 'AVAILABLE'
  | 'CANCELLED'
  /** Credit whose unredeemed part expired (creditExpiryDays); redeemedCents stays redeemed. */
  | 'EXPIRED'
  /** Held until holdUntil (the program's rewardHoldDays); cancelled instead if the referred account cancels. */
  | 'PENDING'
  /** Its referral awaits an operator's review (the fraud policy's REVIEW). */
  | 'PENDING_REVIEW'
  | 'REDEEMED';

export type RewardType =
  /** Money owed to the referrer, kept in the balance until paid out: given by a program rule only. */
  | 'CASH'
  | 'CREDIT'
  /** An amount off in a currency: given by a program rule only. */
  | 'FIXED_DISCOUNT'
  | 'PCT_DISCOUNT';

export type RuleEligibilityInput = {
  minSubscriptionValueCents?: number | null | undefined;
  newCustomersOnly?: boolean | null | undefined;
};

export type RuleLimitInput = {
  maxAmountCents?: number | null | undefined;
  maxCount?: number | null | undefined;
  period: RuleLimitPeriod;
};

export type RuleLimitPeriod =
  | 'LIFETIME'
  | 'MONTH'
  | 'YEAR';

export type RuleRecipient =
  | 'REFERRED'
  | 'REFERRER';

export type RuleRewardInput = {
  amountCents?: number | null | undefined;
  currency?: string | null | undefined;
  discountPercent?: number | null | undefined;
  percentOfPayment?: number | null | undefined;
  type: RuleRewardType;
  unit?: string | null | undefined;
};

export type RuleRewardType =
  /** Money owed to the referrer (an amount, or a percentage of the payment); kept in the balance until paid out. */
  | 'CASH'
  | 'CREDIT'
  /** An amount off in a currency. */
  | 'FIXED_DISCOUNT'
  | 'PCT_DISCOUNT';

export type RuleTierInput = {
  fromConversions: number;
  reward: RuleRewardInput;
  toConversions?: number | null | undefined;
};

export type RuleTriggerInput = {
  atLeast?: number | null | undefined;
  conversions?: number | null | undefined;
  eventKey?: string | null | undefined;
  field?: string | null | undefined;
  forMonths?: number | null | undefined;
  type: RuleTriggerType;
};

export type RuleTriggerType =
  /** The referral's first PAID. */
  | 'CONVERSION'
  /** A user event of the referred account, once per referred account. */
  | 'EVENT'
  /** The referrer's converted referrals reach a count. */
  | 'MILESTONE'
  /** Each payment reported for the referred account: processor charges, PAID syncs with a value, events of the payment event key. */
  | 'PAYMENT';

export type TimelineKind =
  | 'ATTRIBUTED'
  | 'CONVERTED'
  | 'ENDED'
  /** An operator's review decision (the description names who and why). */
  | 'REVIEWED'
  | 'REWARD_CANCELLED'
  /** Credit whose unredeemed part expired. */
  | 'REWARD_EXPIRED'
  | 'REWARD_GIVEN'
  | 'REWARD_REDEEMED';

/** Only the fields given change. */
export type UpdateWebhookEndpointInput = {
  description?: string | null | undefined;
  /** true re-enables a disabled endpoint (clearing the reason); false disables it. */
  enabled?: boolean | null | undefined;
  eventTypes?: Array<string> | null | undefined;
  url?: string | null | undefined;
};

/** The user fields identification sets; null clears one; at least one. */
export type UserEditInput = {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  locale?: string | null | undefined;
};

/** What one delivery attempt came to. */
export type WebhookDeliveryOutcome =
  /** The last attempt of the schedule failed: the delivery gave up (replay it). */
  | 'ABANDONED'
  /** No 2xx answer (or none at all); the delivery tries again on its schedule. */
  | 'FAILED'
  /** 410 Gone: the endpoint was disabled and the delivery stopped. */
  | 'GONE'
  /** A 2xx answer: delivered. */
  | 'SUCCEEDED'
  /** Sent, with no outcome recorded: in flight now, or its worker stopped before the answer was logged (the receiver may have it); the delivery goes on with the same webhook-id. */
  | 'UNKNOWN';

export type AccountActionResultFragment = { outcome: ActionOutcome, accountDeleted: boolean, action: { summary: string }, balance: Array<{ unit: string, available: number }> };

export type AdjustCreditMutationVariables = Exact<{
  accountId: string | number;
  amountCents: number;
  unit?: string | null | undefined;
  reason: string;
  key?: string | null | undefined;
}>;


export type AdjustCreditMutation = { r: { outcome: ActionOutcome, accountDeleted: boolean, action: { summary: string }, balance: Array<{ unit: string, available: number }> } };

export type RedeemCreditMutationVariables = Exact<{
  accountId: string | number;
  amountCents: number;
  unit?: string | null | undefined;
  reference?: string | null | undefined;
  reason: string;
  key?: string | null | undefined;
}>;


export type RedeemCreditMutation = { r: { outcome: ActionOutcome, accountDeleted: boolean, action: { summary: string }, balance: Array<{ unit: string, available: number }> } };

export type UpdateUserMutationVariables = Exact<{
  accountId: string | number;
  userId: string | number;
  input: UserEditInput;
  reason: string;
  key?: string | null | undefined;
}>;


export type UpdateUserMutation = { r: { outcome: ActionOutcome, accountDeleted: boolean, action: { summary: string }, balance: Array<{ unit: string, available: number }> } };

export type ChangeShareCodeMutationVariables = Exact<{
  accountId: string | number;
  userId: string | number;
  code: string;
  reason: string;
  key?: string | null | undefined;
}>;


export type ChangeShareCodeMutation = { r: { outcome: ActionOutcome, accountDeleted: boolean, action: { summary: string }, balance: Array<{ unit: string, available: number }> } };

export type DeleteUserMutationVariables = Exact<{
  accountId: string | number;
  userId: string | number;
  reason: string;
  key?: string | null | undefined;
}>;


export type DeleteUserMutation = { r: { outcome: ActionOutcome, accountDeleted: boolean, action: { summary: string }, balance: Array<{ unit: string, available: number }> } };

export type AccountDetailQueryVariables = Exact<{
  id: string;
}>;


export type AccountDetailQuery = { account: { id: string, currency: string, paymentProviderId: string | null, dateCreated: number, subscription: { status: string | null, billingIntervalType: string | null, billingIntervalValue: number | null, value: number | null } | null, users: Array<{ id: string, email: string | null, firstName: string | null, lastName: string | null, shareCode: string | null, shareLink: string | null }>, referredBy: { id: string, status: ReferralStatus, referralCodeUsed: string, attributionSource: AttributionSource, referrerAccountId: string, referrerUserId: string, referredAccountId: string, dateReferralStarted: number, dateReferralPaid: number | null, dateReferralEnded: number | null, referrerReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, referredReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, fraudSignals: Array<{ signal: FraudSignal, evidence: string }>, review: { status: ReviewStatus, reason: string | null, reviewedBy: string | null, dateReviewed: number | null } | null, referrer: { accountId: string, userId: string | null, name: string | null, email: string | null }, friend: { accountId: string, userId: string | null, name: string | null, email: string | null } } | null, referrals: Array<{ id: string, status: ReferralStatus, referralCodeUsed: string, attributionSource: AttributionSource, referrerAccountId: string, referrerUserId: string, referredAccountId: string, dateReferralStarted: number, dateReferralPaid: number | null, dateReferralEnded: number | null, referrerReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, referredReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, fraudSignals: Array<{ signal: FraudSignal, evidence: string }>, review: { status: ReviewStatus, reason: string | null, reviewedBy: string | null, dateReviewed: number | null } | null, referrer: { accountId: string, userId: string | null, name: string | null, email: string | null }, friend: { accountId: string, userId: string | null, name: string | null, email: string | null } }>, rewards: Array<{ id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null }>, recentEvents: Array<{ id: string, key: string, fields: unknown, dateTriggered: number, dateReceived: number }> } | null, rewardBalance: Array<{ unit: string, available: number, pending: number }> | null };

export type AccountsQueryVariables = Exact<{
  search?: string | null | undefined;
  query?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AccountsQuery = { accounts: { endCursor: string | null, hasNextPage: boolean, items: Array<{ id: string, email: string | null, name: string | null, userCount: number, referralsMade: number, dateCreated: number }> } };

export type DashboardQueryVariables = Exact<{
  range: DateRangeInput;
}>;


export type DashboardQuery = { dashboard: { from: string, to: string, clicks: number, referralsStarted: number, referralsConverted: number, conversionRate: number, rewardsGiven: number, creditOutstanding: Array<{ unit: string, amount: number }>, daily: Array<{ date: string, clicks: number, started: number, converted: number }>, leaderboard: Array<{ accountId: string, userId: string, name: string | null, shareCode: string | null, referralsStarted: number, referralsConverted: number }>, numbers: { referralsFromClicks: number, referralsDirect: number, clickShare: number | null, rewardsToReferrers: number, rewardsToReferred: number, revenue: Array<{ currency: string, customers: number, firstPayment: number, total: number }>, rewardCost: Array<{ side: RewardSide, currency: string, rewardsGiven: number, rewardsPending: number, costGiven: number, costPending: number }>, returnOnRewards: Array<{ currency: string, ratio: number | null }> } } };

export type ImportJobFragment = { id: string, type: string, requester: string, name: string | null, status: JobStatus, resultFileRef: string | null, dateCreated: number, dateStarted: number | null, dateCompleted: number | null, error: string | null, stats: { recordsProcessed: number, recordsFailed: number, recordsTotal: number | null } };

export type ImportJobQueryVariables = Exact<{
  id: string | number;
}>;


export type ImportJobQuery = { job: { id: string, type: string, requester: string, name: string | null, status: JobStatus, resultFileRef: string | null, dateCreated: number, dateStarted: number | null, dateCompleted: number | null, error: string | null, stats: { recordsProcessed: number, recordsFailed: number, recordsTotal: number | null } } | null };

export type ImportJobsQueryVariables = Exact<{
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type ImportJobsQuery = { jobs: { totalCount: number, jobs: Array<{ id: string, type: string, requester: string, name: string | null, status: JobStatus, resultFileRef: string | null, dateCreated: number, dateStarted: number | null, dateCompleted: number | null, error: string | null, stats: { recordsProcessed: number, recordsFailed: number, recordsTotal: number | null } }> } };

export type ActiveImportJobsQueryVariables = Exact<{ [key: string]: never; }>;


export type ActiveImportJobsQuery = { running: { jobs: Array<{ id: string, type: string, requester: string, name: string | null, status: JobStatus, resultFileRef: string | null, dateCreated: number, dateStarted: number | null, dateCompleted: number | null, error: string | null, stats: { recordsProcessed: number, recordsFailed: number, recordsTotal: number | null } }> }, pending: { jobs: Array<{ id: string, type: string, requester: string, name: string | null, status: JobStatus, resultFileRef: string | null, dateCreated: number, dateStarted: number | null, dateCompleted: number | null, error: string | null, stats: { recordsProcessed: number, recordsFailed: number, recordsTotal: number | null } }> } };

export type ValidateImportQueryVariables = Exact<{
  jobInput: JobInput;
}>;


export type ValidateImportQuery = { validateJobCreation: { errors: Array<string> } };

export type CreateImportJobMutationVariables = Exact<{
  jobInput: JobInput;
}>;


export type CreateImportJobMutation = { createJob: { id: string, type: string, requester: string, name: string | null, status: JobStatus, resultFileRef: string | null, dateCreated: number, dateStarted: number | null, dateCompleted: number | null, error: string | null, stats: { recordsProcessed: number, recordsFailed: number, recordsTotal: number | null } } };

export type AbortImportJobMutationVariables = Exact<{
  id: string | number;
}>;


export type AbortImportJobMutation = { abortJob: { id: string, type: string, requester: string, name: string | null, status: JobStatus, resultFileRef: string | null, dateCreated: number, dateStarted: number | null, dateCompleted: number | null, error: string | null, stats: { recordsProcessed: number, recordsFailed: number, recordsTotal: number | null } } | null };

export type McpPendingActionsQueryVariables = Exact<{ [key: string]: never; }>;


export type McpPendingActionsQuery = { mcpPendingActions: Array<{ id: string, summary: string, requestedBy: string, dateCreated: number }> };

export type ApproveMcpActionMutationVariables = Exact<{
  id: string | number;
}>;


export type ApproveMcpActionMutation = { approveMcpAction: { id: string, status: McpActionStatus, result: unknown } };

export type RejectMcpActionMutationVariables = Exact<{
  id: string | number;
  reason: string;
}>;


export type RejectMcpActionMutation = { rejectMcpAction: { id: string, status: McpActionStatus } };

export type NotificationSettingsQueryVariables = Exact<{
  programId?: string | number | null | undefined;
}>;


export type NotificationSettingsQuery = { programs: Array<{ id: string, name: string, isDefault: boolean, archivedAt: number | null }>, notificationSettings: Array<{ kind: NotificationKind, recipient: string, enabled: boolean, variables: Array<string> }>, mailSender: { effective: string, smtpConfigured: boolean } };

export type SetNotificationEnabledMutationVariables = Exact<{
  programId?: string | number | null | undefined;
  kind: NotificationKind;
  enabled: boolean;
}>;


export type SetNotificationEnabledMutation = { setNotificationEnabled: { kind: NotificationKind, enabled: boolean } };

export type NotificationTemplateQueryVariables = Exact<{
  programId?: string | number | null | undefined;
  kind: NotificationKind;
  locale: string;
}>;


export type NotificationTemplateQuery = { programs: Array<{ id: string, name: string, isDefault: boolean, archivedAt: number | null }>, notificationSettings: Array<{ kind: NotificationKind, recipient: string, enabled: boolean, variables: Array<string> }>, notificationTemplate: { kind: NotificationKind, locale: string, subject: string, body: string, customized: boolean, updatedAt: number | null }, mailSender: { smtpConfigured: boolean } };

export type NotificationPreviewQueryVariables = Exact<{
  programId?: string | number | null | undefined;
  kind: NotificationKind;
  locale: string;
  subject: string;
  body: string;
}>;


export type NotificationPreviewQuery = { notificationPreview: { subject: string, html: string, text: string } };

export type UpdateNotificationTemplateMutationVariables = Exact<{
  programId?: string | number | null | undefined;
  kind: NotificationKind;
  locale: string;
  subject: string;
  body: string;
}>;


export type UpdateNotificationTemplateMutation = { updateNotificationTemplate: { subject: string, body: string, customized: boolean } };

export type ResetNotificationTemplateMutationVariables = Exact<{
  programId?: string | number | null | undefined;
  kind: NotificationKind;
  locale: string;
}>;


export type ResetNotificationTemplateMutation = { resetNotificationTemplate: { subject: string, body: string, customized: boolean } };

export type SendTestNotificationMutationVariables = Exact<{
  programId?: string | number | null | undefined;
  kind: NotificationKind;
  locale: string;
  to: string;
}>;


export type SendTestNotificationMutation = { sendTestNotification: { id: string, status: string, response: string | null } };

export type MailSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type MailSettingsQuery = { mailSender: { name: string | null, address: string | null, effective: string, allowedDomains: Array<string>, smtpConfigured: boolean }, mailSuppressions: Array<{ email: string, reason: string, createdAt: number }> };

export type SetMailSenderMutationVariables = Exact<{
  name?: string | null | undefined;
  address?: string | null | undefined;
}>;


export type SetMailSenderMutation = { setMailSender: { effective: string } };

export type AddMailSuppressionMutationVariables = Exact<{
  email: string;
}>;


export type AddMailSuppressionMutation = { addMailSuppression: { email: string } };

export type RemoveMailSuppressionMutationVariables = Exact<{
  email: string;
}>;


export type RemoveMailSuppressionMutation = { removeMailSuppression: boolean };

export type NotificationDeliveriesQueryVariables = Exact<{
  status?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type NotificationDeliveriesQuery = { notificationDeliveries: Array<{ id: string, kind: string, recipient: string, status: string, response: string | null, createdAt: number, sentAt: number | null }> };

export type OperatorDigestQueryVariables = Exact<{ [key: string]: never; }>;


export type OperatorDigestQuery = { operatorDigest: boolean };

export type SetOperatorDigestMutationVariables = Exact<{
  enabled: boolean;
}>;


export type SetOperatorDigestMutation = { setOperatorDigest: boolean };

export type AuditLogQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | number | null | undefined;
  actor?: string | null | undefined;
  action?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}>;


export type AuditLogQuery = { auditLog: { endCursor: string | null, hasNextPage: boolean, entries: Array<{ id: string, at: number, operatorEmail: string | null, actorKind: AuditActorKind, actorLabel: string | null, clientAddress: string | null, userAgent: string | null, action: string, target: string | null, details: unknown, sentence: string }> } };

export type InviteOperatorMutationVariables = Exact<{
  email: string;
  role: OperatorRole;
}>;


export type InviteOperatorMutation = { inviteOperator: { email: string, role: OperatorRole, link: string, expiresAt: number } };

export type OperatorsQueryVariables = Exact<{ [key: string]: never; }>;


export type OperatorsQuery = { operators: Array<{ email: string, role: OperatorRole, dateCreated: number, pending: boolean }> };

export type ReissueInvitationMutationVariables = Exact<{
  email: string;
}>;


export type ReissueInvitationMutation = { reissueInvitation: { email: string, role: OperatorRole, link: string, expiresAt: number } };

export type ResetOperatorAccessMutationVariables = Exact<{
  email: string;
}>;


export type ResetOperatorAccessMutation = { resetOperatorAccess: { email: string, role: OperatorRole, link: string, expiresAt: number } };

export type ChangeOperatorRoleMutationVariables = Exact<{
  email: string;
  role: OperatorRole;
}>;


export type ChangeOperatorRoleMutation = { changeOperatorRole: { email: string, role: OperatorRole } };

export type RemoveOperatorMutationVariables = Exact<{
  email: string;
}>;


export type RemoveOperatorMutation = { removeOperator: { email: string } };

export type DuePayeeFieldsFragment = { accountId: string, currency: string, programAvailableCents: number, availableCents: number, payableCents: number, blocker: PayoutBlocker | null, payee: { accountId: string, taxFormReceived: boolean, taxCountry: string | null, held: boolean, heldReason: string | null, method: { type: PayoutMethodType, masked: string } | null }, reasons: Array<{ rewardId: string, amountCents: number, currency: string, ruleId: string | null, explanation: string | null, dateGiven: string }> };

export type PayoutRunFieldsFragment = { id: string, programId: string, status: PayoutRunStatus, trigger: string, requestedBy: string, approvedBy: string | null, payees: number, createdAt: string, approvedAt: string | null, finishedAt: string | null, workflowId: string, workflowUrl: string };

export type PayoutFieldsFragment = { id: string, accountId: string, method: PayoutMethodType, amountCents: number, currency: string, status: PayoutStatus, providerRef: string | null, providerMessage: string | null, createdAt: string, sentAt: string | null, settledAt: string | null };

export type PayoutsDueQueryVariables = Exact<{
  programId?: string | number | null | undefined;
  after?: string | number | null | undefined;
  first?: number | null | undefined;
}>;


export type PayoutsDueQuery = { programs: Array<{ id: string, name: string, isDefault: boolean, archivedAt: number | null }>, payoutsDue: { next: string | null, payees: Array<{ accountId: string, currency: string, programAvailableCents: number, availableCents: number, payableCents: number, blocker: PayoutBlocker | null, payee: { accountId: string, taxFormReceived: boolean, taxCountry: string | null, held: boolean, heldReason: string | null, method: { type: PayoutMethodType, masked: string } | null }, reasons: Array<{ rewardId: string, amountCents: number, currency: string, ruleId: string | null, explanation: string | null, dateGiven: string }> }> }, payoutPolicy: { programId: string, minimumCents: number, requireApproval: boolean } };

export type PayoutRunsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type PayoutRunsQuery = { programs: Array<{ id: string, name: string, isDefault: boolean, archivedAt: number | null }>, payoutRuns: Array<{ id: string, programId: string, status: PayoutRunStatus, trigger: string, requestedBy: string, approvedBy: string | null, payees: number, createdAt: string, approvedAt: string | null, finishedAt: string | null, workflowId: string, workflowUrl: string }> };

export type PayoutRunQueryVariables = Exact<{
  id: string | number;
}>;


export type PayoutRunQuery = { payoutRun: { id: string, programId: string, status: PayoutRunStatus, trigger: string, requestedBy: string, approvedBy: string | null, payees: number, createdAt: string, approvedAt: string | null, finishedAt: string | null, workflowId: string, workflowUrl: string, payouts: Array<{ id: string, accountId: string, method: PayoutMethodType, amountCents: number, currency: string, status: PayoutStatus, providerRef: string | null, providerMessage: string | null, createdAt: string, sentAt: string | null, settledAt: string | null }> } };

export type PayoutRunCsvQueryVariables = Exact<{
  id: string | number;
}>;


export type PayoutRunCsvQuery = { payoutRunCsv: string };

export type PayoutSettingsQueryVariables = Exact<{
  programId?: string | number | null | undefined;
}>;


export type PayoutSettingsQuery = { payoutTaxThreshold: number | null, programs: Array<{ id: string, name: string, isDefault: boolean, archivedAt: number | null }>, payoutPolicy: { programId: string, minimumCents: number, schedule: PayoutSchedule, requireApproval: boolean }, payoutConnections: Array<{ provider: PayoutMethodType, keyHint: string, webhookVerified: boolean, connectedAt: string }> };

export type RequestPayoutRunMutationVariables = Exact<{
  input?: PayoutRunInput | null | undefined;
}>;


export type RequestPayoutRunMutation = { requestPayoutRun: { id: string, programId: string, status: PayoutRunStatus, trigger: string, requestedBy: string, approvedBy: string | null, payees: number, createdAt: string, approvedAt: string | null, finishedAt: string | null, workflowId: string, workflowUrl: string } };

export type ApprovePayoutRunMutationVariables = Exact<{
  id: string | number;
}>;


export type ApprovePayoutRunMutation = { approvePayoutRun: { id: string, programId: string, status: PayoutRunStatus, trigger: string, requestedBy: string, approvedBy: string | null, payees: number, createdAt: string, approvedAt: string | null, finishedAt: string | null, workflowId: string, workflowUrl: string } };

export type CancelPayoutRunMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelPayoutRunMutation = { cancelPayoutRun: { id: string, programId: string, status: PayoutRunStatus, trigger: string, requestedBy: string, approvedBy: string | null, payees: number, createdAt: string, approvedAt: string | null, finishedAt: string | null, workflowId: string, workflowUrl: string } };

export type CancelPayoutMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelPayoutMutation = { cancelPayout: { id: string, status: PayoutStatus } };

export type HoldPayeeMutationVariables = Exact<{
  accountId: string | number;
  held: boolean;
  reason?: string | null | undefined;
}>;


export type HoldPayeeMutation = { holdPayee: { accountId: string, held: boolean, heldReason: string | null } };

export type SetPayeeTaxStatusMutationVariables = Exact<{
  accountId: string | number;
  status: PayeeTaxStatusInput;
}>;


export type SetPayeeTaxStatusMutation = { setPayeeTaxStatus: { accountId: string, taxFormReceived: boolean, taxCountry: string | null } };

export type SetPayoutPolicyMutationVariables = Exact<{
  input: PayoutPolicyInput;
}>;


export type SetPayoutPolicyMutation = { setPayoutPolicy: { programId: string, minimumCents: number, schedule: PayoutSchedule, requireApproval: boolean } };

export type SetPayoutTaxThresholdMutationVariables = Exact<{
  thresholdCents?: number | null | undefined;
}>;


export type SetPayoutTaxThresholdMutation = { setPayoutTaxThreshold: number | null };

export type ConnectPayoutProviderMutationVariables = Exact<{
  input: PayoutConnectionInput;
}>;


export type ConnectPayoutProviderMutation = { connectPayoutProvider: { provider: PayoutMethodType, keyHint: string, webhookVerified: boolean, connectedAt: string } };

export type NotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationsQuery = { processorNotifications: Array<{ id: string, kind: string, processor: string, subjectId: string | null, customerId: string | null, status: string, receivedAt: number, processedAt: number | null, outcome: unknown }> };

export type DisconnectMutationVariables = Exact<{ [key: string]: never; }>;


export type DisconnectMutation = { disconnectPaymentProcessor: boolean };

export type ConnectMutationVariables = Exact<{
  input: ConnectPaymentProcessorInput;
}>;


export type ConnectMutation = { connectPaymentProcessor: { environment: PaymentProcessorEnvironment, webhookRegistration: ProcessorWebhookRegistration } };

export type ProgramListQueryVariables = Exact<{ [key: string]: never; }>;


export type ProgramListQuery = { programs: Array<{ id: string, isDefault: boolean, archivedAt: number | null, name: string, referredDiscountPercent: number, ruleVersion: number | null, referrerReward: { type: RewardType, discountPercent: number | null, amountCents: number | null, unit: string | null } }> };

export type CreateProgramMutationVariables = Exact<{
  input: ProgramInput;
}>;


export type CreateProgramMutation = { createProgram: { id: string, name: string } };

export type ArchiveProgramMutationVariables = Exact<{
  id: string | number;
}>;


export type ArchiveProgramMutation = { archiveProgram: { id: string, archivedAt: number | null } };

export type RuleFieldsFragment = { id: string, name: string, recipient: RuleRecipient, trigger: { type: RuleTriggerType, forMonths: number | null, eventKey: string | null, field: string | null, atLeast: number | null, conversions: number | null }, reward: { type: RuleRewardType, discountPercent: number | null, amountCents: number | null, unit: string | null, currency: string | null, percentOfPayment: number | null } | null, tiers: Array<{ fromConversions: number, toConversions: number | null, reward: { type: RuleRewardType, discountPercent: number | null, amountCents: number | null, unit: string | null, currency: string | null, percentOfPayment: number | null } }> | null, limits: Array<{ period: RuleLimitPeriod, maxCount: number | null, maxAmountCents: number | null }>, eligibility: { minSubscriptionValueCents: number | null, newCustomersOnly: boolean | null } };

export type ProgramRulesQueryVariables = Exact<{
  id?: string | number | null | undefined;
}>;


export type ProgramRulesQuery = { program: { id: string, name: string, isDefault: boolean, ruleVersion: number | null, rules: Array<{ id: string, name: string, recipient: RuleRecipient, trigger: { type: RuleTriggerType, forMonths: number | null, eventKey: string | null, field: string | null, atLeast: number | null, conversions: number | null }, reward: { type: RuleRewardType, discountPercent: number | null, amountCents: number | null, unit: string | null, currency: string | null, percentOfPayment: number | null } | null, tiers: Array<{ fromConversions: number, toConversions: number | null, reward: { type: RuleRewardType, discountPercent: number | null, amountCents: number | null, unit: string | null, currency: string | null, percentOfPayment: number | null } }> | null, limits: Array<{ period: RuleLimitPeriod, maxCount: number | null, maxAmountCents: number | null }>, eligibility: { minSubscriptionValueCents: number | null, newCustomersOnly: boolean | null } }>, ruleVersions: Array<{ version: number, publishedBy: string, publishedAt: number, rules: Array<{ id: string, name: string, recipient: RuleRecipient, trigger: { type: RuleTriggerType, forMonths: number | null, eventKey: string | null, field: string | null, atLeast: number | null, conversions: number | null }, reward: { type: RuleRewardType, discountPercent: number | null, amountCents: number | null, unit: string | null, currency: string | null, percentOfPayment: number | null } | null, tiers: Array<{ fromConversions: number, toConversions: number | null, reward: { type: RuleRewardType, discountPercent: number | null, amountCents: number | null, unit: string | null, currency: string | null, percentOfPayment: number | null } }> | null, limits: Array<{ period: RuleLimitPeriod, maxCount: number | null, maxAmountCents: number | null }>, eligibility: { minSubscriptionValueCents: number | null, newCustomersOnly: boolean | null } }> }> } };

export type PublishRulesMutationVariables = Exact<{
  id?: string | number | null | undefined;
  rules: Array<ProgramRuleInput> | ProgramRuleInput;
}>;


export type PublishRulesMutation = { updateProgram: { ruleVersion: number | null } };

export type SimulationTotalFieldsFragment = { month: string, unit: string, rewards: number, amount: number };

export type SimulateRulesQueryVariables = Exact<{
  id?: string | number | null | undefined;
  rules: Array<ProgramRuleInput> | ProgramRuleInput;
  from: string;
  to: string;
}>;


export type SimulateRulesQuery = { simulateProgram: { from: string, to: string, conversions: number, payments: number, events: number, rules: Array<{ ruleId: string, ruleName: string, totals: Array<{ month: string, unit: string, rewards: number, amount: number }>, given: Array<{ month: string, unit: string, rewards: number, amount: number }> }>, wouldGive: Array<{ month: string, unit: string, rewards: number, amount: number }>, given: Array<{ month: string, unit: string, rewards: number, amount: number }> } };

export type BulkMutationVariables = Exact<{
  input: BulkReferralActionInput;
}>;


export type BulkMutation = { bulkReferralAction: Array<{ id: string, outcome: BulkRowOutcome, message: string | null, problem: string | null }> };

export type ReferralActionFieldsFragment = { actions: Array<{ id: string, action: ReferralActionKind, reason: string, actor: string, at: number, rewardId: string | null, reference: string | null, summary: string }>, grantedRewards: Array<{ id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null }> };

export type ReferralActionResultFragment = { outcome: ActionOutcome, referral: { id: string, status: ReferralStatus } };

export type CancelReferralMutationVariables = Exact<{
  id: string | number;
  reason: string;
  key?: string | null | undefined;
}>;


export type CancelReferralMutation = { r: { outcome: ActionOutcome, referral: { id: string, status: ReferralStatus } } };

export type ReattributeReferralMutationVariables = Exact<{
  id: string | number;
  to: ReferrerTargetInput;
  reason: string;
  key?: string | null | undefined;
}>;


export type ReattributeReferralMutation = { r: { outcome: ActionOutcome, referral: { id: string, status: ReferralStatus } } };

export type GrantRewardMutationVariables = Exact<{
  id: string | number;
  side: ReferralSide;
  reward: ManualRewardInput;
  reason: string;
  key?: string | null | undefined;
}>;


export type GrantRewardMutation = { r: { outcome: ActionOutcome, referral: { id: string, status: ReferralStatus } } };

export type VoidRewardMutationVariables = Exact<{
  id: string | number;
  reason: string;
  key?: string | null | undefined;
}>;


export type VoidRewardMutation = { r: { outcome: ActionOutcome, referral: { id: string, status: ReferralStatus } } };

export type MarkRewardFulfilledMutationVariables = Exact<{
  id: string | number;
  reference: string;
  reason: string;
  key?: string | null | undefined;
}>;


export type MarkRewardFulfilledMutation = { r: { outcome: ActionOutcome, referral: { id: string, status: ReferralStatus } } };

export type AddReferralNoteMutationVariables = Exact<{
  id: string | number;
  reason: string;
  key?: string | null | undefined;
}>;


export type AddReferralNoteMutation = { r: { outcome: ActionOutcome, referral: { id: string, status: ReferralStatus } } };

export type ReferralQueryVariables = Exact<{
  id: string | number;
}>;


export type ReferralQuery = { referral: { workflowId: string, workflowUrl: string, referral: { id: string, status: ReferralStatus, referralCodeUsed: string, attributionSource: AttributionSource, referrerAccountId: string, referrerUserId: string, referredAccountId: string, dateReferralStarted: number, dateReferralPaid: number | null, dateReferralEnded: number | null, referrerReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, referredReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, fraudSignals: Array<{ signal: FraudSignal, evidence: string }>, review: { status: ReviewStatus, reason: string | null, reviewedBy: string | null, dateReviewed: number | null } | null, referrer: { accountId: string, userId: string | null, name: string | null, email: string | null }, friend: { accountId: string, userId: string | null, name: string | null, email: string | null } }, timeline: Array<{ at: number, kind: TimelineKind, description: string }>, actions: Array<{ id: string, action: ReferralActionKind, reason: string, actor: string, at: number, rewardId: string | null, reference: string | null, summary: string }>, grantedRewards: Array<{ id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null }> } | null };

export type RewardFieldsFragment = { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null };

export type ReferralFieldsFragment = { id: string, status: ReferralStatus, referralCodeUsed: string, attributionSource: AttributionSource, referrerAccountId: string, referrerUserId: string, referredAccountId: string, dateReferralStarted: number, dateReferralPaid: number | null, dateReferralEnded: number | null, referrerReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, referredReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, fraudSignals: Array<{ signal: FraudSignal, evidence: string }>, review: { status: ReviewStatus, reason: string | null, reviewedBy: string | null, dateReviewed: number | null } | null, referrer: { accountId: string, userId: string | null, name: string | null, email: string | null }, friend: { accountId: string, userId: string | null, name: string | null, email: string | null } };

export type ReferralsQueryVariables = Exact<{
  filter?: ReferralFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ReferralsQuery = { referrals: { endCursor: string | null, hasNextPage: boolean, items: Array<{ id: string, status: ReferralStatus, referralCodeUsed: string, attributionSource: AttributionSource, referrerAccountId: string, referrerUserId: string, referredAccountId: string, dateReferralStarted: number, dateReferralPaid: number | null, dateReferralEnded: number | null, referrerReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, referredReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, fraudSignals: Array<{ signal: FraudSignal, evidence: string }>, review: { status: ReviewStatus, reason: string | null, reviewedBy: string | null, dateReviewed: number | null } | null, referrer: { accountId: string, userId: string | null, name: string | null, email: string | null }, friend: { accountId: string, userId: string | null, name: string | null, email: string | null } }> } };

export type ReviewQueueQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  query?: string | null | undefined;
}>;


export type ReviewQueueQuery = { referralsForReview: { endCursor: string | null, hasNextPage: boolean, items: Array<{ id: string, status: ReferralStatus, referralCodeUsed: string, attributionSource: AttributionSource, referrerAccountId: string, referrerUserId: string, referredAccountId: string, dateReferralStarted: number, dateReferralPaid: number | null, dateReferralEnded: number | null, referrerReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, referredReward: { id: string, type: RewardType, discountPercent: number | null, amountCents: number | null, redeemedCents: number, unit: string | null, rewardSource: RewardSource, referralId: string | null, status: RewardStatus, dateGiven: number, dateCancelled: number | null, dateRedeemed: number | null, holdUntil: number | null, expiresAt: number | null, dateExpired: number | null } | null, fraudSignals: Array<{ signal: FraudSignal, evidence: string }>, review: { status: ReviewStatus, reason: string | null, reviewedBy: string | null, dateReviewed: number | null } | null, referrer: { accountId: string, userId: string | null, name: string | null, email: string | null }, friend: { accountId: string, userId: string | null, name: string | null, email: string | null } }> } };

export type ReviewReferralsMutationVariables = Exact<{
  ids: Array<string | number> | string | number;
  decision: ReviewDecision;
  reason: string;
}>;


export type ReviewReferralsMutation = { reviewReferrals: Array<{ id: string, outcome: ReviewOutcome }> };

export type ExplainRewardsQueryVariables = Exact<{
  referralId: string | number;
}>;


export type ExplainRewardsQuery = { explainRewards: Array<{ ruleId: string | null, ruleName: string, recipient: RuleRecipient, outcome: RewardOutcome, rewardId: string | null, rewardStatus: RewardStatus | null, text: string }> };

export type AddSftpKeyMutationVariables = Exact<{
  publicKey: string;
}>;


export type AddSftpKeyMutation = { addSftpKey: { fingerprint: string } };

export type RevokeSftpKeyMutationVariables = Exact<{
  fingerprint: string;
}>;


export type RevokeSftpKeyMutation = { revokeSftpKey: { fingerprint: string } };

export type SftpQueryVariables = Exact<{ [key: string]: never; }>;


export type SftpQuery = { sftp: { enabled: boolean, host: string, port: number, username: string }, sftpKeys: Array<{ fingerprint: string, keyType: string, comment: string | null, dateCreated: number, dateLastUsed: number | null }> };

export type EnableSftpMutationVariables = Exact<{ [key: string]: never; }>;


export type EnableSftpMutation = { enableSftp: { enabled: boolean } };

export type DisableSftpMutationVariables = Exact<{ [key: string]: never; }>;


export type DisableSftpMutation = { disableSftp: { enabled: boolean } };

export type GenerateSftpKeyMutationVariables = Exact<{
  comment?: string | null | undefined;
}>;


export type GenerateSftpKeyMutation = { generateSftpKey: { privateKey: string, publicKey: string, fingerprint: string, username: string, host: string, port: number } };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { apiKeys: Array<{ id: string, prefix: string, purpose: ApiKeyPurpose, allowChanges: boolean, dateCreated: number }> };

export type CreateApiKeyMutationVariables = Exact<{
  purpose?: ApiKeyPurpose | null | undefined;
  allowChanges?: boolean | null | undefined;
}>;


export type CreateApiKeyMutation = { createApiKey: { id: string, prefix: string, purpose: ApiKeyPurpose, allowChanges: boolean, dateCreated: number, key: string } };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { id: string } };

export type BrowserIntegrationQueryVariables = Exact<{ [key: string]: never; }>;


export type BrowserIntegrationQuery = { browserIntegration: { scriptUrl: string, scriptTag: string, widgetSnippet: string, jwtSnippet: string, firstBrowserCallAt: number | null, refusedOrigins: Array<{ origin: string, firstSeenAt: number, lastSeenAt: number, requests: number }> } };

export type AllowBrowserOriginMutationVariables = Exact<{
  origin: string;
}>;


export type AllowBrowserOriginMutation = { allowBrowserOrigin: { allowedOrigins: Array<string> } };

export type InstallQueryVariables = Exact<{ [key: string]: never; }>;


export type InstallQuery = { paymentProcessor: { processor: PaymentProcessorKind, merchantId: string | null, publicKey: string | null, keyHint: string | null, environment: PaymentProcessorEnvironment, webhookUrl: string, webhookRegistration: ProcessorWebhookRegistration, webhookEvents: Array<string>, connectedAt: number } | null, program: { discountId: string, allowedOrigins: Array<string> }, apiKeys: Array<{ id: string }>, accounts: { items: Array<{ id: string }> } };

export type ProgramFieldsFragment = { id: string, isDefault: boolean, archivedAt: number | null, name: string, referredDiscountPercent: number, maxReferrerDiscountPercent: number, discountId: string, landingUrl: string | null, conversionEventKey: string | null, requireUserJwtExp: boolean, allowedOrigins: Array<string>, referralCookieDays: number, referralCookieLastClickWins: boolean, leaderboardEnabled: boolean, websiteUrl: string | null, widgetHeadline: string | null, widgetSubheadline: string | null, maxAttributionsPerReferrerPerHour: number | null, rewardHoldDays: number, creditExpiryDays: number | null, signupUrl: string | null, shareLinkUrl: string | null, shareParam: string, customHost: string | null, brandColor: string | null, landingHeadline: string | null, landingText: string | null, landingButtonText: string | null, logoUrl: string | null, shareMessage: string | null, shareEmailSubject: string | null, referrerReward: { type: RewardType, discountPercent: number | null, amountCents: number | null, unit: string | null }, fraudPolicy: Array<{ signal: FraudSignal, action: FraudAction }> };

export type UploadProgramLogoMutationVariables = Exact<{
  imageBase64: string;
}>;


export type UploadProgramLogoMutation = { uploadProgramLogo: { logoUrl: string | null } };

export type RemoveProgramLogoMutationVariables = Exact<{ [key: string]: never; }>;


export type RemoveProgramLogoMutation = { removeProgramLogo: { logoUrl: string | null } };

export type ShareSampleAccountQueryVariables = Exact<{ [key: string]: never; }>;


export type ShareSampleAccountQuery = { accounts: { items: Array<{ id: string }> } };

export type ShareSampleCodeQueryVariables = Exact<{
  id: string;
}>;


export type ShareSampleCodeQuery = { account: { users: Array<{ shareCode: string | null }> } | null };

export type ProgramQueryVariables = Exact<{
  id?: string | number | null | undefined;
}>;


export type ProgramQuery = { program: { id: string, isDefault: boolean, archivedAt: number | null, name: string, referredDiscountPercent: number, maxReferrerDiscountPercent: number, discountId: string, landingUrl: string | null, conversionEventKey: string | null, requireUserJwtExp: boolean, allowedOrigins: Array<string>, referralCookieDays: number, referralCookieLastClickWins: boolean, leaderboardEnabled: boolean, websiteUrl: string | null, widgetHeadline: string | null, widgetSubheadline: string | null, maxAttributionsPerReferrerPerHour: number | null, rewardHoldDays: number, creditExpiryDays: number | null, signupUrl: string | null, shareLinkUrl: string | null, shareParam: string, customHost: string | null, brandColor: string | null, landingHeadline: string | null, landingText: string | null, landingButtonText: string | null, logoUrl: string | null, shareMessage: string | null, shareEmailSubject: string | null, referrerReward: { type: RewardType, discountPercent: number | null, amountCents: number | null, unit: string | null }, fraudPolicy: Array<{ signal: FraudSignal, action: FraudAction }> } };

export type UpdateProgramMutationVariables = Exact<{
  id?: string | number | null | undefined;
  input: ProgramInput;
}>;


export type UpdateProgramMutation = { updateProgram: { id: string, isDefault: boolean, archivedAt: number | null, name: string, referredDiscountPercent: number, maxReferrerDiscountPercent: number, discountId: string, landingUrl: string | null, conversionEventKey: string | null, requireUserJwtExp: boolean, allowedOrigins: Array<string>, referralCookieDays: number, referralCookieLastClickWins: boolean, leaderboardEnabled: boolean, websiteUrl: string | null, widgetHeadline: string | null, widgetSubheadline: string | null, maxAttributionsPerReferrerPerHour: number | null, rewardHoldDays: number, creditExpiryDays: number | null, signupUrl: string | null, shareLinkUrl: string | null, shareParam: string, customHost: string | null, brandColor: string | null, landingHeadline: string | null, landingText: string | null, landingButtonText: string | null, logoUrl: string | null, shareMessage: string | null, shareEmailSubject: string | null, referrerReward: { type: RewardType, discountPercent: number | null, amountCents: number | null, unit: string | null }, fraudPolicy: Array<{ signal: FraudSignal, action: FraudAction }> } };

export type EndpointFieldsFragment = { id: string, url: string, description: string, eventTypes: Array<string>, enabled: boolean, dateDisabled: number | null, disabledReason: string | null, previousSecretExpiresAt: number | null, dateCreated: number };

export type WebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhooksQuery = { webhookEndpoints: Array<{ id: string, url: string, description: string, eventTypes: Array<string>, enabled: boolean, dateDisabled: number | null, disabledReason: string | null, previousSecretExpiresAt: number | null, dateCreated: number }>, webhookEventTypes: Array<{ name: string, description: string }> };

export type CreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type CreateWebhookEndpointMutation = { createWebhookEndpoint: { secret: string, endpoint: { id: string, url: string, description: string, eventTypes: Array<string>, enabled: boolean, dateDisabled: number | null, disabledReason: string | null, previousSecretExpiresAt: number | null, dateCreated: number } } };

export type UpdateWebhookEndpointMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookEndpointInput;
}>;


export type UpdateWebhookEndpointMutation = { updateWebhookEndpoint: { id: string, url: string, description: string, eventTypes: Array<string>, enabled: boolean, dateDisabled: number | null, disabledReason: string | null, previousSecretExpiresAt: number | null, dateCreated: number } };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteWebhookEndpointMutation = { deleteWebhookEndpoint: { id: string } };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { secret: string, previousSecretExpiresAt: number, endpoint: { id: string, url: string, description: string, eventTypes: Array<string>, enabled: boolean, dateDisabled: number | null, disabledReason: string | null, previousSecretExpiresAt: number | null, dateCreated: number } } };

export type WebhookDeliveriesQueryVariables = Exact<{
  endpointId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { endCursor: string | null, hasNextPage: boolean, items: Array<{ id: string, eventId: string, eventType: string, attempt: number, dateStarted: number, statusCode: number | null, latencyMs: number, responseExcerpt: string | null, error: string | null, outcome: WebhookDeliveryOutcome }> } };

export type SendTestWebhookMutationVariables = Exact<{
  endpointId: string | number;
}>;


export type SendTestWebhookMutation = { sendTestWebhook: { eventId: string } };

export type ReplayWebhookEventMutationVariables = Exact<{
  eventId: string | number;
  endpointId?: string | number | null | undefined;
}>;


export type ReplayWebhookEventMutation = { replayWebhookEvent: { eventId: string, endpointIds: Array<string> } };

export type ReplayFailedWebhookEventsMutationVariables = Exact<{
  endpointId: string | number;
  since: number;
}>;


export type ReplayFailedWebhookEventsMutation = { replayFailedWebhookEvents: { eventIds: Array<string> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AccountActionResultFragmentDoc = new TypedDocumentString(`
    fragment AccountActionResult on AccountActionResult {
  outcome
  action {
    summary
  }
  balance {
    unit
    available
  }
  accountDeleted
}
    `, {"fragmentName":"AccountActionResult"}) as unknown as TypedDocumentString<AccountActionResultFragment, unknown>;
export const ImportJobFragmentDoc = new TypedDocumentString(`
    fragment ImportJob on Job {
  id
  type
  requester
  name
  status
  resultFileRef
  dateCreated
  dateStarted
  dateCompleted
  error
  stats {
    recordsProcessed
    recordsFailed
    recordsTotal
  }
}
    `, {"fragmentName":"ImportJob"}) as unknown as TypedDocumentString<ImportJobFragment, unknown>;
export const DuePayeeFieldsFragmentDoc = new TypedDocumentString(`
    fragment DuePayeeFields on DuePayee {
  accountId
  currency
  programAvailableCents
  availableCents
  payableCents
  blocker
  payee {
    accountId
    method {
      type
      masked
    }
    taxFormReceived
    taxCountry
    held
    heldReason
  }
  reasons {
    rewardId
    amountCents
    currency
    ruleId
    explanation
    dateGiven
  }
}
    `, {"fragmentName":"DuePayeeFields"}) as unknown as TypedDocumentString<DuePayeeFieldsFragment, unknown>;
export const PayoutRunFieldsFragmentDoc = new TypedDocumentString(`
    fragment PayoutRunFields on PayoutRun {
  id
  programId
  status
  trigger
  requestedBy
  approvedBy
  payees
  createdAt
  approvedAt
  finishedAt
  workflowId
  workflowUrl
}
    `, {"fragmentName":"PayoutRunFields"}) as unknown as TypedDocumentString<PayoutRunFieldsFragment, unknown>;
export const PayoutFieldsFragmentDoc = new TypedDocumentString(`
    fragment PayoutFields on Payout {
  id
  accountId
  method
  amountCents
  currency
  status
  providerRef
  providerMessage
  createdAt
  sentAt
  settledAt
}
    `, {"fragmentName":"PayoutFields"}) as unknown as TypedDocumentString<PayoutFieldsFragment, unknown>;
export const RuleFieldsFragmentDoc = new TypedDocumentString(`
    fragment RuleFields on ProgramRule {
  id
  name
  trigger {
    type
    forMonths
    eventKey
    field
    atLeast
    conversions
  }
  recipient
  reward {
    type
    discountPercent
    amountCents
    unit
    currency
    percentOfPayment
  }
  tiers {
    fromConversions
    toConversions
    reward {
      type
      discountPercent
      amountCents
      unit
      currency
      percentOfPayment
    }
  }
  limits {
    period
    maxCount
    maxAmountCents
  }
  eligibility {
    minSubscriptionValueCents
    newCustomersOnly
  }
}
    `, {"fragmentName":"RuleFields"}) as unknown as TypedDocumentString<RuleFieldsFragment, unknown>;
export const SimulationTotalFieldsFragmentDoc = new TypedDocumentString(`
    fragment SimulationTotalFields on SimulationTotal {
  month
  unit
  rewards
  amount
}
    `, {"fragmentName":"SimulationTotalFields"}) as unknown as TypedDocumentString<SimulationTotalFieldsFragment, unknown>;
export const RewardFieldsFragmentDoc = new TypedDocumentString(`
    fragment RewardFields on Reward {
  id
  type
  discountPercent
  amountCents
  redeemedCents
  unit
  rewardSource
  referralId
  status
  dateGiven
  dateCancelled
  dateRedeemed
  holdUntil
  expiresAt
  dateExpired
}
    `, {"fragmentName":"RewardFields"}) as unknown as TypedDocumentString<RewardFieldsFragment, unknown>;
export const ReferralActionFieldsFragmentDoc = new TypedDocumentString(`
    fragment ReferralActionFields on ReferralDetail {
  actions {
    id
    action
    reason
    actor
    at
    rewardId
    reference
    summary
  }
  grantedRewards {
    ...RewardFields
  }
}
    fragment RewardFields on Reward {
  id
  type
  discountPercent
  amountCents
  redeemedCents
  unit
  rewardSource
  referralId
  status
  dateGiven
  dateCancelled
  dateRedeemed
  holdUntil
  expiresAt
  dateExpired
}`, {"fragmentName":"ReferralActionFields"}) as unknown as TypedDocumentString<ReferralActionFieldsFragment, unknown>;
export const ReferralActionResultFragmentDoc = new TypedDocumentString(`
    fragment ReferralActionResult on ReferralActionResult {
  outcome
  referral {
    id
    status
  }
}
    `, {"fragmentName":"ReferralActionResult"}) as unknown as TypedDocumentString<ReferralActionResultFragment, unknown>;
export const ReferralFieldsFragmentDoc = new TypedDocumentString(`
    fragment ReferralFields on Referral {
  id
  status
  referralCodeUsed
  attributionSource
  referrerAccountId
  referrerUserId
  referredAccountId
  referrerReward {
    ...RewardFields
  }
  referredReward {
    ...RewardFields
  }
  dateReferralStarted
  dateReferralPaid
  dateReferralEnded
  fraudSignals {
    signal
    evidence
  }
  review {
    status
    reason
    reviewedBy
    dateReviewed
  }
  referrer {
    accountId
    userId
    name
    email
  }
  friend {
    accountId
    userId
    name
    email
  }
}
    fragment RewardFields on Reward {
  id
  type
  discountPercent
  amountCents
  redeemedCents
  unit
  rewardSource
  referralId
  status
  dateGiven
  dateCancelled
  dateRedeemed
  holdUntil
  expiresAt
  dateExpired
}`, {"fragmentName":"ReferralFields"}) as unknown as TypedDocumentString<ReferralFieldsFragment, unknown>;
export const ProgramFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProgramFields on Program {
  id
  isDefault
  archivedAt
  name
  referredDiscountPercent
  referrerReward {
    type
    discountPercent
    amountCents
    unit
  }
  maxReferrerDiscountPercent
  discountId
  landingUrl
  conversionEventKey
  requireUserJwtExp
  allowedOrigins
  referralCookieDays
  referralCookieLastClickWins
  leaderboardEnabled
  websiteUrl
  widgetHeadline
  widgetSubheadline
  maxAttributionsPerReferrerPerHour
  fraudPolicy {
    signal
    action
  }
  rewardHoldDays
  creditExpiryDays
  signupUrl
  shareLinkUrl
  shareParam
  customHost
  brandColor
  landingHeadline
  landingText
  landingButtonText
  logoUrl
  shareMessage
  shareEmailSubject
}
    `, {"fragmentName":"ProgramFields"}) as unknown as TypedDocumentString<ProgramFieldsFragment, unknown>;
export const EndpointFieldsFragmentDoc = new TypedDocumentString(`
    fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  dateDisabled
  disabledReason
  previousSecretExpiresAt
  dateCreated
}
    `, {"fragmentName":"EndpointFields"}) as unknown as TypedDocumentString<EndpointFieldsFragment, unknown>;
export const AdjustCreditDocument = new TypedDocumentString(`
    mutation AdjustCredit($accountId: ID!, $amountCents: Int!, $unit: String, $reason: String!, $key: String) {
  r: adjustCredit(
    accountId: $accountId
    amountCents: $amountCents
    unit: $unit
    reason: $reason
    idempotencyKey: $key
  ) {
    ...AccountActionResult
  }
}
    fragment AccountActionResult on AccountActionResult {
  outcome
  action {
    summary
  }
  balance {
    unit
    available
  }
  accountDeleted
}`) as unknown as TypedDocumentString<AdjustCreditMutation, AdjustCreditMutationVariables>;
export const RedeemCreditDocument = new TypedDocumentString(`
    mutation RedeemCredit($accountId: ID!, $amountCents: Int!, $unit: String, $reference: String, $reason: String!, $key: String) {
  r: redeemCredit(
    accountId: $accountId
    amountCents: $amountCents
    unit: $unit
    reference: $reference
    reason: $reason
    idempotencyKey: $key
  ) {
    ...AccountActionResult
  }
}
    fragment AccountActionResult on AccountActionResult {
  outcome
  action {
    summary
  }
  balance {
    unit
    available
  }
  accountDeleted
}`) as unknown as TypedDocumentString<RedeemCreditMutation, RedeemCreditMutationVariables>;
export const UpdateUserDocument = new TypedDocumentString(`
    mutation UpdateUser($accountId: ID!, $userId: ID!, $input: UserEditInput!, $reason: String!, $key: String) {
  r: updateUser(
    accountId: $accountId
    userId: $userId
    input: $input
    reason: $reason
    idempotencyKey: $key
  ) {
    ...AccountActionResult
  }
}
    fragment AccountActionResult on AccountActionResult {
  outcome
  action {
    summary
  }
  balance {
    unit
    available
  }
  accountDeleted
}`) as unknown as TypedDocumentString<UpdateUserMutation, UpdateUserMutationVariables>;
export const ChangeShareCodeDocument = new TypedDocumentString(`
    mutation ChangeShareCode($accountId: ID!, $userId: ID!, $code: String!, $reason: String!, $key: String) {
  r: changeShareCode(
    accountId: $accountId
    userId: $userId
    code: $code
    reason: $reason
    idempotencyKey: $key
  ) {
    ...AccountActionResult
  }
}
    fragment AccountActionResult on AccountActionResult {
  outcome
  action {
    summary
  }
  balance {
    unit
    available
  }
  accountDeleted
}`) as unknown as TypedDocumentString<ChangeShareCodeMutation, ChangeShareCodeMutationVariables>;
export const DeleteUserDocument = new TypedDocumentString(`
    mutation DeleteUser($accountId: ID!, $userId: ID!, $reason: String!, $key: String) {
  r: deleteUser(
    accountId: $accountId
    userId: $userId
    reason: $reason
    idempotencyKey: $key
  ) {
    ...AccountActionResult
  }
}
    fragment AccountActionResult on AccountActionResult {
  outcome
  action {
    summary
  }
  balance {
    unit
    available
  }
  accountDeleted
}`) as unknown as TypedDocumentString<DeleteUserMutation, DeleteUserMutationVariables>;
export const AccountDetailDocument = new TypedDocumentString(`
    query AccountDetail($id: String!) {
  account(id: $id) {
    id
    currency
    paymentProviderId
    dateCreated
    subscription {
      status
      billingIntervalType
      billingIntervalValue
      value
    }
    users {
      id
      email
      firstName
      lastName
      shareCode
      shareLink
    }
    referredBy {
      ...ReferralFields
    }
    referrals {
      ...ReferralFields
    }
    rewards {
      ...RewardFields
    }
    recentEvents {
      id
      key
      fields
      dateTriggered
      dateReceived
    }
  }
  rewardBalance(accountId: $id) {
    unit
    available
    pending
  }
}
    fragment RewardFields on Reward {
  id
  type
  discountPercent
  amountCents
  redeemedCents
  unit
  rewardSource
  referralId
  status
  dateGiven
  dateCancelled
  dateRedeemed
  holdUntil
  expiresAt
  dateExpired
}
fragment ReferralFields on Referral {
  id
  status
  referralCodeUsed
  attributionSource
  referrerAccountId
  referrerUserId
  referredAccountId
  referrerReward {
    ...RewardFields
  }
  referredReward {
    ...RewardFields
  }
  dateReferralStarted
  dateReferralPaid
  dateReferralEnded
  fraudSignals {
    signal
    evidence
  }
  review {
    status
    reason
    reviewedBy
    dateReviewed
  }
  referrer {
    accountId
    userId
    name
    email
  }
  friend {
    accountId
    userId
    name
    email
  }
}`) as unknown as TypedDocumentString<AccountDetailQuery, AccountDetailQueryVariables>;
export const AccountsDocument = new TypedDocumentString(`
    query Accounts($search: String, $query: String, $first: Int, $after: String) {
  accounts(search: $search, query: $query, first: $first, after: $after) {
    items {
      id
      email
      name
      userCount
      referralsMade
      dateCreated
    }
    endCursor
    hasNextPage
  }
}
    `) as unknown as TypedDocumentString<AccountsQuery, AccountsQueryVariables>;
export const DashboardDocument = new TypedDocumentString(`
    query Dashboard($range: DateRangeInput!) {
  dashboard(range: $range) {
    from
    to
    clicks
    referralsStarted
    referralsConverted
    conversionRate
    rewardsGiven
    creditOutstanding {
      unit
      amount
    }
    daily {
      date
      clicks
      started
      converted
    }
    leaderboard {
      accountId
      userId
      name
      shareCode
      referralsStarted
      referralsConverted
    }
    numbers {
      referralsFromClicks
      referralsDirect
      clickShare
      rewardsToReferrers
      rewardsToReferred
      revenue {
        currency
        customers
        firstPayment
        total
      }
      rewardCost {
        side
        currency
        rewardsGiven
        rewardsPending
        costGiven
        costPending
      }
      returnOnRewards {
        currency
        ratio
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardQuery, DashboardQueryVariables>;
export const ImportJobDocument = new TypedDocumentString(`
    query ImportJob($id: ID!) {
  job(id: $id) {
    ...ImportJob
  }
}
    fragment ImportJob on Job {
  id
  type
  requester
  name
  status
  resultFileRef
  dateCreated
  dateStarted
  dateCompleted
  error
  stats {
    recordsProcessed
    recordsFailed
    recordsTotal
  }
}`) as unknown as TypedDocumentString<ImportJobQuery, ImportJobQueryVariables>;
export const ImportJobsDocument = new TypedDocumentString(`
    query ImportJobs($limit: Int, $offset: Int) {
  jobs(limit: $limit, offset: $offset) {
    totalCount
    jobs {
      ...ImportJob
    }
  }
}
    fragment ImportJob on Job {
  id
  type
  requester
  name
  status
  resultFileRef
  dateCreated
  dateStarted
  dateCompleted
  error
  stats {
    recordsProcessed
    recordsFailed
    recordsTotal
  }
}`) as unknown as TypedDocumentString<ImportJobsQuery, ImportJobsQueryVariables>;
export const ActiveImportJobsDocument = new TypedDocumentString(`
    query ActiveImportJobs {
  running: jobs(status: IN_PROGRESS, limit: 1) {
    jobs {
      ...ImportJob
    }
  }
  pending: jobs(status: PENDING, limit: 1) {
    jobs {
      ...ImportJob
    }
  }
}
    fragment ImportJob on Job {
  id
  type
  requester
  name
  status
  resultFileRef
  dateCreated
  dateStarted
  dateCompleted
  error
  stats {
    recordsProcessed
    recordsFailed
    recordsTotal
  }
}`) as unknown as TypedDocumentString<ActiveImportJobsQuery, ActiveImportJobsQueryVariables>;
export const ValidateImportDocument = new TypedDocumentString(`
    query ValidateImport($jobInput: JobInput!) {
  validateJobCreation(jobInput: $jobInput) {
    errors
  }
}
    `) as unknown as TypedDocumentString<ValidateImportQuery, ValidateImportQueryVariables>;
export const CreateImportJobDocument = new TypedDocumentString(`
    mutation CreateImportJob($jobInput: JobInput!) {
  createJob(jobInput: $jobInput) {
    ...ImportJob
  }
}
    fragment ImportJob on Job {
  id
  type
  requester
  name
  status
  resultFileRef
  dateCreated
  dateStarted
  dateCompleted
  error
  stats {
    recordsProcessed
    recordsFailed
    recordsTotal
  }
}`) as unknown as TypedDocumentString<CreateImportJobMutation, CreateImportJobMutationVariables>;
export const AbortImportJobDocument = new TypedDocumentString(`
    mutation AbortImportJob($id: ID!) {
  abortJob(id: $id) {
    ...ImportJob
  }
}
    fragment ImportJob on Job {
  id
  type
  requester
  name
  status
  resultFileRef
  dateCreated
  dateStarted
  dateCompleted
  error
  stats {
    recordsProcessed
    recordsFailed
    recordsTotal
  }
}`) as unknown as TypedDocumentString<AbortImportJobMutation, AbortImportJobMutationVariables>;
export const McpPendingActionsDocument = new TypedDocumentString(`
    query McpPendingActions {
  mcpPendingActions(status: PENDING) {
    id
    summary
    requestedBy
    dateCreated
  }
}
    `) as unknown as TypedDocumentString<McpPendingActionsQuery, McpPendingActionsQueryVariables>;
export const ApproveMcpActionDocument = new TypedDocumentString(`
    mutation ApproveMcpAction($id: ID!) {
  approveMcpAction(id: $id) {
    id
    status
    result
  }
}
    `) as unknown as TypedDocumentString<ApproveMcpActionMutation, ApproveMcpActionMutationVariables>;
export const RejectMcpActionDocument = new TypedDocumentString(`
    mutation RejectMcpAction($id: ID!, $reason: String!) {
  rejectMcpAction(id: $id, reason: $reason) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<RejectMcpActionMutation, RejectMcpActionMutationVariables>;
export const NotificationSettingsDocument = new TypedDocumentString(`
    query NotificationSettings($programId: ID) {
  programs {
    id
    name
    isDefault
    archivedAt
  }
  notificationSettings(programId: $programId) {
    kind
    recipient
    enabled
    variables
  }
  mailSender {
    effective
    smtpConfigured
  }
}
    `) as unknown as TypedDocumentString<NotificationSettingsQuery, NotificationSettingsQueryVariables>;
export const SetNotificationEnabledDocument = new TypedDocumentString(`
    mutation SetNotificationEnabled($programId: ID, $kind: NotificationKind!, $enabled: Boolean!) {
  setNotificationEnabled(programId: $programId, kind: $kind, enabled: $enabled) {
    kind
    enabled
  }
}
    `) as unknown as TypedDocumentString<SetNotificationEnabledMutation, SetNotificationEnabledMutationVariables>;
export const NotificationTemplateDocument = new TypedDocumentString(`
    query NotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {
  programs {
    id
    name
    isDefault
    archivedAt
  }
  notificationSettings(programId: $programId) {
    kind
    recipient
    enabled
    variables
  }
  notificationTemplate(programId: $programId, kind: $kind, locale: $locale) {
    kind
    locale
    subject
    body
    customized
    updatedAt
  }
  mailSender {
    smtpConfigured
  }
}
    `) as unknown as TypedDocumentString<NotificationTemplateQuery, NotificationTemplateQueryVariables>;
export const NotificationPreviewDocument = new TypedDocumentString(`
    query NotificationPreview($programId: ID, $kind: NotificationKind!, $locale: String!, $subject: String!, $body: String!) {
  notificationPreview(
    programId: $programId
    kind: $kind
    locale: $locale
    subject: $subject
    body: $body
  ) {
    subject
    html
    text
  }
}
    `) as unknown as TypedDocumentString<NotificationPreviewQuery, NotificationPreviewQueryVariables>;
export const UpdateNotificationTemplateDocument = new TypedDocumentString(`
    mutation UpdateNotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!, $subject: String!, $body: String!) {
  updateNotificationTemplate(
    programId: $programId
    kind: $kind
    locale: $locale
    subject: $subject
    body: $body
  ) {
    subject
    body
    customized
  }
}
    `) as unknown as TypedDocumentString<UpdateNotificationTemplateMutation, UpdateNotificationTemplateMutationVariables>;
export const ResetNotificationTemplateDocument = new TypedDocumentString(`
    mutation ResetNotificationTemplate($programId: ID, $kind: NotificationKind!, $locale: String!) {
  resetNotificationTemplate(programId: $programId, kind: $kind, locale: $locale) {
    subject
    body
    customized
  }
}
    `) as unknown as TypedDocumentString<ResetNotificationTemplateMutation, ResetNotificationTemplateMutationVariables>;
export const SendTestNotificationDocument = new TypedDocumentString(`
    mutation SendTestNotification($programId: ID, $kind: NotificationKind!, $locale: String!, $to: String!) {
  sendTestNotification(
    programId: $programId
    kind: $kind
    locale: $locale
    to: $to
  ) {
    id
    status
    response
  }
}
    `) as unknown as TypedDocumentString<SendTestNotificationMutation, SendTestNotificationMutationVariables>;
export const MailSettingsDocument = new TypedDocumentString(`
    query MailSettings {
  mailSender {
    name
    address
    effective
    allowedDomains
    smtpConfigured
  }
  mailSuppressions(limit: 200) {
    email
    reason
    createdAt
  }
}
    `) as unknown as TypedDocumentString<MailSettingsQuery, MailSettingsQueryVariables>;
export const SetMailSenderDocument = new TypedDocumentString(`
    mutation SetMailSender($name: String, $address: String) {
  setMailSender(name: $name, address: $address) {
    effective
  }
}
    `) as unknown as TypedDocumentString<SetMailSenderMutation, SetMailSenderMutationVariables>;
export const AddMailSuppressionDocument = new TypedDocumentString(`
    mutation AddMailSuppression($email: String!) {
  addMailSuppression(email: $email) {
    email
  }
}
    `) as unknown as TypedDocumentString<AddMailSuppressionMutation, AddMailSuppressionMutationVariables>;
export const RemoveMailSuppressionDocument = new TypedDocumentString(`
    mutation RemoveMailSuppression($email: String!) {
  removeMailSuppression(email: $email)
}
    `) as unknown as TypedDocumentString<RemoveMailSuppressionMutation, RemoveMailSuppressionMutationVariables>;
export const NotificationDeliveriesDocument = new TypedDocumentString(`
    query NotificationDeliveries($status: String, $limit: Int, $offset: Int) {
  notificationDeliveries(status: $status, limit: $limit, offset: $offset) {
    id
    kind
    recipient
    status
    response
    createdAt
    sentAt
  }
}
    `) as unknown as TypedDocumentString<NotificationDeliveriesQuery, NotificationDeliveriesQueryVariables>;
export const OperatorDigestDocument = new TypedDocumentString(`
    query OperatorDigest {
  operatorDigest
}
    `) as unknown as TypedDocumentString<OperatorDigestQuery, OperatorDigestQueryVariables>;
export const SetOperatorDigestDocument = new TypedDocumentString(`
    mutation SetOperatorDigest($enabled: Boolean!) {
  setOperatorDigest(enabled: $enabled)
}
    `) as unknown as TypedDocumentString<SetOperatorDigestMutation, SetOperatorDigestMutationVariables>;
export const AuditLogDocument = new TypedDocumentString(`
    query AuditLog($first: Int, $after: ID, $actor: String, $action: String, $from: String, $to: String) {
  auditLog(
    first: $first
    after: $after
    actor: $actor
    action: $action
    from: $from
    to: $to
  ) {
    entries {
      id
      at
      operatorEmail
      actorKind
      actorLabel
      clientAddress
      userAgent
      action
      target
      details
      sentence
    }
    endCursor
    hasNextPage
  }
}
    `) as unknown as TypedDocumentString<AuditLogQuery, AuditLogQueryVariables>;
export const InviteOperatorDocument = new TypedDocumentString(`
    mutation InviteOperator($email: String!, $role: OperatorRole!) {
  inviteOperator(email: $email, role: $role) {
    email
    role
    link
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<InviteOperatorMutation, InviteOperatorMutationVariables>;
export const OperatorsDocument = new TypedDocumentString(`
    query Operators {
  operators {
    email
    role
    dateCreated
    pending
  }
}
    `) as unknown as TypedDocumentString<OperatorsQuery, OperatorsQueryVariables>;
export const ReissueInvitationDocument = new TypedDocumentString(`
    mutation ReissueInvitation($email: String!) {
  reissueInvitation(email: $email) {
    email
    role
    link
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<ReissueInvitationMutation, ReissueInvitationMutationVariables>;
export const ResetOperatorAccessDocument = new TypedDocumentString(`
    mutation ResetOperatorAccess($email: String!) {
  resetOperatorAccess(email: $email) {
    email
    role
    link
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<ResetOperatorAccessMutation, ResetOperatorAccessMutationVariables>;
export const ChangeOperatorRoleDocument = new TypedDocumentString(`
    mutation ChangeOperatorRole($email: String!, $role: OperatorRole!) {
  changeOperatorRole(email: $email, role: $role) {
    email
    role
  }
}
    `) as unknown as TypedDocumentString<ChangeOperatorRoleMutation, ChangeOperatorRoleMutationVariables>;
export const RemoveOperatorDocument = new TypedDocumentString(`
    mutation RemoveOperator($email: String!) {
  removeOperator(email: $email) {
    email
  }
}
    `) as unknown as TypedDocumentString<RemoveOperatorMutation, RemoveOperatorMutationVariables>;
export const PayoutsDueDocument = new TypedDocumentString(`
    query PayoutsDue($programId: ID, $after: ID, $first: Int) {
  programs {
    id
    name
    isDefault
    archivedAt
  }
  payoutsDue(programId: $programId, after: $after, first: $first) {
    payees {
      ...DuePayeeFields
    }
    next
  }
  payoutPolicy(programId: $programId) {
    programId
    minimumCents
    requireApproval
  }
}
    fragment DuePayeeFields on DuePayee {
  accountId
  currency
  programAvailableCents
  availableCents
  payableCents
  blocker
  payee {
    accountId
    method {
      type
      masked
    }
    taxFormReceived
    taxCountry
    held
    heldReason
  }
  reasons {
    rewardId
    amountCents
    currency
    ruleId
    explanation
    dateGiven
  }
}`) as unknown as TypedDocumentString<PayoutsDueQuery, PayoutsDueQueryVariables>;
export const PayoutRunsDocument = new TypedDocumentString(`
    query PayoutRuns($first: Int) {
  programs {
    id
    name
    isDefault
    archivedAt
  }
  payoutRuns(first: $first) {
    ...PayoutRunFields
  }
}
    fragment PayoutRunFields on PayoutRun {
  id
  programId
  status
  trigger
  requestedBy
  approvedBy
  payees
  createdAt
  approvedAt
  finishedAt
  workflowId
  workflowUrl
}`) as unknown as TypedDocumentString<PayoutRunsQuery, PayoutRunsQueryVariables>;
export const PayoutRunDocument = new TypedDocumentString(`
    query PayoutRun($id: ID!) {
  payoutRun(id: $id) {
    ...PayoutRunFields
    payouts {
      ...PayoutFields
    }
  }
}
    fragment PayoutRunFields on PayoutRun {
  id
  programId
  status
  trigger
  requestedBy
  approvedBy
  payees
  createdAt
  approvedAt
  finishedAt
  workflowId
  workflowUrl
}
fragment PayoutFields on Payout {
  id
  accountId
  method
  amountCents
  currency
  status
  providerRef
  providerMessage
  createdAt
  sentAt
  settledAt
}`) as unknown as TypedDocumentString<PayoutRunQuery, PayoutRunQueryVariables>;
export const PayoutRunCsvDocument = new TypedDocumentString(`
    query PayoutRunCsv($id: ID!) {
  payoutRunCsv(id: $id)
}
    `) as unknown as TypedDocumentString<PayoutRunCsvQuery, PayoutRunCsvQueryVariables>;
export const PayoutSettingsDocument = new TypedDocumentString(`
    query PayoutSettings($programId: ID) {
  programs {
    id
    name
    isDefault
    archivedAt
  }
  payoutPolicy(programId: $programId) {
    programId
    minimumCents
    schedule
    requireApproval
  }
  payoutTaxThreshold
  payoutConnections {
    provider
    keyHint
    webhookVerified
    connectedAt
  }
}
    `) as unknown as TypedDocumentString<PayoutSettingsQuery, PayoutSettingsQueryVariables>;
export const RequestPayoutRunDocument = new TypedDocumentString(`
    mutation RequestPayoutRun($input: PayoutRunInput) {
  requestPayoutRun(input: $input) {
    ...PayoutRunFields
  }
}
    fragment PayoutRunFields on PayoutRun {
  id
  programId
  status
  trigger
  requestedBy
  approvedBy
  payees
  createdAt
  approvedAt
  finishedAt
  workflowId
  workflowUrl
}`) as unknown as TypedDocumentString<RequestPayoutRunMutation, RequestPayoutRunMutationVariables>;
export const ApprovePayoutRunDocument = new TypedDocumentString(`
    mutation ApprovePayoutRun($id: ID!) {
  approvePayoutRun(id: $id) {
    ...PayoutRunFields
  }
}
    fragment PayoutRunFields on PayoutRun {
  id
  programId
  status
  trigger
  requestedBy
  approvedBy
  payees
  createdAt
  approvedAt
  finishedAt
  workflowId
  workflowUrl
}`) as unknown as TypedDocumentString<ApprovePayoutRunMutation, ApprovePayoutRunMutationVariables>;
export const CancelPayoutRunDocument = new TypedDocumentString(`
    mutation CancelPayoutRun($id: ID!) {
  cancelPayoutRun(id: $id) {
    ...PayoutRunFields
  }
}
    fragment PayoutRunFields on PayoutRun {
  id
  programId
  status
  trigger
  requestedBy
  approvedBy
  payees
  createdAt
  approvedAt
  finishedAt
  workflowId
  workflowUrl
}`) as unknown as TypedDocumentString<CancelPayoutRunMutation, CancelPayoutRunMutationVariables>;
export const CancelPayoutDocument = new TypedDocumentString(`
    mutation CancelPayout($id: ID!) {
  cancelPayout(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelPayoutMutation, CancelPayoutMutationVariables>;
export const HoldPayeeDocument = new TypedDocumentString(`
    mutation HoldPayee($accountId: ID!, $held: Boolean!, $reason: String) {
  holdPayee(accountId: $accountId, held: $held, reason: $reason) {
    accountId
    held
    heldReason
  }
}
    `) as unknown as TypedDocumentString<HoldPayeeMutation, HoldPayeeMutationVariables>;
export const SetPayeeTaxStatusDocument = new TypedDocumentString(`
    mutation SetPayeeTaxStatus($accountId: ID!, $status: PayeeTaxStatusInput!) {
  setPayeeTaxStatus(accountId: $accountId, status: $status) {
    accountId
    taxFormReceived
    taxCountry
  }
}
    `) as unknown as TypedDocumentString<SetPayeeTaxStatusMutation, SetPayeeTaxStatusMutationVariables>;
export const SetPayoutPolicyDocument = new TypedDocumentString(`
    mutation SetPayoutPolicy($input: PayoutPolicyInput!) {
  setPayoutPolicy(input: $input) {
    programId
    minimumCents
    schedule
    requireApproval
  }
}
    `) as unknown as TypedDocumentString<SetPayoutPolicyMutation, SetPayoutPolicyMutationVariables>;
export const SetPayoutTaxThresholdDocument = new TypedDocumentString(`
    mutation SetPayoutTaxThreshold($thresholdCents: Int) {
  setPayoutTaxThreshold(thresholdCents: $thresholdCents)
}
    `) as unknown as TypedDocumentString<SetPayoutTaxThresholdMutation, SetPayoutTaxThresholdMutationVariables>;
export const ConnectPayoutProviderDocument = new TypedDocumentString(`
    mutation ConnectPayoutProvider($input: PayoutConnectionInput!) {
  connectPayoutProvider(input: $input) {
    provider
    keyHint
    webhookVerified
    connectedAt
  }
}
    `) as unknown as TypedDocumentString<ConnectPayoutProviderMutation, ConnectPayoutProviderMutationVariables>;
export const NotificationsDocument = new TypedDocumentString(`
    query Notifications {
  processorNotifications(first: 20) {
    id
    kind
    processor
    subjectId
    customerId
    status
    receivedAt
    processedAt
    outcome
  }
}
    `) as unknown as TypedDocumentString<NotificationsQuery, NotificationsQueryVariables>;
export const DisconnectDocument = new TypedDocumentString(`
    mutation Disconnect {
  disconnectPaymentProcessor
}
    `) as unknown as TypedDocumentString<DisconnectMutation, DisconnectMutationVariables>;
export const ConnectDocument = new TypedDocumentString(`
    mutation Connect($input: ConnectPaymentProcessorInput!) {
  connectPaymentProcessor(input: $input) {
    environment
    webhookRegistration
  }
}
    `) as unknown as TypedDocumentString<ConnectMutation, ConnectMutationVariables>;
export const ProgramListDocument = new TypedDocumentString(`
    query ProgramList {
  programs {
    id
    isDefault
    archivedAt
    name
    referredDiscountPercent
    referrerReward {
      type
      discountPercent
      amountCents
      unit
    }
    ruleVersion
  }
}
    `) as unknown as TypedDocumentString<ProgramListQuery, ProgramListQueryVariables>;
export const CreateProgramDocument = new TypedDocumentString(`
    mutation CreateProgram($input: ProgramInput!) {
  createProgram(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateProgramMutation, CreateProgramMutationVariables>;
export const ArchiveProgramDocument = new TypedDocumentString(`
    mutation ArchiveProgram($id: ID!) {
  archiveProgram(id: $id) {
    id
    archivedAt
  }
}
    `) as unknown as TypedDocumentString<ArchiveProgramMutation, ArchiveProgramMutationVariables>;
export const ProgramRulesDocument = new TypedDocumentString(`
    query ProgramRules($id: ID) {
  program(id: $id) {
    id
    name
    isDefault
    ruleVersion
    rules {
      ...RuleFields
    }
    ruleVersions {
      version
      publishedBy
      publishedAt
      rules {
        ...RuleFields
      }
    }
  }
}
    fragment RuleFields on ProgramRule {
  id
  name
  trigger {
    type
    forMonths
    eventKey
    field
    atLeast
    conversions
  }
  recipient
  reward {
    type
    discountPercent
    amountCents
    unit
    currency
    percentOfPayment
  }
  tiers {
    fromConversions
    toConversions
    reward {
      type
      discountPercent
      amountCents
      unit
      currency
      percentOfPayment
    }
  }
  limits {
    period
    maxCount
    maxAmountCents
  }
  eligibility {
    minSubscriptionValueCents
    newCustomersOnly
  }
}`) as unknown as TypedDocumentString<ProgramRulesQuery, ProgramRulesQueryVariables>;
export const PublishRulesDocument = new TypedDocumentString(`
    mutation PublishRules($id: ID, $rules: [ProgramRuleInput!]!) {
  updateProgram(id: $id, input: {rules: $rules}) {
    ruleVersion
  }
}
    `) as unknown as TypedDocumentString<PublishRulesMutation, PublishRulesMutationVariables>;
export const SimulateRulesDocument = new TypedDocumentString(`
    query SimulateRules($id: ID, $rules: [ProgramRuleInput!]!, $from: String!, $to: String!) {
  simulateProgram(id: $id, rules: $rules, from: $from, to: $to) {
    from
    to
    conversions
    payments
    events
    rules {
      ruleId
      ruleName
      totals {
        ...SimulationTotalFields
      }
      given {
        ...SimulationTotalFields
      }
    }
    wouldGive {
      ...SimulationTotalFields
    }
    given {
      ...SimulationTotalFields
    }
  }
}
    fragment SimulationTotalFields on SimulationTotal {
  month
  unit
  rewards
  amount
}`) as unknown as TypedDocumentString<SimulateRulesQuery, SimulateRulesQueryVariables>;
export const BulkDocument = new TypedDocumentString(`
    mutation Bulk($input: BulkReferralActionInput!) {
  bulkReferralAction(input: $input) {
    id
    outcome
    message
    problem
  }
}
    `) as unknown as TypedDocumentString<BulkMutation, BulkMutationVariables>;
export const CancelReferralDocument = new TypedDocumentString(`
    mutation CancelReferral($id: ID!, $reason: String!, $key: String) {
  r: cancelReferral(id: $id, reason: $reason, idempotencyKey: $key) {
    ...ReferralActionResult
  }
}
    fragment ReferralActionResult on ReferralActionResult {
  outcome
  referral {
    id
    status
  }
}`) as unknown as TypedDocumentString<CancelReferralMutation, CancelReferralMutationVariables>;
export const ReattributeReferralDocument = new TypedDocumentString(`
    mutation ReattributeReferral($id: ID!, $to: ReferrerTargetInput!, $reason: String!, $key: String) {
  r: reattributeReferral(id: $id, to: $to, reason: $reason, idempotencyKey: $key) {
    ...ReferralActionResult
  }
}
    fragment ReferralActionResult on ReferralActionResult {
  outcome
  referral {
    id
    status
  }
}`) as unknown as TypedDocumentString<ReattributeReferralMutation, ReattributeReferralMutationVariables>;
export const GrantRewardDocument = new TypedDocumentString(`
    mutation GrantReward($id: ID!, $side: ReferralSide!, $reward: ManualRewardInput!, $reason: String!, $key: String) {
  r: grantReward(
    id: $id
    side: $side
    reward: $reward
    reason: $reason
    idempotencyKey: $key
  ) {
    ...ReferralActionResult
  }
}
    fragment ReferralActionResult on ReferralActionResult {
  outcome
  referral {
    id
    status
  }
}`) as unknown as TypedDocumentString<GrantRewardMutation, GrantRewardMutationVariables>;
export const VoidRewardDocument = new TypedDocumentString(`
    mutation VoidReward($id: ID!, $reason: String!, $key: String) {
  r: voidReward(id: $id, reason: $reason, idempotencyKey: $key) {
    ...ReferralActionResult
  }
}
    fragment ReferralActionResult on ReferralActionResult {
  outcome
  referral {
    id
    status
  }
}`) as unknown as TypedDocumentString<VoidRewardMutation, VoidRewardMutationVariables>;
export const MarkRewardFulfilledDocument = new TypedDocumentString(`
    mutation MarkRewardFulfilled($id: ID!, $reference: String!, $reason: String!, $key: String) {
  r: markRewardFulfilled(
    id: $id
    reference: $reference
    reason: $reason
    idempotencyKey: $key
  ) {
    ...ReferralActionResult
  }
}
    fragment ReferralActionResult on ReferralActionResult {
  outcome
  referral {
    id
    status
  }
}`) as unknown as TypedDocumentString<MarkRewardFulfilledMutation, MarkRewardFulfilledMutationVariables>;
export const AddReferralNoteDocument = new TypedDocumentString(`
    mutation AddReferralNote($id: ID!, $reason: String!, $key: String) {
  r: addReferralNote(id: $id, reason: $reason, idempotencyKey: $key) {
    ...ReferralActionResult
  }
}
    fragment ReferralActionResult on ReferralActionResult {
  outcome
  referral {
    id
    status
  }
}`) as unknown as TypedDocumentString<AddReferralNoteMutation, AddReferralNoteMutationVariables>;
export const ReferralDocument = new TypedDocumentString(`
    query Referral($id: ID!) {
  referral(id: $id) {
    referral {
      ...ReferralFields
    }
    timeline {
      at
      kind
      description
    }
    workflowId
    workflowUrl
    ...ReferralActionFields
  }
}
    fragment ReferralActionFields on ReferralDetail {
  actions {
    id
    action
    reason
    actor
    at
    rewardId
    reference
    summary
  }
  grantedRewards {
    ...RewardFields
  }
}
fragment RewardFields on Reward {
  id
  type
  discountPercent
  amountCents
  redeemedCents
  unit
  rewardSource
  referralId
  status
  dateGiven
  dateCancelled
  dateRedeemed
  holdUntil
  expiresAt
  dateExpired
}
fragment ReferralFields on Referral {
  id
  status
  referralCodeUsed
  attributionSource
  referrerAccountId
  referrerUserId
  referredAccountId
  referrerReward {
    ...RewardFields
  }
  referredReward {
    ...RewardFields
  }
  dateReferralStarted
  dateReferralPaid
  dateReferralEnded
  fraudSignals {
    signal
    evidence
  }
  review {
    status
    reason
    reviewedBy
    dateReviewed
  }
  referrer {
    accountId
    userId
    name
    email
  }
  friend {
    accountId
    userId
    name
    email
  }
}`) as unknown as TypedDocumentString<ReferralQuery, ReferralQueryVariables>;
export const ReferralsDocument = new TypedDocumentString(`
    query Referrals($filter: ReferralFilter, $first: Int, $after: String) {
  referrals(filter: $filter, first: $first, after: $after) {
    items {
      ...ReferralFields
    }
    endCursor
    hasNextPage
  }
}
    fragment RewardFields on Reward {
  id
  type
  discountPercent
  amountCents
  redeemedCents
  unit
  rewardSource
  referralId
  status
  dateGiven
  dateCancelled
  dateRedeemed
  holdUntil
  expiresAt
  dateExpired
}
fragment ReferralFields on Referral {
  id
  status
  referralCodeUsed
  attributionSource
  referrerAccountId
  referrerUserId
  referredAccountId
  referrerReward {
    ...RewardFields
  }
  referredReward {
    ...RewardFields
  }
  dateReferralStarted
  dateReferralPaid
  dateReferralEnded
  fraudSignals {
    signal
    evidence
  }
  review {
    status
    reason
    reviewedBy
    dateReviewed
  }
  referrer {
    accountId
    userId
    name
    email
  }
  friend {
    accountId
    userId
    name
    email
  }
}`) as unknown as TypedDocumentString<ReferralsQuery, ReferralsQueryVariables>;
export const ReviewQueueDocument = new TypedDocumentString(`
    query ReviewQueue($first: Int, $after: String, $query: String) {
  referralsForReview(first: $first, after: $after, query: $query) {
    items {
      ...ReferralFields
    }
    endCursor
    hasNextPage
  }
}
    fragment RewardFields on Reward {
  id
  type
  discountPercent
  amountCents
  redeemedCents
  unit
  rewardSource
  referralId
  status
  dateGiven
  dateCancelled
  dateRedeemed
  holdUntil
  expiresAt
  dateExpired
}
fragment ReferralFields on Referral {
  id
  status
  referralCodeUsed
  attributionSource
  referrerAccountId
  referrerUserId
  referredAccountId
  referrerReward {
    ...RewardFields
  }
  referredReward {
    ...RewardFields
  }
  dateReferralStarted
  dateReferralPaid
  dateReferralEnded
  fraudSignals {
    signal
    evidence
  }
  review {
    status
    reason
    reviewedBy
    dateReviewed
  }
  referrer {
    accountId
    userId
    name
    email
  }
  friend {
    accountId
    userId
    name
    email
  }
}`) as unknown as TypedDocumentString<ReviewQueueQuery, ReviewQueueQueryVariables>;
export const ReviewReferralsDocument = new TypedDocumentString(`
    mutation ReviewReferrals($ids: [ID!]!, $decision: ReviewDecision!, $reason: String!) {
  reviewReferrals(ids: $ids, decision: $decision, reason: $reason) {
    id
    outcome
  }
}
    `) as unknown as TypedDocumentString<ReviewReferralsMutation, ReviewReferralsMutationVariables>;
export const ExplainRewardsDocument = new TypedDocumentString(`
    query ExplainRewards($referralId: ID!) {
  explainRewards(referralId: $referralId) {
    ruleId
    ruleName
    recipient
    outcome
    rewardId
    rewardStatus
    text
  }
}
    `) as unknown as TypedDocumentString<ExplainRewardsQuery, ExplainRewardsQueryVariables>;
export const AddSftpKeyDocument = new TypedDocumentString(`
    mutation AddSftpKey($publicKey: String!) {
  addSftpKey(publicKey: $publicKey) {
    fingerprint
  }
}
    `) as unknown as TypedDocumentString<AddSftpKeyMutation, AddSftpKeyMutationVariables>;
export const RevokeSftpKeyDocument = new TypedDocumentString(`
    mutation RevokeSftpKey($fingerprint: String!) {
  revokeSftpKey(fingerprint: $fingerprint) {
    fingerprint
  }
}
    `) as unknown as TypedDocumentString<RevokeSftpKeyMutation, RevokeSftpKeyMutationVariables>;
export const SftpDocument = new TypedDocumentString(`
    query Sftp {
  sftp {
    enabled
    host
    port
    username
  }
  sftpKeys {
    fingerprint
    keyType
    comment
    dateCreated
    dateLastUsed
  }
}
    `) as unknown as TypedDocumentString<SftpQuery, SftpQueryVariables>;
export const EnableSftpDocument = new TypedDocumentString(`
    mutation EnableSftp {
  enableSftp {
    enabled
  }
}
    `) as unknown as TypedDocumentString<EnableSftpMutation, EnableSftpMutationVariables>;
export const DisableSftpDocument = new TypedDocumentString(`
    mutation DisableSftp {
  disableSftp {
    enabled
  }
}
    `) as unknown as TypedDocumentString<DisableSftpMutation, DisableSftpMutationVariables>;
export const GenerateSftpKeyDocument = new TypedDocumentString(`
    mutation GenerateSftpKey($comment: String) {
  generateSftpKey(comment: $comment) {
    privateKey
    publicKey
    fingerprint
    username
    host
    port
  }
}
    `) as unknown as TypedDocumentString<GenerateSftpKeyMutation, GenerateSftpKeyMutationVariables>;
export const ApiKeysDocument = new TypedDocumentString(`
    query ApiKeys {
  apiKeys {
    id
    prefix
    purpose
    allowChanges
    dateCreated
  }
}
    `) as unknown as TypedDocumentString<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = new TypedDocumentString(`
    mutation CreateApiKey($purpose: ApiKeyPurpose, $allowChanges: Boolean) {
  createApiKey(purpose: $purpose, allowChanges: $allowChanges) {
    id
    prefix
    purpose
    allowChanges
    dateCreated
    key
  }
}
    `) as unknown as TypedDocumentString<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = new TypedDocumentString(`
    mutation RevokeApiKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const BrowserIntegrationDocument = new TypedDocumentString(`
    query BrowserIntegration {
  browserIntegration {
    scriptUrl
    scriptTag
    widgetSnippet
    jwtSnippet
    firstBrowserCallAt
    refusedOrigins {
      origin
      firstSeenAt
      lastSeenAt
      requests
    }
  }
}
    `) as unknown as TypedDocumentString<BrowserIntegrationQuery, BrowserIntegrationQueryVariables>;
export const AllowBrowserOriginDocument = new TypedDocumentString(`
    mutation AllowBrowserOrigin($origin: String!) {
  allowBrowserOrigin(origin: $origin) {
    allowedOrigins
  }
}
    `) as unknown as TypedDocumentString<AllowBrowserOriginMutation, AllowBrowserOriginMutationVariables>;
export const InstallDocument = new TypedDocumentString(`
    query Install {
  paymentProcessor {
    processor
    merchantId
    publicKey
    keyHint
    environment
    webhookUrl
    webhookRegistration
    webhookEvents
    connectedAt
  }
  program {
    discountId
    allowedOrigins
  }
  apiKeys {
    id
  }
  accounts(first: 1) {
    items {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<InstallQuery, InstallQueryVariables>;
export const UploadProgramLogoDocument = new TypedDocumentString(`
    mutation UploadProgramLogo($imageBase64: String!) {
  uploadProgramLogo(imageBase64: $imageBase64) {
    logoUrl
  }
}
    `) as unknown as TypedDocumentString<UploadProgramLogoMutation, UploadProgramLogoMutationVariables>;
export const RemoveProgramLogoDocument = new TypedDocumentString(`
    mutation RemoveProgramLogo {
  removeProgramLogo {
    logoUrl
  }
}
    `) as unknown as TypedDocumentString<RemoveProgramLogoMutation, RemoveProgramLogoMutationVariables>;
export const ShareSampleAccountDocument = new TypedDocumentString(`
    query ShareSampleAccount {
  accounts(first: 1) {
    items {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<ShareSampleAccountQuery, ShareSampleAccountQueryVariables>;
export const ShareSampleCodeDocument = new TypedDocumentString(`
    query ShareSampleCode($id: String!) {
  account(id: $id) {
    users {
      shareCode
    }
  }
}
    `) as unknown as TypedDocumentString<ShareSampleCodeQuery, ShareSampleCodeQueryVariables>;
export const ProgramDocument = new TypedDocumentString(`
    query Program($id: ID) {
  program(id: $id) {
    ...ProgramFields
  }
}
    fragment ProgramFields on Program {
  id
  isDefault
  archivedAt
  name
  referredDiscountPercent
  referrerReward {
    type
    discountPercent
    amountCents
    unit
  }
  maxReferrerDiscountPercent
  discountId
  landingUrl
  conversionEventKey
  requireUserJwtExp
  allowedOrigins
  referralCookieDays
  referralCookieLastClickWins
  leaderboardEnabled
  websiteUrl
  widgetHeadline
  widgetSubheadline
  maxAttributionsPerReferrerPerHour
  fraudPolicy {
    signal
    action
  }
  rewardHoldDays
  creditExpiryDays
  signupUrl
  shareLinkUrl
  shareParam
  customHost
  brandColor
  landingHeadline
  landingText
  landingButtonText
  logoUrl
  shareMessage
  shareEmailSubject
}`) as unknown as TypedDocumentString<ProgramQuery, ProgramQueryVariables>;
export const UpdateProgramDocument = new TypedDocumentString(`
    mutation UpdateProgram($id: ID, $input: ProgramInput!) {
  updateProgram(id: $id, input: $input) {
    ...ProgramFields
  }
}
    fragment ProgramFields on Program {
  id
  isDefault
  archivedAt
  name
  referredDiscountPercent
  referrerReward {
    type
    discountPercent
    amountCents
    unit
  }
  maxReferrerDiscountPercent
  discountId
  landingUrl
  conversionEventKey
  requireUserJwtExp
  allowedOrigins
  referralCookieDays
  referralCookieLastClickWins
  leaderboardEnabled
  websiteUrl
  widgetHeadline
  widgetSubheadline
  maxAttributionsPerReferrerPerHour
  fraudPolicy {
    signal
    action
  }
  rewardHoldDays
  creditExpiryDays
  signupUrl
  shareLinkUrl
  shareParam
  customHost
  brandColor
  landingHeadline
  landingText
  landingButtonText
  logoUrl
  shareMessage
  shareEmailSubject
}`) as unknown as TypedDocumentString<UpdateProgramMutation, UpdateProgramMutationVariables>;
export const WebhooksDocument = new TypedDocumentString(`
    query Webhooks {
  webhookEndpoints {
    ...EndpointFields
  }
  webhookEventTypes {
    name
    description
  }
}
    fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  dateDisabled
  disabledReason
  previousSecretExpiresAt
  dateCreated
}`) as unknown as TypedDocumentString<WebhooksQuery, WebhooksQueryVariables>;
export const CreateWebhookEndpointDocument = new TypedDocumentString(`
    mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    secret
    endpoint {
      ...EndpointFields
    }
  }
}
    fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  dateDisabled
  disabledReason
  previousSecretExpiresAt
  dateCreated
}`) as unknown as TypedDocumentString<CreateWebhookEndpointMutation, CreateWebhookEndpointMutationVariables>;
export const UpdateWebhookEndpointDocument = new TypedDocumentString(`
    mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
  updateWebhookEndpoint(id: $id, input: $input) {
    ...EndpointFields
  }
}
    fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  dateDisabled
  disabledReason
  previousSecretExpiresAt
  dateCreated
}`) as unknown as TypedDocumentString<UpdateWebhookEndpointMutation, UpdateWebhookEndpointMutationVariables>;
export const DeleteWebhookEndpointDocument = new TypedDocumentString(`
    mutation DeleteWebhookEndpoint($id: ID!) {
  deleteWebhookEndpoint(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteWebhookEndpointMutation, DeleteWebhookEndpointMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($id: ID!) {
  rotateWebhookSecret(id: $id) {
    secret
    previousSecretExpiresAt
    endpoint {
      ...EndpointFields
    }
  }
}
    fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  dateDisabled
  disabledReason
  previousSecretExpiresAt
  dateCreated
}`) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($endpointId: ID!, $first: Int, $after: String) {
  webhookDeliveries(endpointId: $endpointId, first: $first, after: $after) {
    items {
      id
      eventId
      eventType
      attempt
      dateStarted
      statusCode
      latencyMs
      responseExcerpt
      error
      outcome
    }
    endCursor
    hasNextPage
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const SendTestWebhookDocument = new TypedDocumentString(`
    mutation SendTestWebhook($endpointId: ID!) {
  sendTestWebhook(endpointId: $endpointId) {
    eventId
  }
}
    `) as unknown as TypedDocumentString<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const ReplayWebhookEventDocument = new TypedDocumentString(`
    mutation ReplayWebhookEvent($eventId: ID!, $endpointId: ID) {
  replayWebhookEvent(eventId: $eventId, endpointId: $endpointId) {
    eventId
    endpointIds
  }
}
    `) as unknown as TypedDocumentString<ReplayWebhookEventMutation, ReplayWebhookEventMutationVariables>;
export const ReplayFailedWebhookEventsDocument = new TypedDocumentString(`
    mutation ReplayFailedWebhookEvents($endpointId: ID!, $since: EpochMillis!) {
  replayFailedWebhookEvents(endpointId: $endpointId, since: $since) {
    eventIds
  }
}
    `) as unknown as TypedDocumentString<ReplayFailedWebhookEventsMutation, ReplayFailedWebhookEventsMutationVariables>;
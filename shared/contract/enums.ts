/**
 * The closed sets of values the API sends and takes, in one place for the server and its browser
 * clients: the server validates and presents with these lists (shared/types, shared/imports, the
 * gateway's schemas), and the browser library and the admin portal import them. Dependency-free on
 * purpose (no packages, no Node built-ins, no other project file; .dependency-cruiser.cjs
 * `contract-standalone`) so that importing it puts nothing server-side into a browser bundle. The
 * server SDK, a package of its own, is held to the same values through the OpenAPI document
 * (clients/sdk/contract).
 */

/** A referral's lifecycle: attributed, converted by the first payment, ended by a cancellation after it. */
export const REFERRAL_STATUSES = ['IN_PROGRESS', 'CONVERTED', 'ENDED'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** An account's subscription status as the merchant syncs it (PAID converts a referral). */
export const SUBSCRIPTION_STATUSES = ['TRIAL', 'PAID', 'FREE', 'CANCELLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * What a reward is: a percent discount, credit in a unit (e.g. USD cents), an amount off in a currency
 * (FIXED_DISCOUNT) or money owed to the referrer (CASH). The last two come only from a program's rules.
 */
export const REWARD_TYPES = ['PCT_DISCOUNT', 'CREDIT', 'FIXED_DISCOUNT', 'CASH'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/**
 * PENDING: held until hold_until (the program's rewardHoldDays); PENDING_REVIEW: its referral awaits an
 * operator's decision; EXPIRED: credit whose unredeemed part ran out (creditExpiryDays).
 */
export const REWARD_STATUSES = [
  'PENDING',
  'PENDING_REVIEW',
  'AVAILABLE',
  'REDEEMED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

/** Whose reward: the referred account's (REFERRED), the referrer's (FRIEND_SIGNUP), or an operator's hand. */
export const REWARD_SOURCES = ['REFERRED', 'FRIEND_SIGNUP', 'ADJUSTMENT'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/** A friend as the referrer sees them in the widget: signed up, subscribed, under review or cancelled. */
export const FRIEND_STATES = ['SIGNED_UP', 'SUBSCRIBED', 'UNDER_REVIEW', 'CANCELLED'] as const;
export type FriendState = (typeof FRIEND_STATES)[number];

/**
 * The fraud signals of a referral: named findings about its attribution, each with evidence an operator
 * can check (computed by shared/domain/fraud-signals.ts).
 */
export const FRAUD_SIGNALS = [
  'SAME_EMAIL',
  'SAME_NAME',
  'SAME_CLIENT',
  'DISPOSABLE_EMAIL',
  'VELOCITY',
] as const;
export type FraudSignal = (typeof FRAUD_SIGNALS)[number];

/** What a signal does to an attribution: nothing, hold its rewards for review, or refuse it. */
export const FRAUD_ACTIONS = ['ALLOW', 'REVIEW', 'BLOCK'] as const;
export type FraudAction = (typeof FRAUD_ACTIONS)[number];

/** The bulk import job types (docs/imports.md), in the order the registry and the portal list them. */
export const IMPORT_JOB_TYPES = [
  'MUTATION/USER',
  'MUTATION/DELETE_USER',
  'MUTATION/USER_EVENT',
  'MUTATION/REDEEMABLE_REWARD_BALANCE',
] as const;
export type ImportJobType = (typeof IMPORT_JOB_TYPES)[number];

/** The export job types (docs/exports.md): each streams one list of the tenant's as a CSV result file. */
export const EXPORT_JOB_TYPES = [
  'QUERY/REFERRALS',
  'QUERY/REWARDS',
  'QUERY/LEDGER_ENTRIES',
  'QUERY/PAYOUTS',
  'QUERY/USERS',
  'QUERY/USER_EVENTS',
  'QUERY/WEBHOOK_DELIVERIES',
] as const;
export type ExportJobType = (typeof EXPORT_JOB_TYPES)[number];

/** An import job's state: waiting, running, then one of the final three, which it never leaves. */
export const IMPORT_JOB_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'ABORTED'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
export const FINAL_IMPORT_JOB_STATUSES: readonly ImportJobStatus[] = ['COMPLETED', 'FAILED', 'ABORTED'];

/** Who created an import job: a call to the API, an operator in the admin portal, an SFTP upload. */
export const IMPORT_JOB_REQUESTERS = ['API', 'PORTAL', 'SFTP'] as const;
export type ImportJobRequester = (typeof IMPORT_JOB_REQUESTERS)[number];

/** One column of an import file; a name ending in `.` is a prefix (`customFields.plan`, `event.fields.sku`). */
export interface ImportColumn {
  readonly name: string;
  readonly required?: true;
}

/** Each job type's columns, in the order the portal shows them (shared/imports/job-types pair them with checks). */
export const IMPORT_JOB_COLUMNS = {
  'MUTATION/USER': [
    { name: 'id', required: true },
    { name: 'accountId', required: true },
    { name: 'email' },
    { name: 'firstName' },
    { name: 'lastName' },
    { name: 'locale' },
    { name: 'paymentProviderId' },
    { name: 'accountStatus' },
    { name: 'shareCode' },
    { name: 'referredBy.code' },
    { name: 'programId' },
    { name: 'customFields.' },
  ],
  'MUTATION/DELETE_USER': [
    { name: 'id', required: true },
    { name: 'accountId', required: true },
    { name: 'preserveEmptyAccount' },
    { name: 'doNotTrack' },
  ],
  'MUTATION/USER_EVENT': [
    { name: 'userId', required: true },
    { name: 'accountId', required: true },
    { name: 'idempotencyKey' },
    { name: 'event.key', required: true },
    { name: 'event.dateTriggered' },
    { name: 'event.fields.' },
  ],
  'MUTATION/REDEEMABLE_REWARD_BALANCE': [
    { name: 'accountId', required: true },
    { name: 'userId' },
    { name: 'unit', required: true },
    { name: 'valueToRedeem', required: true },
  ],
} as const satisfies { readonly [Type in ImportJobType]: readonly ImportColumn[] };
export type ImportColumnName<Type extends ImportJobType> = (typeof IMPORT_JOB_COLUMNS)[Type][number]['name'];

/** A column as the portal lists it: `*` marks a required one, a prefix reads `customFields.<name>`. */
export function importColumnLabel(column: ImportColumn): string {
  const name = column.name.endsWith('.') ? `${column.name}<name>` : column.name;
  return column.required ? `${name}*` : name;
}

/**
 * Referral and account states, stored by the repos and used by the referral rules, and the arguments,
 * messages and results of the referral lifecycle workflow (imported as types by workflows/).
 */
import type { ReferralStatus } from '../contract/enums';

/** The statuses the API shows are the contract's (shared/contract/enums.ts, imported by the browser clients too). */
export {
  REFERRAL_STATUSES,
  REWARD_STATUSES,
  SUBSCRIPTION_STATUSES,
  type ReferralStatus,
  type RewardStatus,
  type SubscriptionStatus,
} from '../contract/enums';

export const ATTRIBUTION_SOURCES = ['CODE', 'COOKIE', 'PROCESSOR'] as const;
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number];

export interface ReferralLifecycleInput {
  tenantId: string;
  tenantAlias: string;
  accountId: string;
  referralId: string;
  /** Carried across continue-as-new so a redelivered message is still recognised. */
  appliedEventIds?: string[];
}

/**
 * A message to the workflow. eventId is its idempotency id (e.g. `convert:{referralId}`): a message
 * delivered twice, by a retried request or by the reconciler, is applied once.
 */
export interface LifecycleMessage {
  eventId: string;
  kind: 'attributed' | 'convert' | 'end' | 'reconcile' | 'review' | 'action';
}

export interface ReconcileInput {
  tenantId: string;
  accountId: string;
}

/** The referral as the workflow left it after applying its messages; null when it no longer exists. */
export interface ReferralSnapshot {
  referralId: string;
  status: ReferralStatus;
  /** Whose credit a conversion or an end changes (optional: snapshots from before it was added lack it). */
  referrerAccountId?: string;
  /** Rewards this application created or cancelled (0 when the message had already been applied). */
  rewardsGranted: number;
  rewardsCancelled: number;
  /** Rewards this application made AVAILABLE (a hold ended, a review approved) or EXPIRED (credit). */
  rewardsReleased?: number;
  rewardsExpired?: number;
  /** The referred account's own reward was released (approved): its discount must be synced too. */
  referredRewardReleased?: boolean;
  /** When the rewards next need the workflow (a hold's end, a credit expiry; epoch ms), or null. */
  nextDueAt?: number | null;
}

export interface ReconcilerInput {
  /** A pending change younger than this is left to the request that made it. */
  graceMs: number;
  intervalMs: number;
  batchSize: number;
  concurrency: number;
}

export type NudgeInput = Pick<ReconcilerInput, 'graceMs' | 'batchSize' | 'concurrency'>;

export interface NudgeResult {
  found: number;
  delivered: number;
  failed: number;
}

/**
 * Compile-time only: each parent of parents.ts carries every field of its schema type that no resolver
 * computes, typed as the schema says (nested parents in place of the schema's types). A presenter that
 * drops a field or answers a value the schema's enum lacks fails `npm run typecheck` here, naming it.
 * Apart from parents.ts because the generated types import that file (no cycles, type-only included).
 */
import type { Account, PayoutRun, Program, Referral, ReferralDetail } from './generated/resolvers';
import type {
  AccountParent,
  PayoutRunParent,
  ProgramParent,
  ReferralDetailParent,
  ReferralParent,
} from './parents';

/** `Parent`, required to fit `Shape`. */
type Fits<Parent extends Shape, Shape> = Parent;

/** The schema's type less the fields its resolvers compute, with `Nested` parents in place. */
type Fields<Shape, Computed extends keyof Shape, Nested = unknown> = Omit<Shape, Computed | keyof Nested> &
  Nested;

export type ReferralFits = Fits<ReferralParent, Fields<Referral, 'referrer' | 'friend'>>;

export type AccountFits = Fits<
  AccountParent,
  Fields<Account, 'recentEvents', { referredBy: ReferralParent | null; referrals: ReferralParent[] }>
>;

export type ReferralDetailFits = Fits<
  ReferralDetailParent,
  Fields<ReferralDetail, 'actions' | 'grantedRewards', { referral: ReferralParent }>
>;

export type ProgramFits = Fits<ProgramParent, Fields<Program, 'rules' | 'ruleVersion' | 'ruleVersions'>>;

export type PayoutRunFits = Fits<PayoutRunParent, Fields<PayoutRun, 'workflowUrl' | 'payouts' | 'totals'>>;

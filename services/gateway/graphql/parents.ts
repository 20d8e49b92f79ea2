/**
 * The parents the resolvers of a GraphQL type receive where they are the domain's presenter objects
 * rather than the schema's shape: scripts/codegen/generate.ts maps each type here (codegen `mappers`),
 * so its field resolvers are typed by the real object. Each one is checked against its schema type:
 * it must carry every field that no resolver computes, typed as the schema says, nested parents in
 * place of the schema's types.
 */
import type { AccountView } from '../../../shared/domain/accounts/account-view';
import type { PersonView } from '../../../shared/domain/accounts/people';
import type { ReferralView } from '../../../shared/domain/referrals/referral-view';
import type { ReferralDetail as ReferralDetailView } from '../../../shared/domain/referrals/referral-search';
import type { Account, Referral, ReferralDetail } from './generated/resolvers';

/** `Parent`, checked to fit `Shape` (a compile error names the field that does not). */
type Checked<Parent extends Shape, Shape> = Parent;

/** The schema's type less the fields its resolvers compute, with `Nested` parents in place. */
type Fields<Shape, Computed extends keyof Shape, Nested = unknown> = Omit<Shape, Computed | keyof Nested> &
  Nested;

/** A referral; a list reads its people with the page, elsewhere Referral.referrer and .friend do. */
export type ReferralParent = Checked<
  ReferralView & { referrer?: PersonView; friend?: PersonView },
  Fields<Referral, 'referrer' | 'friend'>
>;

/** An account; Account.recentEvents reads its events. */
export type AccountParent = Checked<
  AccountView,
  Fields<Account, 'recentEvents', { referredBy: ReferralParent | null; referrals: ReferralParent[] }>
>;

/** A referral's detail; ReferralDetail.actions and .grantedRewards read the hand actions. */
export type ReferralDetailParent = Checked<
  ReferralDetailView,
  Fields<ReferralDetail, 'actions' | 'grantedRewards', { referral: ReferralParent }>
>;

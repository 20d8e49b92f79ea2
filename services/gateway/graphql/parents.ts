/**
 * The parents the resolvers of a GraphQL type receive where they are the domain's presenter objects
 * rather than the schema's shape: scripts/codegen/generate.ts maps each type here (codegen `mappers`),
 * so its field resolvers are typed by the real object. parents-fit.ts checks each against its schema type.
 */
import type { AccountView } from '../../../shared/domain/accounts/account-view';
import type { PersonView } from '../../../shared/domain/accounts/people';
import type { ReferralView } from '../../../shared/domain/referrals/referral-view';
import type { ReferralDetail } from '../../../shared/domain/referrals/referral-search';
import type { ProgramView } from '../../../shared/domain/programs/programs';
import type { PayoutRunView } from '../../../shared/domain/payouts/payout-views';

/** A referral; a list reads its people with the page, elsewhere Referral.referrer and .friend do. */
export type ReferralParent = ReferralView & { referrer?: PersonView; friend?: PersonView };

/** An account; Account.recentEvents reads its events. */
export type AccountParent = AccountView;

/** A referral's detail; ReferralDetail.actions and .grantedRewards read the hand actions. */
export type ReferralDetailParent = ReferralDetail;

/** The program's settings; Program.rules, .ruleVersion and .ruleVersions read the published rule versions. */
export type ProgramParent = ProgramView;

/** A payout run; PayoutRun.workflowUrl, .payouts and .totals are read when asked for. */
export type PayoutRunParent = PayoutRunView;

import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createAccountsRepo, type AccountRow } from '../../repos/accounts.repo';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { createReferralsRepo } from '../../repos/referrals.repo';
import { createRewardsRepo } from '../../repos/rewards.repo';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { createUsersRepo } from '../../repos/users.repo';
import { programSettings } from '../../types/program';
import { presentSubscription } from './account-sync';
import { accountReferable, referrerDiscountPercent } from '../referrals/referral-rules';
import { presentReward } from '../rewards/rewards';
import { presentReferral } from '../referrals/referral-view';
import { shareLink, type ShareLinkFormat } from './user-view';

export function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((p) => p && p.trim() !== '').join(' ');
  return name === '' ? null : name;
}

async function requireAccount(db: Db, tenantId: string, accountId: string): Promise<AccountRow> {
  const account = await createAccountsRepo(db).find(tenantId, accountId);
  if (!account) throw new AppError('NOT_FOUND', `No account "${accountId}"`);
  return account;
}

export { presentReferral };

/**
 * GraphQL `account(id)`: the account, its users (with their share links under `publicUrl`), who
 * referred it, whom it referred, its rewards.
 */
export async function getAccountView(
  db: Db,
  tenant: { id: string; alias: string },
  accountId: string,
  publicUrl: string,
  format: ShareLinkFormat | undefined,
) {
  const tenantId = tenant.id;
  const account = await createAccountsRepo(db).find(tenantId, accountId);
  if (!account) return null;
  const referrals = createReferralsRepo(db);
  const reads = [
    () => createUsersRepo(db).listByAccount(tenantId, accountId),
    () => referrals.findByReferredAccount(tenantId, accountId),
    () => referrals.listByReferrer(tenantId, accountId),
    () => createRewardsRepo(db).listByAccount(tenantId, accountId),
  ] as const;
  // In parallel over the pool; one after the other on a transaction's one connection (a hand action's
  // answer reads inside the mutation's transaction, and pg forbids two queries at once on a client).
  const [users, referredBy, referred, own] = db.isTransaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()]);
  const all = [...(referredBy ? [referredBy] : []), ...referred];
  const rewards = await createRewardsRepo(db).listByReferrals(
    tenantId,
    all.map((r) => r.id),
  );
  return {
    id: account.id,
    subscription: presentSubscription(account),
    currency: account.currency,
    paymentProviderId: account.payment_provider_id,
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      shareCode: u.share_code,
      shareLink: shareLink(publicUrl, tenant.alias, u.share_code, format),
    })),
    referredBy: referredBy ? presentReferral(referredBy, rewards) : null,
    referrals: referred.map((r) => presentReferral(r, rewards)),
    rewards: own.map(presentReward),
    dateCreated: account.created_at.getTime(),
  };
}

/** An account as GraphQL `account(id)` answers it. */
export type AccountView = NonNullable<Awaited<ReturnType<typeof getAccountView>>>;

/**
 * GET /account/{id}/reward: what the merchant applies before a prorated charge. The referred side is
 * the percent stored when the account was referred (0 once the referral ended), or, for an account not
 * referred yet, what a valid couponCode would give it (nothing is changed).
 */
export async function getAccountRewards(db: Db, tenantId: string, accountId: string, couponCode?: string) {
  const account = await requireAccount(db, tenantId, accountId);
  const tenant = await createTenantsRepo(db).findById(tenantId);
  const program = programSettings(tenant!);
  const rewardsRepo = createRewardsRepo(db);
  const [referral, rewards, referrerPercents] = await Promise.all([
    createReferralsRepo(db).findByReferredAccount(tenantId, accountId),
    rewardsRepo.listByAccount(tenantId, accountId),
    rewardsRepo.liveReferrerPercents(tenantId, accountId),
  ]);
  const codes = createReferralCodesRepo(db);
  let referredPercent = 0;
  let referrerName: string | null = null;
  if (referral) {
    const reward = rewards.find(
      (r) => r.referral_id === referral.id && r.reward_source === 'REFERRED' && (r.grant_no ?? 0) === 0,
    );
    referredPercent = reward?.status === 'AVAILABLE' ? (reward.discount_percent ?? 0) : 0;
    const referrer = await createUsersRepo(db).find(
      tenantId,
      referral.referrer_account_id,
      referral.referrer_user_id,
    );
    referrerName = referrer ? fullName(referrer.first_name, referrer.last_name) : null;
  }
  if (couponCode !== undefined) {
    const owner = await codes.findOwner(tenantId, couponCode);
    if (!owner) throw new AppError('REFERRAL_CODE_NOT_FOUND', `Unknown couponCode "${couponCode}"`);
    if (!referral && owner.account_id !== account.id) {
      const referable = accountReferable({ alreadyReferred: false, neverReferable: account.never_referable });
      referredPercent = referable ? program.referredDiscountPercent : 0;
      referrerName = referable ? fullName(owner.first_name, owner.last_name) : null;
    }
  }
  const referrerPercent = referrerDiscountPercent(referrerPercents, program.maxReferrerDiscountPercent);
  return {
    accountId: account.id,
    discountPercentage: Math.min(100, referredPercent + referrerPercent),
    referredDiscountPercent: referredPercent,
    referrerDiscountPercent: referrerPercent,
    discountId: program.discountId,
    referrerName,
    rewards: rewards.map(presentReward),
  };
}

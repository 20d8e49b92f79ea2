import type { DbOrTrx } from '../db/knex';
import { AppError } from '../errors';
import type { AccountRow } from '../repos/accounts.repo';
import { createReferralCodesRepo } from '../repos/referral-codes.repo';
import { createReferralsRepo, type ReferralRow } from '../repos/referrals.repo';
import type { ProgramSettings } from '../types/program';
import type { AttributionSource } from '../types/referrals';
import { accountReferable } from './referral-rules';
import { grantReferredReward } from './rewards';

export interface AttributionRequest {
  code: string;
  source: AttributionSource;
  /**
   * A code the client asked for (typed, from a share link, account sync): unknown or self-referral is a
   * 400. A cookie is best effort: a stale one must not break sign-up, so it is ignored instead.
   */
  strict: boolean;
}

/**
 * Attributes the account to the code's owner, under the account's row lock (`existing` is the
 * account's referral, read under that lock). Returns the referral it
 * created, or null when the code changes nothing (already referred, never referable, lenient miss).
 * The referred side's reward is written in the same transaction.
 */
export async function attributeAccount(
  trx: DbOrTrx,
  account: AccountRow,
  existing: ReferralRow | null,
  request: AttributionRequest,
  loadProgram: () => Promise<ProgramSettings>,
): Promise<ReferralRow | null> {
  const owner = await createReferralCodesRepo(trx).findOwner(account.tenant_id, request.code, trx);
  if (!owner) {
    if (!request.strict) return null;
    throw new AppError('INVALID_REFERRAL_CODE', `Unknown referral code "${request.code}"`, {
      validationErrors: [{ path: 'code', message: 'no user holds this referral code' }],
    });
  }
  if (owner.account_id === account.id) {
    if (!request.strict) return null;
    throw new AppError('SELF_REFERRAL', 'A referral code of the same account cannot refer it');
  }
  if (!accountReferable({ alreadyReferred: existing !== null, neverReferable: account.never_referable })) {
    return null;
  }
  const referral = await createReferralsRepo(trx).insert(
    {
      tenant_id: account.tenant_id,
      referred_account_id: account.id,
      referrer_account_id: owner.account_id,
      referrer_user_id: owner.user_id,
      referral_code_used: owner.code,
      attribution_source: request.source,
    },
    trx,
  );
  await grantReferredReward(trx, referral, await loadProgram());
  return referral;
}

import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import type { AccountRow } from '../../repos/accounts.repo';
import { createReferralCodesRepo } from '../../repos/referral-codes.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import type { ProgramSettings } from '../../types/program';
import type { ClientKey, RefusedAttribution } from '../../types/fraud';
import type { AttributionSource } from '../../types/referrals';
import { collectFraudSignals } from './attribution-signals';
import { policyAction } from './fraud-signals';
import { accountReferable } from './referral-rules';
import { currentRuleVersion } from '../programs/rule-versions';
import { programOpen } from '../programs/program-state';
import { presentReferral } from './referral-view';
import { grantReferredReward, presentReward } from '../rewards/rewards';
import { recordWebhookEvent } from '../webhooks/webhook-events';

export interface AttributionRequest {
  code: string;
  source: AttributionSource;
  /**
   * A code the client asked for (typed, from a share link, account sync): unknown or self-referral is a
   * 400. A cookie is best effort: a stale one must not break sign-up, so it is ignored instead.
   */
  strict: boolean;
  /** The clients the request came from (identification), for the SAME_CLIENT signal. */
  clients?: ClientKey[];
  /** Only a code of this program refers (account sync's programId); another program's is unknown. */
  programId?: string;
}

/**
 * Attributes the account to the code's owner, under the account's row lock (`existing` is the
 * account's referral, read under that lock). Returns the referral it
 * created, or null when the code changes nothing (already referred, never referable, lenient miss).
 * The referral keeps the fraud signals found (domain/fraud-signals.ts); a signal the program's
 * fraudPolicy BLOCKs makes no referral and answers the refusal with the signals that caused it. The referred side's reward is
 * written in the same transaction, with the `referral.started` (and `reward.created`) webhook events.
 */
export async function attributeAccount(
  trx: DbOrTrx,
  account: AccountRow,
  existing: ReferralRow | null,
  request: AttributionRequest,
  loadProgram: (programId: string) => Promise<ProgramSettings>,
): Promise<AttributionResult> {
  const found = await createReferralCodesRepo(trx).findOwner(account.tenant_id, request.code, trx);
  // A code of an archived program refers nobody new, nor one of another program than asked: as if unknown.
  const inScope = found && (request.programId === undefined || found.program_id === request.programId);
  const owner = inScope && (await programOpen(trx, account.tenant_id, found.program_id)) ? found : undefined;
  if (!owner) {
    if (!request.strict) return null;
    throw new AppError('INVALID_REFERRAL_CODE', `Unknown referral code "${request.code}"`, {
      validationErrors: [
        {
          path: 'code',
          message: request.programId
            ? `no user holds this referral code in program ${request.programId}`
            : 'no user holds this referral code',
        },
      ],
    });
  }
  if (owner.account_id === account.id) {
    if (!request.strict) return null;
    throw new AppError('SELF_REFERRAL', 'A referral code of the same account cannot refer it');
  }
  if (!accountReferable({ alreadyReferred: existing !== null, neverReferable: account.never_referable })) {
    return null;
  }
  const program = await loadProgram(owner.program_id);
  const signals = await collectFraudSignals(trx, account, owner, program, request.clients);
  const blocking = signals.filter((hit) => policyAction([hit], program.fraudPolicy) === 'BLOCK');
  if (blocking.length > 0) return { refused: { code: owner.code, signals: blocking } };
  const referral = await createReferralsRepo(trx).insert(
    {
      tenant_id: account.tenant_id,
      referred_account_id: account.id,
      referrer_account_id: owner.account_id,
      referrer_user_id: owner.user_id,
      referral_code_used: owner.code,
      attribution_source: request.source,
      fraud_signals: signals,
      // REVIEW: the referral proceeds, its rewards wait as PENDING_REVIEW for an operator's decision.
      review_status: policyAction(signals, program.fraudPolicy) === 'REVIEW' ? 'PENDING' : null,
      // The program's rules as published now reward this referral, whatever is published later.
      rule_version: await currentRuleVersion(trx, account.tenant_id, owner.program_id),
      program_id: owner.program_id,
    },
    trx,
  );
  const reward = await grantReferredReward(trx, referral, program);
  const rewards = reward ? [reward] : [];
  await recordWebhookEvent(trx, account.tenant_id, 'referral.started', presentReferral(referral, rewards));
  if (reward) await recordWebhookEvent(trx, account.tenant_id, 'reward.created', presentReward(reward));
  return referral;
}

/** What an attribution did: the referral it made, the policy's refusal, or nothing (null). */
export type AttributionResult = ReferralRow | { refused: RefusedAttribution } | null;

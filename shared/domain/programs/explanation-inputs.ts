import type { Db } from '../../db/knex';
import { createAccountsRepo } from '../../repos/accounts.repo';
import { createProgramRulesRepo } from '../../repos/program-rules.repo';
import { createReferralsRepo, type ReferralRow } from '../../repos/referrals.repo';
import { createRewardsRepo, type RewardRow } from '../../repos/rewards.repo';
import { createRuleOccurrencesRepo, type OccurrenceRow } from '../../repos/rule-occurrences.repo';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import type { EvaluationFacts } from './rule-evaluation';
import { evaluationFactsOf } from './rule-rewards';

/** What explaining one referral's rewards reads (reward-explanations.ts). */
export interface ExplanationInputs {
  referral: ReferralRow;
  /** Its rewards, operators' adjustments left out. */
  rewards: RewardRow[];
  /** The facts its rules are evaluated on again; null when the referred account is gone. */
  facts: EvaluationFacts | null;
  occurrences: OccurrenceRow[];
}

/**
 * The inputs of the tenant's referrals among `referralIds`, by referral id (an id of another tenant, or
 * none, is absent), read with one query per table for all of them: a widget page's friends share one
 * referrer, whose history in the program is read once.
 */
export async function loadExplanationInputs(
  db: Db,
  tenantId: string,
  referralIds: readonly string[],
): Promise<Map<string, ExplanationInputs>> {
  const referrals = await createReferralsRepo(db).findMany(tenantId, [...referralIds]);
  const ids = referrals.map((r) => r.id);
  const rewards = await createRewardsRepo(db).listByReferrals(tenantId, ids);
  const ruled = referrals.filter((r) => r.rule_version !== null && r.rule_version !== undefined);
  const accounts = await createAccountsRepo(db).findMany(
    tenantId,
    ruled.map((r) => r.referred_account_id),
  );
  const occurrences = await createRuleOccurrencesRepo(db).listByReferrals(
    tenantId,
    ruled.map((r) => r.id),
  );
  const histories = new Map<string, Awaited<ReturnType<typeof readHistory>>>();
  const readHistory = (referral: ReferralRow) =>
    createProgramRulesRepo(db).referrerHistory(
      tenantId,
      referral.program_id ?? DEFAULT_PROGRAM_ID,
      referral.referrer_account_id,
    );
  const inputs = new Map<string, ExplanationInputs>();
  for (const referral of referrals) {
    const account = accounts.find((a) => a.id === referral.referred_account_id);
    let facts: EvaluationFacts | null = null;
    if (account && ruled.includes(referral)) {
      const key = `${referral.program_id ?? DEFAULT_PROGRAM_ID}:${referral.referrer_account_id}`;
      const history = histories.get(key) ?? (await readHistory(referral));
      histories.set(key, history);
      facts = evaluationFactsOf(referral, account, history);
    }
    inputs.set(referral.id, {
      referral,
      rewards: rewards.filter((r) => r.referral_id === referral.id && r.reward_source !== 'ADJUSTMENT'),
      facts,
      occurrences: occurrences.filter((o) => o.referral_id === referral.id),
    });
  }
  return inputs;
}

import type { DbOrTrx } from '../../db/knex';
import type { AccountRow } from '../../repos/accounts.repo';
import { createProgramRulesRepo, type RuleGrantRow } from '../../repos/program-rules.repo';
import type { ReferralRow } from '../../repos/referrals.repo';
import type { NewReward, RewardRow } from '../../repos/rewards.repo';
import { createRuleGrantsRepo, type NewRuleGrant } from '../../repos/rule-grants.repo';
import type { ProgramSettings } from '../../types/program';
import { rewardStart, sideReward } from '../rewards/rewards';
import type { GrantedReward } from './rule-decisions';
import type { EvaluationFacts, Occurrence, RuleDecision } from './rule-evaluation';
import { evaluateRules } from './rule-evaluation';
import { loadRuleVersion } from './rule-versions';
import type { RuleSet } from './rules.schema';
import { DEFAULT_PROGRAM_ID } from '../../types/program';

/**
 * Grant keys are unique per tenant; rule ids only within a program. Another program's keys carry its id
 * in front (`program:<id>:rule:…`), so two programs' milestone rules named alike never collide; the
 * default program's keep the form they had before programs.
 */
function storedGrantKey(programId: string, key: string): string {
  return programId === DEFAULT_PROGRAM_ID ? key : `program:${programId}:${key}`;
}

/** The evaluation's key of a stored grant key (storedGrantKey undone). */
function ruleGrantKey(programId: string, stored: string): string {
  const prefix = `program:${programId}:`;
  return stored.startsWith(prefix) ? stored.slice(prefix.length) : stored;
}

/**
 * Applies the referral's rule-set version to an occurrence (its conversion, a payment, a user event), inside the
 * lifecycle's transaction under the referred account's lock. The referrer's rule rewards are evaluated
 * under a per-referrer lock, so conversions of two friends committing at once see each other, and each
 * granted decision is inserted under its key (unique per tenant): a repeat, a replay or a race gives
 * nothing twice. Answers the rewards created and every decision (for the explanation).
 */
export async function grantRuleRewards(
  trx: DbOrTrx,
  referral: ReferralRow & { rule_version: number },
  referred: AccountRow,
  program: ProgramSettings,
  occurrence: Occurrence,
  dayMs: number,
): Promise<{ created: RewardRow[]; decisions: RuleDecision[] }> {
  return grantRuleRewardsInOrder(trx, referral, referred, program, [occurrence], dayMs);
}

/**
 * The same for several occurrences of the referral in order (the payments and events a reconcile finds
 * due): the version, the referrer's lock and the facts are read once, every occurrence is decided in the
 * domain with each reward given counting in the facts of the next (its key taken, its amount against the
 * limits, given at the database's time read under the lock), and the rewards are inserted with one
 * statement. When a key turns out to be taken already (nothing inserted), the occurrences are decided
 * again one reward at a time, each counted as stored. A reward stored in another calendar month than it
 * was counted in (a month's end between the lock and the insert) could change a monthly or yearly limit:
 * the transaction is abandoned and the lifecycle's retry decides again.
 */
export async function grantRuleRewardsInOrder(
  trx: DbOrTrx,
  referral: ReferralRow & { rule_version: number },
  referred: AccountRow,
  program: ProgramSettings,
  occurrences: Occurrence[],
  dayMs: number,
): Promise<{ created: RewardRow[]; decisions: RuleDecision[] }> {
  if (occurrences.length === 0) return { created: [], decisions: [] };
  const programId = referral.program_id ?? DEFAULT_PROGRAM_ID;
  const version = await loadRuleVersion(trx, referral.tenant_id, referral.rule_version, programId);
  const now = await createProgramRulesRepo(trx).lockReferrer(
    referral.tenant_id,
    programId,
    referral.referrer_account_id,
    trx,
  );
  const facts = await loadEvaluationFacts(trx, referral, referred);
  const prior = [...facts.prior];
  const grants = createRuleGrantsRepo(trx);
  const grantOf = (decision: Granted, occurrence: Occurrence): NewRuleGrant => ({
    reward: ruleSideReward(referral, decision.recipient, decision.reward),
    rule: {
      ruleId: decision.ruleId,
      ruleVersion: version.version,
      grantKey: storedGrantKey(programId, decision.key),
      explanation: decision.explanation,
      paymentId: occurrence.type === 'PAYMENT' ? occurrence.paymentId : null,
    },
    start: rewardStart(referral, program, decision.reward.type, dayMs),
  });

  const planned: NewRuleGrant[] = [];
  const all = await decideInOrder(version.rules, facts, occurrences, async (decision, occurrence) => {
    planned.push(grantOf(decision, occurrence));
    return now;
  });
  const created = await grants.insertMany(referral.tenant_id, planned, trx);
  if (created.length === planned.length) {
    if (created.some((row) => !sameUtcMonth(row.date_given, now))) {
      throw new Error('A month ended while rule rewards were given: decided again on the retry');
    }
    return { created, decisions: all };
  }
  if (created.length > 0) {
    throw new Error('A rule reward collided with a concurrent transaction: decided again on the retry');
  }

  // A key already taken: one at a time, as the rows are stored.
  facts.prior = prior;
  const oneByOne: RewardRow[] = [];
  const redecided = await decideInOrder(version.rules, facts, occurrences, async (decision, occurrence) => {
    const [row] = await grants.insertMany(referral.tenant_id, [grantOf(decision, occurrence)], trx);
    if (!row) return null;
    oneByOne.push(row);
    return row.date_given;
  });
  return { created: oneByOne, decisions: redecided };
}

type Granted = Extract<RuleDecision, { outcome: 'GRANTED' }>;

/**
 * Every occurrence's decisions in order; `give` stores (or plans) a granted one and answers when it was
 * given (null: not given), which then counts in the facts of the decisions after it.
 */
async function decideInOrder(
  rules: RuleSet,
  facts: EvaluationFacts,
  occurrences: Occurrence[],
  give: (decision: Granted, occurrence: Occurrence) => Promise<Date | null>,
): Promise<RuleDecision[]> {
  const all: RuleDecision[] = [];
  for (const occurrence of occurrences) {
    const decisions = evaluateRules(rules, facts, occurrence);
    all.push(...decisions);
    for (const decision of decisions) {
      if (decision.outcome !== 'GRANTED') continue;
      const at = await give(decision, occurrence);
      if (at === null) continue;
      facts.prior.push({
        ruleId: decision.ruleId,
        key: decision.key,
        amountCents: 'amountCents' in decision.reward ? decision.reward.amountCents : null,
        at,
      });
    }
  }
  return all;
}

const sameUtcMonth = (a: Date, b: Date) =>
  a.getUTCFullYear() === b.getUTCFullYear() && a.getUTCMonth() === b.getUTCMonth();

/** A rule's reward on its side of the referral: a percent, or an amount in a currency or credit unit. */
function ruleSideReward(
  referral: ReferralRow,
  recipient: 'REFERRER' | 'REFERRED',
  reward: GrantedReward,
): NewReward {
  if (reward.type === 'PCT_DISCOUNT') return sideReward(referral, recipient, reward);
  const base = sideReward(referral, recipient, {
    type: 'CREDIT',
    amountCents: reward.amountCents,
    unit: reward.currency,
  });
  return { ...base, type: reward.type };
}

/** What the rules are evaluated against for this referral: its referrer's conversions and rule rewards so far. */
export async function loadEvaluationFacts(
  db: DbOrTrx,
  referral: ReferralRow,
  referred: AccountRow,
): Promise<EvaluationFacts> {
  const programId = referral.program_id ?? DEFAULT_PROGRAM_ID;
  const history = await createProgramRulesRepo(db).referrerHistory(
    referral.tenant_id,
    programId,
    referral.referrer_account_id,
    db,
  );
  return evaluationFactsOf(referral, referred, history);
}

/** The facts of a referral from its referrer's history in the program (one read serves its referrals). */
export function evaluationFactsOf(
  referral: ReferralRow,
  referred: AccountRow,
  { conversions, grants }: { conversions: number; grants: RuleGrantRow[] },
): EvaluationFacts {
  const programId = referral.program_id ?? DEFAULT_PROGRAM_ID;
  return {
    referralId: referral.id,
    referrerId: referral.referrer_account_id,
    convertedAt: referral.date_paid,
    referrerConversions: conversions,
    referred: {
      subscriptionValueCents:
        referred.subscription_value === null ? null : Math.round(Number(referred.subscription_value) * 100),
      currency: referred.currency,
      paidBeforeAttribution:
        referred.first_paid_at !== null && referred.first_paid_at.getTime() < referral.date_started.getTime(),
    },
    prior: grants.map((g) => ({
      ruleId: g.rule_id,
      key: ruleGrantKey(programId, g.grant_key),
      amountCents: g.amount_cents === null ? null : Number(g.amount_cents),
      at: g.date_given,
    })),
  };
}

import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import type { ReferralRow } from '../../repos/referrals.repo';
import type { RewardRow } from '../../repos/rewards.repo';
import type { OccurrenceRow } from '../../repos/rule-occurrences.repo';
import { DEFAULT_PROGRAM_ID, type ProgramSettings } from '../../types/program';
import { loadProgramSettings } from '../tenants/program';
import { loadExplanationInputs, type ExplanationInputs } from './explanation-inputs';
import { evaluateRules, type EvaluationFacts } from './rule-evaluation';
import { formatAmount } from './rule-explanations';
import { occurrenceOf } from './rule-occurrences';
import { loadRuleVersion } from './rule-versions';
import type { NotGrantedReason } from './rule-decisions';
import type { Rule } from './rules.schema';

/**
 * For each rule of a referral's version, what it gave and why, or why it gave nothing, in sentences an
 * operator (or the referrer, for their own rewards) can read. A reward's sentence is the one written when
 * it was given, followed by where it stands now (held until a date, awaiting review, cancelled). A rule
 * that gave nothing is evaluated again against today's facts, so its reason is current (not converted
 * yet, a milestone not reached, a limit reached). A referral with no rule version is explained by the
 * program's fixed rewards.
 */

export interface RewardExplanation {
  ruleId: string | null;
  ruleName: string;
  recipient: 'REFERRER' | 'REFERRED';
  outcome: 'GRANTED' | 'NOT_GRANTED';
  rewardId: string | null;
  rewardStatus: RewardRow['status'] | null;
  text: string;
  /** The reward given, as a reward is presented (null: none), for the widget's own words. */
  reward: (Pick<RewardRow, 'type' | 'discount_percent' | 'unit'> & { amountCents: number | null }) | null;
  /** When a PENDING reward's hold ends. */
  heldUntil: Date | null;
  /** Why nothing was given (WAITING: the trigger has not happened yet; null: given). */
  reason: NotGrantedReason | { code: 'WAITING' } | null;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** `refund:re_1` → `refund re_1`; `chargeback:tx_1` → `charge-back of tx_1`. */
function reversalWords(reversedBy: string): string {
  const [kind, ...rest] = reversedBy.split(':');
  const ref = rest.join(':');
  return kind === 'chargeback' ? `charge-back of ${ref}` : `refund ${ref}`;
}

/** Where a given reward stands now, as a sentence's tail (`debt`: what of it is owed back). */
function standing(reward: RewardRow, debt?: RewardRow, partly?: PartReversal): string {
  return `${partly && !reward.reversed_by ? partlyReversed(reward, partly) : ''}${status(reward, debt)}`;
}

/** A reward's live rows of partial refunds' shares, and the payment they are of. */
interface PartReversal {
  shares: RewardRow[];
  payment: OccurrenceRow | undefined;
}

function partlyReversed(reward: RewardRow, { shares, payment }: PartReversal): string {
  const reversed = shares.reduce((sum, r) => sum - Number(r.amount_cents), 0);
  const through = Math.max(...shares.map((r) => Number(r.reversed_through_cents)));
  const currency = payment?.currency ?? '';
  const of = payment
    ? `the payment ${payment.occurrence_id} of ${formatAmount(Number(payment.amount_cents), currency)}`
    : `the payment ${reward.payment_id ?? ''}`;
  const by = payment?.reversal_ref ? ` (latest refund ${payment.reversal_ref})` : '';
  return ` It was partly reversed: ${formatAmount(reversed, reward.unit ?? '')} of it, as ${formatAmount(through, currency)} of ${of} was refunded${by}.`;
}

function status(reward: RewardRow, debt?: RewardRow): string {
  if (reward.reversed_by) {
    const owed = debt
      ? ` ${formatAmount(-Number(debt.amount_cents), debt.unit ?? '')} of it was already used and is owed back.`
      : '';
    return ` It was reversed by ${reversalWords(reward.reversed_by)}${reward.date_reversed ? ` on ${day(reward.date_reversed)}` : ''}.${owed}`;
  }
  switch (reward.status) {
    case 'PENDING':
      return reward.hold_until ? ` It is held until ${day(reward.hold_until)}.` : ' It is held.';
    case 'PENDING_REVIEW':
      return ' It waits for the referral’s review.';
    case 'CANCELLED':
      return ` It was cancelled${reward.date_cancelled ? ` on ${day(reward.date_cancelled)}` : ''}.`;
    case 'EXPIRED':
      return ' Its unredeemed part expired.';
    case 'REDEEMED':
      return ' It was redeemed.';
    default:
      return '';
  }
}

function granted(
  rule: Pick<Rule, 'id' | 'name' | 'recipient'> | null,
  reward: RewardRow,
  text: string,
  debt?: RewardRow,
  partly?: PartReversal,
) {
  return {
    ruleId: rule?.id ?? null,
    ruleName:
      rule?.name ?? (reward.reward_source === 'REFERRED' ? "The friend's discount" : "The referrer's reward"),
    recipient: reward.reward_source === 'REFERRED' ? ('REFERRED' as const) : ('REFERRER' as const),
    outcome: 'GRANTED' as const,
    rewardId: reward.id,
    rewardStatus: reward.status,
    text: `${text}${standing(reward, debt, partly)}`,
    reward: {
      type: reward.type,
      discount_percent: reward.discount_percent,
      unit: reward.unit,
      amountCents: reward.amount_cents === null ? null : Number(reward.amount_cents),
    },
    heldUntil: reward.status === 'PENDING' ? reward.hold_until : null,
    reason: null,
  };
}

export async function explainReferralRewards(
  db: Db,
  tenantId: string,
  referralId: string,
): Promise<RewardExplanation[]> {
  const explained = (await explainReferralsRewards(db, tenantId, [referralId])).get(referralId);
  if (!explained) throw new AppError('NOT_FOUND', 'Referral not found');
  return explained;
}

/**
 * explainReferralRewards for several of the tenant's referrals at once (a widget page of friends), by
 * referral id, read with one query per table for all of them; another tenant's id is absent.
 */
export async function explainReferralsRewards(
  db: Db,
  tenantId: string,
  referralIds: readonly string[],
): Promise<Map<string, RewardExplanation[]>> {
  const settings = new Map<string, Promise<ProgramSettings>>();
  const programOf = (programId: string) => {
    if (!settings.has(programId)) settings.set(programId, loadProgramSettings(db, tenantId, programId));
    return settings.get(programId)!;
  };
  const explained = new Map<string, RewardExplanation[]>();
  for (const [id, inputs] of await loadExplanationInputs(db, tenantId, referralIds)) {
    const { referral, rewards } = inputs;
    explained.set(
      id,
      referral.rule_version === null || referral.rule_version === undefined
        ? explainFixed(referral, rewards, await programOf(referral.program_id ?? DEFAULT_PROGRAM_ID))
        : await explainRuled(db, tenantId, inputs),
    );
  }
  return explained;
}

async function explainRuled(
  db: Db,
  tenantId: string,
  { referral, rewards, facts, occurrences }: ExplanationInputs,
): Promise<RewardExplanation[]> {
  const version = await loadRuleVersion(db, tenantId, referral.rule_version!, referral.program_id);
  const debts = rewards.filter((r) => r.reverses_reward_id && r.reversed_through_cents === null);
  const shares = rewards.filter((r) => r.reversed_through_cents !== null && r.status !== 'CANCELLED');
  const explanations: RewardExplanation[] = [];
  for (const rule of version.rules) {
    const given = rewards.filter((r) => r.rule_id === rule.id && !r.reverses_reward_id);
    for (const reward of given) {
      const debt = debts.find((d) => d.reverses_reward_id === reward.id);
      const own = shares.filter((d) => d.reverses_reward_id === reward.id);
      const partly = own.length
        ? { shares: own, payment: occurrences.find((o) => o.occurrence_id === reward.payment_id) }
        : undefined;
      const text = reward.explanation ?? `"${rule.name}" gave a reward.`;
      explanations.push(granted(rule, reward, text, debt, partly));
    }
    if (!facts) continue;
    if (rule.trigger.type === 'PAYMENT' || rule.trigger.type === 'EVENT') {
      explanations.push(...explainOccurrences(rule, facts, occurrences, given));
      continue;
    }
    if (given.length > 0) continue;
    const occurrence = { type: 'CONVERSION' as const, at: referral.date_paid ?? new Date() };
    const decision = evaluateRules([rule], facts, occurrence)[0];
    explanations.push(
      notGranted(
        rule,
        decision && decision.outcome === 'NOT_GRANTED'
          ? decision.explanation
          : `"${rule.name}" gave nothing on this referral${decision ? '' : ' yet: it waits for its trigger'}.`,
        decision?.outcome === 'NOT_GRANTED' ? decision.reason : { code: 'WAITING' },
      ),
    );
  }
  return explanations;
}

function notGranted(rule: Rule, text: string, reason: RewardExplanation['reason']): RewardExplanation {
  return {
    ruleId: rule.id,
    ruleName: rule.name,
    recipient: rule.recipient,
    outcome: 'NOT_GRANTED',
    rewardId: null,
    rewardStatus: null,
    text,
    reward: null,
    heldUntil: null,
    reason,
  };
}

/**
 * A PAYMENT or EVENT rule's recorded payments and events that gave it nothing, each with why (today's
 * facts): outside the months, below the threshold, a limit, reversed before it was applied, waiting.
 */
function explainOccurrences(
  rule: Rule,
  facts: EvaluationFacts,
  occurrences: OccurrenceRow[],
  given: RewardRow[],
): RewardExplanation[] {
  const trigger = rule.trigger;
  const eventKey = trigger.type === 'EVENT' ? trigger.eventKey : null;
  const concerned = occurrences.filter((o) =>
    eventKey === null ? o.kind === 'PAYMENT' : o.kind === 'EVENT' && o.event_key === eventKey,
  );
  const out: RewardExplanation[] = [];
  for (const row of concerned) {
    if (given.some((g) => g.payment_id === row.occurrence_id)) continue;
    const what = row.kind === 'PAYMENT' ? `the payment ${row.occurrence_id}` : `the event ${row.event_key}`;
    if (row.kind === 'PAYMENT' && row.reversed_at && row.reversal_ref) {
      const by = reversalWords(
        `${row.reversal_kind === 'CHARGEBACK' ? 'chargeback' : 'refund'}:${row.reversal_ref}`,
      );
      out.push(
        notGranted(rule, `"${rule.name}" gave nothing for ${what}: it was reversed by ${by}.`, {
          code: 'NOTHING_TO_GIVE',
        }),
      );
      continue;
    }
    const decision = evaluateRules([rule], facts, occurrenceOf(row))[0];
    if (!decision || (decision.outcome === 'NOT_GRANTED' && decision.reason.code === 'ALREADY_GRANTED'))
      continue;
    out.push(
      notGranted(
        rule,
        decision.outcome === 'NOT_GRANTED'
          ? decision.explanation.replace(' gave nothing', ` gave nothing for ${what}`)
          : `"${rule.name}" gave nothing yet for ${what}: it waits to be applied.`,
        decision.outcome === 'NOT_GRANTED' ? decision.reason : { code: 'WAITING' },
      ),
    );
  }
  if (given.length === 0 && out.length === 0) {
    out.push(
      notGranted(
        rule,
        trigger.type === 'PAYMENT'
          ? `"${rule.name}" gave nothing yet: no payment of the friend has been reported.`
          : `"${rule.name}" gave nothing yet: the friend has not sent the event ${eventKey ?? ''}.`,
        { code: 'WAITING' },
      ),
    );
  }
  return out;
}

/** A referral under the program's fixed rewards: the friend's discount and the referrer's reward. */
function explainFixed(
  referral: ReferralRow,
  rewards: RewardRow[],
  program: ProgramSettings,
): RewardExplanation[] {
  const convertedAt = referral.date_paid;
  const explanations: RewardExplanation[] = rewards.map((reward) =>
    granted(
      null,
      reward,
      reward.reward_source === 'REFERRED'
        ? `The friend got the program's ${String(reward.discount_percent)} % discount when the referral was made.`
        : `The referrer got the program's reward when the referral converted${convertedAt ? ` on ${day(convertedAt)}` : ''}.`,
    ),
  );
  if (!rewards.some((r) => r.reward_source === 'FRIEND_SIGNUP')) {
    explanations.push({
      ruleId: null,
      ruleName: "The referrer's reward",
      recipient: 'REFERRER',
      outcome: 'NOT_GRANTED',
      rewardId: null,
      rewardStatus: null,
      text: convertedAt
        ? "The referrer's reward was not given."
        : `The referrer gets the program's reward (${program.referrerReward.type === 'CREDIT' ? 'credit' : 'a discount'}) when the referral converts; it has not yet.`,
      reward: null,
      heldUntil: null,
      reason: convertedAt ? { code: 'NOTHING_TO_GIVE' } : { code: 'NOT_CONVERTED' },
    });
  }
  return explanations;
}

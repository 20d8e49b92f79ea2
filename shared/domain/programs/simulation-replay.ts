import type { ReplayedConversion, ReplayedOccurrence } from '../../repos/program-simulation.repo';
import type { GrantedReward, Occurrence, PriorGrant, PriorIndex } from './rule-decisions';
import { evaluateRules, grantKey, type EvaluationFacts } from './rule-evaluation';
import type { RuleSet } from './rules.schema';

/**
 * The in-memory part of simulateProgram (program-simulation.ts): the recorded conversions, payments and
 * user events of a period, fed in the order they happened, each evaluated by evaluateRules against its
 * referrer's simulated history, as the referral's lifecycle would have evaluated it. Nothing here reads
 * or writes the database.
 */

/** Rewards in a month and unit: a currency or credit unit (amount in cents), or PERCENT (summed). */
export interface SimulationTotal {
  month: string;
  unit: string;
  rewards: number;
  amount: number;
}

/** "YYYY-MM" of an instant (UTC), remembered for its month: a replay asks in time order. */
class MonthOf {
  private start = 0;
  private end = -1;
  private month = '';

  of(at: Date): string {
    const ms = at.getTime();
    if (ms < this.start || ms >= this.end) {
      this.start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
      this.end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
      this.month = at.toISOString().slice(0, 7);
    }
    return this.month;
  }
}

/** Totals per month and unit, kept in a map while replaying. */
class Totals {
  private readonly byKey = new Map<string, SimulationTotal>();
  private readonly months = new MonthOf();

  add(at: Date, reward: GrantedReward): void {
    const month = this.months.of(at);
    const unit = reward.type === 'PCT_DISCOUNT' ? 'PERCENT' : reward.currency;
    const amount = reward.type === 'PCT_DISCOUNT' ? reward.discountPercent : reward.amountCents;
    const key = `${month}\u0000${unit}`;
    const total = this.byKey.get(key) ?? { month, unit, rewards: 0, amount: 0 };
    total.rewards += 1;
    total.amount += amount;
    this.byKey.set(key, total);
  }

  list(): SimulationTotal[] {
    return [...this.byKey.values()].sort((a, b) =>
      a.month === b.month ? a.unit.localeCompare(b.unit) : a.month.localeCompare(b.month),
    );
  }
}

/**
 * A referrer's simulated rewards, indexed for the rules' limits: per rule the times (ascending, as the
 * replay goes) and running amounts, so "since" is a binary search; and the keys that can come again
 * (a milestone's, an EVENT rule's per referral: a conversion or a payment id never comes twice).
 */
class ReferrerGrants implements PriorIndex {
  private readonly keys = new Set<string>();
  private readonly perRule = new Map<string, { times: number[]; sums: number[] }>();

  add(ruleId: string, key: string | null, at: number, amountCents: number): void {
    if (key !== null) this.keys.add(key);
    let series = this.perRule.get(ruleId);
    if (!series) {
      series = { times: [], sums: [] };
      this.perRule.set(ruleId, series);
    }
    series.times.push(at);
    series.sums.push((series.sums[series.sums.length - 1] ?? 0) + amountCents);
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  since(ruleId: string, since: number): { count: number; amountCents: number } {
    const series = this.perRule.get(ruleId);
    if (!series) return { count: 0, amountCents: 0 };
    const { times, sums } = series;
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid]! < since) lo = mid + 1;
      else hi = mid;
    }
    const total = sums[sums.length - 1] ?? 0;
    return { count: times.length - lo, amountCents: total - (lo > 0 ? sums[lo - 1]! : 0) };
  }
}

interface ReferrerState {
  conversions: number;
  grants: ReferrerGrants;
}

const NO_PRIOR: PriorGrant[] = [];

/** The referred account's facts of a replayed row, as loadEvaluationFacts reads them. */
function referredFacts(
  subscriptionValue: string | null,
  currency: string | null,
  paidBeforeAttribution: boolean,
): EvaluationFacts['referred'] {
  return {
    subscriptionValueCents: subscriptionValue === null ? null : Math.round(Number(subscriptionValue) * 100),
    currency,
    paidBeforeAttribution,
  };
}

function occurrenceOfRow(row: ReplayedOccurrence): Occurrence {
  if (row.kind === 'PAYMENT') {
    return {
      type: 'PAYMENT',
      paymentId: row.occurrence_id,
      amountCents: Number(row.amount_cents),
      currency: row.currency ?? '',
      at: new Date(row.occurred_ms),
    };
  }
  const fields = row.fields !== null && typeof row.fields === 'object' ? row.fields : {};
  return {
    type: 'EVENT',
    eventId: row.occurrence_id,
    key: row.event_key ?? '',
    fields,
    at: new Date(row.occurred_ms),
  };
}

/** The replay: each conversion, payment and event evaluated against its referrer's simulated history. */
export class ProgramReplay {
  private readonly referrers = new Map<string, ReferrerState>();
  private readonly perRule: Map<string, Totals>;
  private readonly all = new Totals();
  /** Rules whose key can be asked for again (a milestone, an EVENT rule); other keys never are. */
  private readonly repeatableRules: Set<string>;
  /** The EVENT rules without their limits: what an event before the period would have been given. */
  private readonly eventRulesUnlimited: RuleSet;
  conversions = 0;
  payments = 0;
  events = 0;

  constructor(
    private readonly rules: RuleSet,
    before: Map<string, number>,
  ) {
    this.perRule = new Map(rules.map((r) => [r.id, new Totals()]));
    this.repeatableRules = new Set(
      rules.filter((r) => r.trigger.type === 'MILESTONE' || r.trigger.type === 'EVENT').map((r) => r.id),
    );
    this.eventRulesUnlimited = rules
      .filter((r) => r.trigger.type === 'EVENT')
      .map((r) => ({ ...r, limits: [] }));
    for (const [referrerId, conversions] of before) {
      // Milestones reached before the period were given then: the keys are taken, nothing is counted.
      const grants = new ReferrerGrants();
      for (const rule of rules) {
        if (rule.trigger.type === 'MILESTONE' && rule.trigger.conversions <= conversions) {
          const facts = { referrerId, referralId: '' } as EvaluationFacts;
          grants.add(rule.id, grantKey(rule, facts, { type: 'CONVERSION', at: new Date(0) }), 0, 0);
        }
      }
      this.referrers.set(referrerId, { conversions, grants });
    }
  }

  private referrer(id: string): ReferrerState {
    let state = this.referrers.get(id);
    if (!state) {
      state = { conversions: 0, grants: new ReferrerGrants() };
      this.referrers.set(id, state);
    }
    return state;
  }

  conversion(row: ReplayedConversion): void {
    this.conversions += 1;
    const state = this.referrer(row.referrer_account_id);
    state.conversions += 1;
    const at = new Date(row.paid_ms);
    const facts: EvaluationFacts = {
      referralId: row.id,
      referrerId: row.referrer_account_id,
      convertedAt: at,
      referrerConversions: state.conversions,
      referred: referredFacts(row.subscription_value, row.currency, row.paid_before_attribution),
      prior: NO_PRIOR,
      priorIndex: state.grants,
    };
    this.evaluate(state, facts, { type: 'CONVERSION', at }, at);
  }

  /**
   * A payment or user event of the period. It counts when it is due (`due_ms`: a payment made before its
   * referral converted waits for the conversion, as the lifecycle does); the rules see when it happened.
   */
  occurrence(row: ReplayedOccurrence): void {
    if (row.kind === 'PAYMENT') this.payments += 1;
    else this.events += 1;
    const state = this.referrer(row.referrer_account_id);
    this.evaluate(state, this.occurrenceFacts(row, state), occurrenceOfRow(row), new Date(row.due_ms));
  }

  /**
   * A user event before the period: an EVENT rule gives once per referral, so a referral that had its
   * reward then gets none in the period. Like a milestone reached before the period, it is given "then"
   * (at 0, amount 0): not in the totals, and only a lifetime count limit counts it.
   */
  earlierEvent(row: ReplayedOccurrence): void {
    const state = this.referrer(row.referrer_account_id);
    const facts = this.occurrenceFacts(row, state);
    const decisions = evaluateRules(this.eventRulesUnlimited, facts, occurrenceOfRow(row), {
      explain: false,
    });
    for (const decision of decisions) {
      if (decision.outcome === 'GRANTED') state.grants.add(decision.ruleId, decision.key, 0, 0);
    }
  }

  private occurrenceFacts(row: ReplayedOccurrence, state: ReferrerState): EvaluationFacts {
    const converted = row.paid_ms !== null && row.paid_ms <= row.due_ms;
    return {
      referralId: row.referral_id,
      referrerId: row.referrer_account_id,
      convertedAt: converted ? new Date(row.paid_ms!) : null,
      referrerConversions: state.conversions,
      referred: referredFacts(row.subscription_value, row.account_currency, row.paid_before_attribution),
      prior: NO_PRIOR,
      priorIndex: state.grants,
    };
  }

  private evaluate(
    state: ReferrerState,
    facts: EvaluationFacts,
    occurrence: Occurrence,
    givenAt: Date,
  ): void {
    for (const decision of evaluateRules(this.rules, facts, occurrence, { explain: false })) {
      if (decision.outcome !== 'GRANTED') continue;
      const reward = decision.reward;
      const repeatable = this.repeatableRules.has(decision.ruleId);
      const amountCents = 'amountCents' in reward ? reward.amountCents : 0;
      state.grants.add(decision.ruleId, repeatable ? decision.key : null, givenAt.getTime(), amountCents);
      this.perRule.get(decision.ruleId)!.add(givenAt, reward);
      this.all.add(givenAt, reward);
    }
  }

  result() {
    return {
      conversions: this.conversions,
      payments: this.payments,
      events: this.events,
      rules: this.rules.map((r) => ({
        ruleId: r.id,
        ruleName: r.name,
        totals: this.perRule.get(r.id)!.list(),
      })),
      wouldGive: this.all.list(),
    };
  }
}

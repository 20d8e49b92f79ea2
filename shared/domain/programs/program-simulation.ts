import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import {
  createProgramSimulationRepo,
  inReplaySnapshot,
  type GivenTotal,
  type ReplayedConversion,
} from '../../repos/program-simulation.repo';
import { dayRangeSchema, rangeBounds } from '../common/calendar-days';
import type { GrantedReward, PriorGrant, PriorIndex } from './rule-decisions';
import { evaluateRules, grantKey, type EvaluationFacts } from './rule-evaluation';
import type { RuleSet } from './rules.schema';

/**
 * simulateProgram: what draft rules would have given in a period, replayed over the program's recorded
 * conversions in the order they happened, next to what was given, per UTC month and unit. It writes
 * nothing: every read is in one read-only snapshot, and the referrers' counts and grants are kept in
 * memory. Each referrer starts from the conversions it had before the period; a milestone it had reached
 * by then counts as given before (not again). Limits count the simulated rewards of the period only.
 */

export const simulationRangeSchema = dayRangeSchema;
export type SimulationRange = z.output<typeof simulationRangeSchema>;

/** Rewards in a month and unit: a currency or credit unit (amount in cents), or PERCENT (summed). */
export interface SimulationTotal {
  month: string;
  unit: string;
  rewards: number;
  amount: number;
}

export interface ProgramSimulation {
  from: string;
  to: string;
  conversions: number;
  rules: { ruleId: string; ruleName: string; totals: SimulationTotal[] }[];
  wouldGive: SimulationTotal[];
  given: GivenTotal[];
}

/** Totals per month and unit, kept in a map while replaying. */
class Totals {
  private readonly byKey = new Map<string, SimulationTotal>();

  add(at: Date, reward: GrantedReward): void {
    const month = at.toISOString().slice(0, 7);
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
 * (milestones: a referral's own key never does).
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

/** The in-memory replay: each conversion evaluated against its referrer's simulated history. */
export class ConversionReplay {
  private readonly referrers = new Map<string, ReferrerState>();
  private readonly perRule: Map<string, Totals>;
  private readonly all = new Totals();
  /** Rules whose key a later conversion asks for again (a milestone); other keys are never asked twice. */
  private readonly milestoneRules: Set<string>;
  conversions = 0;

  constructor(
    private readonly rules: RuleSet,
    before: Map<string, number>,
  ) {
    this.perRule = new Map(rules.map((r) => [r.id, new Totals()]));
    this.milestoneRules = new Set(rules.filter((r) => r.trigger.type === 'MILESTONE').map((r) => r.id));
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

  conversion(row: ReplayedConversion): void {
    this.conversions += 1;
    let state = this.referrers.get(row.referrer_account_id);
    if (!state) {
      state = { conversions: 0, grants: new ReferrerGrants() };
      this.referrers.set(row.referrer_account_id, state);
    }
    state.conversions += 1;
    const at = row.date_paid;
    const facts: EvaluationFacts = {
      referralId: row.id,
      referrerId: row.referrer_account_id,
      convertedAt: at,
      referrerConversions: state.conversions,
      referred: {
        subscriptionValueCents:
          row.subscription_value === null ? null : Math.round(Number(row.subscription_value) * 100),
        currency: row.currency,
        paidBeforeAttribution: row.first_paid_at !== null && row.first_paid_at < row.date_started,
      },
      prior: NO_PRIOR,
      priorIndex: state.grants,
    };
    for (const decision of evaluateRules(this.rules, facts, { type: 'CONVERSION', at }, { explain: false })) {
      if (decision.outcome !== 'GRANTED') continue;
      const reward = decision.reward;
      const repeatable = this.milestoneRules.has(decision.ruleId);
      const amountCents = 'amountCents' in reward ? reward.amountCents : 0;
      state.grants.add(decision.ruleId, repeatable ? decision.key : null, at.getTime(), amountCents);
      this.perRule.get(decision.ruleId)!.add(at, reward);
      this.all.add(at, reward);
    }
  }

  result(): Pick<ProgramSimulation, 'conversions' | 'rules' | 'wouldGive'> {
    return {
      conversions: this.conversions,
      rules: this.rules.map((r) => ({
        ruleId: r.id,
        ruleName: r.name,
        totals: this.perRule.get(r.id)!.list(),
      })),
      wouldGive: this.all.list(),
    };
  }
}

/** One simulation at a time per process: a replay is seconds of CPU, and a gateway serves others too. */
let running = false;

export async function simulateProgram(
  db: Db,
  tenantId: string,
  programId: string,
  rules: RuleSet,
  range: SimulationRange,
): Promise<ProgramSimulation> {
  if (running) {
    throw new AppError('RATE_LIMITED', 'A simulation is running on this server; try again when it ends');
  }
  running = true;
  try {
    const bounds = rangeBounds(range.from, range.to);
    return await inReplaySnapshot(db, async (trx) => {
      const repo = createProgramSimulationRepo(trx);
      const before = await repo.conversionsBefore(tenantId, programId, bounds.start);
      const replay = new ConversionReplay(rules, before);
      await repo.eachConversionChunk(tenantId, programId, bounds, async (rows) => {
        for (const row of rows) replay.conversion(row);
        // Let the gateway answer other requests between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      });
      const given = await repo.givenTotals(tenantId, programId, bounds);
      return { from: range.from, to: range.to, ...replay.result(), given };
    });
  } finally {
    running = false;
  }
}

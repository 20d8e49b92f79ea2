import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import {
  createProgramSimulationRepo,
  inReplaySnapshot,
  type CursorReader,
  type GivenTotal,
  type OccurrenceFilter,
  type ReplayedConversion,
  type ReplayedOccurrence,
} from '../../repos/program-simulation.repo';
import { dayRangeSchema, rangeBounds } from '../common/calendar-days';
import type { RuleSet } from './rules.schema';
import { ProgramReplay, type SimulationTotal } from './simulation-replay';

export type { SimulationTotal } from './simulation-replay';

/**
 * simulateProgram: what draft rules would have given in a period, replayed over the program's recorded
 * conversions, payments and user events (rule_occurrences) in the order they happened, next to what was
 * given, per UTC month and unit. It writes nothing: every read is in one read-only snapshot, and the
 * referrers' counts and grants are kept in memory. Each referrer starts from the conversions it had
 * before the period; a milestone it had reached by then, or an EVENT rule's reward a referral had by
 * then, counts as given before (not again). Limits count the simulated rewards of the period only.
 */

export const simulationRangeSchema = dayRangeSchema;
export type SimulationRange = z.output<typeof simulationRangeSchema>;

export interface ProgramSimulation {
  from: string;
  to: string;
  conversions: number;
  payments: number;
  events: number;
  /** Per rule of the draft: what it would give, and what the published rule of its id gave. */
  rules: { ruleId: string; ruleName: string; totals: SimulationTotal[]; given: SimulationTotal[] }[];
  wouldGive: SimulationTotal[];
  given: SimulationTotal[];
}

/** What was given: in all per month and unit, and per rule id. */
function givenTotals(rows: GivenTotal[]): { all: SimulationTotal[]; byRule: Map<string, SimulationTotal[]> } {
  const all = new Map<string, SimulationTotal>();
  const byRule = new Map<string, SimulationTotal[]>();
  for (const { rule_id: ruleId, ...total } of rows) {
    const key = `${total.month}\u0000${total.unit}`;
    const sum = all.get(key) ?? { month: total.month, unit: total.unit, rewards: 0, amount: 0 };
    sum.rewards += total.rewards;
    sum.amount += total.amount;
    all.set(key, sum);
    if (ruleId !== null) byRule.set(ruleId, [...(byRule.get(ruleId) ?? []), total]);
  }
  return { all: [...all.values()], byRule };
}

/** The payments and events a draft has rules for (none: the occurrences are not read at all). */
export function occurrenceFilter(rules: RuleSet): OccurrenceFilter {
  const eventKeys = new Set<string>();
  for (const rule of rules) if (rule.trigger.type === 'EVENT') eventKeys.add(rule.trigger.eventKey);
  return { payments: rules.some((r) => r.trigger.type === 'PAYMENT'), eventKeys: [...eventKeys].sort() };
}

/** A cursor's rows with the current chunk held: the head, and a refill when it runs out. */
class Feed<T> {
  private rows: T[] = [];
  private at = 0;
  constructor(private readonly cursor: CursorReader<T> | null) {}

  /** The next row, or undefined when the chunk is spent (see `needsFill`) or the cursor is done. */
  head(): T | undefined {
    return this.rows[this.at];
  }
  shift(): void {
    this.at += 1;
  }
  get needsFill(): boolean {
    return this.at >= this.rows.length && this.cursor !== null && !this.cursor.done;
  }
  async fill(): Promise<void> {
    this.rows = await this.cursor!.next();
    this.at = 0;
  }
}

/** Let the gateway answer other requests between chunks. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Feeds the replay both cursors merged in time order: a conversion before a payment or event due at the
 * same instant (a payment at the conversion sees it converted).
 */
async function replayInOrder(
  replay: ProgramReplay,
  conversions: Feed<ReplayedConversion>,
  occurrences: Feed<ReplayedOccurrence>,
): Promise<void> {
  for (;;) {
    if (conversions.needsFill) await conversions.fill();
    if (occurrences.needsFill) await occurrences.fill();
    if (conversions.head() === undefined && occurrences.head() === undefined) return;
    for (;;) {
      const c = conversions.head();
      const o = occurrences.head();
      if ((c === undefined && conversions.needsFill) || (o === undefined && occurrences.needsFill)) break;
      if (c !== undefined && (o === undefined || c.paid_ms <= o.due_ms)) {
        replay.conversion(c);
        conversions.shift();
      } else if (o !== undefined) {
        replay.occurrence(o);
        occurrences.shift();
      } else {
        break;
      }
    }
    await yieldToOthers();
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
    const filter = occurrenceFilter(rules);
    return await inReplaySnapshot(db, async (trx) => {
      const repo = createProgramSimulationRepo(trx);
      const before = await repo.conversionsBefore(tenantId, programId, bounds.start);
      const replay = new ProgramReplay(rules, before);
      if (filter.eventKeys.length > 0) {
        const earlier = await repo.openEarlierEvents(tenantId, programId, filter.eventKeys, bounds.start);
        while (!earlier.done) {
          for (const row of await earlier.next()) replay.earlierEvent(row);
          await yieldToOthers();
        }
      }
      const wantsOccurrences = filter.payments || filter.eventKeys.length > 0;
      await replayInOrder(
        replay,
        new Feed(await repo.openConversions(tenantId, programId, bounds)),
        new Feed(wantsOccurrences ? await repo.openOccurrences(tenantId, programId, filter, bounds) : null),
      );
      const given = givenTotals(await repo.givenTotals(tenantId, programId, bounds));
      const replayed = replay.result();
      return {
        from: range.from,
        to: range.to,
        ...replayed,
        rules: replayed.rules.map((rule) => ({ ...rule, given: given.byRule.get(rule.ruleId) ?? [] })),
        given: given.all,
      };
    });
  } finally {
    running = false;
  }
}

/**
 * A simulation's numbers as tables: per month and unit, what the draft would have given next to what
 * was given; and per rule, what it would have given each month next to what the published rule of its
 * id gave. Amounts are in the unit's minor units
 * (a currency or credit unit), or PERCENT: percent discounts, summed.
 */
import { DataTable } from '../../components';
import { formatMoney, formatNumber } from '../../format';
import type { SimulateRulesQuery } from '../../gql/graphql';

type Simulation = SimulateRulesQuery['simulateProgram'];
type Total = Simulation['wouldGive'][number];

const monthFormat = new Intl.DateTimeFormat(
  typeof navigator === 'undefined' ? undefined : navigator.language,
  {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  },
);

/** "2026-01" → "January 2026". */
function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** "$45.00 (3 rewards)", "150 % (2 discounts)", "—" for nothing. */
function totalWords(total: Pick<Total, 'unit' | 'rewards' | 'amount'> | undefined): string {
  if (!total || total.rewards === 0) return '—';
  if (total.unit === 'PERCENT') {
    const discounts = `${formatNumber(total.rewards)} ${total.rewards === 1 ? 'discount' : 'discounts'}`;
    return `${formatNumber(total.amount)} % (${discounts})`;
  }
  const rewards = `${formatNumber(total.rewards)} ${total.rewards === 1 ? 'reward' : 'rewards'}`;
  return `${formatMoney(total.amount, total.unit)} (${rewards})`;
}

/** The difference of two amounts in a unit: "+$12.50", "−$3.00", "none". */
function differenceWords(unit: string, amount: number): string {
  if (amount === 0) return 'none';
  const sign = amount > 0 ? '+' : '−';
  const size = Math.abs(amount);
  return `${sign}${unit === 'PERCENT' ? `${formatNumber(size)} %` : formatMoney(size, unit)}`;
}

interface MonthRow {
  month: string;
  unit: string;
  would?: Total;
  given?: Total;
}

/** What would be given and what was, merged by month and unit, in order. */
function byMonth(would: readonly Total[], given: readonly Total[]): MonthRow[] {
  const rows = new Map<string, MonthRow>();
  const at = (t: Total) => {
    const key = `${t.month} ${t.unit}`;
    const row = rows.get(key) ?? { month: t.month, unit: t.unit };
    rows.set(key, row);
    return row;
  };
  for (const t of would) at(t).would = t;
  for (const t of given) at(t).given = t;
  return [...rows.values()].sort((a, b) =>
    a.month === b.month ? a.unit.localeCompare(b.unit) : a.month.localeCompare(b.month),
  );
}

/** A rule's month, or the rule alone when it has nothing in the period. */
interface RuleRow extends Partial<MonthRow> {
  ruleId: string;
  ruleName: string;
}

export function SimulationTables({ result }: { result: Simulation }) {
  const ruleRows: RuleRow[] = result.rules.flatMap((rule) => {
    const months = byMonth(rule.totals, rule.given);
    const named = { ruleId: rule.ruleId, ruleName: rule.ruleName };
    return months.length === 0 ? [named] : months.map((m) => ({ ...named, ...m }));
  });
  return (
    <>
      <DataTable<MonthRow>
        caption="Per month: what the draft would have given, and what was given"
        testId="simulation-months"
        rowTestId="simulation-month"
        rows={byMonth(result.wouldGive, result.given)}
        rowKey={(r) => `${r.month} ${r.unit}`}
        stackOnPhone
        columns={[
          {
            key: 'month',
            header: 'Month',
            rowHeader: true,
            render: (r) => formatMonth(r.month),
            className: 'nowrap',
          },
          {
            key: 'unit',
            header: 'Unit',
            render: (r) => (r.unit === 'PERCENT' ? 'percent discounts' : r.unit),
          },
          { key: 'would', header: 'Would give', align: 'right', render: (r) => totalWords(r.would) },
          { key: 'given', header: 'Given', align: 'right', render: (r) => totalWords(r.given) },
          {
            key: 'difference',
            header: 'Difference',
            align: 'right',
            render: (r) => differenceWords(r.unit, (r.would?.amount ?? 0) - (r.given?.amount ?? 0)),
          },
        ]}
      />
      <DataTable<RuleRow>
        caption="Per rule of the draft"
        testId="simulation-rules"
        rowTestId="simulation-rule"
        rows={ruleRows}
        rowKey={(r, i) => `${r.ruleId} ${r.month ?? ''} ${r.unit ?? ''} ${i}`}
        stackOnPhone
        columns={[
          { key: 'rule', header: 'Rule', rowHeader: true, render: (r) => r.ruleName },
          {
            key: 'month',
            header: 'Month',
            className: 'nowrap',
            render: (r) => (r.month ? formatMonth(r.month) : 'Nothing in this period'),
          },
          { key: 'would', header: 'Would give', align: 'right', render: (r) => totalWords(r.would) },
          {
            key: 'given',
            header: 'Given by the published rule',
            align: 'right',
            render: (r) => totalWords(r.given),
          },
        ]}
      />
    </>
  );
}

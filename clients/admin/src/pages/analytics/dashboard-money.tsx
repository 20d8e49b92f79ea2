/**
 * The dashboard's money: per currency, what referred customers paid (first payment and
 * total since) against what their rewards cost each side (given, and pending review or hold), and the
 * return. Amounts are in major units, as subscription.value is stored.
 */
import { Card, DataTable, EmptyState, type Column } from '../../components';
import { formatNumber } from '../../format';
import type { RewardSide } from '../../gql/graphql';
import type { DashboardNumbers } from './dashboard-query';

interface MoneyRow {
  currency: string;
  customers: number;
  firstPayment: number;
  total: number;
  referrerGiven: number;
  referredGiven: number;
  pending: number;
  ratio: number | null;
}

/** A major-unit amount in its currency ("$1,234.50"); a unit that is not a currency as "12 POINTS". */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${formatNumber(amount)} ${currency}`;
  }
}

function moneyRows(n: DashboardNumbers): MoneyRow[] {
  const currencies = [
    ...new Set([...n.revenue.map((r) => r.currency), ...n.rewardCost.map((c) => c.currency)]),
  ].sort();
  return currencies.map((currency) => {
    const revenue = n.revenue.find((r) => r.currency === currency);
    const costs = n.rewardCost.filter((c) => c.currency === currency);
    const given = (side: RewardSide) =>
      costs.filter((c) => c.side === side).reduce((sum, c) => sum + c.costGiven, 0);
    return {
      currency,
      customers: revenue?.customers ?? 0,
      firstPayment: revenue?.firstPayment ?? 0,
      total: revenue?.total ?? 0,
      referrerGiven: given('REFERRER'),
      referredGiven: given('REFERRED'),
      pending: costs.reduce((sum, c) => sum + c.costPending, 0),
      ratio: n.returnOnRewards.find((r) => r.currency === currency)?.ratio ?? null,
    };
  });
}

const money = (pick: (row: MoneyRow) => number) => (row: MoneyRow) => formatAmount(pick(row), row.currency);

const COLUMNS: Column<MoneyRow>[] = [
  { key: 'currency', header: 'Currency', rowHeader: true, render: (row) => row.currency, className: 'mono' },
  {
    key: 'customers',
    header: 'Paying friends',
    render: (row) => formatNumber(row.customers),
    align: 'right',
  },
  { key: 'first', header: 'First payments', render: money((r) => r.firstPayment), align: 'right' },
  { key: 'total', header: 'Revenue to date', render: money((r) => r.total), align: 'right' },
  { key: 'referrer', header: 'Cost: referrers', render: money((r) => r.referrerGiven), align: 'right' },
  { key: 'referred', header: 'Cost: friends', render: money((r) => r.referredGiven), align: 'right' },
  { key: 'pending', header: 'Cost pending', render: money((r) => r.pending), align: 'right' },
  {
    key: 'return',
    header: 'Return',
    render: (row) => (row.ratio === null ? '—' : `${formatNumber(row.ratio)}×`),
    align: 'right',
  },
];

export function DashboardMoney({ numbers }: { numbers: DashboardNumbers }) {
  return (
    <Card title="Revenue and reward cost" titleId="money-title">
      <DataTable
        caption="Revenue from referred customers and what their rewards cost, per currency"
        hideCaption
        columns={COLUMNS}
        rows={moneyRows(numbers)}
        rowKey={(row) => row.currency}
        testId="money"
        rowTestId="money-row"
        empty={
          <EmptyState title="No revenue or reward cost in this range">
            Revenue shows once a referred customer pays with a subscription value; cost once rewards are
            given.
          </EmptyState>
        }
      />
      <p class="cell-note">
        Revenue to date counts each billing period paid since the first payment (a month as 30 days). A
        discount costs its percent of one period of the subscription; credit costs its amount. Return is
        revenue to date over all cost, pending included.
      </p>
    </Card>
  );
}

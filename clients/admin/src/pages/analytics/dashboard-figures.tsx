import { Card, DailyChart, DataTable, EmptyState, Funnel, StatCard, type Column } from '../../components';
import { formatDay, formatMoney, formatNumber, formatPercent } from '../../format';
import { DashboardMoney } from './dashboard-money';
import type { DailyPoint, Dashboard, LeaderboardEntry } from './dashboard-query';

const LEADERBOARD_COLUMNS: Column<LeaderboardEntry>[] = [
  { key: 'rank', header: '#', render: (_row, i) => formatNumber(i + 1), align: 'right' },
  {
    key: 'referrer',
    header: 'Referrer',
    rowHeader: true,
    render: (row) => (
      <a href={`/admin/accounts/${encodeURIComponent(row.accountId)}`}>{row.name || row.userId}</a>
    ),
  },
  { key: 'account', header: 'Account', render: (row) => row.accountId, className: 'mono' },
  { key: 'code', header: 'Code', render: (row) => row.shareCode ?? '—', className: 'mono' },
  { key: 'started', header: 'Started', render: (row) => formatNumber(row.referralsStarted), align: 'right' },
  {
    key: 'converted',
    header: 'Converted',
    render: (row) => formatNumber(row.referralsConverted),
    align: 'right',
  },
];

function chartSummary(d: Dashboard): string {
  const busiest = d.daily.reduce<DailyPoint | null>(
    (best, p) => (!best || p.started > best.started ? p : best),
    null,
  );
  const peak =
    busiest && busiest.started > 0
      ? ` The busiest day was ${formatDay(busiest.date)} with ${formatNumber(busiest.started)} started.`
      : '';
  return (
    `Referrals per day from ${formatDay(d.from)} to ${formatDay(d.to)}: ` +
    `${formatNumber(d.referralsStarted)} started and ${formatNumber(d.referralsConverted)} converted.${peak}`
  );
}

function creditText(credit: Dashboard['creditOutstanding']): string {
  const owed = credit.filter((c) => c.amount !== 0);
  return owed.length === 0 ? formatNumber(0) : owed.map((c) => formatMoney(c.amount, c.unit)).join(' · ');
}

/** The range's key figures, its referrals per day, the funnel and the top referrers. */
export function DashboardFigures({ data }: { data: Dashboard }) {
  const quiet = data.referralsStarted === 0 && data.referralsConverted === 0;
  return (
    <>
      <section class="stats" aria-label="Key figures">
        <StatCard label="Share-link clicks" value={formatNumber(data.clicks)} testId="stat-clicks" />
        <StatCard
          label="Referrals started"
          value={formatNumber(data.referralsStarted)}
          testId="stat-started"
        />
        <StatCard
          label="Referrals converted"
          value={formatNumber(data.referralsConverted)}
          testId="stat-converted"
        />
        <StatCard
          label="Conversion rate"
          value={formatPercent(data.conversionRate)}
          hint="Converted ÷ started"
          testId="stat-conversion-rate"
        />
        <StatCard
          label="Rewards to referrers"
          value={formatNumber(data.numbers.rewardsToReferrers)}
          hint="Not cancelled; pending included"
          testId="stat-rewards-referrers"
        />
        <StatCard
          label="Rewards to friends"
          value={formatNumber(data.numbers.rewardsToReferred)}
          hint="Not cancelled; pending included"
          testId="stat-rewards-referred"
        />
        <StatCard
          label="Credit outstanding"
          value={creditText(data.creditOutstanding)}
          hint="Unredeemed, all time"
          testId="stat-credit"
        />
      </section>
      <div class="split">
        <Card title="Referrals per day" titleId="chart-title">
          {quiet ? (
            <EmptyState title="No referrals started or converted in this range">
              Referrals appear here when a friend signs up with a share link or code.
            </EmptyState>
          ) : (
            <DailyChart points={data.daily} summary={chartSummary(data)} testId="daily-chart" />
          )}
        </Card>
        <Card title="Funnel" titleId="funnel-title">
          <Funnel
            testId="funnel"
            steps={[
              { label: 'Share-link clicks', count: data.clicks },
              {
                label: 'Referrals from clicks',
                count: data.numbers.referralsFromClicks,
                shareOf: 'of clicks',
              },
              {
                label: 'Direct attributions',
                count: data.numbers.referralsDirect,
                base: null,
                note: 'A code through the API, an import or the payment processor',
              },
              {
                label: 'Conversions',
                count: data.referralsConverted,
                base: data.referralsStarted,
                shareOf: 'of referrals',
              },
            ]}
          />
        </Card>
      </div>
      <DashboardMoney numbers={data.numbers} />
      <Card title="Top referrers" titleId="leaderboard-title">
        <DataTable
          caption="Top referrers by referrals converted, then started"
          hideCaption
          columns={LEADERBOARD_COLUMNS}
          rows={data.leaderboard}
          rowKey={(row) => row.accountId + row.userId}
          testId="leaderboard"
          rowTestId="leaderboard-row"
          empty={<EmptyState title="No referrers in this range" />}
        />
      </Card>
    </>
  );
}

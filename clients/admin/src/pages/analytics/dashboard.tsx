import { DateField, ErrorState, Loading, Page } from '../../components';
import { addDays, daysBetween, formatDay, isDay, utcDay } from '../../format';
import { useQuery } from '../../hooks';
import { navigate, useRoute, withQuery } from '../../router';
import { DashboardFigures } from './dashboard-figures';
import { DASHBOARD } from './dashboard-query';

const MAX_DAYS = 366;

interface Preset {
  label: string;
  from: (today: string) => string;
}

/** Quick ranges ending today (UTC); "12 months" starts the day after the same date a year ago. */
const PRESETS: Preset[] = [
  { label: '7 days', from: (today) => addDays(today, -6) },
  { label: '30 days', from: (today) => addDays(today, -29) },
  { label: '90 days', from: (today) => addDays(today, -89) },
  { label: '12 months', from: (today) => addDays(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, 1) },
];

/** The range in the address (?from=&to=), else the last 30 days; a problem with it, in words. */
function rangeFrom(query: URLSearchParams, today: string): { from: string; to: string; problem?: string } {
  const from = query.get('from') ?? PRESETS[1]!.from(today);
  const to = query.get('to') ?? today;
  if (!isDay(from) || !isDay(to)) return { from, to, problem: 'Enter both dates.' };
  if (from > to) return { from, to, problem: 'The start date is after the end date.' };
  if (daysBetween(from, to) > MAX_DAYS) return { from, to, problem: `A range is at most ${MAX_DAYS} days.` };
  return { from, to };
}

/** Clicks, referrals, conversions, rewards and credit over a date range, per day, and the top referrers. */
export function DashboardPage() {
  const { query } = useRoute();
  const today = utcDay(Date.now());
  const range = rangeFrom(query, today);
  const { data, error, loading, reload } = useQuery(
    DASHBOARD,
    { range: { from: range.from, to: range.to } },
    { skip: !!range.problem },
  );
  const setRange = (from: string, to: string) =>
    navigate(withQuery('/admin/', { from, to }), { replace: true });

  return (
    <Page
      title="Dashboard"
      description={
        range.problem
          ? 'Days are UTC calendar days.'
          : `${formatDay(range.from)} – ${formatDay(range.to)} · UTC days`
      }
    >
      <form class="toolbar" aria-label="Date range" onSubmit={(e) => e.preventDefault()}>
        <div class="toolbar-fields">
          <DateField
            label="From"
            testId="date-from"
            value={range.from}
            max={range.to}
            onChange={(from) => setRange(from, range.to)}
          />
          <DateField
            label="To"
            testId="date-to"
            value={range.to}
            min={range.from}
            onChange={(to) => setRange(range.from, to)}
          />
        </div>
        <div class="presets" role="group" aria-label="Quick ranges">
          {PRESETS.map((preset) => {
            const from = preset.from(today);
            return (
              <button
                key={preset.label}
                type="button"
                class="button button-secondary button-small"
                aria-pressed={range.from === from && range.to === today}
                onClick={() => setRange(from, today)}
              >
                {preset.label}
              </button>
            );
          })}
        </div>
        {loading && data && <span class="toolbar-status">Updating…</span>}
      </form>
      {range.problem ? (
        <p class="form-error" role="alert" data-testid="range-error">
          {range.problem}
        </p>
      ) : error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The dashboard couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the dashboard…" />
      ) : (
        <DashboardFigures data={data.dashboard} />
      )}
    </Page>
  );
}

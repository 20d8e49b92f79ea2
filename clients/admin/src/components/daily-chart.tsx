import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { formatDay, formatNumber, formatShortDay } from '../format';

export interface DailyChartPoint {
  /** A UTC calendar day, YYYY-MM-DD. */
  date: string;
  started: number;
  converted: number;
}

export interface DailyChartProps {
  points: DailyChartPoint[];
  /** The chart's text alternative (role="img"): what it shows, in words and numbers. */
  summary: string;
  testId?: string;
}

const STARTED = '#2563eb';
const CONVERTED = '#047857';
const AXIS = '#475569';
const GRID = '#e2e8f0';
const HEIGHT = 260;

const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The legend's value for a series: the day's value under the cursor, or without a cursor the range's
 * first to last day and totals.
 */
function legendValue(points: DailyChartPoint[], key: 'date' | 'started' | 'converted') {
  return (_u: uPlot, _v: number | null, _series: number, idx: number | null): string => {
    const point = idx === null ? undefined : points[idx];
    if (key === 'date') {
      if (point) return formatDay(point.date);
      const first = points[0];
      const last = points[points.length - 1];
      return first && last ? `${formatShortDay(first.date)} – ${formatShortDay(last.date)}` : '';
    }
    return formatNumber(point ? point[key] : points.reduce((sum, p) => sum + p[key], 0));
  };
}

function options(width: number, points: DailyChartPoint[]): uPlot.Options {
  const days = points.length;
  const bars = uPlot.paths.bars!({ size: [0.6, 24], gap: 1 });
  return {
    width,
    height: HEIGHT,
    // Days are UTC calendar days: plot and label them in UTC, whatever the operator's time zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 7 } },
    legend: { live: true },
    scales: {
      // Half a day of room on each side, so the first and last days' bars are whole.
      x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
    },
    series: [
      { label: 'Day', value: legendValue(points, 'date') },
      {
        label: 'Started',
        stroke: STARTED,
        fill: 'rgba(37, 99, 235, 0.28)',
        width: 1,
        paths: bars,
        points: { show: false },
        value: legendValue(points, 'started'),
      },
      {
        label: 'Converted',
        stroke: CONVERTED,
        width: 2.5,
        points: { show: days <= 45, size: 5, fill: CONVERTED },
        value: legendValue(points, 'converted'),
      },
    ],
    axes: [
      {
        stroke: AXIS,
        grid: { show: false },
        ticks: { stroke: GRID },
        values: (_u, splits) => splits.map((s) => formatShortDay(dayOf(s))),
        space: 70,
      },
      {
        stroke: AXIS,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000],
        values: (_u, splits) => splits.map((s) => formatNumber(s)),
        size: 56,
      },
    ],
  };
}

/**
 * Referrals started (bars) and converted (line) per day with uPlot, as wide as its container, with
 * uPlot's legend (the day under the cursor, else the range's totals). Screen readers get `summary`
 * instead of the canvas.
 */
export function DailyChart({ points, summary, testId }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      points.map((p) => toSeconds(p.date)),
      points.map((p) => p.started),
      points.map((p) => p.converted),
    ];
    const widthOf = () => Math.max(280, Math.floor(el.clientWidth));
    const plot = new uPlot(options(widthOf(), points), data, el);
    const observer = new ResizeObserver(() => {
      const width = widthOf();
      if (width !== plot.width) plot.setSize({ width, height: HEIGHT });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [points]);

  return <div class="daily-chart" ref={box} role="img" aria-label={summary} data-testid={testId} />;
}

import os from 'node:os';
import { fmt, percentile, perSecond, type LoadResult } from './measure';
import { describeMachine } from './support';
import { workerCacheSize, type WorkerMemory } from './worker-memory';

/** One memory sample of bench/held-rewards.ts, taken once the processes went quiet. */
export interface Sample {
  label: string;
  held: number;
  /** Referrer rewards by status in PostgreSQL. */
  pending: number;
  available: number;
  /** Referral lifecycle workflows Temporal's visibility counts as running, and those CONVERTED. */
  running: number;
  converted: number;
  memory: WorkerMemory;
  temporalRssMb: number;
  settleMs: number;
}

export interface Creation {
  count: number;
  ms: number;
  failed: number;
  latenciesMs: number[];
  /** CPU (% of one core) per group while each step's referrals were converted. */
  cpu: Record<string, number>[];
}

export interface Release {
  firstHoldEnd: number;
  lastHoldEnd: number;
  points: { at: number; available: number; pending: number; due: number; rssMb: number }[];
  peakRssMb: number;
  peakHeapMb: number;
  /** Most rewards whose hold had ended but that were not AVAILABLE yet, at one poll (every 2 s). */
  maxBacklog: number;
  allAvailableAt: number | null;
  /** Worker CPU, % of one core, from the first hold end to the last release. */
  workerCpu: number;
}

const mb = (n: number) => fmt(n, 0);
const s = (ms: number) => fmt(ms / 1000, 1);

function releaseLines(r: Release, held: number): string[] {
  const lines = [
    '',
    `Release (BENCH_RELEASE=1): the holds ended from ${new Date(r.firstHoldEnd).toISOString()} to ${new Date(r.lastHoldEnd).toISOString()} (${s(r.lastHoldEnd - r.firstHoldEnd)} s, the spread of the conversions).`,
  ];
  if (r.allAvailableAt === null) {
    const last = r.points.at(-1);
    lines.push(
      `Not all released: ${last?.available ?? 0} of ${held} AVAILABLE 10 min after the last hold end.`,
    );
    return lines;
  }
  lines.push(
    `All ${held} AVAILABLE ${s(r.allAvailableAt - r.firstHoldEnd)} s after the first hold ended, ${s(r.allAvailableAt - r.lastHoldEnd)} s after the last (polled every 2 s), ${fmt((held * 1000) / Math.max(1, r.allAvailableAt - r.firstHoldEnd), 0)} releases/s over the window. Most rewards past their hold end but not yet AVAILABLE at one poll: ${r.maxBacklog}.`,
    `Worker during the releases: ${fmt(r.workerCpu)} % of one core; peak RSS ${mb(r.peakRssMb)} MB, peak main-thread heap ${mb(r.peakHeapMb)} MB.`,
    '',
    '| s after the first hold end | hold ended | AVAILABLE | PENDING | worker RSS MB |',
    '|---|---|---|---|---|',
  );
  // About ten rows across the window.
  const step = Math.max(1, Math.ceil(r.points.length / 10));
  r.points.forEach((p, i) => {
    if (i % step === 0 || i === r.points.length - 1) {
      lines.push(
        `| ${s(p.at - r.firstHoldEnd)} | ${p.due} | ${p.available} | ${p.pending} | ${mb(p.rssMb)} |`,
      );
    }
  });
  return lines;
}

/** The markdown bench/held-rewards.ts prints. */
export function report(r: {
  loadAtStart: number[];
  held: number;
  referrers: number;
  concurrency: number;
  holdDays: number;
  dayMs: number;
  samples: Sample[];
  noop: LoadResult;
  creation: Creation;
  quietMs: number;
  quietCpu: Record<string, number>;
  release?: Release;
  metricsFound: boolean;
}): string {
  const cache = { maxCachedWorkflows: workerCacheSize() };
  const c = r.creation;
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  const lines = [
    describeMachine(),
    `Load average (1, 5, 15 min) at the start: ${load(r.loadAtStart)}; at the end: ${load(os.loadavg())}.`,
    `${r.held} referrals from ${r.referrers} referrers, each friend identified with referredByCode and accountStatus PAID (one request: attribution and conversion), ${r.concurrency} at a time; the program's rewardHoldDays ${r.holdDays} with a day of ${r.dayMs} ms (REWARD_DAY_MS), so every referrer reward is PENDING and every lifecycle workflow waits on its hold timer.`,
    `Worker sticky cache: WORKER_MAX_CACHED_WORKFLOWS = ${cache.maxCachedWorkflows} for the main Temporal Worker, which runs the referral lifecycles (services/worker/worker.ts). Cached workflow counts are not exposed by the worker.`,
    '',
    '| sample | held | rewards PENDING / AVAILABLE (SQL) | referral workflows running / CONVERTED (visibility) | worker RSS MB | worker+tsx RSS MB | worker heap used / total MB | external MB | Temporal server RSS MB | settled after s |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const x of r.samples) {
    const m = x.memory;
    lines.push(
      `| ${x.label} | ${x.held} | ${x.pending} / ${x.available} | ${x.running} / ${x.converted} | ${mb(m.rssMb)} | ${mb(m.treeRssMb)} | ${mb(m.heapUsedMb)} / ${mb(m.heapTotalMb)} | ${mb(m.externalMb)} | ${mb(x.temporalRssMb)} | ${s(x.settleMs)} |`,
    );
  }
  if (!r.metricsFound)
    lines.push('', "The worker's /metrics port was not found: RSS from /proc only, no heap.");

  const base = r.samples.find((x) => x.label.startsWith('after the no-op'));
  const held = r.samples.filter((x) => x.held > 0);
  const last = held.at(-1);
  // The sticky cache holds at most maxCachedWorkflows waiting workflows; past it, evictions keep it full.
  const pastCache = held.find((x) => x.held >= cache.maxCachedWorkflows && x !== last);
  if (base && last) {
    const grew = (from: Sample, to: Sample) =>
      `${fmt(to.memory.rssMb - from.memory.rssMb, 0)} MB for ${to.held - from.held} more held (${fmt(((to.memory.rssMb - from.memory.rssMb) * 1024) / Math.max(1, to.held - from.held), 1)} KB each)`;
    lines.push(
      '',
      `Worker RSS: ${mb(base.memory.rssMb)} MB with nothing held (after the anchor), ${mb(last.memory.rssMb)} MB at the last sample (${last.held} held): ${grew(base, last)}.`,
    );
    if (pastCache) {
      lines.push(
        `While the sticky cache fills (${cache.maxCachedWorkflows} workflows), up to the ${pastCache.held}-held sample: ${grew(base, pastCache)}; from there to the last sample: ${grew(pastCache, last)}.`,
      );
    }
  }
  const cpu = (g: string) => fmt(r.quietCpu[g] ?? Number.NaN, 1);
  lines.push(
    `During the quiet ${s(r.quietMs)} s with ${r.held} held: worker ${cpu('worker')} %, Temporal server ${cpu('temporal')} %, gateway ${cpu('gateway')} % of one core.`,
    '',
    `Conversions: ${c.count} in ${s(c.ms)} s (${fmt((c.count * 1000) / c.ms, 1)}/s, p50 ${fmt(percentile(c.latenciesMs, 50))} ms, p99 ${fmt(percentile(c.latenciesMs, 99))} ms), ${c.failed} failed or not CONVERTED.`,
    `Anchor: no-op workflow start + result, 20 concurrent for 5 s: ${fmt(perSecond(r.noop), 1)} workflows/s.`,
  );
  if (r.release) lines.push(...releaseLines(r.release, r.held));
  return `${lines.join('\n')}\n`;
}

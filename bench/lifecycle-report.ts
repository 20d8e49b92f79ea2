import { failures, fmt, percentile, perSecond, type LoadResult } from './measure';
import { describeMachine } from './support';

/** One measured phase of bench/lifecycle.ts and the CPU its processes used meanwhile. */
export interface Phase {
  name: string;
  result: LoadResult;
  cpu: Record<string, number>;
  unit: string;
  /** Compared against the raw start + result rate. */
  pairs?: boolean;
}

const GROUPS = ['gateway', 'worker', 'temporal', 'postgres', 'bench'] as const;

/** CPU of every measured process per completed operation, in ms (the cost that caps a full machine). */
function cpuMsPerOp(cpu: Record<string, number>, perSecond: number): number {
  const percent = GROUPS.reduce((sum, name) => sum + (cpu[name] ?? 0), 0);
  return (percent * 10) / perSecond;
}

/** The markdown tables bench/lifecycle.ts prints. */
export function report(r: {
  settings: { concurrency: number; durationMs: number; latencyRate: number };
  phases: Phase[];
  rawMean: number;
  drain: { count: number; ms: number };
  syncExhausted: boolean;
  split: { attribution: number[]; conversion: number[] };
  settleMs: number;
  latency: LoadResult & { maxLagMs: number };
  latencyCpu: Record<string, number>;
}): string {
  const lines = [
    describeMachine(),
    `Closed loops: ${r.settings.concurrency} concurrent clients, ${r.settings.durationMs / 1000} s per phase; the ratio is to the mean of the two raw "start + result" rates (${fmt(r.rawMean, 1)}/s).`,
    '',
    '| measurement | rate | vs raw start+result | p50 ms | p99 ms | non-2xx + errors | 2xx not as expected |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const p of r.phases) {
    const rate = perSecond(p.result);
    lines.push(
      `| ${p.name} | ${fmt(rate, 1)} ${p.unit} | ${p.pairs ? fmt(rate / r.rawMean, 2) : '-'} | ${fmt(percentile(p.result.latenciesMs, 50))} | ${fmt(percentile(p.result.latenciesMs, 99))} | ${failures(p.result)} | ${p.result.counts.unexpected} |`,
    );
  }
  const drained = (r.drain.count * 1000) / r.drain.ms;
  lines.push(
    '',
    `Start only: all ${r.drain.count} no-op workflows had completed ${fmt(r.drain.ms / 1000, 1)} s after the first start (${fmt(drained, 1)} completed/s).`,
  );
  if (r.syncExhausted) lines.push('(a) account sync ran out of prepared users before its time was up.');
  const ms = (samples: number[]) =>
    `p50 ${fmt(percentile(samples, 50))} ms, p99 ${fmt(percentile(samples, 99))} ms`;
  lines.push(
    `(b) per request: attribution ${ms(r.split.attribution)}; conversion ${ms(r.split.conversion)}.`,
  );

  const l = r.latency;
  const lat = (p: number) => fmt(percentile(l.latenciesMs, p));
  lines.push(
    '',
    `| converting POST /accountsync at ${r.settings.latencyRate} req/s (open loop) | requests | achieved req/s | p50 ms | p90 ms | p99 ms | max ms | non-2xx + errors | not CONVERTED |`,
    '|---|---|---|---|---|---|---|---|---|',
    `| previously attributed account with an identified user | ${l.done} | ${fmt((l.done * 1000) / l.elapsedMs, 1)} | ${lat(50)} | ${lat(90)} | ${lat(99)} | ${fmt(Math.max(...l.latenciesMs))} | ${failures(l)} | ${l.counts.unexpected} |`,
    '',
    `Before it the system idled for ${fmt(r.settleMs / 1000, 1)} s after the attributions; send schedule lag (load generator): max ${fmt(l.maxLagMs)} ms.`,
    '',
    '| CPU, % of one core | gateway | worker | temporal dev server | postgres (bench db) | bench | CPU ms per op (all five) | machine busy % |',
    '|---|---|---|---|---|---|---|---|',
  );
  const cpuRow = (name: string, c: Record<string, number>, rate: number) =>
    `| ${name} | ${GROUPS.map((g) => fmt(c[g]!)).join(' | ')} | ${fmt(cpuMsPerOp(c, rate), 1)} | ${fmt(c.machine!)} |`;
  for (const p of r.phases) lines.push(cpuRow(p.name, p.cpu, perSecond(p.result)));
  lines.push(
    cpuRow(`converting account sync at ${r.settings.latencyRate} req/s`, r.latencyCpu, perSecond(l)),
  );
  const b = r.phases.find((p) => p.name.startsWith('(b) PUT'));
  const rules = r.phases.find((p) => p.name.includes('ten published rules'));
  if (b && rules) {
    const plain = cpuMsPerOp(b.cpu, perSecond(b.result));
    const ruled = cpuMsPerOp(rules.cpu, perSecond(rules.result));
    lines.push(
      '',
      `Ten rules per pair: ${fmt(ruled, 1)} CPU ms against ${fmt(plain, 1)} with the program's fixed reward (${fmt((ruled / plain - 1) * 100, 1)} % more; target at most 10 %).`,
    );
  }

  return `${lines.join('\n')}\n`;
}

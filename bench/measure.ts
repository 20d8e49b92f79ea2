import fs from 'node:fs';
import http from 'node:http';

/** Load shapes and statistics for benches whose requests differ one from the next (autocannon's don't). */

/** What one operation came to: ok, a non-2xx answer, a thrown error, or a 2xx with the wrong content. */
export type Outcome = 'ok' | 'non2xx' | 'error' | 'unexpected';

export interface LoadResult {
  /** Operations that finished, whatever their outcome. */
  done: number;
  counts: Record<Outcome, number>;
  elapsedMs: number;
  latenciesMs: number[];
  /** A closed loop that ran out of prepared inputs before its time was up. */
  exhausted: boolean;
}

const emptyCounts = (): Record<Outcome, number> => ({ ok: 0, non2xx: 0, error: 0, unexpected: 0 });

async function timed(op: () => Promise<Outcome>, result: LoadResult): Promise<void> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await op();
  } catch {
    outcome = 'error';
  }
  result.latenciesMs.push(performance.now() - started);
  result.counts[outcome] += 1;
  result.done += 1;
}

/**
 * `concurrency` loops, each starting its next operation when its last one finished, until `durationMs`
 * is over or `limit` operations were started. Elapsed time runs until the last operation finished, so
 * the rate counts the tail too.
 */
export async function closedLoop(options: {
  concurrency: number;
  durationMs?: number;
  limit?: number;
  op: (n: number) => Promise<Outcome>;
}): Promise<LoadResult> {
  const result: LoadResult = {
    done: 0,
    counts: emptyCounts(),
    elapsedMs: 0,
    latenciesMs: [],
    exhausted: false,
  };
  const started = performance.now();
  const end = started + (options.durationMs ?? Number.POSITIVE_INFINITY);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let next = 0;
  const loop = async () => {
    while (performance.now() < end) {
      if (next >= limit) {
        result.exhausted = options.durationMs !== undefined;
        return;
      }
      const n = next;
      next += 1;
      await timed(() => options.op(n), result);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  result.elapsedMs = performance.now() - started;
  return result;
}

/**
 * An open loop: operation n is sent at start + n / rate whether or not earlier ones have answered, so a
 * slow answer cannot lower the offered load (no coordinated omission). Latency runs from the send.
 */
export async function pacedLoop(options: {
  ratePerSecond: number;
  count: number;
  op: (n: number) => Promise<Outcome>;
}): Promise<LoadResult & { maxLagMs: number }> {
  const result = {
    done: 0,
    counts: emptyCounts(),
    elapsedMs: 0,
    latenciesMs: [] as number[],
    exhausted: false,
    maxLagMs: 0,
  };
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < options.count; n += 1) {
    const due = started + (n * 1000) / options.ratePerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    result.maxLagMs = Math.max(result.maxLagMs, performance.now() - due);
    inFlight.push(timed(() => options.op(n), result));
  }
  await Promise.all(inFlight);
  result.elapsedMs = performance.now() - started;
  return result;
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export const perSecond = (r: LoadResult) => (r.counts.ok * 1000) / r.elapsedMs;
export const failures = (r: LoadResult) => r.counts.non2xx + r.counts.error;
export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown> | undefined;
}

/** A small JSON client over one keep-alive agent (cheaper per request than fetch on a shared CPU). */
export function createJsonClient(
  baseUrl: string,
  headers: Record<string, string>,
  maxSockets: number,
  /** The client's own address (e.g. 127.0.0.2: another client for the gateway's per-address quota). */
  localAddress?: string,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, localAddress });
  const base = new URL(baseUrl);
  const request = (method: string, path: string, body?: unknown): Promise<HttpAnswer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path: `${base.pathname.replace(/\/$/, '')}${path}`,
          headers: {
            ...headers,
            ...(payload && { 'content-type': 'application/json', 'content-length': payload.length }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: Record<string, unknown> | undefined;
            try {
              parsed = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
            } catch {
              parsed = undefined;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

/**
 * CPU time per group of processes, from /proc (Linux; elsewhere every figure is empty). A group is a
 * root process id with its descendants, one process id alone, or every process whose command line
 * matches (other engineers' servers on the same machine must not count as ours).
 */
export type CpuGroups = Record<string, { root?: number; pid?: number; cmdline?: RegExp }>;
export interface CpuSample {
  at: number;
  /** Per group, each member process's CPU ticks so far. */
  ticks: Record<string, Map<number, number>>;
  machineBusy: number;
  machineTotal: number;
}

interface ProcessTicks {
  pid: number;
  ppid: number;
  cmdline: string;
  ticks: number;
}

function readProcesses(): ProcessTicks[] {
  const out: ProcessTicks[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return out;
  }
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        cmdline,
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

export function sampleCpu(groups: CpuGroups): CpuSample {
  const processes = readProcesses();
  const children = new Map<number, number[]>();
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const ticks: Record<string, Map<number, number>> = {};
  for (const [name, group] of Object.entries(groups)) {
    const members = new Map<number, number>();
    const add = (p: ProcessTicks | undefined) => p && members.set(p.pid, p.ticks);
    if (group.root !== undefined) {
      const stack = [group.root];
      while (stack.length > 0) {
        const pid = stack.pop()!;
        add(byPid.get(pid));
        stack.push(...(children.get(pid) ?? []));
      }
    }
    if (group.pid !== undefined) add(byPid.get(group.pid));
    if (group.cmdline) {
      for (const p of processes) if (group.cmdline.test(p.cmdline)) add(p);
    }
    ticks[name] = members;
  }
  let machineBusy = 0;
  let machineTotal = 0;
  try {
    const cpu = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    machineTotal = cpu.reduce((a, b) => a + b, 0);
    machineBusy = machineTotal - (cpu[3] ?? 0) - (cpu[4] ?? 0); // minus idle and iowait
  } catch {
    // not Linux
  }
  return { at: performance.now(), ticks, machineBusy, machineTotal };
}

/**
 * Per group: percent of one core used between the samples (clock ticks are 1/100 s on Linux). Counted
 * per process, so one that ended between the samples (a closed pool connection's backend) takes nothing
 * away; its last ticks are missed, a small undercount.
 */
export function cpuPercent(
  before: CpuSample,
  after: CpuSample,
): Record<string, number> & { machine: number } {
  const seconds = (after.at - before.at) / 1000;
  const out: Record<string, number> = {};
  for (const [name, members] of Object.entries(after.ticks)) {
    let used = 0;
    for (const [pid, ticks] of members) used += ticks - (before.ticks[name]?.get(pid) ?? 0);
    out[name] = used / seconds;
  }
  const total = after.machineTotal - before.machineTotal;
  const machine = total > 0 ? (100 * (after.machineBusy - before.machineBusy)) / total : Number.NaN;
  return Object.assign(out, { machine });
}

/**
 * Waits until the named groups together use less than `percent` of one core over a second (their queued
 * work is done), or `timeoutMs` passed. Returns how long it waited.
 */
export async function waitForQuiet(
  groups: CpuGroups,
  names: string[],
  options: { percent?: number; timeoutMs?: number } = {},
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = sampleCpu(groups);
    await new Promise((r) => setTimeout(r, 1000));
    const usage = cpuPercent(before, sampleCpu(groups));
    const busy = names.reduce((sum, name) => sum + (usage[name] ?? 0), 0);
    const waited = performance.now() - started;
    if (busy < (options.percent ?? 15) || waited > (options.timeoutMs ?? 60_000)) return waited;
  }
}

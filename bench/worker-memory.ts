import fs from 'node:fs';
import { CONFIG_VARIABLES } from '../shared/config';

/**
 * Memory of the bench's processes, read from /proc (Linux) and from the worker's own /metrics (its
 * prom-client default metrics: the resident set and the V8 heap of its main thread). The bench starts the
 * worker on a free port it does not return, so the port is found from the sockets the worker's processes
 * listen on.
 */

export interface WorkerMemory {
  /** The worker's node process (process_resident_memory_bytes), MB. */
  rssMb: number;
  /** The tsx wrapper and the worker's node process together (/proc VmRSS), MB. */
  treeRssMb: number;
  /** Main-thread V8 heap (nodejs_heap_size_used_bytes / _total_bytes), MB; workflow threads are not in it. */
  heapUsedMb: number;
  heapTotalMb: number;
  /** nodejs_external_memory_bytes (buffers and native objects held by JS), MB. */
  externalMb: number;
}

const MB = 2 ** 20;

function readFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function pids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .map(Number);
  } catch {
    return [];
  }
}

const parentOf = (pid: number): number | undefined => {
  const stat = readFile(`/proc/${pid}/stat`);
  return stat === undefined ? undefined : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

/** The process and all its descendants. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of pids()) {
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** VmRSS of one process in bytes (0 when it is gone). */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFile(`/proc/${pid}/status`) ?? '');
  return match ? Number(match[1]) * 1024 : 0;
}

/** Summed VmRSS, MB, of every process whose command line matches. */
export function rssOfCommandLines(pattern: RegExp): number {
  let total = 0;
  for (const pid of pids()) {
    const cmdline = readFile(`/proc/${pid}/cmdline`)?.replace(/\0/g, ' ');
    if (cmdline !== undefined && pattern.test(cmdline)) total += rssBytes(pid);
  }
  return total / MB;
}

/** TCP ports the given processes listen on (their socket inodes matched against /proc/net/tcp{,6}). */
function listeningPorts(processes: number[]): number[] {
  const inodes = new Set<string>();
  for (const pid of processes) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]!);
      } catch {
        // closed meanwhile
      }
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (readFile(table) ?? '').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields: sl local_address rem_address st ... inode (index 9); st 0A is LISTEN
      if (fields[3] === '0A' && inodes.has(fields[9]!)) {
        ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
      }
    }
  }
  return [...ports];
}

/** The worker's /metrics URL: the port under its process tree that answers /metrics in Prometheus text. */
export async function findWorkerMetricsUrl(workerPid: number): Promise<string | undefined> {
  for (const port of listeningPorts(processTree(workerPid))) {
    const url = `http://127.0.0.1:${port}/metrics`;
    const text = await fetch(url).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    if (text.includes('process_resident_memory_bytes')) return url;
  }
  return undefined;
}

function metric(text: string, name: string): number {
  const match = new RegExp(`^${name} ([0-9.eE+-]+)`, 'm').exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

export async function sampleWorkerMemory(workerPid: number, metricsUrl?: string): Promise<WorkerMemory> {
  const treeRssMb = processTree(workerPid).reduce((sum, pid) => sum + rssBytes(pid), 0) / MB;
  const text = metricsUrl
    ? await fetch(metricsUrl).then(
        (r) => r.text(),
        () => '',
      )
    : '';
  return {
    rssMb: metric(text, 'process_resident_memory_bytes') / MB,
    treeRssMb,
    heapUsedMb: metric(text, 'nodejs_heap_size_used_bytes') / MB,
    heapTotalMb: metric(text, 'nodejs_heap_size_total_bytes') / MB,
    externalMb: metric(text, 'nodejs_external_memory_bytes') / MB,
  };
}

/**
 * The sticky cache size of the worker's main Temporal Worker (referral lifecycles): WORKER_MAX_CACHED_WORKFLOWS as the worker the bench
 * starts reads it (this process's environment, else the setting's default in shared/config.ts).
 */
export function workerCacheSize(): number {
  return Number(
    process.env.WORKER_MAX_CACHED_WORKFLOWS ?? CONFIG_VARIABLES.WORKER_MAX_CACHED_WORKFLOWS.default,
  );
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/config';
import { createDb, type Db } from '../shared/db/knex';
import { createTenant } from '../shared/domain/tenants/tenants';
import { freePort } from '../shared/http';
import {
  countFile,
  USER_COLUMNS,
  USER_EVENT_COLUMNS,
  writeUserEventFile,
  writeUserFile,
  type FileCounts,
} from './import-files';
import { anchorLoad } from './import-anchor';
import { serviceCommand } from './service-command';
import { cpuPercent, fmt, sampleCpu, type CpuGroups } from './measure';
import { describeMachine, runBench, startBenchEnvironment, type BenchEnvironment } from './support';

/**
 * Bulk import jobs end to end (upload, validation, job) against PostgreSQL's own COPY of the same file,
 * with the gateway and a worker in processes of their own (bench/support.ts), in this order:
 *   a. a MUTATION/USER file of ROWS users and a MUTATION/USER_EVENT file of ROWS events over those users
 *      (bench/import-files.ts), written to a temporary folder;
 *   b. the physical anchor: `psql \copy` of each file into an unindexed table of as many text columns,
 *      in the bench database (dropped afterwards); and the ANCHOR the jobs are compared with
 *      (bench/import-anchor.ts): the same rows into the same tables, indexes and constraints by COPY
 *      into a staging table and set-based INSERT ... SELECT, for a tenant of its own;
 *   c. POST /export/upload of each file, streamed from disk;
 *   d. validateJobCreation on each (target ≤ 10 s for 1,000,000 rows; scaled up, never down, for others);
 *   e. createJob, polled every 250 ms until it ends: USER, then USER_EVENT (the events reference the
 *      users). Rate = ROWS / (dateCompleted - the moment createJob was sent); targets ≥ 50,000 rows/s
 *      and ≥ 0.35 × the COPY rate of the same file. The worker's resident memory (its process tree:
 *      tsx runs the service in a child node) is sampled throughout, and what PostgreSQL stored is counted;
 *   f. (KILLS > 0) a fresh USER file of ROWS rows whose job gets its worker SIGKILLed KILLS times at
 *      spread-out points (20 %, 45 %, 70 % of the rows for 3), restarted each time; the job must still
 *      complete with every user stored exactly once;
 *   g. (BIG_ROWS > 0) a USER file of BIG_ROWS rows through a freshly started worker, for its peak memory
 *      (target ≤ 512 MiB).
 * Knobs (environment): ROWS (1,000,000), KILLS (3, 0 skips f), BIG_ROWS (0 skips g).
 *
 * The worker is started here rather than by support.ts, with the same environment, because the kill run
 * needs to kill and restart it. A failed step is reported in its table and the summary, the steps that
 * do not depend on it still run, and the bench exits non-zero.
 */
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const KILLS = Number(process.env.KILLS ?? 3);
const BIG_ROWS = Number(process.env.BIG_ROWS ?? 0);
const POLL_MS = 250;
/** A job whose status and row count stay the same this long is reported as stalled. */
const STALL_MS = 10 * 60_000;
const MiB = 2 ** 20;
/** The first and last this many rows of a job are timed on their own (is the rate flat as tables grow?). */
const WINDOW_ROWS = 100_000;

type JobType = 'MUTATION/USER' | 'MUTATION/USER_EVENT';
interface JobView {
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'ABORTED';
  stats: { recordsProcessed: number; recordsFailed: number; recordsTotal: number | null } | null;
  dateStarted: number | null;
  dateCompleted: number | null;
  resultFileRef: string | null;
}
interface JobRun {
  id: string;
  job: JobView;
  /** Epoch ms just before createJob was sent (the server's dates are epoch ms of the same clock). */
  sentAt: number;
  /** createJob sent → dateCompleted. */
  seconds: number;
  rowsPerSecond: number;
  rss: RssPeak;
  /** % of one core over the job, per group; undefined when the worker was restarted during it. */
  cpu?: Record<string, number>;
  /** rows/s over the first and the last WINDOW_ROWS rows (from the polls' recordsProcessed). */
  firstWindow: number;
  lastWindow: number;
}
interface RssPeak {
  /** The tree's sum at the first sample (before the job was created). */
  idle: number;
  /** Largest sum over the worker's process tree. */
  tree: number;
  /** Largest single process of the tree (the node process running the worker). */
  process: number;
}
interface SummaryRow {
  measure: string;
  figure: string;
  target: string;
  met: boolean | undefined;
}

const mark = (ok: boolean | undefined) => (ok === undefined ? '-' : ok ? '✓' : '✗');
const mib = (bytes: number) => `${fmt(bytes / MiB, 1)} MiB`;
const seconds = (ms: number) => fmt(ms / 1000, 2);
const elapsedSince = (startedMs: number) => performance.now() - startedMs;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const table = (head: string[], rows: string[][]) => [
  `| ${head.join(' | ')} |`,
  `|${head.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
];
const print = (title: string, lines: string[]) => process.stdout.write(`\n${title}\n\n${lines.join('\n')}\n`);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!;

/* ---------- The worker's process tree, from /proc (Linux) ---------- */

/** `root` and all its descendants, parents before children. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (!fs.existsSync(`/proc/${pid}`)) continue;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Resident memory of a process in bytes (VmRSS), 0 once it is gone. */
function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the tree of whatever process `root()` names every `everyMs` until stopped; keeps the peaks. */
function watchRss(root: () => number | undefined, everyMs = 200) {
  const peak: RssPeak = { idle: Number.NaN, tree: 0, process: 0 };
  const sample = () => {
    const pid = root();
    if (pid === undefined) return;
    const sizes = processTree(pid).map(rssOf);
    const total = sizes.reduce((a, b) => a + b, 0);
    if (Number.isNaN(peak.idle)) peak.idle = total;
    peak.tree = Math.max(peak.tree, total);
    peak.process = Math.max(peak.process, ...sizes, 0);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  let stopped = false;
  return {
    /** Stops sampling (once; later calls only return the peaks). */
    stop(): RssPeak {
      if (!stopped) {
        clearInterval(timer);
        sample();
        stopped = true;
      }
      return peak;
    },
  };
}

/* ---------- A worker of our own, to kill and restart (support.ts keeps its own private) ---------- */

/** Resolves once GET url answers 200; fails when the process exits or the time is up. */
async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode} during start-up`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`the worker did not answer ${url} within ${timeoutMs} ms`);
}

/** `services/worker/main.ts` under tsx with the environment support.ts gives its worker. */
class BenchWorker {
  private child: ChildProcess | undefined;

  constructor(private readonly env: BenchEnvironment) {}

  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  /** Starts it and waits for /healthz; returns the milliseconds that took. */
  async start(): Promise<number> {
    const started = performance.now();
    const port = await freePort();
    // BENCH_WORKER_NODE_ARGS: node flags for the worker, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const [command, args] = serviceCommand('services/worker/main.ts', nodeArgs);
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: this.env.databaseUrl,
        TEMPORAL_ADDRESS: this.env.temporalAddress,
        TEMPORAL_NAMESPACE: this.env.config.TEMPORAL_NAMESPACE,
        TEMPORAL_TASK_QUEUE: this.env.taskQueue,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        WORKER_HTTP_PORT: String(port),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    await waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, child);
    return elapsedSince(started);
  }

  /** SIGKILL to every process of the tree at once, as a crash or an OOM kill would end it. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid || this.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    const pids = processTree(child.pid);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exited;
    const deadline = Date.now() + 10_000;
    while (pids.some((pid) => fs.existsSync(`/proc/${pid}`)) && Date.now() < deadline) await sleep(50);
  }

  /** SIGKILL without waiting: for process exit, when nothing can be awaited. */
  killNow(): void {
    const root = this.pid;
    if (root === undefined) return;
    for (const pid of processTree(root)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  /** SIGTERM (a graceful shutdown), SIGKILL to the tree after 30 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => this.killNow(), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

/* ---------- Files, PostgreSQL's COPY and the API ---------- */

/** Runs psql with one command against the database; resolves with its output, rejects on failure. */
function psql(databaseUrl: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-c', command], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`psql exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * `\copy` of a CSV file into a fresh unindexed table of `columns` text columns: the rate at which this
 * PostgreSQL takes the same rows with no checks, no indexes and no application in between.
 */
async function copyAnchor(db: Db, databaseUrl: string, table: string, columns: number, file: string) {
  const cells = Array.from({ length: columns }, (_, i) => `c${i + 1} text`).join(', ');
  await db.raw(`drop table if exists ${table}`);
  await db.raw(`create table ${table} (${cells})`);
  try {
    const started = performance.now();
    const out = await psql(
      databaseUrl,
      `\\copy ${table} from '${file.replace(/'/g, "''")}' with (format csv, header true)`,
    );
    const ms = elapsedSince(started);
    const copied = Number(/COPY (\d+)/.exec(out)?.[1] ?? Number.NaN);
    const [row] = (await db(table).count('* as n')) as { n: string | number }[];
    return { copied, stored: Number(row!.n), ms };
  } finally {
    await db.raw(`drop table if exists ${table}`);
  }
}

/** POST /export/upload with the file as the raw body, streamed from disk. */
async function upload(env: BenchEnvironment, file: string, filename: string) {
  const url = new URL(`${env.apiUrl}/export/upload`);
  url.searchParams.set('filename', filename);
  const { size } = await fs.promises.stat(file);
  const started = performance.now();
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { authorization: env.auth, 'content-type': 'text/csv', 'content-length': size },
      },
      resolve,
    );
    req.on('error', reject);
    fs.createReadStream(file, { highWaterMark: 256 * 1024 })
      .on('error', (err) => req.destroy(err))
      .pipe(req);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk);
  const ms = elapsedSince(started);
  const text = Buffer.concat(chunks).toString('utf8');
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${text.slice(0, 300)}`);
  const { fileRef } = JSON.parse(text) as { fileRef?: string };
  if (!fileRef) throw new Error(`upload answered without a fileRef: ${text.slice(0, 300)}`);
  return { fileRef, bytes: size, ms };
}

async function graphql<T>(env: BenchEnvironment, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${env.apiUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: env.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  let body: { data?: T; errors?: { message: string }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`GraphQL answered ${res.status}: ${text.slice(0, 300)}`);
  }
  if (body.errors?.length || !body.data) {
    throw new Error(
      `GraphQL answered ${res.status}: ${body.errors?.map((e) => e.message).join('; ') ?? text}`,
    );
  }
  return body.data;
}

const VALIDATE = 'query($j: JobInput!){ validateJobCreation(jobInput: $j){ errors } }';
const CREATE = 'mutation($j: JobInput!){ createJob(jobInput: $j){ id status } }';
const POLL = `query($id: ID!){ job(id: $id){ status stats { recordsProcessed recordsFailed recordsTotal }
  dateStarted dateCompleted resultFileRef } }`;
const TERMINAL = new Set(['COMPLETED', 'FAILED', 'ABORTED']);

async function validate(env: BenchEnvironment, fileRef: string, type: JobType) {
  const started = performance.now();
  const data = await graphql<{ validateJobCreation: { errors: string[] } }>(env, VALIDATE, {
    j: { fileRef, type },
  });
  return { errors: data.validateJobCreation.errors, ms: elapsedSince(started) };
}

interface Context {
  env: BenchEnvironment;
  db: Db;
  worker: BenchWorker;
  tenantId: string;
  /** Uploads and result files to remove from file storage at the end. */
  refs: string[];
}

/**
 * createJob, then the job polled every POLL_MS until it ends, with the worker's memory sampled throughout.
 * `onProgress` sees every poll's answer (the kill run kills the worker from there).
 */
async function runJob(
  ctx: Context,
  fileRef: string,
  type: JobType,
  rows: number,
  onProgress?: (job: JobView) => Promise<void>,
): Promise<JobRun> {
  const { env, worker } = ctx;
  const groups: CpuGroups = {
    worker: { root: worker.pid },
    gateway: { root: env.pids.gateway },
    // The PostgreSQL backends serving our database.
    postgres: { cmdline: new RegExp(`^postgres: .*${new URL(env.databaseUrl).pathname.slice(1)} `) },
  };
  const workerPid = worker.pid;
  const rss = watchRss(() => worker.pid);
  const cpuBefore = sampleCpu(groups);
  const sentAt = Date.now();
  try {
    const created = await graphql<{ createJob: { id: string; status: string } }>(env, CREATE, {
      j: { fileRef, type, outputFormat: 'CSV' },
    });
    const id = created.createJob.id;
    let job: JobView | undefined;
    let lastChange = Date.now();
    let lastKey = '';
    let pollFailures = 0;
    /** (epoch ms, recordsProcessed) at each poll. */
    const samples: [number, number][] = [[sentAt, 0]];
    for (;;) {
      await sleep(POLL_MS);
      try {
        const data = await graphql<{ job: JobView | null }>(env, POLL, { id });
        if (!data.job) throw new Error(`job ${id} not found`);
        job = data.job;
        pollFailures = 0;
      } catch (err) {
        pollFailures += 1;
        if (pollFailures >= 20) throw err;
        continue;
      }
      samples.push([Date.now(), job.stats?.recordsProcessed ?? 0]);
      if (job.resultFileRef && !ctx.refs.includes(job.resultFileRef)) ctx.refs.push(job.resultFileRef);
      if (TERMINAL.has(job.status)) break;
      const key = `${job.status}/${job.stats?.recordsProcessed ?? 0}`;
      if (key !== lastKey) [lastKey, lastChange] = [key, Date.now()];
      else if (Date.now() - lastChange > STALL_MS) {
        throw new Error(`job ${id} stalled at ${key} for ${STALL_MS / 1000} s`);
      }
      await onProgress?.(job);
    }
    const ms = (job.dateCompleted ?? Date.now()) - sentAt;
    const cpu = worker.pid === workerPid ? cpuPercent(cpuBefore, sampleCpu(groups)) : undefined;
    const endAt = job.dateCompleted ?? Date.now();
    // The first poll that saw at least n rows processed (the completion for the last rows).
    const reached = (n: number) => samples.find(([, p]) => p >= n)?.[0] ?? endAt;
    const window = Math.min(WINDOW_ROWS, rows);
    const firstWindow = (window * 1000) / Math.max(1, reached(window) - sentAt);
    const lastWindow = (window * 1000) / Math.max(1, endAt - reached(rows - window));
    return {
      id,
      job,
      sentAt,
      seconds: ms / 1000,
      rowsPerSecond: (rows * 1000) / ms,
      rss: rss.stop(),
      cpu,
      firstWindow,
      lastWindow,
    };
  } finally {
    rss.stop();
  }
}

async function countUsers(ctx: Context, runId: string) {
  const [row] = (await ctx
    .db('users')
    .where('tenant_id', ctx.tenantId)
    .andWhere('id', 'like', `u${runId}-%`)
    .select(
      ctx.db.raw('count(*)::int as n'),
      ctx.db.raw('count(distinct (account_id, id))::int as "distinct"'),
    )) as { n: number; distinct: number }[];
  return row!;
}

async function countEvents(ctx: Context) {
  const [row] = (await ctx
    .db('user_events')
    .where('tenant_id', ctx.tenantId)
    .select(ctx.db.raw('count(*)::int as n'))) as { n: number }[];
  return row!.n;
}

/** The points (fractions of the rows) at which the kill run kills the worker: spread over 20-70 %. */
function killPoints(kills: number): number[] {
  if (kills <= 0) return [];
  if (kills === 1) return [0.45];
  return Array.from({ length: kills }, (_, i) => 0.2 + (0.5 * i) / (kills - 1));
}

/** Removes uploads and result files (each in a folder of its own) from the local file storage. */
async function removeStoredFiles(env: BenchEnvironment, refs: string[]) {
  const root = path.resolve(env.config.fileStorageDir);
  for (const ref of refs) {
    const folder = path.dirname(path.resolve(root, ...ref.split('/')));
    if (!ref.startsWith('imports/') || !folder.startsWith(root + path.sep)) continue;
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

runBench(async () => {
  if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('ROWS must be a whole number ≥ 1');
  if (!Number.isInteger(KILLS) || KILLS < 0) throw new Error('KILLS must be a whole number ≥ 0');
  if (!Number.isInteger(BIG_ROWS) || BIG_ROWS < 0) throw new Error('BIG_ROWS must be a whole number ≥ 0');

  const summary: SummaryRow[] = [];
  /** Runs a step; a failure is reported (stderr, summary, exit code) and the step's result is undefined. */
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    process.stderr.write(`bench: ${name}\n`);
    try {
      return await fn();
    } catch (err) {
      process.stderr.write(`bench: ${name} failed: ${(err as Error).stack ?? String(err)}\n`);
      summary.push({ measure: name, figure: `failed: ${message(err)}`, target: '-', met: false });
      process.exitCode = 1;
      return undefined;
    }
  };

  process.stdout.write(
    `${describeMachine()}\nROWS=${ROWS}, KILLS=${KILLS}, BIG_ROWS=${BIG_ROWS}; bench, gateway, worker, Temporal and PostgreSQL on the same machine\n`,
  );
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bench-imports-'));
  let env: BenchEnvironment | undefined;
  let db: Db | undefined;
  let worker: BenchWorker | undefined;
  const refs: string[] = [];
  const onExit = () => worker?.killNow();
  process.once('exit', onExit);
  try {
    // a. The files (before any server starts, so generation has the machine to itself).
    const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
    const usersFile = path.join(dir, 'users.csv');
    const eventsFile = path.join(dir, 'user-events.csv');
    const generated: [string, string, FileCounts, number][] = [];
    for (const [label, file, write] of [
      ['MUTATION/USER', usersFile, () => writeUserFile(usersFile, runId, ROWS)],
      ['MUTATION/USER_EVENT', eventsFile, () => writeUserEventFile(eventsFile, runId, ROWS)],
    ] as const) {
      const started = performance.now();
      const counts = await write();
      const ms = elapsedSince(started);
      const onDisk = await countFile(file);
      if (onDisk.rows !== ROWS || onDisk.bytes !== counts.bytes) {
        throw new Error(`${file}: ${JSON.stringify(onDisk)} on disk, ${JSON.stringify(counts)} written`);
      }
      generated.push([label, file, counts, ms]);
      summary.push({
        measure: `a. generate ${label} file`,
        figure: `${fmt(counts.rows)} rows, ${mib(counts.bytes)} in ${seconds(ms)} s`,
        target: '-',
        met: undefined,
      });
    }
    print(
      'a. Files (streamed to disk, re-counted from disk)',
      table(
        ['file', 'rows', 'size', 'seconds', 'rows/s'],
        generated.map(([label, , c, ms]) => [
          label,
          fmt(c.rows),
          mib(c.bytes),
          seconds(ms),
          fmt((c.rows * 1000) / ms),
        ]),
      ),
    );

    env = await startBenchEnvironment();
    db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
    worker = new BenchWorker(env);
    const firstStart = await worker.start();
    process.stderr.write(`bench: worker started in ${seconds(firstStart)} s\n`);
    const [tenant] = (await db('tenants').where({ alias: env.tenant.alias }).select('id')) as {
      id: string;
    }[];
    const ctx: Context = { env, db, worker, tenantId: tenant!.id, refs };

    // b. The physical anchor.
    const copyRate: Partial<Record<JobType, number>> = {};
    const copyRows: string[][] = [];
    for (const [type, file, tableName, columns] of [
      ['MUTATION/USER', usersFile, 'bench_copy_users', USER_COLUMNS.length],
      ['MUTATION/USER_EVENT', eventsFile, 'bench_copy_events', USER_EVENT_COLUMNS.length],
    ] as const) {
      const copy = await step(`b. psql \\copy of the ${type} file`, () =>
        copyAnchor(ctx.db, env!.databaseUrl, tableName, columns, file),
      );
      if (!copy) continue;
      const rate = (copy.stored * 1000) / copy.ms;
      copyRate[type] = rate;
      const ok = copy.copied === ROWS && copy.stored === ROWS;
      copyRows.push([type, `${fmt(copy.stored)} ${mark(ok)}`, seconds(copy.ms), fmt(rate)]);
      summary.push({
        measure: `b. COPY ${type} file (unindexed, all text)`,
        figure: `${fmt(rate)} rows/s (${seconds(copy.ms)} s)`,
        target: `${fmt(ROWS)} rows copied`,
        met: ok,
      });
    }
    print(
      'b. Physical anchor: psql \\copy into an unindexed table of text columns (wall clock around psql)',
      table(['file', 'rows stored', 'seconds', 'rows/s'], copyRows),
    );

    // b'. The anchor: the same rows, tables, indexes and constraints by COPY and set-based SQL.
    const anchorRate: Partial<Record<JobType, number>> = {};
    const anchorRows: string[][] = [];
    const anchorTenant = await createTenant(ctx.db, { alias: 'bench-anchor' }).then(async () => {
      const [row] = (await ctx.db('tenants').where({ alias: 'bench-anchor' }).select('id')) as {
        id: string;
      }[];
      return row!.id;
    });
    for (const [type, file] of [
      ['MUTATION/USER', usersFile],
      ['MUTATION/USER_EVENT', eventsFile],
    ] as const) {
      const anchor = await step(`b. anchor load of the ${type} file`, () =>
        anchorLoad(ctx.db, anchorTenant, type, file),
      );
      if (!anchor) continue;
      // Its outbox events are not the jobs' business: the dispatcher would work through them during the
      // jobs. Deleted and vacuumed (not timed), so no dead index entries slow the dispatcher's scans.
      await ctx.db('webhook_events').where({ tenant_id: anchorTenant }).delete();
      await ctx.db.raw('vacuum webhook_events');
      const rate = (anchor.stored * 1000) / anchor.ms;
      anchorRate[type] = rate;
      anchorRows.push([
        type,
        `${fmt(anchor.stored)} ${mark(anchor.stored === ROWS)}`,
        seconds(anchor.ms),
        fmt(rate),
      ]);
      summary.push({
        measure: `b. anchor: ${type} by COPY + set-based SQL (same tables)`,
        figure: `${fmt(rate)} rows/s (${seconds(anchor.ms)} s)`,
        target: `${fmt(ROWS)} rows stored`,
        met: anchor.stored === ROWS,
      });
    }
    print(
      'b. Anchor: COPY into a staging table, then INSERT ... SELECT into the same tables (one transaction, own tenant)',
      table(['file', 'rows stored', 'seconds', 'rows/s'], anchorRows),
    );

    // c. Uploads.
    const uploads: Partial<Record<JobType, string>> = {};
    const uploadRows: string[][] = [];
    for (const [type, file, name] of [
      ['MUTATION/USER', usersFile, 'users.csv'],
      ['MUTATION/USER_EVENT', eventsFile, 'user-events.csv'],
    ] as const) {
      const up = await step(`c. upload the ${type} file`, () => upload(env!, file, name));
      if (!up) continue;
      refs.push(up.fileRef);
      uploads[type] = up.fileRef;
      uploadRows.push([type, mib(up.bytes), seconds(up.ms), `${fmt(up.bytes / MiB / (up.ms / 1000), 1)}`]);
      summary.push({
        measure: `c. upload ${type} file`,
        figure: `${mib(up.bytes)} in ${seconds(up.ms)} s`,
        target: '-',
        met: undefined,
      });
    }
    print(
      'c. POST /export/upload (text/csv body streamed from disk)',
      table(['file', 'size', 'seconds', 'MiB/s'], uploadRows),
    );

    // d. Validation.
    const validLimitMs = 10_000 * Math.max(1, ROWS / 1_000_000);
    const validated: Partial<Record<JobType, boolean>> = {};
    const validationRows: string[][] = [];
    for (const type of ['MUTATION/USER', 'MUTATION/USER_EVENT'] as const) {
      const fileRef = uploads[type];
      if (!fileRef) continue;
      const v = await step(`d. validateJobCreation ${type}`, () => validate(env!, fileRef, type));
      if (!v) continue;
      validated[type] = v.errors.length === 0;
      validationRows.push([
        type,
        seconds(v.ms),
        v.errors.length === 0 ? '[] ✓' : `${v.errors.length} ✗: ${v.errors.slice(0, 3).join('; ')}`,
      ]);
      summary.push({
        measure: `d. validateJobCreation ${type}`,
        figure: `${seconds(v.ms)} s, ${v.errors.length} errors`,
        target: `≤ ${fmt(validLimitMs / 1000)} s, no errors`,
        met: v.ms <= validLimitMs && v.errors.length === 0,
      });
    }
    print(
      `d. validateJobCreation (target ≤ 10 s for 1,000,000 rows)`,
      table(['file', 'seconds', 'errors'], validationRows),
    );

    // e. The jobs: users first, the events reference them.
    const jobRows: string[][] = [];
    for (const type of ['MUTATION/USER', 'MUTATION/USER_EVENT'] as const) {
      const fileRef = uploads[type];
      if (!fileRef || !validated[type]) continue;
      const run = await step(`e. ${type} job`, () => runJob(ctx, fileRef, type, ROWS));
      if (!run) continue;
      const stored = type === 'MUTATION/USER' ? (await countUsers(ctx, runId)).n : await countEvents(ctx);
      const stats = run.job.stats;
      const copy = copyRate[type];
      const ratio = copy ? run.rowsPerSecond / copy : Number.NaN;
      const anchor = anchorRate[type];
      const anchorRatio = anchor ? run.rowsPerSecond / anchor : Number.NaN;
      const queuedMs = (run.job.dateStarted ?? run.sentAt) - run.sentAt;
      const correct =
        run.job.status === 'COMPLETED' &&
        stored === ROWS &&
        stats?.recordsProcessed === ROWS &&
        stats.recordsFailed === 0;
      jobRows.push([
        type,
        run.job.status,
        `${stats?.recordsProcessed ?? '-'} / ${stats?.recordsFailed ?? '-'} / ${stats?.recordsTotal ?? '-'}`,
        seconds(queuedMs),
        fmt(run.seconds, 2),
        fmt(run.rowsPerSecond),
        `${fmt(run.firstWindow)} / ${fmt(run.lastWindow)}`,
        anchor ? `${fmt(anchor)} (${fmt(anchorRatio, 2)} ×)` : '-',
        fmt(ratio, 2),
        `${mib(run.rss.tree)} (idle ${mib(run.rss.idle)})`,
        run.cpu
          ? `${fmt(run.cpu.worker!)} / ${fmt(run.cpu.postgres!)} / ${fmt(run.cpu.gateway!)} (machine busy ${fmt(run.cpu.machine)} %)`
          : '-',
        `${fmt(stored)} ${mark(stored === ROWS)}`,
      ]);
      summary.push(
        {
          measure: `e. ${type} job rate (createJob → dateCompleted)`,
          figure: `${fmt(run.rowsPerSecond)} rows/s (${fmt(run.seconds, 1)} s)`,
          target: '≥ 50,000 rows/s',
          met: run.rowsPerSecond >= 50_000,
        },
        {
          measure: `e. ${type} job rate vs the anchor (same rows and tables by COPY + set-based SQL)`,
          figure: `${fmt(anchorRatio, 2)} × (anchor ${anchor ? fmt(anchor) : '-'} rows/s); first / last ${fmt(WINDOW_ROWS)} rows ${fmt(run.firstWindow)} / ${fmt(run.lastWindow)} rows/s`,
          target: '≥ 0.5 ×',
          met: Number.isFinite(anchorRatio) ? anchorRatio >= 0.5 : undefined,
        },
        {
          measure: `e. ${type} job rate vs COPY`,
          figure: `${fmt(ratio, 2)} × (COPY ${copy ? fmt(copy) : '-'} rows/s)`,
          target: '≥ 0.35 ×',
          met: Number.isFinite(ratio) ? ratio >= 0.35 : undefined,
        },
        {
          measure: `e. ${type} job outcome`,
          figure: `${run.job.status}, ${fmt(stored)} rows stored, processed ${stats?.recordsProcessed ?? '-'}, failed ${stats?.recordsFailed ?? '-'}`,
          target: `COMPLETED, ${fmt(ROWS)} stored and processed, 0 failed`,
          met: correct,
        },
        {
          measure: `e. ${type} job: worker peak RSS`,
          figure: `${mib(run.rss.tree)} (largest process ${mib(run.rss.process)}, idle before the job ${mib(run.rss.idle)})`,
          target: '≤ 512 MiB',
          met: run.rss.tree <= 512 * MiB,
        },
      );
    }
    print(
      'e. Jobs, polled every 250 ms (rate = ROWS / (dateCompleted - createJob sent); RSS = worker process tree; CPU = % of one core over the job)',
      table(
        [
          'job',
          'status',
          'processed / failed / total',
          'queued s',
          'seconds',
          'rows/s',
          `rows/s first / last ${fmt(WINDOW_ROWS)}`,
          'anchor rows/s (job ×)',
          '× COPY',
          'worker peak RSS (idle before)',
          'CPU % of a core: worker / postgres / gateway',
          'rows stored',
        ],
        jobRows,
      ),
    );

    // f. Kill run.
    if (KILLS > 0) {
      const killRunId = `${runId}k`;
      const kill = await step(`f. kill run (${KILLS} worker SIGKILLs)`, async () => {
        const file = path.join(dir, 'users-kill.csv');
        await writeUserFile(file, killRunId, ROWS);
        const up = await upload(env!, file, 'users-kill.csv');
        refs.push(up.fileRef);
        await fs.promises.rm(file, { force: true });
        const points = killPoints(KILLS).map((f) => Math.ceil(f * ROWS));
        const kills: { atProcessed: number; restartMs: number }[] = [];
        const run = await runJob(ctx, up.fileRef, 'MUTATION/USER', ROWS, async (job) => {
          const processed = job.stats?.recordsProcessed ?? 0;
          const next = points[kills.length];
          if (next === undefined || job.status !== 'IN_PROGRESS' || processed < next) return;
          process.stderr.write(`bench: SIGKILL the worker at ${processed} rows processed\n`);
          await ctx.worker.kill();
          kills.push({ atProcessed: processed, restartMs: await ctx.worker.start() });
        });
        return { run, kills, users: await countUsers(ctx, killRunId) };
      });
      if (kill) {
        const { run, kills, users } = kill;
        const stats = run.job.stats;
        const ok =
          run.job.status === 'COMPLETED' &&
          kills.length === KILLS &&
          users.n === ROWS &&
          users.distinct === users.n &&
          stats?.recordsProcessed === ROWS &&
          stats.recordsFailed === 0;
        print(
          `f. Kill run: ${fmt(ROWS)} users, the worker's process tree SIGKILLed and restarted at ${killPoints(
            KILLS,
          )
            .map((p) => `${fmt(p * 100)} %`)
            .join(', ')} of the rows`,
          table(
            [
              'kills done',
              'killed at recordsProcessed (restart s)',
              'status',
              'seconds incl. kills',
              'rows/s',
              'users stored',
              'duplicates',
              'processed / failed',
            ],
            [
              [
                `${kills.length} of ${KILLS} ${mark(kills.length === KILLS)}`,
                kills.map((k) => `${k.atProcessed} (${seconds(k.restartMs)})`).join(', ') || '-',
                `${run.job.status} ${mark(run.job.status === 'COMPLETED')}`,
                fmt(run.seconds, 1),
                fmt(run.rowsPerSecond),
                `${fmt(users.n)} ${mark(users.n === ROWS)}`,
                `${users.n - users.distinct} ${mark(users.n === users.distinct)}`,
                `${stats?.recordsProcessed ?? '-'} / ${stats?.recordsFailed ?? '-'} ${mark(stats?.recordsProcessed === ROWS && stats.recordsFailed === 0)}`,
              ],
            ],
          ),
        );
        summary.push({
          measure: `f. USER job with ${KILLS} worker SIGKILLs`,
          figure: `${run.job.status} after ${kills.length} kills in ${fmt(run.seconds, 1)} s; ${fmt(users.n)} users, ${users.n - users.distinct} duplicates, processed ${stats?.recordsProcessed ?? '-'}, failed ${stats?.recordsFailed ?? '-'}`,
          target: `COMPLETED, ${fmt(ROWS)} users once each, processed ${fmt(ROWS)}, 0 failed`,
          met: ok,
        });
      }
    }

    // g. Peak memory on a big file, through a fresh worker (its peak is not an earlier job's).
    if (BIG_ROWS > 0) {
      const bigRunId = `${runId}b`;
      const big = await step(`g. ${fmt(BIG_ROWS)}-row USER job`, async () => {
        const file = path.join(dir, 'users-big.csv');
        const started = performance.now();
        const counts = await writeUserFile(file, bigRunId, BIG_ROWS);
        const generateMs = elapsedSince(started);
        const up = await upload(env!, file, 'users-big.csv');
        refs.push(up.fileRef);
        await fs.promises.rm(file, { force: true });
        await ctx.worker.stop();
        await ctx.worker.start();
        const run = await runJob(ctx, up.fileRef, 'MUTATION/USER', BIG_ROWS);
        return { counts, generateMs, up, run, users: await countUsers(ctx, bigRunId) };
      });
      if (big) {
        const { counts, generateMs, up, run, users } = big;
        print(
          `g. ${fmt(BIG_ROWS)}-row USER file through a freshly started worker`,
          table(
            [
              'size',
              'generated s',
              'upload s',
              'status',
              'seconds',
              'rows/s',
              `rows/s first / last ${fmt(WINDOW_ROWS)}`,
              'idle RSS',
              'peak RSS (largest process)',
              'users stored',
            ],
            [
              [
                mib(counts.bytes),
                seconds(generateMs),
                seconds(up.ms),
                run.job.status,
                fmt(run.seconds, 1),
                fmt(run.rowsPerSecond),
                `${fmt(run.firstWindow)} / ${fmt(run.lastWindow)}`,
                mib(run.rss.idle),
                `${mib(run.rss.tree)} (${mib(run.rss.process)})`,
                `${fmt(users.n)} ${mark(users.n === BIG_ROWS)}`,
              ],
            ],
          ),
        );
        summary.push(
          {
            measure: `g. ${fmt(BIG_ROWS)}-row USER job: worker peak RSS`,
            figure: `${mib(run.rss.tree)} (largest process ${mib(run.rss.process)}, idle ${mib(run.rss.idle)})`,
            target: '≤ 512 MiB',
            met: run.rss.tree <= 512 * MiB,
          },
          {
            measure: `g. ${fmt(BIG_ROWS)}-row USER job outcome`,
            figure: `${run.job.status}, ${fmt(users.n)} users in ${fmt(run.seconds, 1)} s (${fmt(run.rowsPerSecond)} rows/s)`,
            target: `COMPLETED, ${fmt(BIG_ROWS)} users`,
            met: run.job.status === 'COMPLETED' && users.n === BIG_ROWS,
          },
        );
      }
    }
  } finally {
    await worker?.stop().catch((err: unknown) => process.stderr.write(`bench teardown: ${String(err)}\n`));
    await db?.destroy();
    await env?.stop();
    if (env) await removeStoredFiles(env, refs);
    await fs.promises.rm(dir, { recursive: true, force: true });
    process.removeListener('exit', onExit);
  }

  print(
    'Summary',
    table(
      ['measure', 'figure', 'target', 'met?'],
      summary.map((s) => [s.measure, s.figure, s.target, mark(s.met)]),
    ),
  );
});

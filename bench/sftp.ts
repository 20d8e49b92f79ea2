import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/config';
import { freePort } from '../shared/http';
import { fmt } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * An SFTP upload over loopback with the real OpenSSH client (`npm run bench:sftp`): a SIZE_MB (200) MB
 * MUTATION/USER file put into /imports/USER/ of a tenant whose key was generated through GraphQL, against
 * `npm run start:sftp` (its node flags bound the heap: see package.json; NODE_ENV=production), with the gateway
 * and a worker in processes of their own (bench/support.ts). It reports:
 *   - transfer rate: bytes / (the server's OPEN → CLOSE of the file), from its log (target ≥ 50 MB/s);
 *   - the SFTP process's resident memory (the node process, sampled every 50 ms): idle, peak
 *     while the bytes arrive, peak while the file is taken (validation and createJob) (target < 150 MB);
 *   - the time from the upload's close to the job's start: validation and createJob (close → job created),
 *     then the workflow's start (job created → job IN_PROGRESS).
 * The job is aborted once it runs (its rows are not the point). Knobs: SIZE_MB (200).
 */
const SIZE_MB = Number(process.env.SIZE_MB ?? 200);
const MB = 1_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Json = Record<string, unknown>;
interface LogLine {
  msg?: string;
  event?: string;
  time?: string;
  receivedMs?: number;
  jobId?: string;
}
interface JobTimes {
  status: string;
  dateCreated: number;
  dateStarted: number | null;
}

/** A valid USER file of about `bytes` bytes: rows of ~200 bytes (a note column pads them). */
function writeUserFile(file: string, bytes: number): { rows: number; bytes: number } {
  const fd = fs.openSync(file, 'w');
  const note = 'n'.repeat(120);
  let written = 0;
  let rows = 0;
  const header = 'id,accountId,email,firstName,lastName,customFields.note\n';
  fs.writeSync(fd, header);
  written += header.length;
  while (written < bytes) {
    const lines: string[] = [];
    for (let i = 0; i < 5000; i += 1, rows += 1) {
      lines.push(`u${rows},a${rows >> 2},u${rows}@example.com,First${rows % 97},Last${rows % 89},${note}\n`);
    }
    const chunk = lines.join('');
    fs.writeSync(fd, chunk);
    written += chunk.length;
  }
  fs.closeSync(fd);
  return { rows, bytes: written };
}

/** Resident set of a process in bytes (0 once it has gone). Linux /proc. */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The node process running services/sftp/main.ts under `npm run start:sftp` (npm and sh are its parents). */
function sftpProcess(): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (path.basename(argv[0]!) === 'node' && argv.includes('services/sftp/main.ts')) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sftp-'));
  const env = await startBenchEnvironment({ worker: true });
  let sftp: ChildProcess | undefined;
  try {
    const gql = async (query: string, variables: Json = {}) => {
      const res = await fetch(`${env.apiUrl}/graphql`, {
        method: 'POST',
        headers: { authorization: env.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as Json;
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data as Record<string, Record<string, unknown>>;
    };
    await gql('mutation { enableSftp { enabled } }');
    const key = (await gql('mutation { generateSftpKey { privateKey username } }')).generateSftpKey as {
      privateKey: string;
      username: string;
    };
    const keyFile = path.join(dir, 'key');
    fs.writeFileSync(keyFile, key.privateKey, { mode: 0o600 });
    const file = path.join(dir, 'users.csv');
    const made = writeUserFile(file, SIZE_MB * MB);

    const port = await freePort();
    sftp = spawn('npm', ['run', '--silent', 'start:sftp'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATABASE_URL: env.databaseUrl,
        TEMPORAL_ADDRESS: env.temporalAddress,
        TEMPORAL_TASK_QUEUE: env.taskQueue,
        SFTP_PORT: String(port),
        SFTP_HOST: '127.0.0.1',
        SFTP_HOST_KEY_PATH: path.join(dir, 'host_key'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const log: LogLine[] = [];
    let out = '';
    sftp.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines)
        if (line.startsWith('{')) log.push({ ...JSON.parse(line), seenAt: Date.now() });
    });
    const logged = async (msg: string, timeoutMs = 300_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = log.find((l) => l.msg === msg || l.event === msg);
        if (line) return line;
        if (Date.now() > deadline || sftp!.exitCode !== null)
          throw new Error(`the SFTP server never logged "${msg}"`);
        await sleep(20);
      }
    };
    await logged('sftp-ready', 120_000);
    const pid = sftpProcess();
    if (pid === undefined) throw new Error('no node process runs services/sftp/main.ts');
    await sleep(1000);

    let phase: 'idle' | 'transfer' | 'take' | 'after' = 'idle';
    const peaks = { idle: rssOf(pid), transfer: 0, take: 0, after: 0 };
    const sampler = setInterval(() => {
      const received = log.some((l) => l.msg === 'SFTP upload received; taking it');
      const taken = log.some((l) => l.msg === 'SFTP upload taken');
      if (phase === 'transfer' && received) phase = 'take';
      if (phase === 'take' && taken) phase = 'after';
      peaks[phase] = Math.max(peaks[phase], rssOf(pid));
    }, 50);
    phase = 'transfer';
    const t0 = Date.now();
    const batch = path.join(dir, 'batch');
    fs.writeFileSync(batch, 'put users.csv /imports/USER/\n');
    const put = await run(
      'sftp',
      [
        '-b',
        batch,
        '-F',
        '/dev/null',
        '-P',
        String(port),
        '-i',
        keyFile,
        '-o',
        'BatchMode=yes',
        '-o',
        'IdentitiesOnly=yes',
        '-o',
        'StrictHostKeyChecking=no',
        '-o',
        'UserKnownHostsFile=/dev/null',
        '-o',
        'LogLevel=ERROR',
        `${key.username}@127.0.0.1`,
      ],
      dir,
    );
    const clientMs = Date.now() - t0;
    if (put.code !== 0) throw new Error(`sftp put failed (${put.code}): ${put.stderr}`);
    const received = await logged('SFTP upload received; taking it');
    const taken = await logged('SFTP upload taken');
    const receivedAt = Date.parse(received.time as string);
    let job: JobTimes;
    for (;;) {
      const data = await gql('query J($id: ID!) { job(id: $id) { status dateCreated dateStarted } }', {
        id: taken.jobId,
      });
      job = data.job as unknown as JobTimes;
      if (job.dateStarted !== null) break;
      await sleep(100);
    }
    const startedAt = job.dateStarted;
    await sleep(500);
    clearInterval(sampler);
    await gql('mutation A($id: ID!) { abortJob(id: $id) { status } }', { id: taken.jobId });

    const receivedMs = received.receivedMs ?? Number.NaN;
    const mbPerS = made.bytes / MB / (receivedMs / 1000);
    const mib = (b: number) => `${fmt(b / 2 ** 20, 1)} MiB`;
    const transferPeak = peaks.transfer;
    const overallPeak = Math.max(peaks.transfer, peaks.take);
    const rows: [string, string, string, string][] = [
      ['file', `${fmt(made.bytes / MB, 1)} MB, ${made.rows.toLocaleString('en-US')} USER rows`, '-', '-'],
      [
        'transfer (server OPEN → CLOSE)',
        `${fmt(receivedMs / 1000, 2)} s, **${fmt(mbPerS, 1)} MB/s**`,
        '≥ 50 MB/s',
        mbPerS >= 50 ? '✓' : '✗',
      ],
      [
        'client `sftp -b put`, start to exit',
        `${fmt(clientMs / 1000, 2)} s (includes the take: CLOSE is answered once the job exists)`,
        '-',
        '-',
      ],
      ['SFTP process RSS idle', mib(peaks.idle), '-', '-'],
      [
        'SFTP process RSS peak while the bytes arrive',
        mib(transferPeak),
        '< 150 MB',
        transferPeak < 150 * MB ? '✓' : '✗',
      ],
      [
        'SFTP process RSS peak while the file is taken (validation, createJob)',
        mib(peaks.take),
        '< 150 MB',
        peaks.take < 150 * MB ? '✓' : '✗',
      ],
      [
        'close → job created (validation of the whole file, createJob)',
        `${fmt((job.dateCreated - receivedAt) / 1000, 2)} s`,
        '-',
        '-',
      ],
      [
        'job created → job started (workflow start, first chunk)',
        `${fmt((startedAt - job.dateCreated) / 1000, 2)} s`,
        '-',
        '-',
      ],
      ['**close → job start**', `**${fmt((startedAt - receivedAt) / 1000, 2)} s**`, 'printed', '-'],
    ];
    process.stdout.write(
      [
        '',
        describeMachine(),
        '',
        '| step | figure | target | met? |',
        '|---|---|---|---|',
        ...rows.map((r) => `| ${r.join(' | ')} |`),
        '',
        `Peak RSS over the whole upload: ${mib(overallPeak)}.`,
        '',
      ].join('\n'),
    );
  } finally {
    if (sftp && sftp.exitCode === null) {
      const exited = new Promise((r) => sftp!.once('exit', r));
      const pid = sftpProcess();
      if (pid !== undefined) process.kill(pid, 'SIGTERM');
      else sftp.kill('SIGTERM');
      await exited;
    }
    await env.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);

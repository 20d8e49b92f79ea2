import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { PROJECT_ROOT } from '../shared/config';
import { freePort } from '../shared/http';
import { fmt, percentile } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * Health under a connection flood: a gateway in its own process (MAX_CONNECTIONS at its default, 1,024,
 * and a HEALTH_PORT listener) while a flooder process opens BENCH_FLOOD (2,000) connections at once, and
 * probes of /healthz and /readyz on fresh connections to PORT and to HEALTH_PORT every 200 ms from this
 * process, from the start of the flood. Scenarios, BENCH_DURATION s each:
 *   1. no flood;
 *   2. idle: the connections are opened at once and send nothing (reopened when the headers timeout
 *      closes them);
 *   3. busy: each connection reads a user (authentication plus a PostgreSQL read) in a closed loop,
 *      ignoring Retry-After, so about 1,000 are served and the rest are refused with 503 over and over;
 *   4. slow-login: each connection starts POST /admin/api/login announcing 100,000
 *      bytes and sends one byte every 2 s (reconnecting when closed).
 * All flooder connections come from 127.0.0.1, so MAX_CONNECTIONS_PER_ADDRESS (128) applies to them; a
 * third probe reads a user of the bench tenant from 127.0.0.2 (another client), counted as served on 404.
 * Target: every probe answered 200; on HEALTH_PORT in well under a second throughout.
 */
const duration = Number(process.env.BENCH_DURATION ?? 10);
const floodSize = Number(process.env.BENCH_FLOOD ?? 2000);
const PROBE_EVERY_MS = 200;

type FloodMode = 'idle' | 'busy' | 'slow-login';

/** The flooder (this file run with --flood): keeps `count` connections busy or idle, reports answers on exit. */
function flood(url: string, mode: FloodMode, count: number, auth: string): void {
  const target = new URL(url);
  const port = Number(target.port);
  const answers: Record<string, number> = {};
  const tally = (key: string) => (answers[key] = (answers[key] ?? 0) + 1);
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  let stopping = false;
  const slowLogin = () => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        'POST /admin/api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      ),
    );
    const trickle = setInterval(() => socket.write('"'), 2000);
    socket.once('data', (chunk: Buffer) => tally(chunk.toString('latin1').slice(9, 12)));
    socket.on('error', () => tally('socket error'));
    socket.on('close', () => {
      clearInterval(trickle);
      if (!stopping) slowLogin();
    });
  };
  const idle = () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => tally('socket error'));
    socket.on('close', () => {
      if (!stopping) idle();
    });
  };
  const busy = () => {
    const req = http.get(url, { agent, headers: { authorization: auth } }, (res) => {
      tally(String(res.statusCode));
      res.resume();
      res.on('end', () => {
        if (!stopping) busy();
      });
    });
    req.on('error', () => {
      tally('socket error');
      if (!stopping) setTimeout(busy, 100);
    });
  };
  for (let i = 0; i < count; i += 1) ({ idle, busy, 'slow-login': slowLogin })[mode]();
  process.on('SIGTERM', () => {
    stopping = true;
    process.stdout.write(`${JSON.stringify(answers)}\n`);
    process.exit(0);
  });
}

function startFlooder(
  url: string,
  mode: FloodMode,
  auth: string,
): { child: ChildProcess; stop(): Promise<string> } {
  // node itself (not the tsx wrapper), so that SIGTERM reaches the flooder and it can report.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', __filename, '--flood', url, mode, String(floodSize), auth],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return output.trim();
    },
  };
}

/** GET on a fresh connection; its latency in ms, or NaN when it failed or was not `ok` within 30 s. */
function probe(
  url: string,
  options: { localAddress?: string; headers?: Record<string, string>; ok?: number } = {},
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const { localAddress, headers, ok = 200 } = options;
    const req = http.get(url, { agent: false, timeout: 30_000, localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === ok ? performance.now() - started : Number.NaN));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(Number.NaN));
  });
}

type Probes = Record<'healthz' | 'readyz', number[]>;

/** Another client's API read (from 127.0.0.2), probed beside the health checks. */
let otherClient: { url: string; auth: string } | undefined;
const otherClientReads: number[] = [];

/** Probes /healthz and /readyz on each base URL every PROBE_EVERY_MS for `seconds`. */
async function probeFor(baseUrls: string[], seconds: number): Promise<Probes[]> {
  const samples = baseUrls.map((): Probes => ({ healthz: [], readyz: [] }));
  otherClientReads.length = 0;
  const pending: Promise<void>[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    baseUrls.forEach((baseUrl, i) => {
      for (const name of ['healthz', 'readyz'] as const) {
        pending.push(probe(`${baseUrl}/${name}`).then((ms) => void samples[i]![name].push(ms)));
      }
    });
    if (otherClient) {
      const read = probe(otherClient.url, {
        localAddress: '127.0.0.2',
        headers: { authorization: otherClient.auth },
        ok: 404,
      });
      pending.push(read.then((ms) => void otherClientReads.push(ms)));
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  await Promise.all(pending);
  return samples;
}

function row(scenario: string, listener: string, samples: Probes, flooder: string): string {
  const cells = (['healthz', 'readyz'] as const).flatMap((name) => {
    const ok = samples[name].filter((ms) => Number.isFinite(ms));
    const failed = samples[name].length - ok.length;
    return [fmt(percentile(ok, 50)), fmt(percentile(ok, 99)), fmt(Math.max(...ok)), String(failed)];
  });
  const ok = otherClientReads.filter((ms) => Number.isFinite(ms));
  const other = `${fmt(percentile(ok, 50))} / ${fmt(percentile(ok, 99))} / ${otherClientReads.length - ok.length} of ${otherClientReads.length}`;
  return `| ${scenario} | ${listener} | ${cells.join(' | ')} | ${listener === 'PORT' ? other : '-'} | ${flooder || '-'} |`;
}

async function main() {
  const healthPort = await freePort();
  process.env.HEALTH_PORT = String(healthPort); // read by the gateway that startBenchEnvironment spawns
  const env = await startBenchEnvironment();
  const listeners = [
    { name: 'PORT', url: env.baseUrl },
    { name: 'HEALTH_PORT', url: `http://127.0.0.1:${healthPort}` },
  ];
  const urls = listeners.map((l) => l.url);
  const rows: string[] = [];
  try {
    const readUrl = `${env.apiUrl}/open/account/flood/user/flood`;
    otherClient = { url: readUrl, auth: env.auth };
    await Promise.all(urls.flatMap((url) => [probe(`${url}/readyz`), probe(`${url}/healthz`)])); // warm up
    const quiet = await probeFor(urls, duration);
    listeners.forEach((l, i) => rows.push(row('no flood', l.name, quiet[i]!, '')));
    for (const mode of ['idle', 'busy', 'slow-login'] as const) {
      // Probing starts with the flood: its first seconds, while thousands of connections queue, are the test.
      const flooder = startFlooder(readUrl, mode, env.auth);
      const samples = await probeFor(urls, duration);
      const answers = await flooder.stop();
      listeners.forEach((l, i) =>
        rows.push(
          row(`${floodSize} ${mode} connections`, l.name, samples[i]!, mode === 'idle' ? '' : answers),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 3000)); // let the gateway settle
    }
  } finally {
    await env.stop();
  }
  const header = [
    describeMachine(),
    `Probes on fresh connections every ${PROBE_EVERY_MS} ms for ${duration} s per scenario, from the start of the flood; MAX_CONNECTIONS 1024, MAX_CONNECTIONS_PER_ADDRESS 128 (flooder from 127.0.0.1; other client's read from 127.0.0.2: p50 / p99 ms / not 404); flooder, probes and gateway on the same machine; latencies in ms; failed: not 200 within 30 s`,
    '',
    '| scenario | listener | /healthz p50 | p99 | max | failed | /readyz p50 | p99 | max | failed | other client read | flooder answers |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  process.stdout.write(`${[...header, ...rows].join('\n')}\n`);
}

if (process.argv[2] === '--flood') {
  const [, , , url, mode, count, auth] = process.argv;
  flood(url!, mode as FloodMode, Number(count), auth!);
} else {
  runBench(main);
}

import http from 'node:http';
import type { Db } from '../shared/db/knex';
import { closedLoop, fmt, pacedLoop, percentile, type Outcome } from './measure';

/**
 * The share-page scenarios of bench/share-links.ts: the merchant-domain click beacon (POST /open/clicks,
 * each request from another X-Forwarded-For address, the gateway started with TRUSTED_PROXIES=loopback
 * so the per-address limit does not cap the bench), the hosted landing page at a fixed rate, and the
 * share image fetched by many clients at once (rendered at most once).
 */

/** A raw keep-alive client: `text/plain` beacons and plain GETs, the body read and dropped. */
function rawClient(baseUrl: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        { agent, host: base.hostname, port: base.port, method, path, headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** 10.x.y.z from n: a different client address for each of 16 million requests. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function storedClicks(db: Db, code: string): Promise<number> {
  const [{ total }] = (await db('share_link_clicks').where({ code }).sum({ total: 'clicks' })) as {
    total: string | null;
  }[];
  return Number(total ?? 0);
}

export interface SharePageBench {
  baseUrl: string;
  tenantAlias: string;
  db: Db;
  flushMs: number;
  connections: number;
  durationS: number;
  pageRate: number;
  mark: (ok: boolean) => string;
}

/**
 * 6. the hosted landing page at `pageRate` req/s (evenly paced), p99 ≤ 30 ms: a page view is counted as
 * a click like the closed-loop run (the caller adds `answered` to its visits).
 */
export async function pacedHostedPage(b: SharePageBench, code: string) {
  const client = rawClient(b.baseUrl, b.connections);
  const path = `/r/${b.tenantAlias}/${code}`;
  try {
    const run = await pacedLoop({
      ratePerSecond: b.pageRate,
      count: b.pageRate * b.durationS,
      op: async (): Promise<Outcome> => ((await client.send('GET', path, {})) === 200 ? 'ok' : 'non2xx'),
    });
    const p99 = percentile(run.latenciesMs, 99);
    return {
      answered: run.counts.ok + run.counts.non2xx + run.counts.unexpected,
      row: `| 6. GET /r/{tenant}/{code}: hosted landing page at ${fmt(b.pageRate)} req/s (evenly paced) | ${fmt((run.done * 1000) / run.elapsedMs)} req/s | ${fmt(percentile(run.latenciesMs, 50), 1)} | ${fmt(p99, 1)} | ${run.done - run.counts.ok} |`,
      target: `${b.mark(p99 <= 30 && run.done === run.counts.ok)} 6: hosted page p99 ≤ 30 ms at ${fmt(b.pageRate)} req/s: ${fmt(p99, 1)} ms, ${run.done - run.counts.ok} failed`,
    };
  } finally {
    client.close();
  }
}

/**
 * 7. click beacons at full speed (closed loop: every request is answered before the count is read, so
 * the stored clicks must equal the 204s exactly) for a code of its own.
 */
export async function beaconThroughput(b: SharePageBench, code: string) {
  const client = rawClient(b.baseUrl, b.connections);
  const path = `/api/v1/${b.tenantAlias}/open/clicks`;
  const before = await storedClicks(b.db, code);
  try {
    const run = await closedLoop({
      concurrency: b.connections,
      durationMs: b.durationS * 1000,
      op: async (n): Promise<Outcome> =>
        (await client.send(
          'POST',
          path,
          { 'content-type': 'text/plain', 'x-forwarded-for': addressOf(n) },
          code,
        )) === 204
          ? 'ok'
          : 'non2xx',
    });
    await new Promise((r) => setTimeout(r, b.flushMs + 1500));
    const stored = (await storedClicks(b.db, code)) - before;
    const rate = (run.counts.ok * 1000) / run.elapsedMs;
    const exact = stored === run.counts.ok;
    return {
      rows: [
        `| 7. POST /open/clicks: merchant-domain beacon, ${fmt(b.connections)} in flight, a new X-Forwarded-For each | ${fmt(rate)} req/s | ${fmt(percentile(run.latenciesMs, 50), 1)} | ${fmt(percentile(run.latenciesMs, 99), 1)} | ${run.done - run.counts.ok} |`,
        `| beacon clicks stored after the flush | ${fmt(stored)} | - | - | ${fmt(run.counts.ok)} answered 204 ${b.mark(exact)} |`,
      ],
      targets: [
        `${b.mark(rate >= 5000 && run.done === run.counts.ok)} 7: ≥ 5,000 beacons/s with none failed: ${fmt(rate)} req/s, ${run.done - run.counts.ok} failed`,
        `${b.mark(exact)} 7: beacon clicks exact: ${fmt(stored)} stored, ${fmt(run.counts.ok)} answered 204`,
      ],
    };
  } finally {
    client.close();
  }
}

/** 8. the share image fetched by `clients` clients at once, twice: rendered at most once. */
export async function shareImageOnce(b: SharePageBench, code: string, clients = 50) {
  const client = rawClient(b.baseUrl, clients);
  const path = `/share-images/${b.tenantAlias}/${code}-en.png`;
  const renders = async () => {
    const res = await fetch(`${b.baseUrl}/metrics`);
    const text = await res.text();
    const line = text.split('\n').find((l) => l.startsWith('share_image_renders_total'));
    return line ? Number(line.split(/\s+/)[1]) : Number.NaN;
  };
  try {
    const before = await renders();
    const started = performance.now();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      statuses.push(
        ...(await Promise.all(Array.from({ length: clients }, () => client.send('GET', path, {})))),
      );
    }
    const ms = performance.now() - started;
    const rendered = (await renders()) - before;
    const [{ rows }] = (await b.db('share_images').where({ code }).count({ rows: '*' })) as {
      rows: string;
    }[];
    const ok = statuses.filter((s) => s === 200).length;
    const once = rendered === 1 && Number(rows) === 1 && ok === statuses.length;
    return {
      row: `| 8. GET /share-images/…/{code}-en.png: ${clients} at once, twice | ${fmt(ok)} answered 200 in ${fmt(ms)} ms | - | - | ${fmt(rendered)} render(s) (share_image_renders_total), ${rows} row(s) in share_images ${b.mark(once)} |`,
      target: `${b.mark(once)} 8: share image rendered once for ${fmt(statuses.length)} concurrent fetches: ${fmt(rendered)} render(s), ${rows} stored`,
    };
  } finally {
    client.close();
  }
}

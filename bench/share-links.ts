import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import {
  BROWSER_LIBRARY_MAX_GZIP_BYTES,
  buildBrowserLibrary,
  WIDGET_DRAWING_MAX_GZIP_BYTES,
} from '../clients/browser/build';
import { createDb } from '../shared/db/knex';
import { hashApiKey } from '../shared/domain/tenants/api-keys';
import { createJsonClient, fmt, pacedLoop, percentile, type LoadResult } from './measure';
import { beaconThroughput, pacedHostedPage, shareImageOnce, type SharePageBench } from './share-pages';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * Share links and the widget through a gateway and a worker in processes of their own
 * (bench/support.ts), with the same run's GET /healthz as the anchor:
 *   1. the hosted landing page (a program without a landing URL), closed loop;
 *   2. the share-link redirect (302 to the landing URL) with click counting, closed loop: ≥ 5,000 req/s;
 *   3. the same at BENCH_REDIRECT_RATE (1,000) req/s, evenly paced: p99 ≤ 20 ms;
 *   4. the widget route with a user JWT (a referrer with BENCH_FRIENDS referrals, some converted),
 *      closed loop; 5. the same at BENCH_WIDGET_RATE (500) req/s, evenly paced: p99 ≤ 30 ms;
 * then the clicks stored (after the gateway's CLICK_FLUSH_MS) against the visits answered, and the
 * browser library's and the widget drawing script's gzipped sizes; share pages (bench/share-pages.ts): 6. the hosted page at BENCH_PAGE_RATE
 * (1,000) req/s, p99 ≤ 30 ms; 7. merchant-domain click beacons at full speed, ≥ 5,000/s, clicks exact;
 * 8. the share image fetched concurrently, rendered once. Knobs: BENCH_DURATION (s per scenario, 10),
 * BENCH_CONNECTIONS (64), BENCH_WARMUP (s, 2).
 */
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const redirectRate = Number(process.env.BENCH_REDIRECT_RATE ?? 1000);
const widgetRate = Number(process.env.BENCH_WIDGET_RATE ?? 500);
const friends = Number(process.env.BENCH_FRIENDS ?? 10);
const pageRate = Number(process.env.BENCH_PAGE_RATE ?? 1000);

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const answered = (r: autocannon.Result, status: number) => r.statusCodeStats?.[`${status}`]?.count ?? 0;
const failed = (r: autocannon.Result, status: number) =>
  Object.values(r.statusCodeStats ?? {}).reduce((sum, s) => sum + (s.count ?? 0), 0) -
  answered(r, status) +
  r.errors;

/**
 * `rate` requests a second for BENCH_DURATION seconds, each sent on time whether or not earlier ones
 * have answered (bench/measure.ts pacedLoop): autocannon's overallRate fires its connections' timers
 * together, so it measures bursts of `connections` requests rather than the rate.
 */
async function steady(
  base: string,
  headers: Record<string, string>,
  rate: number,
  path: string,
  expected: number,
): Promise<LoadResult> {
  const client = createJsonClient(new URL(base).origin, headers, connections);
  try {
    return await pacedLoop({
      ratePerSecond: rate,
      count: rate * duration,
      op: async () => ((await client.request('GET', path)).status === expected ? 'ok' : 'non2xx'),
    });
  } finally {
    client.close();
  }
}

runBench(async () => {
  // The beacons come from many X-Forwarded-For addresses through a "proxy" on loopback.
  process.env.TRUSTED_PROXIES ??= 'loopback';
  const env = await startBenchEnvironment({ worker: true });
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const rows: string[] = [];
  const targets: string[] = [];
  try {
    const json = { authorization: env.auth, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${env.apiUrl}${path}`, { method, headers: json, body: JSON.stringify(body) });
      const answer = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const referrer = { accountId: `${env.runId}-referrer`, userId: 'referrer' };
    const { shareCode } = await call('PUT', `/open/account/${referrer.accountId}/user/${referrer.userId}`, {
      firstName: 'Bench',
      lastName: 'Referrer',
      email: 'bench@example.com',
    });
    for (let i = 0; i < friends; i += 1) {
      await call('PUT', `/open/account/${env.runId}-friend-${i}/user/friend`, {
        firstName: `Friend${i}`,
        referredByCode: shareCode,
        ...(i % 3 === 0 && { accountStatus: 'PAID' }),
      });
    }
    const link = `${env.baseUrl}/r/${env.tenant.alias}/${shareCode}`;
    const run = (options: autocannon.Options) => autocannon({ connections, duration, ...options });
    /** Every run against the share link (warm-ups too) and single visits, to check the clicks stored. */
    const linkRuns: autocannon.Result[] = [];
    let singleVisits = 0;
    const runLink = async (options: Omit<autocannon.Options, 'url'>) => {
      const result = await run({ url: link, ...options });
      linkRuns.push(result);
      return result;
    };

    const reference = await run({ url: `${env.baseUrl}/healthz` });
    rows.push(
      `| 0. GET /healthz (anchor: no auth, no I/O) | ${fmt(reference.requests.average)} req/s | ${reference.latency.p50} | ${reference.latency.p99} | ${failed(reference, 200)} |`,
    );

    process.stderr.write('bench: hosted landing page\n');
    if (warmup > 0) await runLink({ duration: warmup });
    const landing = await runLink({});
    rows.push(
      `| 1. GET /r/{tenant}/{code}: hosted landing page (200 HTML), closed loop | ${fmt(answered(landing, 200) / landing.duration)} req/s | ${landing.latency.p50} | ${landing.latency.p99} | ${failed(landing, 200)} |`,
    );

    // the hosted page at a fixed rate, the share image, the merchant-domain beacons.
    const sharePages: SharePageBench = {
      baseUrl: env.baseUrl,
      tenantAlias: env.tenant.alias,
      db,
      flushMs: env.config.CLICK_FLUSH_MS,
      connections,
      durationS: duration,
      pageRate,
      mark,
    };
    process.stderr.write(`bench: hosted page at ${pageRate} req/s\n`);
    const hostedPaced = await pacedHostedPage(sharePages, shareCode as string);
    singleVisits += hostedPaced.answered;
    rows.push(hostedPaced.row);
    targets.push(hostedPaced.target);
    process.stderr.write('bench: share image, concurrent fetches\n');
    const image = await shareImageOnce(sharePages, shareCode as string);
    rows.push(image.row);
    targets.push(image.target);
    const beaconUser = await call('PUT', `/open/account/${env.runId}-beacon/user/beacon`, {
      firstName: 'Beacon',
    });
    process.stderr.write('bench: click beacons, closed loop\n');
    const beacons = await beaconThroughput(sharePages, beaconUser.shareCode as string);
    rows.push(...beacons.rows);
    targets.push(...beacons.targets);

    await call('PATCH', '/program', { landingUrl: 'https://shop.example/join' });
    for (let i = 0; ; i += 1) {
      const res = await fetch(link, { redirect: 'manual' });
      await res.arrayBuffer();
      singleVisits += 1;
      if (res.status === 302) break;
      if (i > 100) throw new Error('the gateway never saw the landing URL');
      await new Promise((r) => setTimeout(r, 50));
    }

    process.stderr.write('bench: redirect, closed loop\n');
    if (warmup > 0) await runLink({ duration: warmup });
    const redirect = await runLink({});
    const redirectRate1 = answered(redirect, 302) / redirect.duration;
    rows.push(
      `| 2. GET /r/{tenant}/{code}: 302 with click counting, closed loop | ${fmt(redirectRate1)} req/s | ${redirect.latency.p50} | ${redirect.latency.p99} | ${failed(redirect, 302)} |`,
    );
    targets.push(
      `${mark(redirectRate1 >= 5000 && failed(redirect, 302) === 0)} 2: ≥ 5,000 redirects/s with none failed: ${fmt(redirectRate1)} req/s, ${failed(redirect, 302)} failed`,
    );

    process.stderr.write(`bench: redirect at ${redirectRate} req/s\n`);
    const linkPath = new URL(link).pathname;
    const paced = await steady(env.baseUrl, {}, redirectRate, linkPath, 302);
    singleVisits += paced.counts.ok + paced.counts.unexpected + paced.counts.non2xx;
    const pacedP99 = percentile(paced.latenciesMs, 99);
    rows.push(
      `| 3. same at ${fmt(redirectRate)} req/s (evenly paced) | ${fmt((paced.done * 1000) / paced.elapsedMs)} req/s | ${fmt(percentile(paced.latenciesMs, 50), 1)} | ${fmt(pacedP99, 1)} | ${paced.done - paced.counts.ok} |`,
    );
    targets.push(
      `${mark(pacedP99 <= 20 && paced.done === paced.counts.ok)} 3: p99 ≤ 20 ms at ${fmt(redirectRate)} redirects/s: ${fmt(pacedP99, 1)} ms`,
    );

    process.stderr.write(`bench: widget at ${widgetRate} req/s\n`);
    const token = jwt.sign(
      { user: { id: referrer.userId, accountId: referrer.accountId } },
      hashApiKey(env.tenant.apiKey),
      {
        algorithm: 'HS256',
      },
    );
    const widgetUrl = `${env.apiUrl}/open/account/${referrer.accountId}/user/${referrer.userId}/widget`;
    const widgetHeaders = { authorization: `Bearer ${token}` };
    const check = await fetch(widgetUrl, { headers: widgetHeaders });
    const view = (await check.json()) as { referrals?: unknown[] };
    if (check.status !== 200 || view.referrals?.length !== friends) {
      throw new Error(`the widget answered ${check.status}: ${JSON.stringify(view).slice(0, 300)}`);
    }
    if (warmup > 0) await run({ url: widgetUrl, headers: widgetHeaders, duration: warmup });
    const widgetMax = await run({ url: widgetUrl, headers: widgetHeaders });
    rows.push(
      `| 4. GET …/widget with a user JWT (${friends} referrals), closed loop | ${fmt(answered(widgetMax, 200) / widgetMax.duration)} req/s | ${widgetMax.latency.p50} | ${widgetMax.latency.p99} | ${failed(widgetMax, 200)} |`,
    );
    const widget = await steady(env.apiUrl, widgetHeaders, widgetRate, new URL(widgetUrl).pathname, 200);
    const widgetP99 = percentile(widget.latenciesMs, 99);
    rows.push(
      `| 5. same at ${fmt(widgetRate)} req/s (evenly paced) | ${fmt((widget.done * 1000) / widget.elapsedMs)} req/s | ${fmt(percentile(widget.latenciesMs, 50), 1)} | ${fmt(widgetP99, 1)} | ${widget.done - widget.counts.ok} |`,
    );
    targets.push(
      `${mark(widgetP99 <= 30 && widget.done === widget.counts.ok)} 5: p99 ≤ 30 ms at ${fmt(widgetRate)} widget reads/s: ${fmt(widgetP99, 1)} ms, ${widget.done - widget.counts.ok} failed`,
    );

    // Every visit the gateway answered is counted once it flushed (CLICK_FLUSH_MS, 2 s by default).
    // autocannon drops its sockets at the end of a run with requests in flight, which the gateway still
    // answers and counts: up to `connections` per run above what autocannon recorded.
    await new Promise((r) => setTimeout(r, env.config.CLICK_FLUSH_MS + 1500));
    const [{ total }] = (await db('share_link_clicks')
      .where({ code: shareCode })
      .sum({ total: 'clicks' })) as { total: string }[];
    const stored = Number(total);
    const visits = linkRuns.reduce((sum, r) => sum + answered(r, 200) + answered(r, 302), singleVisits);
    const cutOff = linkRuns.length * connections;
    const clicksOk = stored >= visits && stored <= visits + cutOff;
    rows.push(
      `| clicks stored after the flush | ${fmt(stored)} | - | - | ${fmt(visits)} visits answered (warm-ups included), at most ${fmt(cutOff)} more cut off unanswered ${mark(clicksOk)} |`,
    );
    targets.push(
      `${mark(clicksOk)} every answered visit counted once: ${fmt(stored)} stored, ${fmt(visits)} answered`,
    );

    const library = await buildBrowserLibrary();
    const drawing = library.widgetDrawing;
    rows.push(
      `| browser library /js/referral-${library.hash}.js | ${fmt(library.gzipBytes)} bytes gzipped | - | - | - |`,
      `| widget drawing script /js/${drawing.fileName} | ${fmt(drawing.gzipBytes)} bytes gzipped | - | - | - |`,
    );
    targets.push(
      `${mark(library.gzipBytes <= BROWSER_LIBRARY_MAX_GZIP_BYTES)} library ≤ 12 KB gzipped: ${fmt(library.gzipBytes)} bytes`,
      `${mark(drawing.gzipBytes <= WIDGET_DRAWING_MAX_GZIP_BYTES)} widget drawing script ≤ 12 KB gzipped: ${fmt(drawing.gzipBytes)} bytes`,
    );
  } finally {
    await db.destroy();
    await env.stop();
  }

  const header = [
    describeMachine(),
    `autocannon: ${connections} connections, ${duration} s per scenario (after a ${warmup} s warm-up), load generator, gateway and worker on the same machine`,
    '',
    '| scenario | throughput | p50 ms | p99 ms | non-expected + errors |',
    '|---|---|---|---|---|',
  ];
  process.stdout.write(
    `${[...header, ...rows, '', 'Targets:', ...targets.map((t) => `- ${t}`)].join('\n')}\n`,
  );
});

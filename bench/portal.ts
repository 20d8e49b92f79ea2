import { createDb } from '../shared/db/knex';
import { formatDay } from '../shared/domain/common/calendar-days';
import { createJsonClient, fmt, percentile, type HttpAnswer } from './measure';
import { seedPortalData, type PortalSeedSample } from './portal-seed';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * The admin portal's reads on a big tenant: a fresh bench database (bench/support.ts) with
 * one tenant (alias portal_<time>) seeded by bench/portal-seed.ts with BENCH_PORTAL_REFERRALS
 * (1,000,000) referrals over the last 365 days by 50,000 referrers, then VACUUM ANALYZE (what
 * autovacuum does to a table that stops changing), then each query through the real gateway's GraphQL
 * with the tenant's API key, one at a time: BENCH_PORTAL_WARMUP (3) unmeasured runs, then
 * BENCH_PORTAL_RUNS (30) measured; p50/p95/max against the target p95 ≤ 300 ms. Row 0 is the anchor:
 * GET /healthz measured the same way. `--keep` leaves the database in place (its URL is printed);
 * otherwise it is dropped with everything in it.
 */
const referrals = Number(process.env.BENCH_PORTAL_REFERRALS ?? 1_000_000);
const referrers = Number(process.env.BENCH_PORTAL_REFERRERS ?? 50_000);
const runs = Number(process.env.BENCH_PORTAL_RUNS ?? 30);
const warmup = Number(process.env.BENCH_PORTAL_WARMUP ?? 3);
const TARGET_MS = 300;

const REFERRAL = `id status referralCodeUsed attributionSource referrerAccountId referrerUserId referredAccountId
  dateReferralStarted dateReferralPaid dateReferralEnded
  referrerReward { id type amountCents unit status dateGiven }
  referredReward { id type discountPercent status dateGiven }`;
const DASHBOARD = `query D($range: DateRangeInput!) { dashboard(range: $range) {
  from to clicks referralsStarted referralsConverted conversionRate rewardsGiven
  creditOutstanding { unit amount } daily { date clicks started converted }
  leaderboard { accountId userId name shareCode referralsStarted referralsConverted } } }`;
const REFERRALS = `query R($filter: ReferralFilter, $after: String) {
  referrals(filter: $filter, first: 25, after: $after) { items { ${REFERRAL} } endCursor hasNextPage } }`;
const ACCOUNTS = `query A($search: String) {
  accounts(search: $search, first: 25) { items { id email userCount referralsMade dateCreated } endCursor hasNextPage } }`;

type Json = Record<string, unknown>;
interface Row {
  status?: string;
  referrerAccountId?: string;
  id?: string;
}
/** The parts of the answers the checks read. */
interface Answers {
  dashboard?: { daily?: unknown[]; referralsStarted?: number; leaderboard?: unknown[] };
  referrals?: { items?: Row[]; endCursor?: string };
  accounts?: { items?: Row[] };
}

interface Scenario {
  name: string;
  /** The request; answers with the GraphQL data (or throws). */
  run(): Promise<HttpAnswer>;
  /** What a right answer holds (a wrong one fails the bench rather than being timed). */
  check(answer: HttpAnswer): boolean;
}

function daysAgo(n: number): string {
  return formatDay(new Date(Date.now() - n * 86_400_000));
}

function scenarios(
  request: (query: string, variables: Json) => Promise<HttpAnswer>,
  sample: PortalSeedSample,
) {
  const data = (a: HttpAnswer) =>
    a.status === 200 && !a.body?.errors ? (a.body?.data as Answers) : undefined;
  const list = (a: HttpAnswer) => data(a)?.referrals?.items;
  const today = daysAgo(0);
  const dashboard = (days: number): Scenario => ({
    name: `dashboard, ${days} days (counters, daily series, top 10)`,
    run: () => request(DASHBOARD, { range: { from: daysAgo(days - 1), to: today } }),
    check: (a) => {
      const d = data(a)?.dashboard;
      return d?.daily?.length === days && (d.referralsStarted ?? 0) > 0 && d.leaderboard?.length === 10;
    },
  });
  return (firstPageCursor: () => string | undefined): Scenario[] => [
    dashboard(30),
    dashboard(365),
    {
      name: 'referrals: first page (25, newest first, with rewards)',
      run: () => request(REFERRALS, {}),
      check: (a) => list(a)?.length === 25,
    },
    {
      name: 'referrals: second page (keyset cursor)',
      run: () => request(REFERRALS, { after: firstPageCursor() }),
      check: (a) => list(a)?.length === 25,
    },
    {
      name: 'referrals: status CONVERTED + code',
      run: () => request(REFERRALS, { filter: { status: 'CONVERTED', code: sample.code.toLowerCase() } }),
      check: (a) => (list(a)?.length ?? 0) > 0 && list(a)!.every((r) => r.status === 'CONVERTED'),
    },
    {
      name: 'referrals: search by e-mail',
      run: () => request(REFERRALS, { filter: { search: sample.email.toUpperCase() } }),
      check: (a) =>
        (list(a)?.length ?? 0) > 0 && list(a)!.every((r) => r.referrerAccountId === sample.accountId),
    },
    {
      name: 'referrals: search by account id',
      run: () => request(REFERRALS, { filter: { search: sample.accountId } }),
      check: (a) =>
        (list(a)?.length ?? 0) > 0 && list(a)!.every((r) => r.referrerAccountId === sample.accountId),
    },
    {
      name: 'accounts: first page (25, newest first)',
      run: () => request(ACCOUNTS, {}),
      check: (a) => data(a)?.accounts?.items?.length === 25,
    },
    {
      name: 'accounts: search by share code',
      run: () => request(ACCOUNTS, { search: sample.code.toLowerCase() }),
      check: (a) => data(a)?.accounts?.items?.[0]?.id === sample.accountId,
    },
  ];
}

async function measure(scenario: Scenario): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    const started = performance.now();
    const answer = await scenario.run();
    const ms = performance.now() - started;
    if (!scenario.check(answer)) {
      throw new Error(
        `${scenario.name}: unexpected answer ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`,
      );
    }
    if (i >= warmup) latencies.push(ms);
  }
  return latencies;
}

runBench(async () => {
  const keep = process.argv.includes('--keep');
  const alias = `portal_${Date.now().toString(36)}`;
  const env = await startBenchEnvironment({ tenantAlias: alias, keepDatabase: keep });
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const rows: string[] = [];
  const targets: string[] = [];
  let seedLine = '';
  try {
    const { id: tenantId } = (await db('tenants').where({ alias }).first('id')) as { id: string };
    const seedStarted = Date.now();
    const sample = await seedPortalData(db, tenantId, { referrals, referrers, days: 365 });
    await db.raw('vacuum analyze accounts, users, referral_codes, referrals, rewards, share_link_clicks');
    const counts = (await db.raw(
      `select (select count(*) from referrals where tenant_id = :t) as referrals,
              (select count(*) from referrals where tenant_id = :t and status = 'CONVERTED') as converted,
              (select count(*) from accounts where tenant_id = :t) as accounts,
              (select count(*) from rewards where tenant_id = :t) as rewards,
              (select count(*) from share_link_clicks where tenant_id = :t) as click_rows`,
      { t: tenantId },
    )) as { rows: Record<string, string>[] };
    const c = counts.rows[0]!;
    seedLine = `Seeded in ${fmt((Date.now() - seedStarted) / 1000)} s (with VACUUM ANALYZE): ${Number(c.referrals).toLocaleString('en')} referrals (${Number(c.converted).toLocaleString('en')} converted), ${Number(c.accounts).toLocaleString('en')} accounts, ${Number(c.rewards).toLocaleString('en')} rewards, ${Number(c.click_rows).toLocaleString('en')} click rows (code × day)`;
    process.stderr.write(`bench: ${seedLine}\n`);

    const client = createJsonClient(env.apiUrl, { authorization: env.auth }, 1);
    const health = createJsonClient(env.baseUrl, {}, 1);
    try {
      const request = (query: string, variables: Json) =>
        client.request('POST', '/graphql', { query, variables });
      const anchor = await measure({
        name: 'GET /healthz',
        run: () => health.request('GET', '/healthz'),
        check: (a) => a.status === 200,
      });
      rows.push(
        `| 0. GET /healthz (anchor: no auth, no I/O) | ${runs} | ${fmt(percentile(anchor, 50), 1)} | ${fmt(percentile(anchor, 95), 1)} | ${fmt(Math.max(...anchor), 1)} | - |`,
      );
      const first = await request(REFERRALS, {});
      const cursor = (first.body?.data as Answers | undefined)?.referrals?.endCursor;
      for (const [i, scenario] of scenarios(request, sample)(() => cursor).entries()) {
        process.stderr.write(`bench: ${scenario.name}\n`);
        const latencies = await measure(scenario);
        const p95 = percentile(latencies, 95);
        const ok = p95 <= TARGET_MS;
        rows.push(
          `| ${i + 1}. ${scenario.name} | ${runs} | ${fmt(percentile(latencies, 50), 1)} | ${fmt(p95, 1)} | ${fmt(Math.max(...latencies), 1)} | ${ok ? '✓' : '✗'} p95 ≤ ${TARGET_MS} ms |`,
        );
        targets.push(`${ok ? '✓' : '✗'} ${i + 1}: p95 ${fmt(p95, 1)} ms ≤ ${TARGET_MS} ms`);
      }
    } finally {
      client.close();
      health.close();
    }
  } finally {
    await db.destroy();
    await env.stop();
  }
  const header = [
    describeMachine(),
    seedLine,
    `Each query through POST /api/v1/{tenant}/graphql with the API key, one at a time, ${warmup} warm-up runs then ${runs} measured; gateway and PostgreSQL on the same machine`,
    '',
    '| query | runs | p50 ms | p95 ms | max ms | target |',
    '|---|---|---|---|---|---|',
  ];
  process.stdout.write(
    `${[...header, ...rows, '', 'Targets:', ...targets.map((t) => `- ${t}`)].join('\n')}\n`,
  );
});

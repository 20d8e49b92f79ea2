import os from 'node:os';
import { createDb } from '../shared/db/knex';
import { createJsonClient, fmt, percentile, type HttpAnswer } from './measure';
import { seedSearchData, type SearchSample } from './search-seed';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * "Find people": the ranked search (`query`) on a big tenant. A fresh bench database
 * (bench/support.ts) with one tenant seeded by bench/search-seed.ts with BENCH_SEARCH_REFERRALS
 * (1,000,000) referrals by BENCH_SEARCH_REFERRERS (50,000) referrers, every person with a name, e-mail
 * and share code, then VACUUM ANALYZE; then each search through the real gateway's GraphQL with the
 * tenant's API key, one at a time: BENCH_SEARCH_WARMUP (3) unmeasured runs, BENCH_SEARCH_RUNS (30)
 * measured; p50/p95/p99 against the target p95 < 300 ms. Anchors of the same run: GET /healthz and the
 * exact account-id lookup (`search`, the old exact match). `--keep` leaves the database (URL printed).
 */
const referrals = Number(process.env.BENCH_SEARCH_REFERRALS ?? 1_000_000);
const referrers = Number(process.env.BENCH_SEARCH_REFERRERS ?? 50_000);
const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const warmup = Number(process.env.BENCH_SEARCH_WARMUP ?? 3);
const TARGET_MS = 300;

const PERSON = 'accountId userId name email';
const REFERRALS = `query R($filter: ReferralFilter) { referrals(filter: $filter, first: 25) {
  items { id referredAccountId referrer { ${PERSON} } friend { ${PERSON} } } endCursor hasNextPage } }`;
const ACCOUNTS = `query A($search: String, $query: String) { accounts(search: $search, query: $query, first: 25) {
  items { id name email userCount referralsMade } endCursor hasNextPage } }`;

type Json = Record<string, unknown>;
type Item = { id?: string; name?: string | null; email?: string | null; referredAccountId?: string };
interface Scenario {
  name: string;
  run(): Promise<HttpAnswer>;
  /** What a right answer holds (a wrong one fails the bench rather than being timed). */
  check(items: Item[]): boolean;
  list: 'accounts' | 'referrals';
}

function scenarios(
  request: (query: string, variables: Json) => Promise<HttpAnswer>,
  s: SearchSample,
): Scenario[] {
  const accounts = (name: string, query: string, check: Scenario['check']): Scenario => ({
    name: `accounts: ${name} "${query}"`,
    run: () => request(ACCOUNTS, { query }),
    check,
    list: 'accounts',
  });
  const refs = (name: string, query: string, check: Scenario['check']): Scenario => ({
    name: `referrals: ${name} "${query}"`,
    run: () => request(REFERRALS, { filter: { query } }),
    check,
    list: 'referrals',
  });
  const full = (items: Item[]) => items.length === 25;
  const partId = s.accountId.slice(3);
  return [
    {
      name: `anchor: accounts, exact account id (search, the old exact match)`,
      run: () => request(ACCOUNTS, { search: s.accountId }),
      check: (items) => items[0]?.id === s.accountId,
      list: 'accounts',
    },
    accounts('partial name', 'priya', (items) => full(items) && items.every((a) => a.name === 'Priya Shah')),
    refs('partial name', 'priya', full),
    accounts(
      'accent-less name',
      'maia dup',
      (items) => full(items) && items.every((a) => a.name === 'Maïa Dupont'),
    ),
    refs('accent-less name', 'maia dup', full),
    accounts('partial e-mail', 'shah12000', (items) =>
      items.some((a) => a.email?.startsWith('priya.shah12000') ?? false),
    ),
    refs('partial e-mail', 'a.shah20', (items) => items.length > 0),
    accounts('partial id', partId, (items) => items.some((a) => a.id === s.accountId)),
    refs('partial referral id', s.referralId.slice(0, 8), (items) =>
      items.some((r) => r.id === s.referralId),
    ),
    refs('code', s.code.toLowerCase(), (items) => items.length > 0),
    accounts('common first name', 'kalo', full),
    accounts('similar only (typo)', 'maia dupomt', (items) => items.length > 0),
  ];
}

async function measure(scenario: Scenario): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    const started = performance.now();
    const answer = await scenario.run();
    const ms = performance.now() - started;
    const data = answer.status === 200 && !answer.body?.errors ? (answer.body?.data as Json) : undefined;
    const items = (data?.[scenario.list] as { items?: Item[] } | undefined)?.items;
    if (!items || !scenario.check(items)) {
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
  const alias = `search_${Date.now().toString(36)}`;
  const env = await startBenchEnvironment({ tenantAlias: alias, keepDatabase: keep });
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const rows: string[] = [];
  const targets: string[] = [];
  let seedLine = '';
  const load: string[] = [];
  try {
    const { id: tenantId } = (await db('tenants').where({ alias }).first('id')) as { id: string };
    const seedStarted = Date.now();
    const sample = await seedSearchData(db, tenantId, { referrals, referrers });
    const c = (
      await db.raw<{ rows: Record<string, string>[] }>(
        `select (select count(*) from referrals where tenant_id = :t) as referrals,
                (select count(*) from users where tenant_id = :t) as users`,
        { t: tenantId },
      )
    ).rows[0]!;
    seedLine = `Seeded in ${fmt((Date.now() - seedStarted) / 1000)} s (indexes rebuilt, VACUUM ANALYZE): ${Number(c.referrals).toLocaleString('en')} referrals, ${Number(c.users).toLocaleString('en')} users and accounts`;
    process.stderr.write(`bench: ${seedLine}\n`);
    const client = createJsonClient(env.apiUrl, { authorization: env.auth }, 1);
    const health = createJsonClient(env.baseUrl, {}, 1);
    try {
      const request = (query: string, variables: Json) =>
        client.request('POST', '/graphql', { query, variables });
      load.push(
        `load average at start of measuring: ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
      const anchor: number[] = [];
      for (let i = 0; i < warmup + runs; i += 1) {
        const started = performance.now();
        const a = await health.request('GET', '/healthz');
        if (a.status !== 200) throw new Error('healthz');
        if (i >= warmup) anchor.push(performance.now() - started);
      }
      const line = (name: string, l: number[]) =>
        `| ${name} | ${runs} | ${fmt(percentile(l, 50), 1)} | ${fmt(percentile(l, 95), 1)} | ${fmt(percentile(l, 99), 1)} | ${fmt(Math.max(...l), 1)} |`;
      rows.push(`${line('0. GET /healthz (anchor: no auth, no I/O)', anchor)} - |`);
      for (const [i, scenario] of scenarios(request, sample).entries()) {
        process.stderr.write(`bench: ${scenario.name}\n`);
        const latencies = await measure(scenario);
        const p95 = percentile(latencies, 95);
        const ok = p95 < TARGET_MS;
        rows.push(
          `${line(`${i + 1}. ${scenario.name}`, latencies)} ${ok ? '✓' : '✗'} p95 < ${TARGET_MS} ms |`,
        );
        targets.push(`${ok ? '✓' : '✗'} ${i + 1}: p95 ${fmt(p95, 1)} ms < ${TARGET_MS} ms`);
      }
      load.push(
        `load average at end: ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
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
    ...load,
    `Each search through POST /api/v1/{tenant}/graphql with the API key (first: 25, with the people), one at a time, ${warmup} warm-up runs then ${runs} measured; gateway and PostgreSQL on the same machine`,
    '',
    '| query | runs | p50 ms | p95 ms | p99 ms | max ms | target |',
    '|---|---|---|---|---|---|---|',
  ];
  process.stdout.write(
    `${[...header, ...rows, '', 'Targets:', ...targets.map((t) => `- ${t}`)].join('\n')}\n`,
  );
});

import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { to as copyTo } from 'pg-copy-streams';
import { createDb, type Db } from '../shared/db/knex';
import { createExportsRepo } from '../shared/repos/exports.repo';
import { fmt } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';
import { processTree, rssBytes } from './worker-memory';

/**
 * A CSV export of ROWS referrals (docs/exports.md) through the real job path, against PostgreSQL's own
 * CSV of the same query in the same run:
 *   a. seeds ROWS referrals by SQL (generate_series, triggers off): each with its referred account and
 *      friend user, 1,000 referrers, one in four converted with a credit reward, one in ten with fraud
 *      signals;
 *   b. the anchor: `COPY (<the export's own query>) TO STDOUT (FORMAT csv)` read by the bench and
 *      discarded: what PostgreSQL alone needs to produce the same rows as CSV;
 *   c. createJob QUERY/REFERRALS through the gateway's GraphQL, polled every 250 ms until COMPLETED;
 *      rate = ROWS / (dateCompleted − the moment createJob was sent), target ≥ 100,000 rows/s, while the
 *      worker's resident memory (its process tree; tsx runs it in a child node) is sampled every 100 ms,
 *      target peak < 512 MiB; the result file is downloaded and its records counted.
 * Knobs (environment): ROWS (1,000,000).
 */
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const MiB = 2 ** 20;

/**
 * The rows, in one transaction with triggers off (`session_replication_role = replica`): the portal's
 * counters and the ledger's postings are other benches' concern, and the rewards' ledger trigger on one
 * referrer's 250,000 rewards would take longer than the whole export.
 */
async function seed(db: Db, tenantId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx.raw(
      `insert into accounts (tenant_id, id) select ?, 'acct-' || g from generate_series(0, ?) g`,
      [tenantId, ROWS],
    );
    await trx.raw(
      `insert into users (tenant_id, account_id, id, email, first_name, last_name, created_at)
       select ?, 'acct-' || g, 'user-' || g, 'user' || g || '@example.com', 'Ann', 'Lee, "' || g || '"',
         timestamptz '2026-01-01' + g * interval '1 second'
       from generate_series(0, ?) g`,
      [tenantId, ROWS],
    );
    await trx.raw(
      `insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id,
         referral_code_used, attribution_source, status, date_started, date_paid, fraud_signals)
       select ?, 'acct-' || g, 'acct-' || (g % 1000), 'user-' || (g % 1000), 'CODE' || (g % 1000), 'CODE',
         case when g % 4 = 0 then 'CONVERTED' else 'IN_PROGRESS' end,
         timestamptz '2026-01-01' + g * interval '1 second',
         case when g % 4 = 0 then timestamptz '2026-01-02' + g * interval '1 second' end,
         case when g % 10 = 0 then '[{"signal":"SAME_CLIENT","evidence":"ip"}]'::jsonb else '[]'::jsonb end
       from generate_series(1, ?) g`,
      [tenantId, ROWS],
    );
    await trx.raw(
      `insert into rewards (tenant_id, account_id, user_id, referral_id, reward_source, type, amount_cents,
         unit, status, date_given, explanation)
       select r.tenant_id, r.referrer_account_id, r.referrer_user_id, r.id, 'FRIEND_SIGNUP', 'CREDIT', 500,
         'USD', 'AVAILABLE', r.date_paid, '"Converted friend" gave 5.00 USD of credit.'
       from referrals r where r.tenant_id = ? and r.status = 'CONVERTED'`,
      [tenantId],
    );
  });
  await db.raw('analyze accounts, users, referrals, rewards');
}

/** `COPY (query) TO STDOUT (FORMAT csv)`, the output counted and dropped: rows and milliseconds. */
async function copyAnchor(db: Db, sql: string): Promise<{ bytes: number; ms: number }> {
  const connection = await db.client.acquireConnection();
  try {
    const started = performance.now();
    let bytes = 0;
    await pipeline(
      connection.query(copyTo(`copy (${sql}) to stdout (format csv, header true)`)),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    return { bytes, ms: performance.now() - started };
  } finally {
    await db.client.releaseConnection(connection);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields
async function gql(url: string, auth: string, query: string, variables: object): Promise<any> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const JOB = 'id status error resultFileRef dateStarted dateCompleted stats { recordsProcessed recordsTotal }';

runBench(async () => {
  const env = await startBenchEnvironment({
    worker: true,
    tenantAlias: 'exports',
    keepDatabase: process.env.BENCH_KEEP_DATABASE === '1',
  });
  const db = createDb({ url: env.databaseUrl, poolMax: 4, applicationName: 'bench-exports' });
  try {
    const { id: tenantId } = await db('tenants').where({ alias: env.tenant.alias }).first('id');
    let started = performance.now();
    await seed(db, tenantId);
    const seedMs = performance.now() - started;

    const anchor = await copyAnchor(db, createExportsRepo(db).referrals(tenantId, {}).sql());

    const workerPid = env.pids.worker!;
    let peakProcess = 0;
    const treeRss = () => {
      const sizes = processTree(workerPid).map(rssBytes);
      peakProcess = Math.max(peakProcess, ...sizes);
      return sizes.reduce((sum, size) => sum + size, 0);
    };
    const idleRss = treeRss();
    const idleProcess = peakProcess;
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRss())), 100);
    const sentAt = Date.now();
    started = performance.now();
    const { createJob } = await gql(
      env.apiUrl,
      env.auth,
      `mutation C($j: JobInput!) { createJob(jobInput: $j) { ${JOB} } }`,
      { j: { type: 'QUERY/REFERRALS', outputFormat: 'CSV' } },
    );
    let job = createJob;
    while (!['COMPLETED', 'FAILED', 'ABORTED'].includes(job.status)) {
      await new Promise((r) => setTimeout(r, 250));
      job = (await gql(env.apiUrl, env.auth, `query Q($id: ID!) { job(id: $id) { ${JOB} } }`, { id: job.id }))
        .job;
    }
    clearInterval(sampler);
    peakRss = Math.max(peakRss, treeRss());
    if (job.status !== 'COMPLETED') throw new Error(`the export ended ${job.status}: ${job.error}`);
    const jobMs = job.dateCompleted - sentAt;
    const streamMs = job.dateCompleted - job.dateStarted;

    const res = await fetch(
      `${env.apiUrl}/export/download?fileRef=${encodeURIComponent(job.resultFileRef)}`,
      {
        headers: { authorization: env.auth },
      },
    );
    let fileBytes = 0;
    for await (const chunk of res.body!) fileBytes += (chunk as Uint8Array).length;

    const rate = (ROWS * 1000) / jobMs;
    const anchorRate = (ROWS * 1000) / anchor.ms;
    const rows = [
      ['seed (SQL generate_series)', `${fmt(ROWS)} referrals`, fmt(seedMs / 1000, 1), '-', '-'],
      [
        'anchor: COPY (same query) TO STDOUT csv',
        `${fmt(anchor.bytes / MiB, 1)} MiB`,
        fmt(anchor.ms / 1000, 2),
        fmt(anchorRate),
        '-',
      ],
      [
        'export job QUERY/REFERRALS (createJob → COMPLETED)',
        `${fmt(job.stats.recordsProcessed)} rows, ${fmt(fileBytes / MiB, 1)} MiB`,
        fmt(jobMs / 1000, 2),
        fmt(rate),
        `${fmt(rate / anchorRate, 2)} ×`,
      ],
      [
        '  of which streaming (dateStarted → dateCompleted)',
        '',
        fmt(streamMs / 1000, 2),
        fmt((ROWS * 1000) / streamMs),
        '',
      ],
    ];
    const lines = [
      describeMachine(),
      '',
      '| step | size | s | rows/s | × anchor |',
      '|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
      '',
      `worker RSS, the worker's node process: idle ${fmt(idleProcess / MiB, 1)} MiB, peak during the export ${fmt(peakProcess / MiB, 1)} MiB`,
      `worker RSS, its whole process tree (tsx's launcher too): idle ${fmt(idleRss / MiB, 1)} MiB, peak ${fmt(peakRss / MiB, 1)} MiB`,
      `targets: ≥ 100,000 rows/s ${rate >= 100_000 ? '✓' : '✗'}; worker process < 512 MiB ${peakProcess < 512 * MiB ? '✓' : '✗'}; rows exact ${job.stats.recordsProcessed === ROWS ? '✓' : '✗'}`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await db.destroy();
    await env.stop();
  }
});

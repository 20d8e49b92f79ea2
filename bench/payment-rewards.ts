import os from 'node:os';
import { createDb, type Db } from '../shared/db/knex';
import { createAccountsRepo } from '../shared/repos/accounts.repo';
import { createReferralsRepo } from '../shared/repos/referrals.repo';
import { publishRuleVersion } from '../shared/domain/programs/rule-versions';
import {
  recordRuleOccurrences,
  recordRuleOccurrencesOfReferrals,
  type OccurrenceReport,
} from '../shared/domain/programs/rule-occurrences';
import { reconcileReferral } from '../shared/domain/referrals/lifecycle';
import { cpuPercent, sampleCpu, type CpuGroups } from './measure';
import { describeMachine, runBench, startBenchEnvironment } from './support';
import { createTenant } from '../shared/domain/tenants/tenants';

/**
 * PAYMENT-triggered rewards: BENCH_PAYMENTS payments (100,000) of BENCH_FRIENDS referred accounts
 * (10,000, converted under a rule version with "20 % of every payment for 12 months" in CASH), spread
 * over BENCH_REFERRERS referrers (1,000), BENCH_CONCURRENCY accounts at a time (16). Each payment goes
 * the way a processor notification, sync or payment event takes it, minus the Temporal round trip: the
 * door's transaction (the account locked, the payment recorded once under its id, the lifecycle marked
 * pending), and the lifecycle's reconcile step (`reconcileReferral`, the activity the workflow runs:
 * the rule evaluated under the referrer's lock, the reward inserted under its unique key with its
 * `reward.created` event). Every tenth payment is delivered a second time, which must change nothing.
 *
 * Three phases, each on a tenant of its own:
 * - batched (the 100,000): every door records its payment, then each referral's reconcile applies what
 *   is due, as the lifecycle does when payments arrive faster than it runs;
 * - reported together (the 100,000 again): the doors hear of BENCH_BATCH payments (100) of as many
 *   accounts at once, as a request of user events for many users does (logUserEvents' batch path: the
 *   accounts locked, their referrals read and the payments recorded with one statement each), the
 *   repeated tenth in a second call; then the reconciles;
 * - one at a time (BENCH_SINGLE, 10,000): each payment recorded and reconciled before the next, the
 *   lifecycle's worst case.
 *
 * Exact totals: as many CASH rewards as payments, their sum the sum of 20 % of each payment.
 * Anchor (same run, same concurrency): the door's transaction alone (lock the account, touch it), the
 * floor of any per-payment write.
 */
const payments = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const friends = Number(process.env.BENCH_FRIENDS ?? 10_000);
const referrers = Number(process.env.BENCH_REFERRERS ?? 1_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const anchorCount = Number(process.env.BENCH_ANCHOR ?? 10_000);
const single = Number(process.env.BENCH_SINGLE ?? 10_000);
const batchSize = Number(process.env.BENCH_BATCH ?? 100);
const DAY_MS = 86_400_000;

const RECURRING = {
  id: 'recurring',
  name: '20 % of every payment for 12 months',
  trigger: { type: 'PAYMENT', forMonths: 12 },
  recipient: 'REFERRER',
  reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
};

/** A payment's amount: 10.00 to 99.99 USD, varied so the shares round differently. */
const amountOf = (i: number) => 1000 + ((i * 7919) % 9000);

runBench(async () => {
  const env = await startBenchEnvironment({ tenantAlias: `pay-${Date.now().toString(36)}` });
  const db = createDb({ url: env.databaseUrl, poolMax: concurrency + 2, applicationName: 'bench' });
  try {
    const second = await createTenant(db, { alias: `pay1-${Date.now().toString(36)}` });
    const third = await createTenant(db, { alias: `pay2-${Date.now().toString(36)}` });
    process.stdout.write(
      await measure(db, {
        batched: await tenantId(db, env.tenant.alias),
        single: await tenantId(db, second.alias),
        reported: await tenantId(db, third.alias),
      }),
    );
  } finally {
    await db.destroy();
    await env.stop();
  }
});

async function tenantId(db: Db, alias: string): Promise<string> {
  return ((await db('tenants').where({ alias }).first('id')) as { id: string }).id;
}

async function seed(db: Db, tenant: string): Promise<void> {
  await publishRuleVersion(db, tenant, [RECURRING], { publishedBy: 'bench' });
  await db.raw(`insert into accounts (tenant_id, id) select ?, 'r-' || g from generate_series(1, ?) g`, [
    tenant,
    referrers,
  ]);
  await db.raw(
    `insert into users (tenant_id, account_id, id) select ?, 'r-' || g, 'u-' || g from generate_series(1, ?) g`,
    [tenant, referrers],
  );
  await db.raw(
    `insert into accounts (tenant_id, id, subscription_status, first_paid_at, first_user_at)
     select ?, 'f-' || g, 'PAID', now(), now() from generate_series(1, ?) g`,
    [tenant, friends],
  );
  await db.raw(
    `insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id,
       referral_code_used, attribution_source, status, date_started, date_paid, rule_version)
     select ?, 'f-' || g, 'r-' || (g % ?) + 1, 'u-' || (g % ?) + 1, 'CODE' || g, 'CODE', 'CONVERTED',
       now() - interval '1 day', now() - interval '1 hour', 1
     from generate_series(1, ?) g`,
    [tenant, referrers, referrers, friends],
  );
  await db.raw('analyze accounts, users, referrals, rewards');
}

/** The door's transaction: the account locked, the payment recorded once, the lifecycle marked pending. */
async function recordPayment(db: Db, tenant: string, friend: string, paymentId: string, amountCents: number) {
  await db.transaction(async (trx) => {
    await createAccountsRepo(trx).lock(tenant, friend, trx);
    const referral = (await createReferralsRepo(trx).findByReferredAccount(tenant, friend, trx)) ?? null;
    await recordRuleOccurrences(trx, referral, [reportOf(paymentId, amountCents)]);
  });
}

/** A door hearing of many accounts' payments at once: the accounts locked, referrals read, payments recorded. */
async function recordReported(db: Db, tenant: string, payments: ReturnType<typeof paymentOf>[]) {
  await db.transaction(async (trx) => {
    const ids = [...new Set(payments.map((p) => p.friend))].sort();
    await createAccountsRepo(trx).lockMany(tenant, ids, trx);
    const referrals = await createReferralsRepo(trx).findByReferredAccounts(tenant, ids, trx);
    const byAccount = new Map(referrals.map((r) => [r.referred_account_id, r]));
    await recordRuleOccurrencesOfReferrals(
      trx,
      payments.map((p) => ({
        referral: byAccount.get(p.friend) ?? null,
        reports: [reportOf(p.paymentId, p.amountCents)],
      })),
    );
  });
}

const reportOf = (paymentId: string, amountCents: number): OccurrenceReport => ({
  kind: 'PAYMENT',
  paymentId,
  source: 'SYNC',
  amountCents,
  currency: 'USD',
  at: new Date(),
});

/** Runs `each(i)` for i in [0, count) with `concurrency` loops, each on its own accounts. */
async function loops(count: number, each: (i: number) => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let i = loop; i < count; i += concurrency) await each(i);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Exact totals of the tenant's CASH rewards against 20 % of each of `count` payments. */
async function checkTotals(db: Db, tenant: string, count: number): Promise<string> {
  const expected = Array.from({ length: count }, (_, i) => Math.floor((amountOf(i) * 20) / 100)).reduce(
    (a, b) => a + b,
    0,
  );
  const [totals] = (await db('rewards')
    .where({ tenant_id: tenant, type: 'CASH', rule_id: 'recurring' })
    .select(db.raw('count(*)::int as n'), db.raw('coalesce(sum(amount_cents), 0)::bigint as cents'))) as {
    n: number;
    cents: string;
  }[];
  if (totals!.n !== count || Number(totals!.cents) !== expected) {
    throw new Error(
      `totals differ: ${totals!.n} rewards, ${totals!.cents} cents; want ${count}, ${expected}`,
    );
  }
  return `${totals!.n.toLocaleString('en')} CASH rewards, ${(expected / 100).toFixed(2)} USD (exact)`;
}

/** Friend i % friends pays its (i / friends)-th payment; every tenth is delivered twice. */
const paymentOf = (i: number) => {
  const friend = `f-${(i % friends) + 1}`;
  return { friend, paymentId: `bench:${friend}:${Math.floor(i / friends)}`, amountCents: amountOf(i) };
};

async function measure(
  db: Db,
  tenants: { batched: string; reported: string; single: string },
): Promise<string> {
  const load = os.loadavg();
  const tenant = tenants.batched;
  for (const t of Object.values(tenants)) await seed(db, t);
  const groups: CpuGroups = { bench: { root: process.pid } };
  const reconcile = (t: string, friend: string) =>
    reconcileReferral(db, { tenantId: t, accountId: friend }, { dayMs: DAY_MS });
  const reconcileAll = (t: string) => loops(friends, (i) => reconcile(t, `f-${i + 1}`).then(() => undefined));

  // Anchor: the door's transaction without the payment (lock the account, touch it), measured before
  // each phase: on a shared machine the load moves within a run, and each phase is compared to its own.
  const anchor = async () => {
    const started = sampleCpu(groups);
    const secs = await loops(anchorCount, async (i) => {
      await db.transaction(async (trx) => {
        await createAccountsRepo(trx).lock(tenant, `f-${(i % friends) + 1}`, trx);
        await trx('accounts')
          .where({ tenant_id: tenant, id: `f-${(i % friends) + 1}` })
          .update({ updated_at: trx.fn.now() });
      });
    });
    return { secs, rate: anchorCount / secs, pct: cpuPercent(started, sampleCpu(groups)) };
  };

  const anchors = [await anchor()];
  // Batched: the doors record every payment (every tenth twice), then each referral's reconcile.
  const cpu = sampleCpu(groups);
  const recordSeconds = await loops(payments, async (i) => {
    const p = paymentOf(i);
    await recordPayment(db, tenant, p.friend, p.paymentId, p.amountCents);
    if (i % 10 === 0) await recordPayment(db, tenant, p.friend, p.paymentId, p.amountCents);
  });
  const applySeconds = await reconcileAll(tenant);
  const cpuPct = cpuPercent(cpu, sampleCpu(groups));
  const seconds = recordSeconds + applySeconds;
  const batchedTotals = await checkTotals(db, tenant, payments);

  // Reported together: BENCH_BATCH payments per door call, the repeated tenth in a second call.
  anchors.push(await anchor());
  const reportedCpu = sampleCpu(groups);
  const reportedRecordSeconds = await loops(Math.ceil(payments / batchSize), async (b) => {
    const batch = Array.from({ length: Math.min(batchSize, payments - b * batchSize) }, (_, k) =>
      paymentOf(b * batchSize + k),
    );
    await recordReported(db, tenants.reported, batch);
    await recordReported(
      db,
      tenants.reported,
      batch.filter((_, k) => (b * batchSize + k) % 10 === 0),
    );
  });
  const reportedApplySeconds = await reconcileAll(tenants.reported);
  const reportedCpuPct = cpuPercent(reportedCpu, sampleCpu(groups));
  const reportedSeconds = reportedRecordSeconds + reportedApplySeconds;
  const reportedTotals = await checkTotals(db, tenants.reported, payments);

  // One at a time: each payment recorded and reconciled before the friend's next.
  anchors.push(await anchor());
  const singleCpu = sampleCpu(groups);
  const singleSeconds = await loops(single, async (i) => {
    const p = paymentOf(i);
    await recordPayment(db, tenants.single, p.friend, p.paymentId, p.amountCents);
    await reconcile(tenants.single, p.friend);
    if (i % 10 === 0) {
      await recordPayment(db, tenants.single, p.friend, p.paymentId, p.amountCents);
      await reconcile(tenants.single, p.friend);
    }
  });
  const singleCpuPct = cpuPercent(singleCpu, sampleCpu(groups));
  const singleTotals = await checkTotals(db, tenants.single, single);

  const rate = payments / seconds;
  const reportedRate = payments / reportedSeconds;
  const singleRate = single / singleSeconds;
  const n = (x: number) => x.toLocaleString('en');
  const row = (
    what: string,
    count: number,
    secs: number,
    r: number,
    pct: Record<string, number>,
    vs: number,
  ) =>
    `| ${what} | ${n(count)} | ${secs.toFixed(1)} | ${r.toFixed(0)} | ${(r / vs).toFixed(2)} | ${fmtCpu(pct)} |`;
  const anchorRow = (k: number) =>
    row(
      "anchor: the door's transaction alone",
      anchorCount,
      anchors[k]!.secs,
      anchors[k]!.rate,
      anchors[k]!.pct,
      anchors[k]!.rate,
    );
  return [
    '',
    `PAYMENT rewards: ${n(friends)} friends of ${n(referrers)} referrers, ${concurrency} at a time; every tenth payment delivered twice`,
    describeMachine(),
    `Load average at start: ${load.map((l) => l.toFixed(2)).join(' ')}; at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    '',
    '| phase | payments | seconds | payments/s | vs the anchor before it | CPU % (bench process; whole machine) |',
    '| --- | --- | --- | --- | --- | --- |',
    anchorRow(0),
    row(
      `batched: recorded (${recordSeconds.toFixed(1)} s), then reconciled per referral (${applySeconds.toFixed(1)} s)`,
      payments,
      seconds,
      rate,
      cpuPct,
      anchors[0]!.rate,
    ),
    anchorRow(1),
    row(
      `reported ${batchSize} at a time: recorded (${reportedRecordSeconds.toFixed(1)} s), then reconciled (${reportedApplySeconds.toFixed(1)} s)`,
      payments,
      reportedSeconds,
      reportedRate,
      reportedCpuPct,
      anchors[1]!.rate,
    ),
    anchorRow(2),
    row(
      'one at a time: recorded + reconciled each',
      single,
      singleSeconds,
      singleRate,
      singleCpuPct,
      anchors[2]!.rate,
    ),
    '',
    `Totals: batched ${batchedTotals}; reported ${reportedTotals}; one at a time ${singleTotals}; repeated deliveries added nothing.`,
    `Target ≥ 1,000 payments/s (the 100,000): batched ${rate >= 1000 ? '✓' : '✗'} (${rate.toFixed(0)}/s), reported ${reportedRate >= 1000 ? '✓' : '✗'} (${reportedRate.toFixed(0)}/s)`,
    '',
  ].join('\n');
}

function fmtCpu(pct: Record<string, number>): string {
  return Object.entries(pct)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');
}

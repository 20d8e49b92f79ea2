import { secretBoxFor } from '../shared/crypto/secret-box';
import { createDb, type Db } from '../shared/db/knex';
import { verifyLedger } from '../shared/domain/ledger/ledger-verify';
import { connectPayoutProvider, savePayoutPolicy } from '../shared/domain/payouts/payout-setup';
import { payoutRunWorkflowId } from '../shared/ids';
import { connectTemporal } from '../shared/temporal/connection';
import { startPayPalStandIn, type PayPalStandIn } from '../services/processor-sandbox/paypal/server';
import { describeMachine, runBench, startBenchEnvironment, type BenchEnvironment } from './support';

/**
 * A payout run of BENCH_PAYEES (10,000) referrers paid through the PayPal stand-in, with the worker
 * killed (SIGKILL) once BENCH_KILL_AT (40 %) of them were paid and started again. Reported: the run's
 * duration, PayPal calls per payout (counted by the stand-in), payouts paid more than once (must be 0),
 * payouts not PAID (must be 0) and the ledger's violations (must be 0). Anchor (same run): a run of
 * BENCH_ANCHOR_PAYEES (500) without a kill, as seconds per 1,000 payees.
 */
const payees = Number(process.env.BENCH_PAYEES ?? 10_000);
const anchorPayees = Number(process.env.BENCH_ANCHOR_PAYEES ?? 500);
const killAt = Number(process.env.BENCH_KILL_AT ?? 0.4);
const CASH_CENTS = 1234;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

runBench(async () => {
  process.env.SECRET_KEY ??= 'bench-secret-key-that-is-at-least-32-characters';
  const paypal = await startPayPalStandIn({ port: 0, host: '127.0.0.1' });
  process.env.PAYPAL_BASE_URL = paypal.url;
  process.env.PAYOUT_HEARTBEAT_TIMEOUT_MS ??= '5000';
  process.env.PAYOUT_POLL_INTERVAL_MS ??= '1000';
  const env = await startBenchEnvironment({
    worker: true,
    tenantAlias: `payouts_${Date.now().toString(36)}`,
  });
  const db = createDb({ url: env.databaseUrl, poolMax: 4, applicationName: 'bench' });
  try {
    const tenantId: string = (await db('tenants').where({ alias: env.tenant.alias }).first('id')).id;
    await connectPayoutProvider(db, secretBoxFor(process.env.SECRET_KEY), tenantId, {
      provider: 'PAYPAL',
      clientId: 'bench-client',
      secret: 'bench-secret',
    });
    await savePayoutPolicy(db, tenantId, { minimumCents: 100, schedule: 'MANUAL', requireApproval: false });

    process.stderr.write(`bench: anchor, ${anchorPayees} payees without a kill\n`);
    await seed(db, tenantId, anchorPayees, 'anchor');
    const anchor = await runOnce(env, db, paypal, null);
    await seed(db, tenantId, payees, 'main');
    process.stderr.write(
      `bench: ${payees} payees, the worker killed at ${Math.round(killAt * 100)} % paid\n`,
    );
    const main = await runOnce(env, db, paypal, Math.round(payees * killAt));
    const ledger = await verifyLedger(db, env.tenant.alias);
    report(anchor, main, ledger.violations.length, ledger.transactions);
  } finally {
    await db.destroy();
    await env.stop();
    await paypal.close();
  }
});

/** `count` referrers with a PayPal address and CASH_CENTS of cash each (rows written directly, in bulk). */
async function seed(db: Db, tenantId: string, count: number, prefix: string): Promise<void> {
  const box = secretBoxFor(process.env.SECRET_KEY)!;
  for (let start = 0; start < count; start += 1000) {
    const ids = Array.from({ length: Math.min(1000, count - start) }, (_, i) => `${prefix}-${start + i}`);
    await db('accounts').insert(ids.map((id) => ({ tenant_id: tenantId, id })));
    await db('payees').insert(
      ids.map((id) => ({
        tenant_id: tenantId,
        account_id: id,
        method_type: 'PAYPAL',
        method_sealed: box.seal(JSON.stringify({ type: 'PAYPAL', email: `${id}@example.com` }), tenantId),
        method_masked: `${id.slice(0, 1)}•••@example.com`,
        method_updated_at: new Date(),
      })),
    );
    await db('rewards').insert(
      ids.map((id) => ({
        tenant_id: tenantId,
        account_id: id,
        referral_id: null,
        reward_source: 'ADJUSTMENT',
        type: 'CASH',
        amount_cents: CASH_CENTS,
        unit: 'USD',
        status: 'AVAILABLE',
      })),
    );
  }
}

interface RunResult {
  payees: number;
  seconds: number;
  calls: number;
  paidTwice: number;
  notPaid: number;
  killedAfterMs: number | null;
  restartMs: number | null;
}

/** One run requested through GraphQL; with `killAfterPaid`, the worker is killed once that many are paid. */
async function runOnce(
  env: BenchEnvironment,
  db: Db,
  paypal: PayPalStandIn,
  killAfterPaid: number | null,
): Promise<RunResult> {
  const paymentsBefore = paypal.state.ledger.list().length;
  const callsBefore = paypal.calls().length;
  const started = Date.now();
  const res = await fetch(`${env.apiUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: env.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { requestPayoutRun { id } }' }),
  });
  const body = (await res.json()) as { data?: { requestPayoutRun: { id: string } }; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const runId = body.data!.requestPayoutRun.id;
  let killedAfterMs: number | null = null;
  let restartMs: number | null = null;
  if (killAfterPaid !== null) {
    while (paypal.state.ledger.list().length - paymentsBefore < killAfterPaid) await sleep(100);
    killedAfterMs = Date.now() - started;
    await env.killWorker();
    const down = Date.now();
    await env.startWorker();
    restartMs = Date.now() - down;
  }
  const temporal = connectTemporal(
    { ...env.config, temporalAddress: env.temporalAddress },
    { taskQueue: env.taskQueue },
  );
  try {
    const result = await temporal.client.workflow
      .getHandle(payoutRunWorkflowId(env.tenant.alias, runId))
      .result();
    if (result !== 'COMPLETED') throw new Error(`run ${runId} ended ${String(result)}`);
  } finally {
    await temporal.close();
  }
  const seconds = (Date.now() - started) / 1000;
  const rows: { id: string; status: string }[] = await db('payouts')
    .where({ run_id: runId })
    .select('id', 'status');
  const counts = paypal.state.ledger.countsByKey();
  return {
    payees: rows.length,
    seconds,
    calls: paypal.calls().length - callsBefore,
    paidTwice: rows.filter((r) => (counts[r.id] ?? 0) > 1).length,
    notPaid: rows.filter((r) => r.status !== 'PAID' || (counts[r.id] ?? 0) !== 1).length,
    killedAfterMs,
    restartMs,
  };
}

function report(anchor: RunResult, main: RunResult, violations: number, transactions: number): void {
  const per1000 = (r: RunResult) => ((r.seconds / r.payees) * 1000).toFixed(1);
  const lines = [
    `Payout run: ${main.payees} payees through the PayPal stand-in, the worker SIGKILLed and restarted mid-run`,
    describeMachine(),
    '',
    '| run | payees | duration | s per 1,000 payees | PayPal calls | calls per payout | paid twice | not paid once |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| anchor: no kill | ${anchor.payees} | ${anchor.seconds.toFixed(1)} s | ${per1000(anchor)} | ${anchor.calls} | ${(anchor.calls / anchor.payees).toFixed(4)} | ${anchor.paidTwice} | ${anchor.notPaid} |`,
    `| SIGKILL at ${Math.round(killAt * 100)} % paid | ${main.payees} | ${main.seconds.toFixed(1)} s | ${per1000(main)} | ${main.calls} | ${(main.calls / main.payees).toFixed(4)} | ${main.paidTwice} | ${main.notPaid} |`,
    '',
    `Worker killed ${((main.killedAfterMs ?? 0) / 1000).toFixed(1)} s into the run; a new worker answered ${((main.restartMs ?? 0) / 1000).toFixed(1)} s later.`,
    `ledger:verify after both runs: ${violations} violation(s) in ${transactions} transactions.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (
    main.paidTwice > 0 ||
    main.notPaid > 0 ||
    anchor.paidTwice > 0 ||
    anchor.notPaid > 0 ||
    violations > 0
  ) {
    process.exitCode = 1;
  }
}

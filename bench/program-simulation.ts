import { createDb } from '../shared/db/knex';
import { cpuPercent, createJsonClient, fmt, sampleCpu, type CpuGroups } from './measure';
import { TEN_RULES } from './lifecycle-rules';
import { describeMachine, runBench, startBenchEnvironment } from './support';

/**
 * simulateProgram over BENCH_REFERRALS (1,000,000) recorded conversions of one program in a year, from
 * BENCH_REFERRERS (50,000) referrers (a few with many friends, most with a handful), each with its
 * referred account and the program's fixed reward given, and BENCH_PAYMENTS (500,000) recorded payments
 * (rule_occurrences) and BENCH_EVENTS (250,000) logged user events of the referred accounts (user_events). The
 * target (issue 33): under 30 s.
 *
 * Each simulation is one GraphQL query through the gateway, timed from the request to the answer, with
 * the gateway's CPU (the replay) apart from the rest (PostgreSQL's cursors and sorts). Three rule sets,
 * in the same run: the anchor, one fixed credit rule (conversions only, the least evaluation); the ten
 * rules of bench:lifecycle's rules phase (tiers, a yearly cap, a friend reward, eight milestones; still
 * conversions only); and those ten with a PAYMENT and an EVENT rule, which replay the payments and
 * events too, merged in order with the conversions.
 */
const referrals = Number(process.env.BENCH_REFERRALS ?? 1_000_000);
const referrers = Number(process.env.BENCH_REFERRERS ?? 50_000);
const payments = Number(process.env.BENCH_PAYMENTS ?? 500_000);
const events = Number(process.env.BENCH_EVENTS ?? 250_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

const SIMULATE = `query ($rules: [ProgramRuleInput!]!) {
  simulateProgram(rules: $rules, from: "2025-01-01", to: "2025-12-31") {
    conversions
    payments
    events
    wouldGive { month unit rewards amount }
    given { month unit rewards amount }
  }
}`;
const ONE_RULE = [
  {
    id: 'flat',
    name: '$10 per friend',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRER',
    reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' },
  },
];
const TWELVE_RULES = [
  ...TEN_RULES,
  {
    id: 'recurring',
    name: '20 % of every payment for 12 months, up to $500 a year',
    trigger: { type: 'PAYMENT', forMonths: 12 },
    recipient: 'REFERRER',
    reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
    limits: [{ period: 'YEAR', maxAmountCents: 50_000 }],
  },
  {
    id: 'onboarded',
    name: '$15 when the friend onboards 3 seats',
    trigger: { type: 'EVENT', eventKey: 'onboarded', field: 'seats', atLeast: 3 },
    recipient: 'REFERRER',
    reward: { type: 'CREDIT', amountCents: 1500, unit: 'USD' },
  },
];

runBench(async () => {
  const env = await startBenchEnvironment({ tenantAlias: `sim-${Date.now().toString(36)}` });
  const db = createDb({ url: env.databaseUrl, poolMax: 2, applicationName: 'bench' });
  const api = createJsonClient(env.apiUrl, { authorization: env.auth }, 2);
  try {
    const { id: tenantId } = await db('tenants').where({ alias: env.tenant.alias }).first('id');
    const seedStarted = Date.now();
    // Referrer of the n-th conversion: skewed (r^3), so a few referrers have thousands of friends.
    await db.raw(
      `insert into accounts (tenant_id, id, subscription_status, subscription_value, currency, first_paid_at)
       select ?, 'f' || n, 'PAID', 10 + (n % 90), 'USD',
              timestamptz '2025-01-01' + ((n - 1)::float8 / ?) * interval '365 days'
       from generate_series(1, ?) n`,
      [tenantId, referrals, referrals],
    );
    await db.raw(
      `insert into referrals (tenant_id, referred_account_id, referrer_account_id, referrer_user_id,
                              referral_code_used, attribution_source, status, date_started, date_paid)
       select ?, 'f' || n, 'r' || r, 'u', 'CODE' || r, 'CODE', 'CONVERTED', paid - interval '1 day', paid
       from (select n, floor(? * power(random(), 3))::int as r,
                    timestamptz '2025-01-01' + ((n - 1)::float8 / ?) * interval '365 days' as paid
             from generate_series(1, ?) n) s`,
      [tenantId, referrers, referrals, referrals],
    );
    await db.raw(
      `insert into rewards (tenant_id, account_id, user_id, referral_id, reward_source, type, amount_cents,
                            unit, status, date_given)
       select tenant_id, referrer_account_id, 'u', id, 'FRIEND_SIGNUP', 'CREDIT', 1000, 'USD', 'AVAILABLE',
              date_paid
       from referrals where tenant_id = ?`,
      [tenantId],
    );
    // A payment a month after the conversion for `payments` referrals, and an onboarding event three days
    // after it (0-9 seats) for `events` of them, drawn at random.
    await db.raw(
      `insert into rule_occurrences (tenant_id, referral_id, kind, occurrence_id, source, amount_cents,
                                     currency, occurred_at, applied_at)
       select tenant_id, id, 'PAYMENT', 'sync:' || referred_account_id || ':1', 'SYNC',
              1000 + floor(random() * 9000)::int, 'USD', date_paid + interval '30 days', now()
       from referrals where tenant_id = ? order by random() limit ?`,
      [tenantId, payments],
    );
    // Events are the referred users' logged events (user_events), which a simulation reads for an EVENT rule.
    await db.raw(
      `insert into user_events (id, tenant_id, account_id, user_id, key, fields, date_triggered, date_received)
       select gen_random_uuid(), tenant_id, referred_account_id, 'u', 'onboarded',
              jsonb_build_object('seats', floor(random() * 10)::int), date_paid + interval '3 days',
              date_paid + interval '3 days'
       from referrals where tenant_id = ? order by random() limit ?`,
      [tenantId, events],
    );
    await db.raw('analyze accounts, referrals, rewards, rule_occurrences, user_events');
    const seedMs = Date.now() - seedStarted;

    // PostgreSQL: the backends of the bench's own database (the machine's server is shared with other
    // engineers' test databases, whose CPU must not count; a parallel worker ends before it is sampled).
    const database = new URL(env.databaseUrl).pathname.slice(1);
    const groups: CpuGroups = {
      gateway: { root: env.pids.gateway },
      postgres: { cmdline: new RegExp(`^postgres: .* ${database} `) },
    };
    const rows: string[] = [];
    for (const [name, rules] of [
      ['one fixed rule (anchor)', ONE_RULE],
      ['ten rules', TEN_RULES],
      ['ten rules + PAYMENT + EVENT', TWELVE_RULES],
    ] as const) {
      for (let round = 1; round <= rounds; round += 1) {
        const before = sampleCpu(groups);
        const started = Date.now();
        const answer = await api.request('POST', '/graphql', { query: SIMULATE, variables: { rules } });
        const ms = Date.now() - started;
        const cpu = cpuPercent(before, sampleCpu(groups));
        const cpuSeconds = (group: string) => ((cpu[group] ?? 0) / 100) * (ms / 1000);
        const body = answer.body as {
          data?: {
            simulateProgram: {
              conversions: number;
              payments: number;
              events: number;
              wouldGive: { rewards: number }[];
            };
          };
          errors?: unknown;
        };
        if (!body.data) throw new Error(`simulateProgram failed: ${JSON.stringify(body.errors ?? answer)}`);
        const result = body.data.simulateProgram;
        if (result.conversions !== referrals)
          throw new Error(`replayed ${result.conversions} of ${referrals}`);
        const occurrences = result.payments + result.events;
        if (rules === TWELVE_RULES && (result.payments === 0 || result.events === 0))
          throw new Error(`replayed ${result.payments} payments and ${result.events} events`);
        const given = result.wouldGive.reduce((n, t) => n + t.rewards, 0);
        rows.push(
          `| ${name} | ${round} | ${fmt(ms / 1000, 1)} | ${fmt(cpuSeconds('gateway'), 1)} | ${fmt(cpuSeconds('postgres'), 1)} | ${occurrences} | ${given} | ${fmt(referrals / (ms / 1000))} |`,
        );
      }
    }
    process.stdout.write(
      [
        `simulateProgram over ${referrals} conversions of ${referrers} referrers in one year, with ${payments} payments and ${events} events recorded (seeded in ${fmt(seedMs / 1000, 1)} s)`,
        describeMachine(),
        '',
        '| rules | round | wall s | gateway CPU s | PostgreSQL CPU s | payments + events replayed | rewards simulated | conversions/s |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    api.close();
    await db.destroy();
    await env.stop();
  }
});

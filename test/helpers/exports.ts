import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../shared/db/knex';
import { importClient } from './imports';

type Json = Record<string, any>;

/** A value a spreadsheet would run as a formula, and one full of CSV's special characters. */
export const FORMULA = '=HYPERLINK("http://evil.example/x","click")';
export const AWKWARD = 'Doe, "Jr"\nthe second';

export interface SeededRows {
  accounts: string[];
  users: string[];
  referrals: { id: string; status: string; programId: string; startedAt: string }[];
  rewards: string[];
  payouts: string[];
  userEvents: string[];
  deliveries: string[];
}

/**
 * A tenant's rows of every exported kind, written straight into the tables (the export reads tables;
 * how the rows came about is other tests' business): three referrals (IN_PROGRESS in May in `default`,
 * CONVERTED in June in `spring`, ENDED in July), a friend user whose name is a formula and whose last name
 * holds a comma, quotes and a line break, a credit reward (whose ledger transaction the trigger posts), a
 * payout, a user event and a webhook delivery.
 */
export async function seedExportRows(db: Db, tenantId: string, tag: string): Promise<SeededRows> {
  const acct = (n: number) => `${tag}-acct-${n}`;
  const accounts = [acct(0), acct(1), acct(2), acct(3)];
  await db('accounts').insert(accounts.map((id) => ({ tenant_id: tenantId, id })));
  const users = accounts.map((_, i) => `${tag}-user-${i}`);
  await db('users').insert(
    accounts.map((account_id, i) => ({
      tenant_id: tenantId,
      account_id,
      id: users[i],
      first_name: i === 1 ? FORMULA : 'Ann',
      last_name: i === 1 ? AWKWARD : 'Lee',
      email: `${tag}-${i}@example.com`,
      custom_fields: JSON.stringify(i === 1 ? { plan: '+pro' } : {}),
      created_at: new Date(Date.UTC(2026, 4, 1 + i)),
    })),
  );
  const referrals = [
    { id: randomUUID(), status: 'IN_PROGRESS', programId: 'default', startedAt: '2026-05-10T00:00:00.000Z' },
    { id: randomUUID(), status: 'CONVERTED', programId: 'spring', startedAt: '2026-06-10T00:00:00.000Z' },
    { id: randomUUID(), status: 'ENDED', programId: 'default', startedAt: '2026-07-10T00:00:00.000Z' },
  ];
  await db('referrals').insert(
    referrals.map((r, i) => ({
      id: r.id,
      tenant_id: tenantId,
      referred_account_id: accounts[i + 1],
      referrer_account_id: accounts[0],
      referrer_user_id: users[0],
      referral_code_used: `${tag.toUpperCase()}CODE`,
      attribution_source: 'CODE',
      status: r.status,
      program_id: r.programId,
      date_started: r.startedAt,
      date_paid: r.status === 'CONVERTED' ? '2026-06-11T00:00:00.000Z' : null,
      fraud_signals: JSON.stringify(
        i === 0
          ? [
              { signal: 'SAME_CLIENT', evidence: 'x' },
              { signal: 'SAME_NAME', evidence: 'y' },
            ]
          : [],
      ),
    })),
  );
  const rewardId = randomUUID();
  await db('rewards').insert({
    id: rewardId,
    tenant_id: tenantId,
    account_id: accounts[0],
    user_id: users[0],
    referral_id: referrals[1]!.id,
    reward_source: 'FRIEND_SIGNUP',
    type: 'CREDIT',
    amount_cents: 500,
    unit: 'USD',
    status: 'AVAILABLE',
    date_given: '2026-06-11T00:00:00.000Z',
    explanation: '"Converted friend" gave 5.00 USD of credit: the friend converted on 2026-06-11.',
  });
  const runId = randomUUID();
  await db('payout_runs').insert({
    id: runId,
    tenant_id: tenantId,
    program_id: 'spring',
    status: 'COMPLETED',
    trigger: 'MANUAL',
    requested_by: 'test',
  });
  const payoutId = randomUUID();
  await db('payouts').insert({
    id: payoutId,
    tenant_id: tenantId,
    run_id: runId,
    account_id: accounts[0],
    program_id: 'spring',
    method_type: 'PAYPAL',
    amount_cents: 500,
    currency: 'USD',
    batch_no: 0,
    status: 'PAID',
    provider_message: '-refused, then paid',
  });
  const eventId = randomUUID();
  await db('user_events').insert({
    id: eventId,
    tenant_id: tenantId,
    account_id: accounts[1],
    user_id: users[1],
    key: 'purchase',
    fields: JSON.stringify({ sku: '@sku,1' }),
    date_triggered: '2026-06-01T00:00:00.000Z',
    date_received: '2026-06-01T00:00:01.000Z',
  });
  const endpointId = randomUUID();
  await db('webhook_endpoints').insert({
    id: endpointId,
    tenant_id: tenantId,
    url: `https://${tag}.example.com/hook`,
    secret_sealed: 'sealed',
  });
  const webhookEventId = randomUUID();
  await db('webhook_events').insert({
    id: webhookEventId,
    tenant_id: tenantId,
    type: 'user.created',
    payload: '{}',
  });
  const [delivery] = await db('webhook_deliveries')
    .insert({
      tenant_id: tenantId,
      endpoint_id: endpointId,
      event_id: webhookEventId,
      attempt: 1,
      started_at: '2026-06-02T00:00:00.000Z',
      status_code: 500,
      latency_ms: 12,
      error: '=1+1',
      outcome: 'FAILED',
    })
    .returning('id');
  return {
    accounts,
    users,
    referrals,
    rewards: [rewardId],
    payouts: [payoutId],
    userEvents: [eventId],
    deliveries: [String((delivery as { id: string | number }).id)],
  };
}

/** Export verbs over the real gateway: start an export, wait for it, read its CSV. */
export function exportClient(api: { base: string; auth: string }) {
  const jobs = importClient(api);
  return {
    ...jobs,
    /** Starts an export and waits until it has ended. */
    async run(type: string, filters?: Json): Promise<Json> {
      const job = await jobs.create({ type, outputFormat: 'CSV', ...(filters ? { filters } : {}) });
      return jobs.waitFor(job.id);
    },
    /** The finished export's CSV as rows of cells, header first. */
    async rows(job: Json): Promise<string[][]> {
      const { status, text } = await jobs.download(job.resultFileRef);
      if (status !== 200) throw new Error(`download: ${status} ${text}`);
      return parse(text, { relax_column_count: false }) as string[][];
    },
  };
}

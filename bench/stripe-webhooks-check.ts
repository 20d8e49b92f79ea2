import type { Client } from '@temporalio/client';
import type { Db } from '../shared/db/knex';
import { workflowIds } from '../shared/temporal/workflow-ids';
import { processorNotificationWorkflow } from '../workflows/processor-notification.workflow';
import {
  expectedRowStatus,
  expectedStatus,
  type CustomerObjects,
  type DeliveryPlan,
  type PlannedCustomer,
  type PlannedEvent,
} from './stripe-webhooks-plan';

/**
 * bench:stripe-webhooks' exactly-once check, row by row against the plan (bench/stripe-webhooks-plan.ts):
 * the stored events, the workflows that applied them, the accounts, referrals, recorded payments and the
 * rewards the payments gave. Each mismatch is one line naming the row; the first few are printed.
 */
export interface CheckInput {
  db: Db;
  temporal: Client;
  tenantId: string;
  tenantAlias: string;
  taskQueue: string;
  customers: PlannedCustomer[];
  objects: CustomerObjects[];
  events: PlannedEvent[];
  plan: DeliveryPlan;
}

export interface CheckResult {
  failures: string[];
  counts: Record<string, number>;
}

interface NotificationCells {
  notification_key: string;
  kind: string;
  status: string;
  deliveries: number | string;
  customer_id: string | null;
  outcome: { accountId?: string | null; result?: string } | null;
}

interface OccurrenceCells {
  occurrence_id: string;
  referral_id: string;
  amount_cents: string | null;
  reversal_kind: string | null;
  reversal_ref: string | null;
}

const paymentOf = (o: CustomerObjects) => `stripe:${o.charge.id}`;

export async function checkStripeBench(input: CheckInput): Promise<CheckResult> {
  const failures: string[] = [];
  const fail = (line: string) => failures.push(line);
  const counts: Record<string, number> = {};
  const count = (key: string, by = 1) => (counts[key] = (counts[key] ?? 0) + by);
  const { db, tenantId, customers, objects } = input;

  // 1. One row per distinct event, its deliveries counted, its status and outcome as the plan says.
  const rows: NotificationCells[] = await db('processor_notifications')
    .where({ tenant_id: tenantId, processor: 'STRIPE' })
    .select('notification_key', 'kind', 'status', 'deliveries', 'customer_id', 'outcome');
  const byKey = new Map<string, NotificationCells[]>();
  for (const r of rows) byKey.set(r.notification_key, [...(byKey.get(r.notification_key) ?? []), r]);
  const planned = new Map(input.events.map((e) => [e.id, e]));
  for (const key of byKey.keys()) if (!planned.has(key)) fail(`row ${key}: not an event of the plan`);
  for (const e of input.events) {
    const c = customers[e.customer]!;
    const found = byKey.get(e.id) ?? [];
    if (found.length !== 1) {
      fail(`event ${e.id} (${e.type}): ${found.length} rows`);
      continue;
    }
    const row = found[0]!;
    count(`status ${row.status}`);
    count('deliveries', Number(row.deliveries));
    if (Number(row.deliveries) !== input.plan.times.get(e.id)) {
      fail(`event ${e.id}: deliveries ${row.deliveries}, sent ${input.plan.times.get(e.id)}`);
    }
    const status = expectedRowStatus(c, e.type);
    if (row.status !== status) fail(`event ${e.id} (${e.type}): ${row.status}, expected ${status}`);
    const outcome = row.outcome ?? {};
    if (status === 'WAITING' && row.customer_id !== objects[e.customer]!.customer.id) {
      fail(`event ${e.id}: waits for ${row.customer_id}, not its customer`);
    }
    if (status === 'PROCESSED' && (outcome.accountId ?? null) !== c.accountId) {
      fail(`event ${e.id} (${e.type}): applied to ${outcome.accountId}, expected ${c.accountId}`);
    }
    if (status === 'PROCESSED') count(`result ${outcome.result}`);
  }

  // 2. Exactly one workflow per stored event, completed (Temporal visibility, this run's task queue).
  const executions = new Map<string, string[]>();
  const query = `WorkflowType = '${processorNotificationWorkflow.name}' AND TaskQueue = '${input.taskQueue}'`;
  for await (const wf of input.temporal.workflow.list({ query })) {
    executions.set(wf.workflowId, [...(executions.get(wf.workflowId) ?? []), wf.status.name]);
  }
  const expectedIds = new Set(
    input.events.map((e) => workflowIds.processorNotification(input.tenantAlias, 'stripe', e.id)),
  );
  for (const id of executions.keys())
    if (!expectedIds.has(id)) fail(`workflow ${id}: not of a planned event`);
  for (const id of expectedIds) {
    const runs = executions.get(id) ?? [];
    count('completed workflows', runs.filter((s) => s === 'COMPLETED').length);
    if (runs.length !== 1 || runs[0] !== 'COMPLETED') fail(`workflow ${id}: runs ${JSON.stringify(runs)}`);
  }

  // 3. Accounts tied to their customers, each with the status its latest event says; referrals converted.
  const accounts = new Map(
    (
      await db('accounts')
        .where({ tenant_id: tenantId })
        .select('id', 'payment_provider_id', 'subscription_status')
    ).map((a) => [a.id, a]),
  );
  const referrals = new Map(
    (await db('referrals').where({ tenant_id: tenantId }).select('id', 'referred_account_id', 'status')).map(
      (r) => [r.referred_account_id, r],
    ),
  );
  const tiedTo = new Map([...accounts.values()].map((a) => [a.payment_provider_id, a.id]));
  for (const c of customers) {
    const customerId = objects[c.index]!.customer.id;
    if (c.accountId === null) {
      if (tiedTo.has(customerId)) fail(`untied customer ${customerId}: tied to ${tiedTo.get(customerId)}`);
      continue;
    }
    const account = accounts.get(c.accountId);
    if (!account) {
      fail(`account ${c.accountId}: missing`);
      continue;
    }
    if (account.payment_provider_id !== customerId) {
      fail(`account ${c.accountId}: tied to ${account.payment_provider_id}, expected ${customerId}`);
    }
    if (account.subscription_status !== expectedStatus(c)) {
      fail(`account ${c.accountId}: ${account.subscription_status}, expected ${expectedStatus(c)}`);
    }
    count(`accounts ${account.subscription_status}`);
    const referral = referrals.get(c.accountId);
    if (c.referred !== (referral !== undefined)) fail(`account ${c.accountId}: referral ${referral?.status}`);
    if (referral) count(`referrals ${referral.status}`);
    if (c.referred && c.ending !== 'CANCELLED' && referral?.status !== 'CONVERTED') {
      fail(`account ${c.accountId}: referral ${referral?.status}, expected CONVERTED`);
    }
  }

  // 4. Each referred customer's invoice recorded once as a payment, reversed once if refunded.
  const occurrences: OccurrenceCells[] = await db('rule_occurrences')
    .where({ tenant_id: tenantId, kind: 'PAYMENT' })
    .select('occurrence_id', 'referral_id', 'amount_cents', 'reversal_kind', 'reversal_ref');
  const occurrencesOf = new Map<string, OccurrenceCells[]>();
  for (const o of occurrences) {
    occurrencesOf.set(o.occurrence_id, [...(occurrencesOf.get(o.occurrence_id) ?? []), o]);
  }
  const expectedPayments = new Set(
    customers.filter((c) => c.referred).map((c) => paymentOf(objects[c.index]!)),
  );
  for (const id of occurrencesOf.keys()) if (!expectedPayments.has(id)) fail(`payment ${id}: not expected`);
  count('payments recorded', occurrences.length);
  for (const c of customers.filter((x) => x.referred)) {
    const o = objects[c.index]!;
    const found = occurrencesOf.get(paymentOf(o)) ?? [];
    if (found.length !== 1) {
      fail(`payment ${paymentOf(o)}: ${found.length} rows`);
      continue;
    }
    const row = found[0]!;
    if (row.referral_id !== referrals.get(c.accountId!)?.id)
      fail(`payment ${paymentOf(o)}: another referral`);
    if (Number(row.amount_cents) !== c.amountCents) {
      fail(`payment ${paymentOf(o)}: ${row.amount_cents} cents, expected ${c.amountCents}`);
    }
    const reversal = c.ending === 'REFUNDED' ? ['REFUND', o.refundId] : [null, null];
    if (row.reversal_kind !== reversal[0] || row.reversal_ref !== reversal[1]) {
      fail(
        `payment ${paymentOf(o)}: reversal ${row.reversal_kind} ${row.reversal_ref}, expected ${reversal}`,
      );
    }
  }

  // 5. The rewards the payments gave (the lifecycle's work): one 20 % grant per kept payment, none live of a refunded one.
  const rewards = await db('rewards')
    .where({ tenant_id: tenantId })
    .whereNotNull('payment_id')
    .select('payment_id', 'rule_id', 'amount_cents', 'status', 'reversed_by', 'reverses_reward_id');
  for (const c of customers.filter((x) => x.referred && x.ending !== 'CANCELLED')) {
    const o = objects[c.index]!;
    const grants = rewards.filter((r) => r.payment_id === paymentOf(o) && r.reverses_reward_id === null);
    count('payment rewards', grants.length);
    if (c.ending === 'ACTIVE') {
      const ok =
        grants.length === 1 &&
        Number(grants[0].amount_cents) === c.amountCents / 5 &&
        grants[0].status !== 'CANCELLED';
      if (!ok)
        fail(`rewards of ${paymentOf(o)}: ${JSON.stringify(grants)}, expected one of ${c.amountCents / 5}`);
    } else if (
      grants.length > 1 ||
      grants.some((g) => g.status !== 'CANCELLED' || g.reversed_by !== `refund:${o.refundId}`)
    ) {
      fail(`rewards of refunded ${paymentOf(o)}: ${JSON.stringify(grants)}`);
    }
  }
  return { failures, counts };
}

/**
 * Waits (up to timeoutMs) until the notification workflows completed (Temporal visibility counts
 * `expected`), the referrals that must convert did, and the lifecycles applied every recorded payment
 * and reversal of the converted referrals: the checks read what they did. Answers how long it waited.
 */
export async function waitForEffects(
  input: Pick<CheckInput, 'db' | 'temporal' | 'tenantId' | 'taskQueue' | 'customers'>,
  expectedWorkflows: number,
  timeoutMs: number,
): Promise<number> {
  const { db, tenantId } = input;
  const started = Date.now();
  const mustConvert = input.customers
    .filter((c) => c.referred && c.ending !== 'CANCELLED')
    .map((c) => c.accountId!);
  const query = `WorkflowType = '${processorNotificationWorkflow.name}' AND TaskQueue = '${input.taskQueue}' AND ExecutionStatus = 'Completed'`;
  const done = async () => {
    if ((await input.temporal.workflow.count(query)).count < expectedWorkflows) return false;
    const converted = Number(
      (
        await db('referrals')
          .where({ tenant_id: tenantId, status: 'CONVERTED' })
          .whereIn('referred_account_id', mustConvert)
          .count('* as n')
      )[0]!.n,
    );
    if (converted < mustConvert.length) return false;
    const due = await db('rule_occurrences as o')
      .join('referrals as r', 'r.id', 'o.referral_id')
      .where({ 'o.tenant_id': tenantId, 'r.status': 'CONVERTED' })
      .where((q) =>
        q
          .whereNull('o.applied_at')
          .orWhere((q2) => q2.whereNotNull('o.reversed_at').whereNull('o.reversal_applied_at')),
      )
      .count('* as n');
    return Number(due[0]!.n) === 0;
  };
  while (!(await done()) && Date.now() - started < timeoutMs) await new Promise((r) => setTimeout(r, 1000));
  return Date.now() - started;
}

import type { Db, DbOrTrx } from '../../db/knex';
import { createLedgerRepo } from '../../repos/ledger.repo';
import { createPayeesRepo } from '../../repos/payees.repo';
import { createPayoutsRepo, type PayoutRow, type PayoutStatus } from '../../repos/payouts.repo';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import type { WebhookEventType } from '../webhooks/webhook-event-types';
import { presentPayout } from './payout-views';
import { createTenantsRepo } from '../../repos/tenants.repo';
import {
  PayoutProviderError,
  type PayoutBatch,
  type PayoutOrder,
  type PayoutOutcome,
} from '../../payouts/payout-provider';
import { markRunSettling } from './payout-decisions';
import type { PayoutDeps } from './payout-deps';
import { destinationOf, requireBox } from './payout-methods';
import type { PayoutRunRef } from './payout-runs';
import { payoutConnectionFor } from './payout-setup';
import { payoutTransition } from './payout-transitions';

/** The webhook event a payout's new status sends. */
const PAYOUT_EVENTS: Record<PayoutStatus, WebhookEventType> = {
  RESERVED: 'payout.sent',
  SENT: 'payout.sent',
  PAID: 'payout.paid',
  FAILED: 'payout.failed',
  RETURNED: 'payout.returned',
  UNCLAIMED: 'payout.returned',
  CANCELLED: 'payout.failed',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The provider's batch id of a run's batch: stable across retries and replays. */
export const payoutBatchId = (runId: string, batchNo: number) => `${runId}-${batchNo}`;

/**
 * Applies a provider's word on one payout (a send's answer, a poll, a webhook), exactly once: under the
 * payout's row lock, its transition (payout-transitions.ts) and the ledger transactions it posts. A
 * duplicate or out-of-order word changes nothing. Answers the payout as it now is (undefined: not this
 * tenant's).
 */
export async function applyPayoutOutcome(
  db: DbOrTrx,
  tenantId: string,
  outcome: PayoutOutcome,
): Promise<PayoutRow | undefined> {
  // A provider's word about an id that is not one of ours (a webhook of another integration) is nobody's.
  if (!UUID.test(outcome.payoutId)) return undefined;
  return db.transaction(async (trx) => {
    const payouts = createPayoutsRepo(trx);
    const payout = await payouts.lockPayout(tenantId, outcome.payoutId, trx);
    if (!payout) return undefined;
    const change = payoutTransition(payout.status, outcome.state, Number(payout.amount_cents));
    if (!change) return payout;
    const ledger = createLedgerRepo(trx);
    for (const posting of change.postings) {
      await ledger.postPayout(payout, posting.kind, posting.moves, trx, posting.reverses);
    }
    const now = trx.raw('clock_timestamp()');
    const updated = await payouts.updatePayout(
      payout.id,
      {
        status: change.status,
        provider_ref: outcome.providerRef ?? payout.provider_ref,
        provider_message: outcome.message ?? payout.provider_message,
        sent_at: payout.sent_at ?? (change.status === 'FAILED' ? null : now),
        settled_at: change.status === 'SENT' ? null : now,
      },
      trx,
    );
    // The merchant hears of it once, with the change (the outbox: shared/domain/webhooks).
    await recordWebhookEvent(trx, tenantId, PAYOUT_EVENTS[change.status], { ...presentPayout(updated) });
    return updated;
  });
}

/** The orders of a batch as the provider sees them: every payout of it not cancelled, in id order. */
async function batchOrders(
  deps: PayoutDeps,
  tenantId: string,
  rows: PayoutRow[],
): Promise<{ orders: PayoutOrder[]; unsendable: PayoutOutcome[] }> {
  const box = requireBox(deps.secretBox);
  const tenant = await createTenantsRepo(deps.db).findById(tenantId);
  const payees = new Map(
    (
      await createPayeesRepo(deps.db).findMany(
        tenantId,
        rows.map((r) => r.account_id),
      )
    ).map((p) => [p.account_id, p]),
  );
  const orders: PayoutOrder[] = [];
  const unsendable: PayoutOutcome[] = [];
  for (const row of rows) {
    const payee = payees.get(row.account_id);
    const destination = payee ? destinationOf(box, payee) : null;
    if (!destination || destination.type !== row.method_type) {
      unsendable.push({
        payoutId: row.id,
        state: 'FAILED',
        providerRef: null,
        message: 'The payee changed or removed their payout method after the run reserved this payout',
      });
      continue;
    }
    orders.push({
      payoutId: row.id,
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      destination,
      note: `Referral rewards from ${tenant?.name ?? 'us'}`,
    });
  }
  return { orders, unsendable };
}

/**
 * Sends one batch of a run: its payouts still RESERVED go to the provider under the batch's id and each
 * payout's id (the provider's idempotency), and each answer is applied. A retry after a crash or a
 * timeout sends the same batch, which the provider answers with what it did the first time. A refusal
 * that no retry can fix fails the batch's payouts with the provider's message (their money back to
 * available); a retryable error is thrown for the activity's retry.
 */
export async function sendPayoutBatch(deps: PayoutDeps, ref: PayoutRunRef, batchNo: number): Promise<number> {
  const rows = (await createPayoutsRepo(deps.db).batch(ref.runId, batchNo)).filter(
    (r) => r.status !== 'CANCELLED',
  );
  if (!rows.some((r) => r.status === 'RESERVED')) return 0;
  const { orders, unsendable } = await batchOrders(deps, ref.tenantId, rows);
  for (const outcome of unsendable) await applyPayoutOutcome(deps.db, ref.tenantId, outcome);
  if (orders.length === 0) return 0;
  const method = rows[0]!.method_type;
  const connection = await payoutConnectionFor(deps.db, deps.secretBox, ref.tenantId, method);
  const batch: PayoutBatch = { batchId: payoutBatchId(ref.runId, batchNo), orders };
  let outcomes: PayoutOutcome[];
  try {
    outcomes = await deps.provider(method).send(connection.credentials, batch);
  } catch (err) {
    if (err instanceof PayoutProviderError && !err.retryable) {
      outcomes = orders.map((o) => ({
        payoutId: o.payoutId,
        state: 'FAILED',
        providerRef: null,
        message: err.message,
      }));
    } else throw err;
  }
  for (const outcome of outcomes) await applyPayoutOutcome(deps.db, ref.tenantId, outcome);
  return outcomes.length;
}

/**
 * Asks the provider where a run's sent payouts stand (a poll), batch by batch, and applies the answers.
 * Answers how many payouts are still sent and not final.
 */
export async function pollPayoutRun(deps: PayoutDeps, ref: PayoutRunRef): Promise<number> {
  const repo = createPayoutsRepo(deps.db);
  await markRunSettling(deps.db, ref);
  for (const batchNo of await repo.unsettledBatches(ref.runId)) {
    const rows = (await repo.batch(ref.runId, batchNo)).filter((r) => r.status !== 'CANCELLED');
    const { orders } = await batchOrders(deps, ref.tenantId, rows);
    const method = rows[0]!.method_type;
    const connection = await payoutConnectionFor(deps.db, deps.secretBox, ref.tenantId, method);
    const refs = new Map(rows.map((r) => [r.id, r.provider_ref]));
    const outcomes = await deps
      .provider(method)
      .status(connection.credentials, { batchId: payoutBatchId(ref.runId, batchNo), orders }, refs);
    for (const outcome of outcomes) await applyPayoutOutcome(deps.db, ref.tenantId, outcome);
  }
  const still = await deps
    .db('payouts')
    .where({ run_id: ref.runId, status: 'SENT' })
    .count({ n: '*' })
    .first();
  return Number(still?.n ?? 0);
}

/** Ends a run: COMPLETED, unless an operator cancelled it. */
export async function finishPayoutRun(db: Db, ref: PayoutRunRef): Promise<void> {
  await db('payout_runs')
    .where({ tenant_id: ref.tenantId, id: ref.runId })
    .whereNotIn('status', ['COMPLETED', 'CANCELLED'])
    .update({ status: 'COMPLETED', finished_at: db.raw('clock_timestamp()') });
}

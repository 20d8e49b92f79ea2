import type { Db } from '../db/knex';
import type { Metrics } from '../metrics';
import {
  CREDIT_REMINDER_DAYS,
  creditExpiringDelivery,
  digestDelivery,
  planDeliveries,
} from '../domain/notifications/notification-plan';
import { digestHasNews } from '../domain/notifications/operator-mail';
import { createNotificationSourcesRepo, type DigestCounts } from '../repos/notification-sources.repo';
import type { TemporalDeps } from '../temporal/client';
import { startMailDelivery } from '../temporal/mail-delivery';
import type { MailDeliveryInput, MailNotifierInput, MailNotifierResult } from '../types/notifications';

export interface MailNotifierDeps {
  db: Db;
  temporal: TemporalDeps;
  metrics: Metrics;
}

const DAY_MS = 24 * 3600 * 1000;
const SCAN_BATCH = 500;

/**
 * The mail notifier's round. Takes a batch of the outbox (the webhook events that may cause mail, copied
 * there by a trigger in their own transaction), starts one delivery workflow per planned message
 * (`mail/{tenant}/{event}/{kind}`: a replayed or retaken event is answered "already started"), and
 * deletes the batch, all in one transaction: a failed start leaves the batch for the next round. Then,
 * at most once per `scanIntervalMs` across workers, the credit-expiry reminders (credit expiring within
 * 7 days, once per reward) and the operators' daily digests (once per operator and UTC day).
 */
export async function runMailNotifier(
  deps: MailNotifierDeps,
  input: MailNotifierInput,
): Promise<MailNotifierResult> {
  const start = (delivery: MailDeliveryInput) => startMailDelivery(deps.temporal, deps.metrics, delivery);
  let started = 0;
  const events = await deps.db.transaction(async (trx) => {
    const repo = createNotificationSourcesRepo(trx);
    const rows = await repo.claimOutbox(input.batchSize, trx);
    for (const row of rows) {
      for (const plan of planDeliveries({ id: row.event_id, type: row.type, payload: row.payload })) {
        await start({ ...plan, tenantId: row.tenant_id, tenantAlias: row.tenant_alias });
        started += 1;
      }
    }
    await repo.deleteOutbox(
      rows.map((r) => r.event_id),
      trx,
    );
    return rows.length;
  });
  const repo = createNotificationSourcesRepo(deps.db);
  if (await repo.takeScan('credit-expiring', input.scanIntervalMs)) {
    for (const r of await repo.creditExpiring(CREDIT_REMINDER_DAYS * DAY_MS, SCAN_BATCH)) {
      await start({
        ...creditExpiringDelivery(r.reward_id),
        tenantId: r.tenant_id,
        tenantAlias: r.tenant_alias,
      });
      started += 1;
    }
  }
  if (await repo.takeScan('operator-digest', input.scanIntervalMs)) {
    const day = new Date().toISOString().slice(0, 10);
    const counts = new Map<string, DigestCounts>();
    for (const op of await repo.digestOperators(day, SCAN_BATCH)) {
      if (!counts.has(op.tenant_id)) counts.set(op.tenant_id, await repo.digestCounts(op.tenant_id));
      if (!digestHasNews(counts.get(op.tenant_id)!)) continue;
      await start({
        ...digestDelivery(op.operator_id, day),
        tenantId: op.tenant_id,
        tenantAlias: op.tenant_alias,
      });
      started += 1;
    }
  }
  return { events, started };
}

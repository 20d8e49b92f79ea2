import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/knex';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError } from '../../errors';
import {
  InvalidSignatureError,
  type PaymentProcessor,
  type PaymentProcessorFactory,
  type ProcessorNotification,
} from '../../processors/payment-processor';
import type { ProcessorName } from '../../repos/processor-connections.repo';
import {
  createProcessorNotificationsRepo,
  type NotificationRow,
  type NotificationStatus,
  type StoredOutcome,
} from '../../repos/processor-notifications.repo';
import { idSchema, parseInput, toStorableText, toValidationIssues } from '../../validation';
import { loadCredentials } from './processor-connections';
import { notificationEffect, type NotificationEffect } from './notification-kinds';

export { notificationEffect, type NotificationEffect };

/**
 * A processor notification's natural key, `{kind}:{subject id}:{timestamp}`: a redelivery of the same
 * notification has the same key, so it maps to the same row and the same workflow (whose id embeds it).
 */
export function processorNotificationKey(kind: string, subjectId: string | null, notifiedAt: Date): string {
  const part = (value: string) => encodeURIComponent(value);
  const at = notifiedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `${part(kind)}:${part(subjectId ?? '-')}:${at}`;
}

/** Rows of kinds with an effect wait for their workflow; the rest are final as stored. */
export function initialStatus(effect: NotificationEffect): NotificationStatus {
  if (effect === 'PAID' || effect === 'CANCELLED' || effect === 'CHARGEBACK') return 'RECEIVED';
  return effect === 'RECORD' ? 'RECORDED' : 'IGNORED';
}

export interface ReceiveDeps {
  db: Db;
  secretBox: SecretBox | undefined;
  processors: PaymentProcessorFactory;
}

export interface ReceivedNotification {
  id: string;
  status: NotificationStatus;
  /** The first delivery of this notification (false for a redelivery). */
  inserted: boolean;
  /** Whether its workflow should be started now (an effect, not yet known to be dispatched). */
  dispatch: boolean;
  kind: string;
  subjectId: string | null;
  notificationKey: string;
}

/** Unknown tenant, no connection, bad signature or challenge: one answer for all (nothing to probe). */
export const invalidSignature = () =>
  new AppError('INVALID_SIGNATURE', 'The notification signature does not verify with the connected keys');

/** The tenant's processor adapter, or null when it has no connection. */
export async function openProcessor(
  deps: ReceiveDeps,
  tenantId: string,
  options: { baseUrl?: string; timeoutMs: number },
): Promise<PaymentProcessor | null> {
  const credentials = await loadCredentials(deps.db, deps.secretBox, tenantId);
  return credentials ? deps.processors(credentials, options) : null;
}

/**
 * The processor's challenge when the webhook is registered, answered with the tenant's keys. Unknown
 * tenants, tenants without a connection and bad challenges are the same INVALID_SIGNATURE.
 */
export async function answerWebhookChallenge(
  deps: ReceiveDeps,
  tenantId: string | undefined,
  challenge: string,
): Promise<string> {
  const processor = tenantId ? await openProcessor(deps, tenantId, { timeoutMs: 10_000 }) : null;
  if (!processor) throw invalidSignature();
  try {
    return processor.answerChallenge(challenge);
  } catch (err) {
    if (err instanceof InvalidSignatureError) throw invalidSignature();
    throw err;
  }
}

/** What is stored of a verified notification: text PostgreSQL can hold, a real instant. */
const storableNotification = z.object({
  kind: idSchema(100),
  timestamp: z.date(),
  subjectId: idSchema(255).nullable(),
});

/** The kind stored for a verified delivery that could not be read. */
export const UNREADABLE_KIND = 'unreadable';

/**
 * Stores an authentic delivery that cannot be read (unparsable payload, or fields we cannot store) as
 * REJECTED, keyed by the payload's hash so a redelivery only counts; answering it (200) stops the
 * processor's retries, which could never succeed. The raw payload stays for an operator to inspect.
 */
export async function recordRejected(
  deps: Pick<ReceiveDeps, 'db'>,
  tenantId: string,
  delivery: { signature: string; payload: string },
  reason: string,
  processor: ProcessorName = 'BRAINTREE',
): Promise<ReceivedNotification> {
  const digest = crypto.createHash('sha256').update(delivery.payload).digest('hex');
  const notificationKey = `${UNREADABLE_KIND}:${digest}`;
  const row = await createProcessorNotificationsRepo(deps.db).record({
    tenant_id: tenantId,
    processor,
    notification_key: notificationKey,
    kind: UNREADABLE_KIND,
    subject_id: null,
    notified_at: new Date(),
    signature: delivery.signature,
    payload: delivery.payload,
    status: 'REJECTED',
    outcome: { reason: toStorableText(reason).slice(0, 1000) },
  });
  return {
    id: row.id,
    status: row.status,
    inserted: row.inserted,
    dispatch: false,
    kind: UNREADABLE_KIND,
    subjectId: null,
    notificationKey,
  };
}

/**
 * Verifies a webhook delivery with the tenant's keys and stores it raw. Unknown tenants, tenants
 * without a connection and bad signatures are the same 401, and nothing is stored for them. A delivery
 * that verifies but cannot be read is stored as REJECTED (see recordRejected), never a 5xx.
 */
export async function receiveNotification(
  deps: ReceiveDeps,
  tenantId: string | undefined,
  delivery: { signature: string; payload: string },
): Promise<ReceivedNotification> {
  const processor = tenantId ? await openProcessor(deps, tenantId, { timeoutMs: 10_000 }) : null;
  if (!tenantId || !processor) throw invalidSignature();
  let notification: ProcessorNotification;
  try {
    notification = await processor.parseWebhook(delivery.signature, delivery.payload);
  } catch (err) {
    if (err instanceof InvalidSignatureError) throw invalidSignature();
    // The adapter verifies before it parses, so anything else is an authentic payload it cannot read.
    const reason = err instanceof Error ? err.message : String(err);
    return recordRejected(deps, tenantId, delivery, `unparsable payload: ${reason}`);
  }
  const checked = storableNotification.safeParse(notification);
  if (!checked.success) {
    const fields = toValidationIssues(checked.error).map((i) => `${i.path} ${i.message}`);
    return recordRejected(deps, tenantId, delivery, `unstorable fields: ${fields.join('; ')}`);
  }
  const effect = notificationEffect(notification.kind);
  const notificationKey = processorNotificationKey(
    notification.kind,
    notification.subjectId,
    notification.timestamp,
  );
  const row = await createProcessorNotificationsRepo(deps.db).record({
    tenant_id: tenantId,
    processor: 'BRAINTREE',
    notification_key: notificationKey,
    kind: notification.kind,
    subject_id: notification.subjectId,
    notified_at: notification.timestamp,
    signature: delivery.signature,
    payload: delivery.payload,
    status: initialStatus(effect),
  });
  return {
    id: row.id,
    status: row.status,
    inserted: row.inserted,
    dispatch: row.status === 'RECEIVED' && !row.dispatched,
    kind: notification.kind,
    subjectId: notification.subjectId,
    notificationKey,
  };
}

/** A stored notification as the portal shows it (the signature and raw payload stay in the table). */
export interface NotificationView {
  id: string;
  processor: string;
  kind: string;
  subjectId: string | null;
  customerId: string | null;
  status: NotificationStatus;
  receivedAt: number;
  processedAt: number | null;
  /** What applying it came to, or why it was rejected; null while it waits. */
  outcome: StoredOutcome | null;
}

export function presentNotification(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    processor: row.processor,
    kind: row.kind,
    subjectId: row.subject_id,
    customerId: row.customer_id,
    status: row.status,
    receivedAt: row.received_at.getTime(),
    processedAt: row.processed_at?.getTime() ?? null,
    outcome: row.outcome,
  };
}

/** The processor a stored notification came from (BRAINTREE, STRIPE) and its kind; throws when there is no such row. */
export async function notificationSource(
  db: Db,
  tenantId: string,
  notificationId: string,
): Promise<{ processor: string; kind: string }> {
  const row = await createProcessorNotificationsRepo(db).find(tenantId, notificationId);
  if (!row) throw new Error(`No notification ${notificationId}`);
  return { processor: row.processor, kind: row.kind };
}

export const NOTIFICATIONS_PAGE_MAX = 100;

const recentSchema = z.object({ first: z.int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20) });

/** The tenant's latest processor notifications, newest first: `first` of them (1 to 100, default 20). */
export async function listRecentNotifications(
  db: Db,
  tenantId: string,
  options: { first?: number | null } = {},
): Promise<NotificationView[]> {
  const { first } = parseInput(recentSchema, { first: options.first ?? undefined });
  const rows = await createProcessorNotificationsRepo(db).listRecent(tenantId, first);
  return rows.map(presentNotification);
}

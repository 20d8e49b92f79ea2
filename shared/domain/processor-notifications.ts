import type { Db } from '../db/knex';
import type { SecretBox } from '../crypto/secret-box';
import { AppError } from '../errors';
import {
  InvalidSignatureError,
  type PaymentProcessor,
  type PaymentProcessorFactory,
  type ProcessorNotification,
} from '../processors/payment-processor';
import {
  createProcessorNotificationsRepo,
  type NotificationStatus,
} from '../repos/processor-notifications.repo';
import { processorNotificationKey } from '../temporal/workflow-ids';
import { loadCredentials } from './processor-connections';

/** What a notification kind does to the account whose customer it concerns. */
export type NotificationEffect = 'PAID' | 'CANCELLED' | 'RECORD' | 'IGNORE';

const EFFECTS: Record<string, NotificationEffect> = {
  subscription_charged_successfully: 'PAID',
  subscription_went_active: 'PAID',
  subscription_canceled: 'CANCELLED',
  subscription_expired: 'CANCELLED',
  subscription_charged_unsuccessfully: 'RECORD',
  subscription_went_past_due: 'RECORD',
  subscription_trial_ended: 'RECORD',
};

export function notificationEffect(kind: string): NotificationEffect {
  return EFFECTS[kind] ?? 'IGNORE';
}

/** Rows of kinds with an effect wait for their workflow; the rest are final as stored. */
export function initialStatus(effect: NotificationEffect): NotificationStatus {
  if (effect === 'PAID' || effect === 'CANCELLED') return 'RECEIVED';
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
 * Verifies a webhook delivery with the tenant's keys and stores it raw. Unknown tenants, tenants
 * without a connection and bad signatures are the same 401, and nothing is stored for them.
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
    throw err;
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

import type { Db } from '../../db/knex';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError } from '../../errors';
import type {
  BillingEvent,
  CouponBillingFactory,
  CouponBillingOptions,
  CouponBillingProcessor,
} from '../../processors/coupon-billing';
import { InvalidSignatureError } from '../../processors/payment-processor';
import type { ProcessorName } from '../../repos/processor-connections.repo';
import { createProcessorNotificationsRepo } from '../../repos/processor-notifications.repo';
import { idSchema } from '../../validation';
import { recordRejected, type ReceivedNotification } from './processor-notifications';
import { loadBillingCredentials } from './billing-connection';

export interface BillingReceiveDeps {
  db: Db;
  secretBox: SecretBox | undefined;
  billing: CouponBillingFactory;
  billingOptions: CouponBillingOptions;
}

/**
 * Unknown tenant, no connection of this processor (or no signing secret yet), a tampered, foreign or too
 * old signature: one 400 for all, as Stripe expects, and nothing stored.
 */
export const signatureRejected = () =>
  new AppError(
    'SIGNATURE_REJECTED',
    "The signature header does not verify with this tenant's webhook signing secret, or its timestamp is too old",
  );

/**
 * The tenant's coupon-billing adapter (Stripe), or null when its processor is another or none (or not
 * `processor`, when one is named).
 */
export async function openBillingProcessor(
  deps: Pick<BillingReceiveDeps, 'db' | 'secretBox' | 'billing'>,
  tenantId: string,
  options: CouponBillingOptions,
  processor?: string,
): Promise<CouponBillingProcessor | null> {
  const credentials = await loadBillingCredentials(deps.db, deps.secretBox, tenantId);
  if (!credentials || (processor !== undefined && credentials.processor !== processor)) return null;
  return deps.billing(credentials, options);
}

/** The ids stored of an event: text PostgreSQL can hold, of a sane length; else the event is unreadable. */
const storableId = idSchema(255).nullable();

/**
 * A delivery of a coupon-billing processor (`processor`, Stripe's name, from the route it came to):
 * verified with the tenant's signing secret (and its timestamp tolerance), then
 * stored by the event's id before it is acknowledged. A redelivery of the same event maps to the same
 * row and is applied once. An event of a type we do not act on is stored IGNORED (visible in the
 * portal); one that verifies but cannot be read is stored REJECTED by its payload's hash.
 */
export async function receiveBillingEvent(
  deps: BillingReceiveDeps,
  tenantId: string | undefined,
  delivery: { signature: string; payload: string },
  processorName: ProcessorName,
): Promise<ReceivedNotification> {
  const processor = tenantId
    ? await openBillingProcessor(deps, tenantId, deps.billingOptions, processorName)
    : null;
  if (!tenantId || !processor) throw signatureRejected();
  let event: BillingEvent;
  try {
    event = processor.parseEvent(delivery.signature, delivery.payload);
  } catch (err) {
    if (err instanceof InvalidSignatureError) throw signatureRejected();
    const reason = err instanceof Error ? err.message : String(err);
    return recordRejected(deps, tenantId, delivery, `unparsable event: ${reason}`, processorName);
  }
  const ids = [event.id, event.type, event.objectId, event.customerId].map((v) => storableId.safeParse(v));
  if (!event.id || !event.type || ids.some((r) => !r.success)) {
    return recordRejected(deps, tenantId, delivery, 'unstorable fields: an id or type', processorName);
  }
  const status = event.effect === 'IGNORE' ? 'IGNORED' : 'RECEIVED';
  const row = await createProcessorNotificationsRepo(deps.db).record({
    tenant_id: tenantId,
    processor: processorName,
    notification_key: event.id,
    kind: event.type,
    subject_id: event.objectId,
    customer_id: event.customerId,
    notified_at: event.createdAt,
    signature: delivery.signature,
    payload: delivery.payload,
    status,
  });
  return {
    id: row.id,
    status: row.status,
    inserted: row.inserted,
    dispatch: row.status === 'RECEIVED' && !row.dispatched,
    kind: event.type,
    subjectId: event.objectId,
    notificationKey: event.id,
  };
}

import {
  receiveBillingEvent,
  signatureRejected,
  type BillingReceiveDeps,
} from '../domain/processors/billing-event-receipt';
import {
  invalidSignature,
  receiveNotification,
  type ReceiveDeps,
  type ReceivedNotification,
} from '../domain/processors/processor-notifications';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { ProcessorName } from '../repos/processor-connections.repo';
import type { NotificationStatus } from '../repos/processor-notifications.repo';
import type { NotificationDispatcher } from './notification-dispatch';
import type { TenantRef } from './use-case-deps';

export interface ReceiveNotificationDeps extends ReceiveDeps, BillingReceiveDeps {
  metrics: Metrics;
  /** Starts the stored notification's workflow after the answer (see createNotificationDispatcher). */
  notifications: Pick<NotificationDispatcher, 'dispatch'>;
}

/** What the processor is answered: the stored notification, and whether it had been delivered before. */
export interface NotificationReceipt {
  notificationId: string;
  status: NotificationStatus;
  duplicate: boolean;
}

/**
 * A processor webhook delivery: verified and stored (see receiveNotification), then handed to the
 * dispatcher, which starts its workflow without the answer waiting for Temporal. Unknown tenants and bad
 * signatures are the same INVALID_SIGNATURE.
 */
export async function receiveProcessorNotification(
  deps: ReceiveNotificationDeps,
  tenant: TenantRef | undefined,
  delivery: { signature: string; payload: string },
  log: Logger,
): Promise<NotificationReceipt> {
  if (!tenant) throw invalidSignature();
  return handOver(deps, tenant, await receiveNotification(deps, tenant.id, delivery), 'BRAINTREE', log);
}

/**
 * A coupon-billing webhook delivery (Stripe: `Stripe-Signature`, the raw body): verified with the
 * tenant's signing secret and stored by the event's id (see receiveBillingEvent), then handed to the
 * dispatcher like a Braintree notification. Unknown tenants, a connection of another processor and bad
 * or old signatures are the same SIGNATURE_REJECTED.
 */
export async function receiveBillingDelivery(
  deps: ReceiveNotificationDeps,
  tenant: TenantRef | undefined,
  delivery: { signature: string; payload: string },
  processor: ProcessorName,
  log: Logger,
): Promise<NotificationReceipt> {
  if (!tenant) throw signatureRejected();
  const received = await receiveBillingEvent(deps, tenant.id, delivery, processor);
  return handOver(deps, tenant, received, processor, log);
}

function handOver(
  deps: ReceiveNotificationDeps,
  tenant: TenantRef,
  received: ReceivedNotification,
  processor: ProcessorName,
  log: Logger,
): NotificationReceipt {
  if (received.status === 'REJECTED' && received.inserted) {
    log.warn({ notificationId: received.id }, 'webhook verified but unreadable: stored as REJECTED');
  }
  deps.metrics.processorNotifications.inc({ kind: received.kind, duplicate: String(!received.inserted) });
  if (received.dispatch) {
    deps.notifications.dispatch({
      id: received.id,
      tenant_id: tenant.id,
      tenant_alias: tenant.alias,
      processor,
      notification_key: received.notificationKey,
      kind: received.kind,
      subject_id: received.subjectId,
    });
  }
  return { notificationId: received.id, status: received.status, duplicate: !received.inserted };
}

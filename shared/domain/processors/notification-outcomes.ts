import type { DbOrTrx } from '../../db/knex';
import type { AccountRow } from '../../repos/accounts.repo';
import {
  createProcessorNotificationsRepo,
  type NotificationRow,
} from '../../repos/processor-notifications.repo';
import { createRewardsRepo } from '../../repos/rewards.repo';
import type { NotificationOutcome } from '../../types/processors';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { presentNotification } from './processor-notifications';

/**
 * What both processor models' effects (notification-effects.ts for Braintree, billing-event-effects.ts
 * for Stripe) share about an applied notification: its outcome, as stored once, and when it is stale.
 */

export function outcome(
  partial: Partial<NotificationOutcome> & Pick<NotificationOutcome, 'result'>,
): NotificationOutcome {
  return {
    status: 'PROCESSED',
    accountId: null,
    customerId: null,
    accountStatus: null,
    attributedBy: null,
    syncDiscount: false,
    ...partial,
  };
}

/**
 * Stores what applying the notification came to, in the transaction that applied it; a FAILED one is
 * also told as the `processor_notification.failed` webhook event.
 */
export async function finishNotification(
  trx: DbOrTrx,
  row: Pick<NotificationRow, 'id' | 'tenant_id'>,
  result: NotificationOutcome,
): Promise<NotificationOutcome> {
  const done = await createProcessorNotificationsRepo(trx).finish(row.id, result.status, { ...result }, trx);
  if (done.status === 'FAILED') {
    await recordWebhookEvent(trx, row.tenant_id, 'processor_notification.failed', {
      ...presentNotification(done),
    });
  }
  return result;
}

/** What an applied notification came to, as stored then: a retried activity returns it again. */
export function storedOutcome(row: NotificationRow): NotificationOutcome {
  if (row.outcome && !('reason' in row.outcome)) return row.outcome;
  throw new Error(`Notification ${row.id} is ${row.status}, with no outcome of being applied`);
}

/** Older than the notification that set the account's status last: it sets no status. */
export function isStale(account: AccountRow, notifiedAt: Date): boolean {
  return account.processor_status_at !== null && notifiedAt.getTime() < account.processor_status_at.getTime();
}

/** Whether the account has live referrer discounts (its subscription's discount follows them). */
export async function hasReferrerCredit(trx: DbOrTrx, tenantId: string, accountId: string): Promise<boolean> {
  return (await createRewardsRepo(trx).liveReferrerPercents(tenantId, accountId, trx)).length > 0;
}

import type { DbOrTrx } from '../../db/knex';
import { createNotificationSettingsRepo } from '../../repos/notification-settings.repo';
import { createMailSuppressionsRepo, type MailSuppressionRow } from '../../repos/mail-suppressions.repo';
import {
  createNotificationDeliveriesRepo,
  type DeliveryStatus,
  type NotificationDeliveryRow,
} from '../../repos/notification-deliveries.repo';

export interface MailSuppressionView {
  email: string;
  reason: string;
  createdAt: number;
}

export interface NotificationDeliveryView {
  id: string;
  kind: string;
  recipient: string;
  status: DeliveryStatus;
  response: string | null;
  createdAt: number;
  sentAt: number | null;
}

export const presentSuppression = (row: MailSuppressionRow): MailSuppressionView => ({
  email: row.email,
  reason: row.reason,
  createdAt: row.created_at.getTime(),
});

export const presentDelivery = (row: NotificationDeliveryRow): NotificationDeliveryView => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  status: row.status,
  response: row.response,
  createdAt: row.created_at.getTime(),
  sentAt: row.sent_at?.getTime() ?? null,
});

export async function listMailSuppressions(
  db: DbOrTrx,
  tenantId: string,
  page: { limit: number; offset: number },
) {
  return (await createMailSuppressionsRepo(db).list(tenantId, page.limit, page.offset)).map(
    presentSuppression,
  );
}

export async function addMailSuppression(
  db: DbOrTrx,
  tenantId: string,
  email: string,
  reason: 'UNSUBSCRIBED' | 'REFUSED' | 'MANUAL' = 'MANUAL',
): Promise<MailSuppressionView> {
  return presentSuppression(await createMailSuppressionsRepo(db).add(tenantId, email, reason));
}

export async function removeMailSuppression(db: DbOrTrx, tenantId: string, email: string): Promise<boolean> {
  return createMailSuppressionsRepo(db).remove(tenantId, email);
}

export async function mailSuppressed(db: DbOrTrx, tenantId: string, email: string): Promise<boolean> {
  return createMailSuppressionsRepo(db).has(tenantId, email);
}

export async function listNotificationDeliveries(
  db: DbOrTrx,
  tenantId: string,
  page: { limit: number; offset: number; status?: DeliveryStatus },
): Promise<NotificationDeliveryView[]> {
  return (await createNotificationDeliveriesRepo(db).list(tenantId, page)).map(presentDelivery);
}

/** Whether the operator opted in to the daily digest. */
export async function operatorDigest(db: DbOrTrx, tenantId: string, operatorId: string): Promise<boolean> {
  return createNotificationSettingsRepo(db).operatorDigest(tenantId, operatorId);
}

/** The operator's opt-in to the daily digest (answers the new state). */
export async function setOperatorDigest(
  db: DbOrTrx,
  tenantId: string,
  operatorId: string,
  enabled: boolean,
): Promise<boolean> {
  const found = await createNotificationSettingsRepo(db).setOperatorDigest(tenantId, operatorId, enabled);
  return found && enabled;
}

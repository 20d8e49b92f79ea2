import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../config';
import type { DbOrTrx } from '../db/knex';
import { AppError } from '../errors';
import {
  createMailTransport,
  MailDeliveryError,
  type MailTransport,
  type OutgoingMail,
} from '../mail/mail-transport';
import { createUnsubscribeTokens, type UnsubscribeTokens } from '../domain/notifications/unsubscribe-token';
import {
  addMailSuppression,
  mailSuppressed,
  presentDelivery,
  type NotificationDeliveryView,
} from '../domain/notifications/mail-suppressions';
import {
  createNotificationDeliveriesRepo,
  type NotificationDeliveryRow,
} from '../repos/notification-deliveries.repo';

/** What sending notification mail needs: the database, the transport (null: SMTP_URL unset), the tokens. */
export interface MailDeps {
  db: DbOrTrx;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SENDER_DOMAINS' | 'publicUrl'>;
  transport: MailTransport | null;
  /** Signs unsubscribe links; null without SECRET_KEY (tenant mail then goes without a link: NOT_SENT). */
  unsubscribe: UnsubscribeTokens | null;
}

export function createMailDeps(
  db: DbOrTrx,
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SENDER_DOMAINS' | 'publicUrl' | 'SECRET_KEY'>,
): MailDeps {
  return {
    db,
    config,
    transport: createMailTransport(config),
    unsubscribe: config.SECRET_KEY ? createUnsubscribeTokens(config.SECRET_KEY) : null,
  };
}

/** The one-click unsubscribe URL for a tenant's recipient (`{PUBLIC_URL}/u/{token}`); null without tokens. */
export function unsubscribeUrl(deps: MailDeps, tenantId: string, email: string): string | null {
  if (!deps.unsubscribe) return null;
  return `${deps.config.publicUrl}/u/${deps.unsubscribe.sign({ tenantId, email })}`;
}

/** RFC 8058 headers for a one-click unsubscribe URL. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A stable Message-ID (no brackets) for a delivery: its id at the sender's domain. */
export function deliveryMessageId(deliveryId: string, senderAddress: string): string {
  return `${deliveryId}@${senderAddress.split('@')[1] ?? 'localhost'}`;
}

/**
 * Sends one delivery's message and records what happened, once: a row already final is not sent again.
 * SENT and REFUSED (a 5xx; the address is then suppressed) are final; a transient failure (4xx, connection)
 * is counted and thrown as MailDeliveryError for the caller (Temporal) to retry. Without SMTP_URL the row
 * is NOT_SENT.
 */
export async function sendRecorded(
  deps: MailDeps,
  row: NotificationDeliveryRow,
  mail: OutgoingMail,
): Promise<NotificationDeliveryRow> {
  const repo = createNotificationDeliveriesRepo(deps.db);
  if (row.status !== 'PENDING') return row;
  if (await mailSuppressed(deps.db, row.tenant_id, mail.to)) {
    await repo.finish(row.tenant_id, row.id, {
      status: 'SUPPRESSED',
      response: 'the address is on the suppression list',
    });
  } else if (!deps.transport) {
    await repo.finish(row.tenant_id, row.id, { status: 'NOT_SENT', response: 'SMTP_URL is not set' });
  } else {
    let outcome;
    try {
      outcome = await deps.transport.send({ ...mail, messageId: row.message_id });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await repo.countAttempt(row.tenant_id, row.id, message);
      throw err instanceof MailDeliveryError ? err : new MailDeliveryError(message);
    }
    if (outcome.kind === 'SENT') {
      await repo.finish(row.tenant_id, row.id, { status: 'SENT', response: outcome.response });
    } else {
      await repo.finish(row.tenant_id, row.id, {
        status: 'REFUSED',
        response: `${outcome.code} ${outcome.response}`,
      });
      await addMailSuppression(deps.db, row.tenant_id, mail.to, 'REFUSED');
    }
  }
  return (await repo.findByKey(row.tenant_id, row.key))!;
}

/** Opens (or finds) the delivery row of a key; its Message-ID is fixed at creation. */
export async function openDelivery(
  deps: MailDeps,
  input: {
    tenantId: string;
    key: string;
    kind: string;
    programId: string | null;
    recipient: string;
    senderAddress: string;
  },
): Promise<NotificationDeliveryRow> {
  const id = uuidv7();
  return createNotificationDeliveriesRepo(deps.db).open({
    id,
    tenant_id: input.tenantId,
    key: input.key,
    kind: input.kind,
    program_id: input.programId,
    recipient: input.recipient.toLowerCase(),
    message_id: deliveryMessageId(id, input.senderAddress),
  });
}

/** A send made while an operator waits (a test message): a transient failure is a 503 to retry. */
export async function sendNow(
  deps: MailDeps,
  row: NotificationDeliveryRow,
  mail: OutgoingMail,
): Promise<NotificationDeliveryView> {
  try {
    return presentDelivery(await sendRecorded(deps, row, mail));
  } catch (err) {
    if (err instanceof MailDeliveryError) {
      const repo = createNotificationDeliveriesRepo(deps.db);
      await repo.finish(row.tenant_id, row.id, { status: 'NOT_SENT', response: err.message });
      throw new AppError('SERVICE_UNAVAILABLE', 'The mail server did not take the message now; try again');
    }
    throw err;
  }
}

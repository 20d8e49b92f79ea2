import type { Config } from '../../config';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { allowedSenderDomains, deploymentSender, senderDomainAllowed, type Mailbox } from '../../mail/sender';
import { createNotificationSettingsRepo, type MailSenderRow } from '../../repos/notification-settings.repo';

export type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SENDER_DOMAINS'>;

export interface MailSenderView {
  name: string | null;
  address: string | null;
  /** What recipients see: `Name <address>`, the tenant's or the deployment's. */
  effective: string;
  allowedDomains: string[];
  smtpConfigured: boolean;
}

function formatMailbox(m: Mailbox): string {
  return m.name ? `${m.name.replace(/["\\]/g, '')} <${m.address}>` : m.address;
}

/**
 * The sender of the tenant's notifications: its own address when set and still within the allowed
 * domains, else MAIL_FROM's; its own name, else MAIL_FROM's.
 */
export function effectiveSender(row: MailSenderRow, config: MailConfig): Mailbox {
  const fallback = deploymentSender(config);
  const ownAddress =
    row.mail_sender_address && senderDomainAllowed(row.mail_sender_address, allowedSenderDomains(config))
      ? row.mail_sender_address
      : null;
  return { name: row.mail_sender_name ?? fallback.name, address: ownAddress ?? fallback.address };
}

function present(row: MailSenderRow, config: MailConfig): MailSenderView {
  return {
    name: row.mail_sender_name,
    address: row.mail_sender_address,
    effective: formatMailbox(effectiveSender(row, config)),
    allowedDomains: allowedSenderDomains(config),
    smtpConfigured: Boolean(config.SMTP_URL),
  };
}

export async function tenantSender(db: DbOrTrx, tenantId: string, config: MailConfig): Promise<Mailbox> {
  return effectiveSender(await createNotificationSettingsRepo(db).sender(tenantId), config);
}

export async function getMailSender(
  db: DbOrTrx,
  tenantId: string,
  config: MailConfig,
): Promise<MailSenderView> {
  return present(await createNotificationSettingsRepo(db).sender(tenantId), config);
}

/** Sets (or, with nulls, clears) the tenant's sender; an address outside the allowed domains is refused. */
export async function setMailSender(
  db: DbOrTrx,
  tenantId: string,
  config: MailConfig,
  input: { name: string | null; address: string | null },
): Promise<MailSenderView> {
  const allowed = allowedSenderDomains(config);
  if (input.address !== null && !senderDomainAllowed(input.address, allowed)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid input: address', {
      validationErrors: [
        { path: 'address', message: `must be in one of the allowed domains: ${allowed.join(', ')}` },
      ],
    });
  }
  const row = { mail_sender_name: input.name, mail_sender_address: input.address?.toLowerCase() ?? null };
  await createNotificationSettingsRepo(db).setSender(tenantId, row);
  return present(row, config);
}

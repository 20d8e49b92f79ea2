import crypto from 'node:crypto';
import { deploymentSender } from '../mail/sender';
import { AppError } from '../errors';
import {
  digestHasNews,
  operatorDigestMail,
  operatorLinkMail,
  type OperatorLinkPurpose,
} from '../domain/notifications/operator-mail';
import type { NotificationDeliveryView } from '../domain/notifications/mail-suppressions';
import { createNotificationSourcesRepo } from '../repos/notification-sources.repo';
import type { MailDeliveryInput, MailDeliveryResult } from '../types/notifications';
import { openDelivery, sendNow, sendRecorded, type MailDeps } from './notification-mail';

/** The UTC day (YYYY-MM-DD) a digest key names. */
export function digestDay(input: MailDeliveryInput): string {
  return input.key.split('/')[2] ?? new Date().toISOString().slice(0, 10);
}

/**
 * One operator's digest of one day, from MAIL_FROM, once (its key names the operator and the day). Not
 * sent when the operator turned it off meanwhile, or the day had nothing to tell.
 */
export async function deliverDigest(deps: MailDeps, input: MailDeliveryInput): Promise<MailDeliveryResult> {
  const repo = createNotificationSourcesRepo(deps.db);
  const operator = input.operatorId ? await repo.operator(input.tenantId, input.operatorId) : undefined;
  if (!operator?.digest_enabled) return { status: 'SKIPPED' };
  const counts = await repo.digestCounts(input.tenantId);
  if (!digestHasNews(counts)) return { status: 'SKIPPED' };
  const from = deploymentSender(deps.config);
  const row = await openDelivery(deps, {
    tenantId: input.tenantId,
    key: input.key,
    kind: 'OPERATOR_DIGEST',
    programId: null,
    recipient: operator.email,
    senderAddress: from.address,
  });
  const mail = operatorDigestMail({
    tenant: input.tenantAlias,
    day: digestDay(input),
    counts,
    portalUrl: `${deps.config.publicUrl}/admin/`,
  });
  const done = await sendRecorded(deps, row, { from, to: operator.email, ...mail });
  return { status: done.status };
}

/**
 * Mails an operator their one-time invitation or password-reset link, from MAIL_FROM, right after it was
 * issued (the inviter is answered the link too). One delivery per link; a mail server that does not take
 * it now leaves it NOT_SENT rather than failing the change (the inviter can pass the link on).
 */
export async function mailOperatorLink(
  deps: MailDeps,
  input: {
    tenantId: string;
    tenantAlias: string;
    email: string;
    purpose: OperatorLinkPurpose;
    link: string;
    expiresAt: Date;
  },
): Promise<NotificationDeliveryView | null> {
  const from = deploymentSender(deps.config);
  const linkKey = crypto.createHash('sha256').update(input.link).digest('hex').slice(0, 32);
  const kind = input.purpose === 'invite' ? 'OPERATOR_INVITATION' : 'OPERATOR_PASSWORD_RESET';
  const row = await openDelivery(deps, {
    tenantId: input.tenantId,
    key: `operator-link/${linkKey}`,
    kind,
    programId: null,
    recipient: input.email,
    senderAddress: from.address,
  });
  const mail = operatorLinkMail(input.purpose, {
    tenant: input.tenantAlias,
    link: input.link,
    expiresAt: input.expiresAt,
  });
  try {
    return await sendNow(deps, row, { from, to: input.email, ...mail });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

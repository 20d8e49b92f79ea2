import { v7 as uuidv7 } from 'uuid';
import { tenantSender } from '../domain/notifications/mail-sender';
import type { NotificationDeliveryView } from '../domain/notifications/mail-suppressions';
import {
  SAMPLE_VARIABLES,
  type NotificationKind,
  type NotificationLocale,
} from '../domain/notifications/notification-kinds';
import { getNotificationTemplate, resolveProgram } from '../domain/notifications/notification-settings';
import { renderTemplate } from '../domain/notifications/template-render';
import {
  openDelivery,
  sendNow,
  unsubscribeHeaders,
  unsubscribeUrl,
  type MailDeps,
} from './notification-mail';

/**
 * The editor's test send: the template in force for the program, kind and locale, with example values,
 * to one address now, recorded as a delivery (key `test/…`). A suppressed address gets nothing.
 */
export async function sendTestNotification(
  deps: MailDeps,
  tenantId: string,
  input: { programId?: string; kind: NotificationKind; locale: NotificationLocale; to: string },
): Promise<NotificationDeliveryView> {
  const program = await resolveProgram(deps.db, tenantId, input.programId);
  const template = await getNotificationTemplate(deps.db, tenantId, program.id, input.kind, input.locale);
  const from = await tenantSender(deps.db, tenantId, deps.config);
  const url = unsubscribeUrl(deps, tenantId, input.to) ?? SAMPLE_VARIABLES.unsubscribeUrl!;
  const rendered = renderTemplate(
    template,
    { ...SAMPLE_VARIABLES, 'program.name': program.name, unsubscribeUrl: url },
    { title: program.name, accent: program.brandColor, lang: input.locale },
  );
  const row = await openDelivery(deps, {
    tenantId,
    key: `test/${uuidv7()}`,
    kind: input.kind,
    programId: program.id,
    recipient: input.to,
    senderAddress: from.address,
  });
  return sendNow(deps, row, { from, to: input.to, ...rendered, headers: unsubscribeHeaders(url) });
}

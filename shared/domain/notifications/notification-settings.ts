import type { DbOrTrx } from '../../db/knex';
import { createNotificationSettingsRepo } from '../../repos/notification-settings.repo';
import { getProgramView } from '../programs/programs';
import { DEFAULT_PROGRAM_ID } from '../../types/program';
import { defaultTemplate } from './default-templates';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  SAMPLE_VARIABLES,
  type NotificationKind,
  type NotificationLocale,
  type NotificationRecipient,
} from './notification-kinds';
import { checkTemplate, renderTemplate, type RenderedMail } from './template-render';

/** A program's switch for one kind, as the API shows it. */
export interface NotificationSettingView {
  kind: NotificationKind;
  recipient: NotificationRecipient;
  enabled: boolean;
  variables: string[];
}

export interface NotificationTemplateView {
  kind: NotificationKind;
  locale: NotificationLocale;
  subject: string;
  body: string;
  /** False: the built-in text. */
  customized: boolean;
  updatedAt: number | null;
}

/** The program's id (default without one); NOT_FOUND for an id the tenant does not have. */
export async function resolveProgram(db: DbOrTrx, tenantId: string, programId: string | undefined) {
  const program = await getProgramView(db, tenantId, programId ?? DEFAULT_PROGRAM_ID);
  return program;
}

export async function listNotificationSettings(
  db: DbOrTrx,
  tenantId: string,
  programId: string | undefined,
): Promise<NotificationSettingView[]> {
  const program = await resolveProgram(db, tenantId, programId);
  const switches = await createNotificationSettingsRepo(db).switches(tenantId, program.id);
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    recipient: NOTIFICATION_KIND_INFO[kind].recipient,
    enabled: switches.get(kind) ?? true,
    variables: [...NOTIFICATION_KIND_INFO[kind].variables],
  }));
}

/** Whether the program sends this kind (on unless switched off). */
export async function notificationEnabled(
  db: DbOrTrx,
  tenantId: string,
  programId: string,
  kind: NotificationKind,
): Promise<boolean> {
  const switches = await createNotificationSettingsRepo(db).switches(tenantId, programId);
  return switches.get(kind) ?? true;
}

export async function setNotificationEnabled(
  db: DbOrTrx,
  tenantId: string,
  programId: string | undefined,
  kind: NotificationKind,
  enabled: boolean,
): Promise<NotificationSettingView> {
  const program = await resolveProgram(db, tenantId, programId);
  await createNotificationSettingsRepo(db).setSwitch(tenantId, program.id, kind, enabled);
  const settings = await listNotificationSettings(db, tenantId, program.id);
  return settings.find((s) => s.kind === kind)!;
}

/** The template in force: the tenant's own for the program and locale, else the built-in text. */
export async function getNotificationTemplate(
  db: DbOrTrx,
  tenantId: string,
  programId: string,
  kind: NotificationKind,
  locale: NotificationLocale,
): Promise<NotificationTemplateView> {
  const row = await createNotificationSettingsRepo(db).template(tenantId, programId, kind, locale);
  if (row) {
    return {
      kind,
      locale,
      subject: row.subject,
      body: row.body,
      customized: true,
      updatedAt: row.updated_at.getTime(),
    };
  }
  return { kind, locale, ...defaultTemplate(kind, locale), customized: false, updatedAt: null };
}

export async function readNotificationTemplate(
  db: DbOrTrx,
  tenantId: string,
  programId: string | undefined,
  kind: NotificationKind,
  locale: NotificationLocale,
): Promise<NotificationTemplateView> {
  const program = await resolveProgram(db, tenantId, programId);
  return getNotificationTemplate(db, tenantId, program.id, kind, locale);
}

export async function updateNotificationTemplate(
  db: DbOrTrx,
  tenantId: string,
  input: {
    programId?: string;
    kind: NotificationKind;
    locale: NotificationLocale;
    subject: string;
    body: string;
  },
): Promise<NotificationTemplateView> {
  checkTemplate(NOTIFICATION_KIND_INFO[input.kind].variables, input);
  const program = await resolveProgram(db, tenantId, input.programId);
  await createNotificationSettingsRepo(db).saveTemplate({
    tenant_id: tenantId,
    program_id: program.id,
    kind: input.kind,
    locale: input.locale,
    subject: input.subject,
    body: input.body,
  });
  return getNotificationTemplate(db, tenantId, program.id, input.kind, input.locale);
}

export async function resetNotificationTemplate(
  db: DbOrTrx,
  tenantId: string,
  programId: string | undefined,
  kind: NotificationKind,
  locale: NotificationLocale,
): Promise<NotificationTemplateView> {
  const program = await resolveProgram(db, tenantId, programId);
  await createNotificationSettingsRepo(db).deleteTemplate(tenantId, program.id, kind, locale);
  return getNotificationTemplate(db, tenantId, program.id, kind, locale);
}

/** The message a subject and body would make, with example values (the editor's live preview). */
export async function previewNotification(
  db: DbOrTrx,
  tenantId: string,
  input: {
    programId?: string;
    kind: NotificationKind;
    locale: NotificationLocale;
    subject: string;
    body: string;
  },
): Promise<RenderedMail> {
  checkTemplate(NOTIFICATION_KIND_INFO[input.kind].variables, input);
  const program = await resolveProgram(db, tenantId, input.programId);
  return renderTemplate(
    input,
    { ...SAMPLE_VARIABLES, 'program.name': program.name },
    { title: program.name, accent: program.brandColor, lang: input.locale },
  );
}

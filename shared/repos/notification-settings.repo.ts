import type { DbOrTrx } from '../db/knex';

export interface NotificationTemplateRow {
  tenant_id: string;
  program_id: string;
  kind: string;
  locale: string;
  subject: string;
  body: string;
  updated_at: Date;
}

export interface MailSenderRow {
  mail_sender_name: string | null;
  mail_sender_address: string | null;
}

/** A program's notification switches and templates, and the tenant's sender (migration 038). */
export function createNotificationSettingsRepo(db: DbOrTrx) {
  return {
    /** Kinds switched by hand, with their state (a kind not listed is on). */
    async switches(tenantId: string, programId: string, trx: DbOrTrx = db): Promise<Map<string, boolean>> {
      const rows: { kind: string; enabled: boolean }[] = await trx('notification_settings')
        .where({ tenant_id: tenantId, program_id: programId })
        .select('kind', 'enabled');
      return new Map(rows.map((r) => [r.kind, r.enabled]));
    },

    async setSwitch(
      tenantId: string,
      programId: string,
      kind: string,
      enabled: boolean,
      trx: DbOrTrx = db,
    ): Promise<void> {
      await trx('notification_settings')
        .insert({ tenant_id: tenantId, program_id: programId, kind, enabled })
        .onConflict(['tenant_id', 'program_id', 'kind'])
        .merge({ enabled, updated_at: trx.raw('clock_timestamp()') });
    },

    async template(
      tenantId: string,
      programId: string,
      kind: string,
      locale: string,
      trx: DbOrTrx = db,
    ): Promise<NotificationTemplateRow | undefined> {
      return trx<NotificationTemplateRow>('notification_templates')
        .where({ tenant_id: tenantId, program_id: programId, kind, locale })
        .first();
    },

    async saveTemplate(
      row: Pick<NotificationTemplateRow, 'tenant_id' | 'program_id' | 'kind' | 'locale' | 'subject' | 'body'>,
      trx: DbOrTrx = db,
    ): Promise<NotificationTemplateRow> {
      const [saved] = await trx('notification_templates')
        .insert(row)
        .onConflict(['tenant_id', 'program_id', 'kind', 'locale'])
        .merge({ subject: row.subject, body: row.body, updated_at: trx.raw('clock_timestamp()') })
        .returning('*');
      return saved as NotificationTemplateRow;
    },

    async deleteTemplate(
      tenantId: string,
      programId: string,
      kind: string,
      locale: string,
      trx: DbOrTrx = db,
    ): Promise<void> {
      await trx('notification_templates')
        .where({ tenant_id: tenantId, program_id: programId, kind, locale })
        .delete();
    },

    async sender(tenantId: string, trx: DbOrTrx = db): Promise<MailSenderRow> {
      const row = await trx<MailSenderRow & { id: string }>('tenants')
        .where({ id: tenantId })
        .first('mail_sender_name', 'mail_sender_address');
      return row ?? { mail_sender_name: null, mail_sender_address: null };
    },

    /** The operator's opt-in to the daily digest; false when the tenant has no such operator. */
    async operatorDigest(tenantId: string, operatorId: string, trx: DbOrTrx = db): Promise<boolean> {
      const row = await trx('operators')
        .where({ tenant_id: tenantId, id: operatorId })
        .first<{ digest_enabled: boolean } | undefined>('digest_enabled');
      return row?.digest_enabled === true;
    },

    async setOperatorDigest(
      tenantId: string,
      operatorId: string,
      enabled: boolean,
      trx: DbOrTrx = db,
    ): Promise<boolean> {
      const n = await trx('operators')
        .where({ tenant_id: tenantId, id: operatorId })
        .update({ digest_enabled: enabled });
      return n > 0;
    },

    async setSender(tenantId: string, sender: MailSenderRow, trx: DbOrTrx = db): Promise<void> {
      await trx('tenants').where({ id: tenantId }).update(sender);
    },
  };
}

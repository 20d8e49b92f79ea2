import type { DbOrTrx } from '../db/knex';

export type SuppressionReason = 'UNSUBSCRIBED' | 'REFUSED' | 'MANUAL';

export interface MailSuppressionRow {
  tenant_id: string;
  email: string;
  reason: SuppressionReason;
  created_at: Date;
}

/** Addresses a tenant never mails again; addresses are stored in lower case. */
export function createMailSuppressionsRepo(db: DbOrTrx) {
  return {
    async has(tenantId: string, email: string, trx: DbOrTrx = db): Promise<boolean> {
      const row = await trx('mail_suppressions')
        .where({ tenant_id: tenantId, email: email.toLowerCase() })
        .first('email');
      return row !== undefined;
    },

    /** Adds the address; an address already there keeps its first reason and time. */
    async add(
      tenantId: string,
      email: string,
      reason: SuppressionReason,
      trx: DbOrTrx = db,
    ): Promise<MailSuppressionRow> {
      await trx('mail_suppressions')
        .insert({ tenant_id: tenantId, email: email.toLowerCase(), reason })
        .onConflict(['tenant_id', 'email'])
        .ignore();
      const row = await trx<MailSuppressionRow>('mail_suppressions')
        .where({ tenant_id: tenantId, email: email.toLowerCase() })
        .first();
      return row!;
    },

    /** Adds the address when the tenant still exists (an unsubscribe link outlives a deleted tenant). */
    async addIfTenant(
      tenantId: string,
      email: string,
      reason: SuppressionReason,
      trx: DbOrTrx = db,
    ): Promise<boolean> {
      const { rows } = await trx.raw<{ rows: unknown[] }>(
        `insert into mail_suppressions (tenant_id, email, reason)
         select t.id, ?, ? from tenants t where t.id = ?
         on conflict (tenant_id, email) do nothing
         returning email`,
        [email.toLowerCase(), reason, tenantId],
      );
      if (rows.length > 0) return true;
      return this.has(tenantId, email, trx);
    },

    async remove(tenantId: string, email: string, trx: DbOrTrx = db): Promise<boolean> {
      const n = await trx('mail_suppressions')
        .where({ tenant_id: tenantId, email: email.toLowerCase() })
        .delete();
      return n > 0;
    },

    async list(
      tenantId: string,
      limit: number,
      offset: number,
      trx: DbOrTrx = db,
    ): Promise<MailSuppressionRow[]> {
      return trx<MailSuppressionRow>('mail_suppressions')
        .where({ tenant_id: tenantId })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'email', order: 'asc' },
        ])
        .limit(limit)
        .offset(offset);
    },
  };
}

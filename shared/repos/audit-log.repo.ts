import type { DbOrTrx } from '../db/knex';

/** One change made in the portal (or through the API by an operator's session). */
export interface AuditLogRow {
  id: string;
  tenant_id: string;
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export function createAuditLogRepo(db: DbOrTrx) {
  return {
    async insert(
      row: Pick<
        AuditLogRow,
        'tenant_id' | 'operator_id' | 'operator_email' | 'action' | 'target' | 'details'
      >,
      trx: DbOrTrx = db,
    ): Promise<AuditLogRow> {
      const [inserted] = await trx('audit_log')
        .insert({ ...row, details: JSON.stringify(row.details) })
        .returning('*');
      return inserted as AuditLogRow;
    },

    /**
     * Newest first; `afterId` is the last entry of the previous page. Its `at` is compared in the
     * database, since a JavaScript Date would drop the microseconds that order entries of one millisecond.
     */
    async page(
      tenantId: string,
      options: { limit: number; afterId?: string },
      trx: DbOrTrx = db,
    ): Promise<AuditLogRow[]> {
      const query = trx<AuditLogRow>('audit_log').where({ tenant_id: tenantId });
      if (options.afterId) {
        query.andWhereRaw(
          '(at, id) < (select a.at, a.id from audit_log a where a.tenant_id = ? and a.id = ?)',
          [tenantId, options.afterId],
        );
      }
      return query
        .orderBy([
          { column: 'at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(options.limit);
    },
  };
}

import type { DbOrTrx } from '../db/knex';

/** Who made an audited change (migration 016): see AuditActor in shared/domain/common/audit-log.ts. */
export type AuditActorKind = 'operator' | 'apiKey' | 'user' | 'sftp' | 'cli' | 'system' | 'anonymous';

/** Filters of the audit log's pages. */
export interface AuditLogFilter {
  actor?: string;
  action?: string;
  start?: Date;
  end?: Date;
}

/** One change (or sign-in) made by any principal: an operator, an API key, a user, SFTP, the CLI. */
export interface AuditLogRow {
  id: string;
  tenant_id: string;
  operator_id: string | null;
  operator_email: string | null;
  actor_kind: AuditActorKind;
  actor_label: string | null;
  client_address: string | null;
  user_agent: string | null;
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
        | 'tenant_id'
        | 'operator_id'
        | 'operator_email'
        | 'actor_kind'
        | 'actor_label'
        | 'client_address'
        | 'user_agent'
        | 'action'
        | 'target'
        | 'details'
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
      options: { limit: number; afterId?: string; filter?: AuditLogFilter },
      trx: DbOrTrx = db,
    ): Promise<AuditLogRow[]> {
      const query = trx<AuditLogRow>('audit_log').where({ tenant_id: tenantId });
      const filter = options.filter ?? {};
      // Filters: the actor by operator e-mail or principal label, any case; the exact action;
      // a time range [start, end).
      const actor = filter.actor;
      if (actor) {
        query.andWhere((q) =>
          q
            .whereRaw('lower(operator_email) = lower(?)', [actor])
            .orWhereRaw('lower(actor_label) = lower(?)', [actor]),
        );
      }
      if (filter.action) query.andWhere({ action: filter.action });
      if (filter.start) query.andWhere('at', '>=', filter.start);
      if (filter.end) query.andWhere('at', '<', filter.end);
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

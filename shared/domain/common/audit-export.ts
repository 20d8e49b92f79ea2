import type { DbOrTrx } from '../../db/knex';
import { csvRecord } from '../../csv-cell';
import { AUDIT_PAGE_MAX, listAuditLog } from './audit-log';
import { AUDIT_CSV_COLUMNS, auditCsvCells } from './audit-sentence';

export interface AuditExportFilter {
  actor?: string | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
}

/**
 * The tenant's audit log as CSV, newest first, with the same filters as GraphQL `auditLog`:
 * the header, then one record per entry, read a page of AUDIT_PAGE_MAX at a time so the whole log is
 * never in memory. The filters are checked before the first record (a bad one throws VALIDATION_FAILED).
 */
export async function auditLogCsv(
  db: DbOrTrx,
  tenantId: string,
  filter: AuditExportFilter,
): Promise<AsyncGenerator<string>> {
  const first = await listAuditLog(db, tenantId, { ...filter, first: AUDIT_PAGE_MAX });
  async function* records(): AsyncGenerator<string> {
    yield csvRecord(AUDIT_CSV_COLUMNS);
    let page = first;
    for (;;) {
      yield page.entries.map((entry) => csvRecord(auditCsvCells(entry))).join('');
      if (!page.hasNextPage) return;
      page = await listAuditLog(db, tenantId, { ...filter, first: AUDIT_PAGE_MAX, after: page.endCursor });
    }
  }
  return records();
}

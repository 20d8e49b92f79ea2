import { z } from 'zod';

/**
 * GET /admin/api/audit-log.csv: the same filters as GraphQL `auditLog` (actor, action, from, to), each
 * bounded here and checked in full by the domain (shared/domain/common/audit-log.ts).
 */
export const auditExportQuerySchema = z.object({
  actor: z.string().max(320).optional(),
  action: z.string().max(80).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});

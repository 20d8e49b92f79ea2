import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { auditLogCsv } from '../../../shared/domain/common/audit-export';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { operatorSession } from '../middleware/operator-session';
import { validate } from '../middleware/validate';
import { auditExportQuerySchema } from './admin-audit.schema';

/**
 * The audit log's CSV export for the portal: OWNERs and ADMINs, as the log itself; streamed
 * page by page; every cell through csvRecord (RFC 4180 quoting, formulas defused).
 */
export function adminAuditRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.get(
    '/audit-log.csv',
    operatorSession(deps),
    validate({ query: auditExportQuerySchema }, 'signed-in'),
    async (ctx) => {
      const { principal } = ctx.state;
      if (principal?.kind !== 'operator' || principal.role === 'VIEWER') {
        throw new AppError('FORBIDDEN', 'Only OWNERs and ADMINs can read the audit log');
      }
      const records = await auditLogCsv(deps.db, ctx.state.tenant.id, ctx.state.input.query);
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="audit-log-${ctx.state.tenant.alias}.csv"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = Readable.from(records);
    },
  );
}

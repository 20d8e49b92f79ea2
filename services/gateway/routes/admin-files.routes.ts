import type Router from '@koa/router';
import { AppError } from '../../../shared/errors';
import type { GatewayContext, GatewayDeps, GatewayState } from '../context';
import { receiveUpload, sendTenantFile } from '../middleware/file-transfer';
import { operatorSession } from '../middleware/operator-session';
import { validate } from '../middleware/validate';
import { adminDownloadQuerySchema, adminUploadQuerySchema } from './admin-files.schema';

/** A VIEWER reads only; refused before any of the body is read (so the connection closes after the answer). */
function refuseViewer(ctx: GatewayContext): void {
  const { principal } = ctx.state;
  if (principal?.kind === 'operator' && principal.role !== 'VIEWER') return;
  throw new AppError('FORBIDDEN', 'Viewers can read only', {
    headers: ctx.req.complete ? {} : { Connection: 'close' },
  });
}

/**
 * The admin portal's doors to the import file transfer of files.routes.ts, on the admin router
 * (prefix /admin/api): the signed-in operator's tenant instead of the API key, the same limits, quota
 * and answers (middleware/file-transfer.ts). Uploads need the CSRF token and a role above VIEWER and are
 * recorded in the audit log as `file.upload` with the stored name and size (never the content).
 */
export function adminFileRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const session = operatorSession(deps);

  router.post('/files', session, validate({ query: adminUploadQuerySchema }, 'signed-in'), async (ctx) => {
    refuseViewer(ctx);
    // receiveUpload records `file.upload` in the audit log, as for the API key.
    const upload = await receiveUpload(ctx, deps, ctx.state.tenant, {
      filename: ctx.state.input.query.filename,
    });
    ctx.body = { fileRef: upload.fileRef };
  });

  router.get(
    '/files/download',
    session,
    validate({ query: adminDownloadQuerySchema }, 'signed-in'),
    async (ctx) => {
      await sendTenantFile(ctx, deps, ctx.state.tenant, ctx.state.input.query.fileRef);
    },
  );
}

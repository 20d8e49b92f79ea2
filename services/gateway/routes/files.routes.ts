import type Router from '@koa/router';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { receiveUpload, sendTenantFile } from '../middleware/file-transfer';
import { validate } from '../middleware/validate';
import { downloadQuerySchema, uploadQuerySchema } from './files.schema';

/**
 * Import file upload (streamed to file storage, within the tenant's storage quota, failing on a body that
 * stalls) and download of the tenant's own files; the API key. The admin portal's doors to the same
 * transfer are in admin-files.routes.ts (both call middleware/file-transfer.ts).
 */
export function fileRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.post(
    '/export/upload',
    authenticate(deps),
    validate({ query: uploadQuerySchema }, 'authenticated'),
    async (ctx) => {
      const upload = await receiveUpload(ctx, deps, ctx.state.tenant, {
        filename: ctx.state.input.query.filename,
      });
      ctx.body = { fileRef: upload.fileRef };
    },
  );

  router.get(
    '/export/download',
    authenticate(deps),
    validate({ query: downloadQuerySchema }, 'authenticated'),
    async (ctx) => {
      await sendTenantFile(ctx, deps, ctx.state.tenant, ctx.state.input.query.fileRef);
    },
  );
}

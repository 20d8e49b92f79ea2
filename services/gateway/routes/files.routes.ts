import type Router from '@koa/router';
import contentDisposition from 'content-disposition';
import { AppError } from '../../../shared/errors';
import { parseFileRef } from '../../../shared/storage/file-storage';
import { discardUpload, storeUpload, type UploadDeps } from '../../../shared/storage/uploads';
import type { GatewayContext, GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { guardUploadBody, receiveMultipart } from '../middleware/upload-body';
import { validate } from '../middleware/validate';
import { downloadQuerySchema, uploadQuerySchema } from './files.schema';

const RAW_TYPES = ['text/csv', 'application/x-ndjson', 'application/octet-stream'];

function rawFileName(ctx: GatewayContext, fromQuery: string | undefined): string | undefined {
  if (fromQuery) return fromQuery;
  const header = ctx.get('content-disposition');
  if (!header) return undefined;
  try {
    const name = contentDisposition.parse(header).parameters.filename;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Import file upload (streamed to file storage, within the tenant's storage quota, failing on a body that
 * stalls) and download of the tenant's own files; the API key.
 */
export function fileRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const maxBytes = deps.config.UPLOAD_MAX_BYTES;

  router.post('/export/upload', authenticate(deps), validate({ query: uploadQuerySchema }), async (ctx) => {
    const tenant = ctx.state.tenant!;
    if (ctx.request.length > maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`);
    }
    const multipart = Boolean(ctx.is('multipart/form-data'));
    if (!multipart && !ctx.is(RAW_TYPES)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the file as multipart/form-data (part "file") or as ${RAW_TYPES.join(', ')}`,
      );
    }
    const uploads: UploadDeps = {
      db: deps.db,
      storage: deps.storage,
      maxBytes,
      quotaBytes: deps.config.UPLOAD_QUOTA_BYTES,
      now: deps.now,
    };
    const body = guardUploadBody(ctx.req, deps.config.UPLOAD_IDLE_TIMEOUT_MS);
    try {
      const upload = multipart
        ? await receiveMultipart(ctx.req.headers, body, {
            maxBytes,
            store: (name, stream) => storeUpload(uploads, tenant, { name, source: stream }),
            discard: (stored) => discardUpload(uploads, tenant.id, stored),
          })
        : await storeUpload(uploads, tenant, {
            name: rawFileName(ctx, ctx.state.input.query.filename),
            source: body,
            declaredBytes: ctx.request.length,
          });
      ctx.body = { fileRef: upload.ref.value };
    } catch (err) {
      // An answer before the whole body arrived: the connection closes rather than wait for the rest.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
      throw err;
    } finally {
      body.destroy();
    }
  });

  router.get(
    '/export/download',
    authenticate(deps),
    validate({ query: downloadQuerySchema }),
    async (ctx) => {
      const ref = parseFileRef(ctx.state.tenant!.alias, ctx.state.input.query.fileRef);
      // Another tenant's ref, or anything not shaped like a ref, is simply not found.
      const stream = ref && (await deps.storage.read(ref));
      if (!stream) throw new AppError('NOT_FOUND', 'No such file');
      const name = ref.value.slice(ref.value.lastIndexOf('/') + 1);
      ctx.type = name.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream';
      ctx.attachment(name);
      ctx.body = stream;
    },
  );
}

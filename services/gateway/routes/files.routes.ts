import type Router from '@koa/router';
import busboy from 'busboy';
import contentDisposition from 'content-disposition';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { newImportRef, parseFileRef, type FileRef } from '../../../shared/storage/file-storage';
import type { GatewayContext, GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { validate } from '../middleware/validate';

const RAW_TYPES = ['text/csv', 'application/x-ndjson', 'application/octet-stream'];

const uploadQuerySchema = z.object({ filename: z.string().max(255).optional() });
const downloadQuerySchema = z.object({ fileRef: z.string().min(1).max(512) });

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
 * The multipart body's part named `file`, streamed; other parts are drained. Resolves once that part has
 * been stored (or fails with the storage's error), and fails with 400 when the body has no such part.
 */
function storeMultipartFile(
  ctx: GatewayContext,
  maxBytes: number,
  store: (name: string | undefined, stream: Readable) => Promise<{ ref: FileRef; bytes: number }>,
): Promise<{ ref: FileRef; bytes: number }> {
  return new Promise((resolve, reject) => {
    let stored: Promise<{ ref: FileRef; bytes: number }> | undefined;
    let parser: busboy.Busboy;
    try {
      // One byte over the limit lets the storage see the overflow instead of a silently truncated file.
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fields: 20, parts: 30, fileSize: maxBytes + 1 },
      });
    } catch {
      reject(new AppError('VALIDATION_FAILED', 'Malformed multipart/form-data body'));
      return;
    }
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || stored) {
        stream.resume();
        return;
      }
      stored = store(info.filename, stream);
      stored.catch(() => ctx.req.unpipe(parser));
    });
    parser.on('error', () => reject(new AppError('VALIDATION_FAILED', 'Malformed multipart/form-data body')));
    parser.on('close', () => {
      if (!stored) {
        reject(
          new AppError('VALIDATION_FAILED', 'The upload has no part named "file"', {
            validationErrors: [
              { path: 'file', message: 'a multipart/form-data part named file is required' },
            ],
          }),
        );
        return;
      }
      stored.then(resolve, reject);
    });
    ctx.req.on('aborted', () => reject(new AppError('VALIDATION_FAILED', 'Request body was incomplete')));
    ctx.req.pipe(parser);
  });
}

/** Import file upload (streamed to file storage) and download of the tenant's own files; the API key. */
export function fileRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const maxBytes = deps.config.UPLOAD_MAX_BYTES;

  router.post('/export/upload', authenticate(deps), validate({ query: uploadQuerySchema }), async (ctx) => {
    const tenant = ctx.state.tenant!;
    if (ctx.request.length > maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`);
    }
    const store = async (name: string | undefined, stream: Readable) => {
      const ref = newImportRef(tenant.alias, name, new Date(deps.now()));
      return { ref, bytes: await deps.storage.write(ref, stream, { maxBytes }) };
    };
    let upload: { ref: FileRef; bytes: number };
    if (ctx.is('multipart/form-data')) {
      upload = await storeMultipartFile(ctx, maxBytes, store);
    } else if (ctx.is(RAW_TYPES)) {
      upload = await store(rawFileName(ctx, ctx.state.input.query.filename), ctx.req);
    } else {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the file as multipart/form-data (part "file") or as ${RAW_TYPES.join(', ')}`,
      );
    }
    if (upload.bytes === 0) {
      await deps.storage.delete(upload.ref);
      throw new AppError('VALIDATION_FAILED', 'The file is empty', {
        validationErrors: [{ path: 'file', message: 'must not be empty' }],
      });
    }
    ctx.body = { fileRef: upload.ref.value };
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

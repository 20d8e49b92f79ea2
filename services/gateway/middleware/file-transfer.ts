import contentDisposition from 'content-disposition';
import { recordAudit } from '../../../shared/domain/common/audit-log';
import { AppError } from '../../../shared/errors';
import { auditClientOf } from '../audit-client';
import { auditWho } from '../audit-actor';
import { parseFileRef } from '../../../shared/storage/file-storage';
import { discardUpload, storeUpload, type UploadDeps } from '../../../shared/storage/uploads';
import type { AuthenticatedTenant, GatewayContext, GatewayDeps } from '../context';
import { guardUploadBody, receiveMultipart } from './upload-body';

const RAW_TYPES = ['text/csv', 'application/x-ndjson', 'application/octet-stream'];

/** A stored upload: its ref, the file name it is stored under (the ref's last part) and its size. */
export interface ReceivedUpload {
  fileRef: string;
  name: string;
  bytes: number;
}

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

function lastPart(refValue: string): string {
  return refValue.slice(refValue.lastIndexOf('/') + 1);
}

/**
 * An import file upload for the tenant, whichever door it came through (REST `POST /export/upload`
 * with the API key, the portal's `POST /admin/api/files` with a session): multipart/form-data (part
 * "file") or a raw CSV/NDJSON/octet-stream body named by `filename` or Content-Disposition, streamed to
 * file storage within UPLOAD_MAX_BYTES and the tenant's storage quota, failing on a body that stalls for
 * UPLOAD_IDLE_TIMEOUT_MS. Whatever fails, nothing is kept, and an answer sent before the whole body
 * arrived closes the connection.
 */
export async function receiveUpload(
  ctx: GatewayContext,
  deps: Pick<GatewayDeps, 'db' | 'storage' | 'config' | 'now'>,
  tenant: AuthenticatedTenant,
  options: { filename?: string },
): Promise<ReceivedUpload> {
  const maxBytes = deps.config.UPLOAD_MAX_BYTES;
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
  const body = guardUploadBody(
    ctx.req,
    deps.config.UPLOAD_IDLE_TIMEOUT_MS,
    deps.config.UPLOAD_MIN_BYTES_PER_S,
  );
  try {
    const upload = multipart
      ? await receiveMultipart(ctx.req.headers, body, {
          maxBytes,
          store: (name, stream) => storeUpload(uploads, tenant, { name, source: stream }),
          discard: (stored) => discardUpload(uploads, tenant.id, stored),
        })
      : await storeUpload(uploads, tenant, {
          name: rawFileName(ctx, options.filename),
          source: body,
          declaredBytes: ctx.request.length,
        });
    const received = { fileRef: upload.ref.value, name: lastPart(upload.ref.value), bytes: upload.bytes };
    const { principal } = ctx.state;
    if (principal) {
      await recordAudit(deps.db, {
        tenantId: tenant.id,
        ...auditWho(principal),
        action: 'file.upload',
        target: received.fileRef,
        details: { name: received.name, size: received.bytes },
        client: auditClientOf(ctx, deps.config),
      });
    }
    return received;
  } catch (err) {
    // An answer before the whole body arrived: the connection closes rather than wait for the rest.
    if (!ctx.req.complete) ctx.set('Connection', 'close');
    throw err;
  } finally {
    body.destroy();
  }
}

/**
 * Sends one of the tenant's own files (an upload or a job's result file) as an attachment. Another
 * tenant's ref, or anything not shaped like a ref, is simply not found (404).
 */
export async function sendTenantFile(
  ctx: GatewayContext,
  deps: Pick<GatewayDeps, 'storage'>,
  tenant: AuthenticatedTenant,
  fileRef: string,
): Promise<void> {
  const ref = parseFileRef(tenant.alias, fileRef);
  const stream = ref && (await deps.storage.read(ref));
  if (!stream) throw new AppError('NOT_FOUND', 'No such file');
  const name = lastPart(ref.value);
  ctx.type = name.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream';
  ctx.attachment(name);
  ctx.body = stream;
}

import type { Readable } from 'node:stream';
import type { Db } from '../db/knex';
import { AppError } from '../errors';
import { createStoredFilesRepo } from '../repos/stored-files.repo';
import { newImportRef, type FileRef, type FileStorage } from './file-storage';

export interface UploadDeps {
  db: Db;
  storage: FileStorage;
  /** UPLOAD_MAX_BYTES: the largest single file. */
  maxBytes: number;
  /** UPLOAD_QUOTA_BYTES: what one tenant may keep in file storage, uploads and result files together. */
  quotaBytes: number;
  now: () => number;
}

export interface StoredUpload {
  ref: FileRef;
  bytes: number;
}

function quotaExceeded(quotaBytes: number, usedBytes: number): AppError {
  return new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `The upload does not fit in this tenant's storage quota of ${quotaBytes} bytes ` +
      `(${usedBytes} bytes are kept in import and result files)`,
    { fields: { quotaBytes, usedBytes } },
  );
}

/**
 * Streams an upload into file storage under a new ref and records it against the tenant's quota. Over
 * UPLOAD_MAX_BYTES is 413; an upload that does not fit in the quota is 507 (413 when it is declared larger
 * than the whole quota); an empty one is 400. Whatever fails, nothing is kept.
 */
export async function storeUpload(
  deps: UploadDeps,
  tenant: { id: string; alias: string },
  upload: { name: string | undefined; source: Readable; declaredBytes?: number },
): Promise<StoredUpload> {
  const { source, declaredBytes } = upload;
  // Until the storage reads it, a failing source is held (its error surfaces when the write starts).
  source.on('error', () => undefined);
  if (declaredBytes !== undefined && declaredBytes > deps.quotaBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than this tenant's whole storage quota of ${deps.quotaBytes} bytes`,
    );
  }
  const files = createStoredFilesRepo(deps.db);
  const used = await files.usage(tenant.id);
  const room = deps.quotaBytes - used;
  if (room <= 0 || (declaredBytes !== undefined && declaredBytes > room)) {
    throw quotaExceeded(deps.quotaBytes, used);
  }
  const limit = Math.min(deps.maxBytes, room);
  const ref = newImportRef(tenant.alias, upload.name, new Date(deps.now()));
  let bytes: number;
  try {
    bytes = await deps.storage.write(ref, source, { maxBytes: limit });
  } catch (err) {
    const overQuota =
      err instanceof AppError && err.apiErrorCode === 'PAYLOAD_TOO_LARGE' && limit < deps.maxBytes;
    throw overQuota ? quotaExceeded(deps.quotaBytes, used) : err;
  }
  if (bytes === 0) {
    await deps.storage.delete(ref);
    throw new AppError('VALIDATION_FAILED', 'The file is empty', {
      validationErrors: [{ path: 'file', message: 'must not be empty' }],
    });
  }
  // Concurrent uploads may each have seen room for themselves: the record, under the tenant's lock, decides.
  let outcome: { recorded: boolean; usedBytes: number };
  try {
    outcome = await files.recordWithin(tenant.id, { ref: ref.value, bytes }, deps.quotaBytes);
  } catch (err) {
    await deps.storage.delete(ref);
    throw err;
  }
  if (!outcome.recorded) {
    await deps.storage.delete(ref);
    throw quotaExceeded(deps.quotaBytes, outcome.usedBytes);
  }
  return { ref, bytes };
}

/** Removes a stored upload and its quota record (an upload whose request failed after it was stored). */
export async function discardUpload(
  deps: Pick<UploadDeps, 'db' | 'storage'>,
  tenantId: string,
  upload: StoredUpload,
): Promise<void> {
  await createStoredFilesRepo(deps.db).remove(tenantId, upload.ref.value);
  await deps.storage.delete(upload.ref);
}

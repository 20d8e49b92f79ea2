import { utils, type Attributes, type FileEntry, type SFTPWrapper } from 'ssh2';
import type { Db } from '../../shared/db/knex';
import { findSftpResultFile, findSftpStatusFile } from '../../shared/domain/sftp/sftp-status';
import type { Logger } from '../../shared/logger';
import { parseFileRef, type FileStorage } from '../../shared/storage/file-storage';
import {
  beginSftpUpload,
  type SftpUploadAudit,
  type SftpUploadDeps,
} from '../../shared/use-cases/sftp-upload';
import type { PlaceCounter, SftpTenant } from './auth';
import type { InFlightUploads } from './in-flight';
import { entry, fileAttrs, folderEntries, nodeAttrs, type ListingDeps } from './listing';
import { bufferHandle, streamHandle, type ReadHandle } from './read-handle';
import { UploadHandle } from './upload-handle';
import { isFolder, renameRefusal, resolvePath, type SftpNode } from './virtual-tree';

const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/**
 * Open handles one SFTP connection may hold (files and folders), over all its channels: with
 * SFTP_MAX_CONNECTIONS this bounds the server's descriptors (./admission.ts descriptorBudget). OpenSSH's
 * sftp opens one file at a time (a few with -R).
 */
export const MAX_HANDLES = 16;
/** Directory entries per READDIR answer. */
const ENTRIES_PER_ANSWER = 200;

export interface SftpRequestDeps {
  db: Db;
  storage: FileStorage;
  uploads: SftpUploadDeps;
  inFlight: InFlightUploads;
  /** Uploads each tenant has open on this server (SFTP_MAX_UPLOADS_PER_TENANT). */
  uploadPlaces: PlaceCounter;
  /** Who uploads, for the audit log: the key's fingerprint and the client's address. */
  audit?: SftpUploadAudit;
  logger: Logger;
  startedAt: Date;
}

type Handle =
  | { type: 'dir'; entries: FileEntry[] | undefined; node: SftpNode }
  | { type: 'read'; file: ReadHandle }
  | { type: 'upload'; file: UploadHandle };

/**
 * One SFTP session's requests over the tenant's virtual tree (./virtual-tree.ts). Every request marks the
 * connection busy while it runs (`busy()` returns the call that ends it), for the idle timeout. `budget`
 * counts the handles open on the whole connection.
 */
export function serveSftpRequests(
  sftp: SFTPWrapper,
  tenant: SftpTenant,
  deps: SftpRequestDeps,
  busy: () => () => void,
  budget: { open: number },
): { abortUploads(reason: Error): Promise<void> } {
  const handles = new Map<string, Handle>();
  let nextHandle = 0;
  const log = deps.logger;
  const listing: ListingDeps = { db: deps.db, storage: deps.storage, tenant, startedAt: deps.startedAt };

  const status = (id: number, code: number, message?: string) => sftp.status(id, code, message);
  const denied = (id: number, message = 'permission denied: read only') =>
    status(id, STATUS_CODE.PERMISSION_DENIED, message);
  const noSuchFile = (id: number) => status(id, STATUS_CODE.NO_SUCH_FILE, 'no such file');

  const tooMany = (id: number) => {
    if (budget.open < MAX_HANDLES) return false;
    status(id, STATUS_CODE.FAILURE, 'too many open files');
    return true;
  };
  const open = (id: number, handle: Handle) => {
    if (tooMany(id)) return;
    budget.open += 1;
    const key = Buffer.alloc(4);
    key.writeUInt32BE(nextHandle++ % 0x1_0000_0000);
    handles.set(key.toString('hex'), handle);
    sftp.handle(id, key);
  };
  const handleOf = (key: Buffer) => handles.get(key.toString('hex'));
  const forget = (key: Buffer) => {
    if (handles.delete(key.toString('hex'))) budget.open -= 1;
  };

  /** Registers a request handler; a path it cannot resolve is refused before the handler runs. */
  function on<A extends unknown[]>(event: string, run: (id: number, ...args: A) => Promise<void> | void) {
    sftp.on(event, (id: number, ...args: A) => {
      const done = busy();
      Promise.resolve()
        .then(() => run(id, ...args))
        .catch((err: unknown) => {
          log.error({ err, request: event }, 'SFTP request failed');
          status(id, STATUS_CODE.FAILURE, 'the request failed');
        })
        .finally(done);
    });
  }
  const resolved = (id: number, path: string) => {
    const r = resolvePath(path);
    if (!r.ok) denied(id, `permission denied: ${r.reason}`);
    return r.ok ? r : undefined;
  };

  on('REALPATH', (id, path: string) => {
    const r = resolved(id, path);
    if (r) sftp.name(id, [{ filename: r.path, longname: r.path, attrs: {} as Attributes }]);
  });

  const stat = async (id: number, path: string) => {
    const r = resolved(id, path);
    if (!r) return;
    const attrs = await nodeAttrs(listing, r.node);
    if (attrs) sftp.attrs(id, attrs);
    else noSuchFile(id);
  };
  on('STAT', stat);
  on('LSTAT', stat);

  on('OPENDIR', (id, path: string) => {
    const r = resolved(id, path);
    if (!r) return;
    if (!isFolder(r.node)) return noSuchFile(id);
    open(id, { type: 'dir', entries: undefined, node: r.node });
  });

  on('READDIR', async (id, key: Buffer) => {
    const handle = handleOf(key);
    if (handle?.type !== 'dir') return status(id, STATUS_CODE.FAILURE, 'invalid handle');
    if (!handle.entries) {
      const dirAttrs = (await nodeAttrs(listing, handle.node))!;
      const dots = ['.', '..'].map((name) => entry(name, dirAttrs, tenant.alias));
      handle.entries = [...dots, ...((await folderEntries(listing, handle.node)) ?? [])];
    }
    const batch = handle.entries.splice(0, ENTRIES_PER_ANSWER);
    if (batch.length === 0) return status(id, STATUS_CODE.EOF);
    sftp.name(id, batch);
  });

  on('OPEN', async (id, path: string, flags: number) => {
    const r = resolved(id, path);
    if (!r) return;
    const writing = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
    const { node } = r;
    if (writing) {
      if (node.kind === 'missing' && node.reason) return denied(id, `permission denied: ${node.reason}`);
      if (node.kind !== 'import-file') {
        return denied(id, 'permission denied: files are uploaded into /imports/<TYPE>/ only');
      }
      if (flags & OPEN_MODE.APPEND)
        return status(id, STATUS_CODE.OP_UNSUPPORTED, 'appending is not supported');
      if (tooMany(id)) return;
      if (!deps.uploadPlaces.claim(tenant.id)) {
        log.warn({ fileName: node.fileName }, 'SFTP upload refused: too many uploads of this tenant');
        return status(id, STATUS_CODE.FAILURE, 'too many uploads in progress; try again when one is done');
      }
      const tracked = deps.inFlight.track(deps.storage, tenant);
      const upload = beginSftpUpload(
        { ...deps.uploads, storage: tracked.storage },
        tenant,
        {
          folder: node.jobType,
          fileName: node.fileName,
        },
        deps.audit,
      );
      let placeHeld = true;
      const end = (cleaned: boolean) => {
        if (placeHeld) deps.uploadPlaces.release(tenant.id);
        placeHeld = false;
        tracked.end(cleaned);
      };
      const file = new UploadHandle(upload, end, log);
      log.info({ jobType: node.jobType, fileName: node.fileName }, 'SFTP upload started');
      return open(id, { type: 'upload', file });
    }
    if (isFolder(node)) return status(id, STATUS_CODE.FAILURE, 'is a folder');
    if (node.kind === 'status-file') {
      const found = await findSftpStatusFile(deps.db, tenant.id, node.entry);
      return found ? open(id, { type: 'read', file: bufferHandle(found.content) }) : noSuchFile(id);
    }
    if (node.kind === 'result-file') {
      const found = await findSftpResultFile(deps.db, tenant.id, node.entry);
      const ref = found && parseFileRef(tenant.alias, found.fileRef);
      const size = ref && (await deps.storage.size(ref));
      if (!ref || size === undefined) return noSuchFile(id);
      return open(id, {
        type: 'read',
        file: streamHandle(size, (start) => deps.storage.read(ref, { start })),
      });
    }
    noSuchFile(id);
  });

  on('WRITE', (id, key: Buffer, offset: number, data: Buffer) => {
    const handle = handleOf(key);
    if (handle?.type !== 'upload') return status(id, STATUS_CODE.FAILURE, 'not open for writing');
    // Answered when storage has taken the bytes (backpressure); `busy` spans the wait.
    const done = busy();
    handle.file.write(offset, data, (error) => {
      done();
      status(id, error ? STATUS_CODE.FAILURE : STATUS_CODE.OK, error);
    });
  });

  on('READ', async (id, key: Buffer, offset: number, length: number) => {
    const handle = handleOf(key);
    if (handle?.type !== 'read') return status(id, STATUS_CODE.FAILURE, 'not open for reading');
    const data = await handle.file.read(offset, Math.min(length, 256 * 1024));
    if (data === null) status(id, STATUS_CODE.EOF);
    else sftp.data(id, data);
  });

  on('FSTAT', (id, key: Buffer) => {
    const handle = handleOf(key);
    if (!handle || handle.type === 'dir') return status(id, STATUS_CODE.FAILURE, 'invalid handle');
    sftp.attrs(id, fileAttrs(handle.file.size, new Date(), handle.type === 'upload'));
  });

  // Times and modes an uploading client sets (`put -p`) are of no use here: agreed to and ignored.
  on('FSETSTAT', (id, key: Buffer) => {
    if (handleOf(key)?.type === 'upload') status(id, STATUS_CODE.OK);
    else denied(id);
  });

  on('CLOSE', async (id, key: Buffer) => {
    const handle = handleOf(key);
    if (!handle) return status(id, STATUS_CODE.FAILURE, 'invalid handle');
    forget(key);
    if (handle.type === 'read') handle.file.close();
    if (handle.type !== 'upload') return status(id, STATUS_CODE.OK);
    const { outcome, error } = await handle.file.close();
    if (error !== undefined) return status(id, STATUS_CODE.FAILURE, error);
    log.info({ ...outcome!.status, errors: outcome!.status.errors.length }, 'SFTP upload taken');
    status(id, STATUS_CODE.OK, `${outcome!.status.status}; see /status/${outcome!.status.fileName}.json`);
  });

  on('REMOVE', (id, path: string) => {
    const r = resolved(id, path);
    if (r) return r.node.kind === 'import-file' ? noSuchFile(id) : denied(id);
  });
  on('RENAME', (id, from: string, to: string) => {
    const source = resolved(id, from);
    const target = source && resolved(id, to);
    if (!source || !target) return;
    if (renameRefusal(source.node, target.node) === 'no-such-file') return noSuchFile(id);
    denied(id, 'permission denied: files cannot be renamed or moved out of their folder');
  });
  on('MKDIR', (id) => denied(id, 'permission denied: folders cannot be made'));
  on('RMDIR', (id) => denied(id, 'permission denied: folders cannot be removed'));
  on('SETSTAT', (id) => denied(id));
  on('SYMLINK', (id) => denied(id, 'permission denied: symbolic links are not supported'));
  on('READLINK', (id, path: string) => {
    const r = resolved(id, path);
    if (r) status(id, STATUS_CODE.FAILURE, 'not a symbolic link');
  });

  return {
    async abortUploads(reason) {
      const uploads = [...handles.values()].flatMap((h) => (h.type === 'upload' ? [h.file] : []));
      for (const h of handles.values()) if (h.type === 'read') h.file.close();
      budget.open -= handles.size;
      handles.clear();
      await Promise.all(uploads.map((file) => file.abort(reason)));
    },
  };
}

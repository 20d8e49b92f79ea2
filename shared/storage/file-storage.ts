import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '../errors';

/**
 * Where import files and result files live. A local folder by default; an object store implements the
 * same three calls. Callers only ever pass refs that parseFileRef accepted for their own tenant.
 */
export interface FileStorage {
  /** Streams `source` into `ref`; over maxBytes nothing is kept (413). Returns the bytes written. */
  write(ref: FileRef, source: Readable, options: { maxBytes: number }): Promise<number>;
  /** A stream of the file from byte `start` (default 0), or undefined when there is none. */
  read(ref: FileRef, options?: { start?: number }): Promise<Readable | undefined>;
  /** The file's size in bytes, or undefined when there is none. */
  size(ref: FileRef): Promise<number | undefined>;
  delete(ref: FileRef): Promise<void>;
}

/** A file reference that parseFileRef validated: `imports/{tenant}/{date}/{uuid}/{name}`. */
export interface FileRef {
  readonly value: string;
  readonly tenantAlias: string;
}

const TENANT = '[A-Za-z0-9_-]{1,64}';
const DATE = '\\d{4}-\\d{2}-\\d{2}';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A safe file name: letters, digits, dot, dash, underscore, not starting with a dot. */
const NAME = '[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}';
const FILE_REF = new RegExp(`^imports/(${TENANT})/${DATE}/${UUID}/${NAME}$`);

/**
 * The file reference of a tenant's import file, or undefined. Everything but the exact shape is refused,
 * so `..`, absolute paths, percent-encoding, backslashes, NUL bytes and other tenants' refs never reach
 * the file system.
 */
export function parseFileRef(tenantAlias: string, value: string): FileRef | undefined {
  const match = FILE_REF.exec(value);
  if (!match || match[1] !== tenantAlias) return undefined;
  return { value, tenantAlias };
}

/** Reduces a client's file name to the safe alphabet, keeping its extension readable. */
export function safeFileName(name: string | undefined): string {
  const base = path.posix.basename((name ?? '').replace(/\\/g, '/'));
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-128);
  return cleaned === '' ? 'upload' : cleaned;
}

/** The ref of a job's result file: beside the uploads, under the job's id. */
export function resultFileRef(tenantAlias: string, jobId: string, now: Date): FileRef {
  const date = now.toISOString().slice(0, 10);
  return parseFileRef(tenantAlias, `imports/${tenantAlias}/${date}/${jobId}/result.csv`)!;
}

/** A new ref for an upload by this tenant today. */
export function newImportRef(tenantAlias: string, fileName: string | undefined, now: Date): FileRef {
  const date = now.toISOString().slice(0, 10);
  const value = `imports/${tenantAlias}/${date}/${crypto.randomUUID()}/${safeFileName(fileName)}`;
  return parseFileRef(tenantAlias, value)!;
}

/** Counts bytes and fails the pipeline as soon as they pass the limit. */
function byteLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) {
        callback(new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`));
      } else {
        callback(null, chunk);
      }
    },
  });
}

export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const pathOf = (ref: FileRef) => {
    const full = path.resolve(root, ...ref.value.split('/'));
    // parseFileRef already refuses anything that could climb; this is the belt to its braces.
    if (!full.startsWith(root + path.sep)) throw new Error('file reference outside the storage root');
    return full;
  };
  return {
    async write(ref, source, options) {
      const file = pathOf(ref);
      // The source may fail while the folder is made: held here, the failure reaches the pipeline below
      // (which sees the stream's stored error) instead of being an unhandled 'error' event.
      source.on('error', () => undefined);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const counted = { bytes: 0 };
      // Opened before the pipeline starts: a stream that opened its own file could still be opening
      // when the pipeline fails, and would create the file after the removal below.
      const handle = await fs.promises.open(file, 'wx');
      try {
        await pipeline(source, byteLimit(options.maxBytes, counted), handle.createWriteStream());
      } catch (err) {
        await handle.close().catch(() => undefined);
        await fs.promises.rm(file, { force: true });
        throw err;
      }
      return counted.bytes;
    },
    async read(ref, options = {}) {
      const file = pathOf(ref);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream({ start: options.start ?? 0, highWaterMark: 256 * 1024 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async size(ref) {
      try {
        return (await fs.promises.stat(pathOf(ref))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(ref) {
      await fs.promises.rm(pathOf(ref), { force: true });
    },
  };
}

import { sftpFolderName } from '../../shared/domain/sftp/sftp-status';
import { JOB_TYPES, type JobType } from '../../shared/imports/job-types';

/**
 * The tree a tenant sees over SFTP, resolved from path text alone (no file system behind it):
 *
 *   /imports/<TYPE>/   one writable folder per job type (USER for MUTATION/USER, …); a file closed
 *                      complete there becomes a job of that type
 *   /status/           read only: <file name>.json per uploaded file name
 *   /results/          read only: <file name>.result.csv once that file's job has ended
 *
 * Paths are absolute or relative to `/` (every session starts there). `.` and `..` are resolved as text;
 * `..` that would climb above `/` is refused, never clamped, and no symbolic link exists to follow.
 */

export type SftpNode =
  | { kind: 'root' }
  | { kind: 'imports' }
  | { kind: 'import-folder'; jobType: JobType }
  | { kind: 'import-file'; jobType: JobType; fileName: string }
  | { kind: 'status-folder' }
  | { kind: 'status-file'; entry: string }
  | { kind: 'results-folder' }
  | { kind: 'result-file'; entry: string }
  /** A path inside the tree that names nothing that can exist (e.g. /etc, /imports/NOPE/x). */
  | { kind: 'missing'; reason?: string };

export type Resolution = { ok: true; path: string; node: SftpNode } | { ok: false; reason: string };

export const TOP_FOLDERS = ['imports', 'status', 'results'] as const;
/** The folders under /imports/ and their job types. */
const JOB_TYPE_OF_FOLDER = new Map<string, JobType>(JOB_TYPES.map((t) => [sftpFolderName(t), t]));
export const IMPORT_FOLDERS: readonly string[] = [...JOB_TYPE_OF_FOLDER.keys()];

const MAX_PATH_LENGTH = 1024;
export const UPLOAD_NAME_RULE =
  'a file name must be 1 to 128 printable characters, not start with a dot, and hold no backslash';
const MAX_NAME_LENGTH = 128;

/**
 * A file name accepted for an upload: one path segment of 1 to 128 characters, printable (no control
 * characters or backslash), not starting with a dot. It names the file's `/status/` and `/results/`
 * entries, so it is kept as given.
 */
export function isUploadFileName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= MAX_NAME_LENGTH &&
    !name.startsWith('.') &&
    !/[\u0000-\u001f\u007f\\/]/.test(name) &&
    name.trim() === name &&
    !/\p{Cs}/u.test(name)
  );
}

function nodeOf(segments: string[]): SftpNode {
  const [top, second, third, ...rest] = segments;
  if (top === undefined) return { kind: 'root' };
  if (rest.length > 0) return { kind: 'missing' };
  switch (top) {
    case 'imports': {
      if (second === undefined) return { kind: 'imports' };
      const jobType = JOB_TYPE_OF_FOLDER.get(second);
      if (!jobType) return { kind: 'missing' };
      if (third === undefined) return { kind: 'import-folder', jobType };
      return isUploadFileName(third)
        ? { kind: 'import-file', jobType, fileName: third }
        : { kind: 'missing', reason: UPLOAD_NAME_RULE };
    }
    case 'status':
      if (third !== undefined) return { kind: 'missing' };
      return second === undefined ? { kind: 'status-folder' } : { kind: 'status-file', entry: second };
    case 'results':
      if (third !== undefined) return { kind: 'missing' };
      return second === undefined ? { kind: 'results-folder' } : { kind: 'result-file', entry: second };
    default:
      return { kind: 'missing' };
  }
}

/** Resolves a client's path to its canonical form and node, or refuses it. */
export function resolvePath(input: string): Resolution {
  if (input.length > MAX_PATH_LENGTH) return { ok: false, reason: 'path too long' };
  if (input.includes('\u0000')) return { ok: false, reason: 'invalid path' };
  const segments: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return { ok: false, reason: 'path outside the SFTP root' };
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return { ok: true, path: `/${segments.join('/')}`, node: nodeOf(segments) };
}

export function isFolder(node: SftpNode): boolean {
  return ['root', 'imports', 'import-folder', 'status-folder', 'results-folder'].includes(node.kind);
}

/** The entries of a folder whose contents do not depend on the tenant's data. */
export function fixedEntries(node: SftpNode): readonly string[] | undefined {
  switch (node.kind) {
    case 'root':
      return TOP_FOLDERS;
    case 'imports':
      return IMPORT_FOLDERS;
    case 'import-folder':
      // A file is taken (or refused) when its upload closes; nothing stays behind to list.
      return [];
    default:
      return undefined;
  }
}

/**
 * Whether a rename is allowed: never out of a folder, and since nothing stays in an import folder, there
 * is never anything to rename within one either. The answer is the SFTP status to send.
 */
export function renameRefusal(from: SftpNode, to: SftpNode): 'no-such-file' | 'permission-denied' {
  const sameImportFolder =
    from.kind === 'import-file' && to.kind === 'import-file' && from.jobType === to.jobType;
  return sameImportFolder ? 'no-such-file' : 'permission-denied';
}

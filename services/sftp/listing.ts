import type { Attributes, FileEntry } from 'ssh2';
import type { Db } from '../../shared/db/knex';
import {
  findSftpResultFile,
  findSftpStatusFile,
  listSftpResultFiles,
  listSftpStatusFiles,
  type SftpResultFile,
} from '../../shared/domain/sftp/sftp-status';
import { parseFileRef, type FileStorage } from '../../shared/storage/file-storage';
import { fixedEntries, type SftpNode } from './virtual-tree';

/** What STAT and READDIR show of the tree: folders, `/status/` documents and `/results/` files. */

const DIR = 0o040000;
const FILE = 0o100000;

export interface ListingDeps {
  db: Db;
  storage: FileStorage;
  tenant: { id: string; alias: string };
  /** When this server started: the folders' time. */
  startedAt: Date;
}

/** Folders: read only, but for the import folders, where files are written. */
export function dirAttrs(writable: boolean, at: Date): Attributes {
  return attrs(DIR | (writable ? 0o755 : 0o555), 0, at);
}

export function fileAttrs(size: number, at: Date, writable = false): Attributes {
  return attrs(FILE | (writable ? 0o644 : 0o444), size, at);
}

function attrs(mode: number, size: number, at: Date): Attributes {
  const seconds = Math.floor(at.getTime() / 1000);
  return { mode, uid: 0, gid: 0, size, atime: seconds, mtime: seconds };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function permissions(mode: number): string {
  const bits = ['r', 'w', 'x'];
  let text = mode & DIR ? 'd' : '-';
  for (let shift = 8; shift >= 0; shift -= 1) text += mode & (1 << shift) ? bits[(8 - shift) % 3] : '-';
  return text;
}

/** An `ls -l` line, which OpenSSH's `ls -l` prints as it is. */
export function longname(name: string, a: Attributes, owner: string): string {
  const at = new Date(a.mtime * 1000);
  const date = `${MONTHS[at.getUTCMonth()]} ${String(at.getUTCDate()).padStart(2)} ${String(
    at.getUTCHours(),
  ).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  const user = owner.slice(0, 16).padEnd(8);
  return `${permissions(a.mode)}    1 ${user} ${user} ${String(a.size).padStart(8)} ${date} ${name}`;
}

export function entry(name: string, a: Attributes, owner: string): FileEntry {
  return { filename: name, longname: longname(name, a, owner), attrs: a };
}

async function resultSize(deps: ListingDeps, file: SftpResultFile): Promise<number> {
  const ref = parseFileRef(deps.tenant.alias, file.fileRef);
  return (ref && (await deps.storage.size(ref))) ?? 0;
}

/** A folder's entries (without `.` and `..`), or undefined when the node is not a folder. */
export async function folderEntries(deps: ListingDeps, node: SftpNode): Promise<FileEntry[] | undefined> {
  const owner = deps.tenant.alias;
  const fixed = fixedEntries(node);
  if (fixed) {
    // The fixed folders hold folders: the top three, or under /imports/ the import folders.
    const writable = node.kind === 'imports';
    return fixed.map((name) => entry(name, dirAttrs(writable, deps.startedAt), owner));
  }
  if (node.kind === 'status-folder') {
    const files = await listSftpStatusFiles(deps.db, deps.tenant.id);
    return files.map((f) => entry(f.name, fileAttrs(f.content.length, f.uploadedAt), owner));
  }
  if (node.kind === 'results-folder') {
    const files = await listSftpResultFiles(deps.db, deps.tenant.id);
    const sizes = await Promise.all(files.map((f) => resultSize(deps, f)));
    return files.map((f, i) => entry(f.name, fileAttrs(sizes[i]!, f.uploadedAt), owner));
  }
  return undefined;
}

/** STAT of any node; undefined for what does not exist. */
export async function nodeAttrs(deps: ListingDeps, node: SftpNode): Promise<Attributes | undefined> {
  switch (node.kind) {
    case 'root':
    case 'imports':
    case 'import-folder':
    case 'status-folder':
    case 'results-folder':
      return dirAttrs(node.kind === 'import-folder', deps.startedAt);
    case 'status-file': {
      const file = await findSftpStatusFile(deps.db, deps.tenant.id, node.entry);
      return file && fileAttrs(file.content.length, file.uploadedAt);
    }
    case 'result-file': {
      const file = await findSftpResultFile(deps.db, deps.tenant.id, node.entry);
      return file && fileAttrs(await resultSize(deps, file), file.uploadedAt);
    }
    default:
      return undefined;
  }
}

import { z } from 'zod';
import type { Config } from '../../config';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createSftpKeysRepo, type SftpKeyRow } from '../../repos/sftp-keys.repo';
import { idProblem, parseInput, textSchema, withIdRule } from '../../validation';
import {
  algorithmFitsKeyType,
  blobOfLine,
  duplicateKeyError,
  generateEd25519Key,
  parseSshPublicKey,
  sshFingerprint,
  type SshPublicKey,
} from './ssh-public-keys';

/**
 * The SFTP integration's keys: the tenant's switch, and the SSH public keys its uploads
 * authenticate with. Only public keys are stored; a generated private key is returned once. SFTP servers
 * call findSftpLogin at every authentication, reading PostgreSQL directly, so a revoked key or a
 * disabled tenant is refused at the next connection on every replica (nothing to invalidate).
 */

/** A key as the portal and the API list it. */
export interface SftpKeyView {
  fingerprint: string;
  keyType: string;
  comment: string | null;
  dateCreated: number;
  dateLastUsed: number | null;
  dateRevoked: number | null;
}

export function presentSftpKey(row: SftpKeyRow): SftpKeyView {
  return {
    fingerprint: row.fingerprint,
    keyType: row.key_type,
    comment: row.comment,
    dateCreated: row.created_at.getTime(),
    dateLastUsed: row.last_used_at?.getTime() ?? null,
    dateRevoked: row.revoked_at?.getTime() ?? null,
  };
}

/**
 * Where clients connect: SFTP_PUBLIC_HOST (default: PUBLIC_URL's host name) and SFTP_PUBLIC_PORT
 * (default: SFTP_PORT).
 */
export function sftpEndpoint(
  config: Pick<Config, 'SFTP_PUBLIC_HOST' | 'SFTP_PUBLIC_PORT' | 'SFTP_PORT' | 'publicUrl'>,
): { host: string; port: number } {
  return {
    host: config.SFTP_PUBLIC_HOST ?? new URL(config.publicUrl).hostname,
    port: config.SFTP_PUBLIC_PORT ?? config.SFTP_PORT,
  };
}

async function setEnabled(db: DbOrTrx, tenantId: string, enabled: boolean): Promise<{ enabled: boolean }> {
  const value = await createSftpKeysRepo(db).setEnabled(tenantId, enabled);
  if (value === undefined) throw new AppError('NOT_FOUND', 'No such tenant');
  return { enabled: value };
}

export const enableSftp = (db: DbOrTrx, tenantId: string) => setEnabled(db, tenantId, true);
export const disableSftp = (db: DbOrTrx, tenantId: string) => setEnabled(db, tenantId, false);

export async function sftpSettings(db: DbOrTrx, tenantId: string): Promise<{ enabled: boolean }> {
  const enabled = await createSftpKeysRepo(db).isEnabled(tenantId);
  if (enabled === undefined) throw new AppError('NOT_FOUND', 'No such tenant');
  return { enabled };
}

/** The tenant's active keys, newest first. */
export async function listSftpKeys(db: DbOrTrx, tenantId: string): Promise<SftpKeyView[]> {
  return (await createSftpKeysRepo(db).listActive(tenantId)).map(presentSftpKey);
}

async function store(db: DbOrTrx, tenantId: string, key: SshPublicKey): Promise<SftpKeyRow> {
  const row = await createSftpKeysRepo(db).insert({
    tenantId,
    fingerprint: key.fingerprint,
    publicKey: key.line,
    keyType: key.keyType,
    comment: key.comment,
  });
  if (!row) throw duplicateKeyError(key.fingerprint);
  return row;
}

/** A key comment: one line of at most 100 characters (it ends up in the one-line public key). */
const generateSchema = z.object({
  comment: withIdRule(z.string().trim().max(100))
    .nullish()
    .transform((c) => (c ? c : null)),
});

/**
 * Generates an Ed25519 key pair for the tenant and stores its public key. The private key (OpenSSH
 * format) is in the answer this once and stored nowhere.
 */
export async function generateSftpKey(
  db: DbOrTrx,
  tenantId: string,
  comment?: string | null,
): Promise<{ privateKey: string; publicKey: string; fingerprint: string }> {
  const input = parseInput(generateSchema, { comment });
  const { privateKey, publicKey } = generateEd25519Key(input.comment);
  await store(db, tenantId, publicKey);
  return { privateKey, publicKey: publicKey.line, fingerprint: publicKey.fingerprint };
}

const addSchema = z.object({ publicKey: textSchema(16_384, { min: 1, trim: true }) });

/**
 * Registers a public key the tenant brings (Ed25519, ECDSA, or RSA of 2048 bits or more). A private
 * key, anything malformed, DSA or short RSA is VALIDATION_FAILED naming `publicKey`; a key the tenant
 * already has active is 409 CONFLICT.
 */
export async function addSftpKey(db: DbOrTrx, tenantId: string, publicKeyText: string): Promise<SftpKeyView> {
  const input = parseInput(addSchema, { publicKey: publicKeyText });
  return presentSftpKey(await store(db, tenantId, parseSshPublicKey(input.publicKey)));
}

const fingerprintSchema = z.object({
  fingerprint: z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'must be SHA256: and 43 base64 characters'),
});

/** Revokes one of the tenant's keys (refused at the next connection). Another tenant's, or none, is 404. */
export async function revokeSftpKey(
  db: DbOrTrx,
  tenantId: string,
  fingerprint: string,
): Promise<SftpKeyView> {
  const input = parseInput(fingerprintSchema, { fingerprint });
  const row = await createSftpKeysRepo(db).revoke(tenantId, input.fingerprint);
  if (!row) throw new AppError('NOT_FOUND', 'No such SFTP key');
  return presentSftpKey(row);
}

export interface SftpLogin {
  tenant: { id: string; alias: string; mode: 'live' | 'test' };
  keyId: string;
  /** The key's `SHA256:…` fingerprint: how the audit log names the SFTP user. */
  fingerprint: string;
}

/**
 * The SFTP server's question at each public-key authentication: null unless the tenant of this alias
 * exists, has SFTP enabled, and has an active key with exactly this wire blob (and the algorithm the
 * client names fits the key's type). Read from PostgreSQL every time, never cached.
 */
export async function findSftpLogin(
  db: DbOrTrx,
  alias: string,
  keyType: string,
  publicKeyBlob: Buffer,
): Promise<SftpLogin | null> {
  // A user name PostgreSQL cannot compare (NUL, lone surrogates) names no tenant.
  if (alias.length > 255 || idProblem(alias) !== null) return null;
  const fingerprint = sshFingerprint(publicKeyBlob);
  const row = await createSftpKeysRepo(db).findLogin(alias, fingerprint);
  if (!row || !algorithmFitsKeyType(keyType, row.key_type)) return null;
  if (!blobOfLine(row.public_key).equals(publicKeyBlob)) return null;
  return {
    tenant: { id: row.tenant_id, alias: row.alias, mode: row.mode },
    keyId: row.key_id,
    fingerprint,
  };
}

/** Records that a key was used to sign in (the keys table's "last used"). */
export async function touchSftpKey(db: DbOrTrx, keyId: string, now: Date): Promise<void> {
  await createSftpKeysRepo(db).touch(keyId, now);
}

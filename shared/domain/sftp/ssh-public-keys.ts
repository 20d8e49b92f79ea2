import crypto from 'node:crypto';
import { utils } from 'ssh2';
import { AppError } from '../../errors';

/**
 * SSH public keys as the SFTP integration takes them (pure; no database): parsing a key a tenant
 * brings, generating one, and OpenSSH's fingerprint. The wire blob (RFC 4253 §6.6: the key type and its
 * parameters, as SSH clients send them when authenticating) is what identifies a key; the text around
 * it (comment, line breaks) does not.
 */

/** A public key in the one-line OpenSSH form and what the SFTP server compares. */
export interface SshPublicKey {
  /** The key type inside the blob, e.g. `ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256`. */
  keyType: string;
  /** The wire blob. */
  blob: Buffer;
  comment: string | null;
  /** `<type> <base64 blob>[ <comment>]`, as authorized_keys holds it. */
  line: string;
  fingerprint: string;
}

/** OpenSSH's fingerprint of a key (`ssh-keygen -l`): SHA256: and the unpadded base64 of the blob's SHA-256. */
export function sshFingerprint(blob: Buffer): string {
  return `SHA256:${crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** The length-prefixed strings of a wire blob (type, then the key's parameters), or null when malformed. */
function blobFields(blob: Buffer): Buffer[] | null {
  const fields: Buffer[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return null;
    const length = blob.readUInt32BE(at);
    if (at + 4 + length > blob.length) return null;
    fields.push(blob.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Bits of an SSH mpint (big-endian, a leading zero byte when the top bit is set). */
function mpintBits(value: Buffer): number {
  let start = 0;
  while (start < value.length && value[start] === 0) start += 1;
  if (start === value.length) return 0;
  return (value.length - start - 1) * 8 + (32 - Math.clz32(value[start]!));
}

export const MIN_RSA_BITS = 2048;
const ACCEPTED_TYPES = /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521))$/;

const refuse = (message: string, code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED') =>
  new AppError(code, `Invalid input: publicKey ${message}`, {
    validationErrors: [{ path: 'publicKey', message }],
  });

const RFC4716 = /^---- BEGIN SSH2 PUBLIC KEY ----\r?\n([\s\S]*?)\r?\n---- END SSH2 PUBLIC KEY ----$/;

/**
 * RFC 4716's block (what `ssh-keygen -e` writes) as OpenSSH's one line, or the text unchanged. (ssh2's
 * own parser of the block knows RSA and DSA only.)
 */
function oneLine(text: string): string {
  const block = RFC4716.exec(text);
  if (!block) return text;
  // Header lines ("Name: value", continued by a trailing backslash), then the base64 body.
  const lines = block[1]!.replace(/\\\r?\n/g, '').split(/\r?\n/);
  let comment = '';
  const body: string[] = [];
  for (const line of lines) {
    const header = /^([\x21-\x39\x3B-\x7E]{1,64}): (.*)$/.exec(line);
    if (header && body.length === 0) {
      if (header[1]!.toLowerCase() === 'comment') comment = header[2]!.replace(/^"(.*)"$/, '$1');
    } else {
      body.push(line.trim());
    }
  }
  const base64 = body.join('');
  const type = blobFields(Buffer.from(base64, 'base64'))?.[0]?.toString('latin1') ?? 'unknown';
  return [type, base64, comment].filter(Boolean).join(' ');
}

/** Whether the text is (or holds) a private key, in any of the formats SSH tools write. */
function looksPrivate(text: string): boolean {
  return /PRIVATE KEY|PuTTY-User-Key-File|Private-Lines:/i.test(text);
}

/**
 * Parses the text of one public key as a tenant pastes it (OpenSSH's one-line form, or RFC 4716's
 * `---- BEGIN SSH2 PUBLIC KEY ----` block, converted to the line). Refused, as VALIDATION_FAILED naming `publicKey`: a private
 * key (never echoed back), anything else that is not exactly one public key, a certificate, DSA, and RSA
 * shorter than 2048 bits.
 */
export function parseSshPublicKey(text: string): SshPublicKey {
  const trimmed = text.trim();
  if (looksPrivate(trimmed)) {
    throw refuse(
      'is a private key: paste the public key (the .pub file) instead, and keep the private key secret',
    );
  }
  const line = oneLine(trimmed);
  const firstWord = /^\S+/.exec(line)?.[0] ?? '';
  if (firstWord.includes('-cert-')) throw refuse('is a certificate: paste the plain public key');
  if (firstWord === 'ssh-dss') throw refuse('is a DSA key: use Ed25519, ECDSA or RSA (2048 bits or more)');
  const parsed = utils.parseKey(line);
  if (parsed instanceof Error || Array.isArray(parsed) || parsed.isPrivateKey()) {
    throw refuse('is not an SSH public key (expected one line like "ssh-ed25519 AAAA… comment")');
  }
  const blob = parsed.getPublicSSH();
  const fields = blobFields(blob);
  const keyType = fields?.[0]?.toString('latin1') ?? '';
  if (!ACCEPTED_TYPES.test(keyType)) {
    throw refuse('has a key type that is not accepted: use Ed25519, ECDSA or RSA (2048 bits or more)');
  }
  if (keyType === 'ssh-rsa') {
    const bits = fields?.[2] ? mpintBits(fields[2]) : 0;
    if (bits < MIN_RSA_BITS) {
      throw refuse(`is an RSA key of ${bits} bits: RSA keys need at least ${MIN_RSA_BITS} bits`);
    }
  }
  const comment = parsed.comment.trim() === '' ? null : parsed.comment.trim();
  return fromBlob(keyType, blob, comment);
}

function fromBlob(keyType: string, blob: Buffer, comment: string | null): SshPublicKey {
  const line = [keyType, blob.toString('base64'), ...(comment ? [comment] : [])].join(' ');
  return { keyType, blob, comment, line, fingerprint: sshFingerprint(blob) };
}

/** The blob of a stored one-line public key (what findSftpLogin compares with the client's). */
export function blobOfLine(line: string): Buffer {
  return Buffer.from(line.split(' ')[1] ?? '', 'base64');
}

/** An SSH wire string: a 32-bit big-endian length, then the bytes. */
function sshString(bytes: Buffer | string): Buffer {
  const body = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, body]);
}

/**
 * A fresh Ed25519 key pair from Node's crypto: the private key in OpenSSH's own format
 * (`openssh-key-v1`, unencrypted, as `ssh-keygen -t ed25519 -N ''` writes it), and its public key.
 * Written here rather than with ssh2's generateKeyPairSync, which drops a leading zero byte of the
 * 32-byte public key (about one key in 128 came out unreadable to OpenSSH and to ssh2 itself).
 */
export function generateEd25519Key(comment: string | null): { privateKey: string; publicKey: SshPublicKey } {
  const pair = crypto.generateKeyPairSync('ed25519');
  const publicJwk = pair.publicKey.export({ format: 'jwk' });
  const privateJwk = pair.privateKey.export({ format: 'jwk' });
  const pub = Buffer.from(publicJwk.x ?? '', 'base64url');
  const seed = Buffer.from(privateJwk.d ?? '', 'base64url');
  if (pub.length !== 32 || seed.length !== 32) throw new Error('Ed25519 key of an unexpected size');
  const blob = Buffer.concat([sshString('ssh-ed25519'), sshString(pub)]);
  const check = crypto.randomBytes(4);
  const secret = Buffer.concat([
    check,
    check,
    sshString('ssh-ed25519'),
    sshString(pub),
    sshString(Buffer.concat([seed, pub])),
    sshString(comment ?? ''),
  ]);
  // Padded with 1, 2, 3, ... to the cipher's block size (8 for "none").
  const padding = Buffer.from(Array.from({ length: (8 - (secret.length % 8)) % 8 }, (_, i) => i + 1));
  const count = Buffer.alloc(4);
  count.writeUInt32BE(1);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    count,
    sshString(blob),
    sshString(Buffer.concat([secret, padding])),
  ]);
  const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
  const privateKey = [
    '-----BEGIN OPENSSH PRIVATE KEY-----',
    ...lines,
    '-----END OPENSSH PRIVATE KEY-----',
    '',
  ].join('\n');
  return { privateKey, publicKey: fromBlob('ssh-ed25519', blob, comment) };
}

/**
 * Whether the algorithm a client names when authenticating fits the stored key's type: the same name,
 * or for an RSA key the SHA-2 signature algorithms that clients name instead of `ssh-rsa` (RFC 8332).
 */
export function algorithmFitsKeyType(algorithm: string, keyType: string): boolean {
  if (algorithm === keyType) return true;
  return keyType === 'ssh-rsa' && (algorithm === 'rsa-sha2-256' || algorithm === 'rsa-sha2-512');
}

/** The refusal for a key registered twice (409, naming `publicKey`). */
export function duplicateKeyError(fingerprint: string): AppError {
  return refuse(`is already registered for this tenant (${fingerprint})`, 'CONFLICT');
}

import fs from 'node:fs';
import path from 'node:path';
import { utils } from 'ssh2';
import { PROJECT_ROOT, type Config } from '../../shared/config';
import { generateEd25519Key, sshFingerprint } from '../../shared/domain/sftp/ssh-public-keys';

/**
 * The SFTP server's identity: one Ed25519 host key in OpenSSH format, generated on first start at
 * SFTP_HOST_KEY_PATH (default {DATA_DIR}/sftp/ssh_host_ed25519_key, mode 0600) and read from there on
 * every later start, so clients that pinned it keep trusting the server. Replicas share the file.
 */

export interface HostKey {
  privateKey: string;
  /** `SHA256:…`, as `ssh-keygen -l` and the client's first-connection prompt show it. */
  fingerprint: string;
  path: string;
}

export function hostKeyPath(config: Pick<Config, 'SFTP_HOST_KEY_PATH' | 'dataDir'>): string {
  return config.SFTP_HOST_KEY_PATH
    ? path.resolve(PROJECT_ROOT, config.SFTP_HOST_KEY_PATH)
    : path.join(config.dataDir, 'sftp', 'ssh_host_ed25519_key');
}

function fromText(privateKey: string, file: string): HostKey {
  const parsed = utils.parseKey(privateKey);
  if (parsed instanceof Error || Array.isArray(parsed) || !parsed.isPrivateKey()) {
    throw new Error(`${file} is not an unencrypted OpenSSH private key`);
  }
  return { privateKey, fingerprint: sshFingerprint(parsed.getPublicSSH()), path: file };
}

export function ensureHostKey(file: string): HostKey {
  try {
    return fromText(fs.readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Our own generator: ssh2's generateKeyPairSync drops a leading zero byte of the public key, so about
  // one host key in 128 came out unreadable (a launcher then failed to start).
  const generated = generateEd25519Key('referral-service sftp host key');
  // Written whole under a temporary name, then linked into place: a replica starting at the same moment
  // either links first (then its key is the key: EEXIST here) or finds the complete file.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, generated.privateKey, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fromText(fs.readFileSync(file, 'utf8'), file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  fs.writeFileSync(`${file}.pub`, `${generated.publicKey.line}\n`, { mode: 0o644 });
  return fromText(generated.privateKey, file);
}

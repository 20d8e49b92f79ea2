import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { utils } from 'ssh2';
import { generateEd25519Key } from '../../shared/domain/sftp/ssh-public-keys';
import { ensureHostKey } from '../../services/sftp/host-key';

/**
 * generateSftpKey's pairs must all be readable. One Ed25519 public key in 256 starts with a zero byte,
 * which ssh2's own generator dropped (a 31-byte key that neither OpenSSH nor ssh2 could read), so a
 * sample this large finds a dropped byte with near certainty (1 - (255/256)^2000 > 99.9 %).
 */
test('2,000 generated keys: each private key parses and yields exactly the public key; the key is 32 bytes', () => {
  for (let i = 0; i < 2000; i += 1) {
    const { privateKey, publicKey } = generateEd25519Key(i % 2 === 0 ? null : `key ${i}`);
    const parsed = utils.parseKey(privateKey);
    if (parsed instanceof Error || Array.isArray(parsed)) throw new Error(`key ${i}: ${String(parsed)}`);
    expect(parsed.type).toBe('ssh-ed25519');
    expect(parsed.getPublicSSH().equals(publicKey.blob)).toBe(true);
    // The blob: string "ssh-ed25519" (4 + 11 bytes), then string key (4 + 32 bytes).
    expect(publicKey.blob.length).toBe(51);
    expect(publicKey.blob.readUInt32BE(15)).toBe(32);
  }
});

test('OpenSSH reads the private key and derives the same public key and fingerprint', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sshkey-'));
  try {
    for (let i = 0; i < 5; i += 1) {
      const { privateKey, publicKey } = generateEd25519Key('nightly export');
      const file = path.join(dir, `k${i}`);
      fs.writeFileSync(file, privateKey, { mode: 0o600 });
      const derived = execFileSync('ssh-keygen', ['-y', '-f', file], { encoding: 'utf8' }).trim();
      expect(derived.split(' ').slice(0, 2)).toEqual(publicKey.line.split(' ').slice(0, 2));
      const listed = execFileSync('ssh-keygen', ['-l', '-f', file], { encoding: 'utf8' });
      expect(listed).toContain(publicKey.fingerprint);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The SFTP server's host key comes from the same generator: 1,000 first starts, each in a fresh folder,
 * all read back, and a second start keeps the key (ssh2's generator made about one host key in 128 that
 * the server itself could not read, so a launcher failed to start).
 */
test('1,000 first starts each write a host key the server reads back; a restart keeps it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostkey-'));
  try {
    for (let i = 0; i < 1000; i += 1) {
      const file = path.join(dir, String(i), 'ssh_host_ed25519_key');
      const first = ensureHostKey(file);
      expect(ensureHostKey(file).fingerprint).toBe(first.fingerprint);
      expect(fs.readFileSync(`${file}.pub`, 'utf8')).toMatch(
        /^ssh-ed25519 \S+ referral-service sftp host key\n$/,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

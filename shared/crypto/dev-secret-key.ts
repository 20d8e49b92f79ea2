import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` without SECRET_KEY: a key generated once and kept under the data folder (mode 0600), so
 * processor keys stored in development stay readable across restarts. Deployments set SECRET_KEY.
 */
export function ensureDevSecretKey(dataDir: string): { secretKey: string; file: string; created: boolean } {
  const file = path.join(dataDir, 'secret-key');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return { secretKey: existing, file, created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secretKey = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secretKey}\n`, { mode: 0o600 });
  return { secretKey, file, created: true };
}

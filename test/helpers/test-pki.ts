import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** PEM files of one test certificate: its path and its key's path. */
export interface CertFiles {
  cert: string;
  key: string;
}

export interface TestPki {
  dir: string;
  ca: CertFiles;
  /** Issues a certificate signed by this CA for "localhost" and 127.0.0.1 (server or client use). */
  issue(name: string, use: 'serverAuth' | 'clientAuth'): CertFiles;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A throwaway certificate authority made with the `openssl` CLI in a temporary folder (P-256 keys,
 * valid for a day): enough for TLS and mTLS tests against 127.0.0.1. `dispose()` removes the folder.
 */
export function createTestPki(label: string, parentDir?: string): TestPki & { dispose(): void } {
  const dir = parentDir
    ? fs.mkdtempSync(path.join(parentDir, `${label}-`))
    : fs.mkdtempSync(path.join(os.tmpdir(), `pki-${label}-`));
  const file = (name: string) => path.join(dir, name);
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const ca = { cert: file('ca.pem'), key: file('ca.key') };
  openssl(dir, [
    'req', '-x509', ...newKey, '-keyout', ca.key, '-out', ca.cert, '-days', '1',
    '-subj', `/CN=${label} test CA`,
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]); // prettier-ignore
  return {
    dir,
    ca,
    issue(name, use) {
      const out = { cert: file(`${name}.pem`), key: file(`${name}.key`) };
      const extensions = file(`${name}.ext`);
      fs.writeFileSync(
        extensions,
        [
          'basicConstraints=critical,CA:FALSE',
          'keyUsage=critical,digitalSignature',
          `extendedKeyUsage=${use}`,
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
        ].join('\n'),
      );
      openssl(dir, [
        'req',
        ...newKey,
        '-keyout',
        out.key,
        '-out',
        file(`${name}.csr`),
        '-subj',
        `/CN=${name}`,
      ]);
      openssl(dir, [
        'x509', '-req', '-in', file(`${name}.csr`), '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial',
        '-days', '1', '-extfile', extensions, '-out', out.cert,
      ]); // prettier-ignore
      return out;
    },
    dispose() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

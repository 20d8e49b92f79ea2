import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../shared/config';
import type { Db } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import { enableSftp, generateSftpKey } from '../../shared/domain/sftp/sftp-keys';
import { startSftpServer, type RunningSftp } from '../../services/sftp/server';
import { createTestTenant, testLogger } from './harness';

/**
 * The real OpenSSH `sftp` client against the SFTP server (services/sftp), for the SFTP tests: a tenant
 * with SFTP enabled and a generated key, its key file, and `sftp -b` runs.
 */

export interface SftpTenant {
  alias: string;
  id: string;
  apiKey: string;
  keyFile: string;
  fingerprint: string;
}

export function scratchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes a private key where ssh accepts it (mode 0600). */
export function writeKeyFile(dir: string, name: string, privateKey: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, privateKey.endsWith('\n') ? privateKey : `${privateKey}\n`, { mode: 0o600 });
  return file;
}

export async function createSftpTenant(db: Db, dir: string, prefix = 'sftp'): Promise<SftpTenant> {
  const issued = await createTestTenant(db, prefix);
  const { id } = await db('tenants').where({ alias: issued.alias }).first('id');
  await enableSftp(db, id);
  const key = await generateSftpKey(db, id, 'test');
  return {
    alias: issued.alias,
    id,
    apiKey: issued.apiKey,
    keyFile: writeKeyFile(dir, `${issued.alias}_ed25519`, key.privateKey),
    fingerprint: key.fingerprint,
  };
}

/** An SFTP server in this process on a free port, with its host key in `dir`. */
export function startTestSftp(
  config: Config,
  dir: string,
  env: Partial<Config> = {},
  logger: Logger = testLogger,
): Promise<RunningSftp> {
  return startSftpServer(
    {
      ...config,
      SFTP_PORT: 0,
      SFTP_HOST: '127.0.0.1',
      SFTP_HOST_KEY_PATH: path.join(dir, 'hostkey', 'ssh_host_ed25519_key'),
      SFTP_AUTH_FAILURE_DELAY_MS: 50,
      ...env,
    },
    logger,
  );
}

export interface SftpRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** ssh options every run uses: no user config, no agent or other keys, no host key prompt. */
export function sshOptions(port: number, keyFile?: string): string[] {
  return [
    '-F',
    '/dev/null',
    '-P',
    String(port),
    ...(keyFile ? ['-i', keyFile] : []),
    '-o',
    'BatchMode=yes',
    '-o',
    'IdentitiesOnly=yes',
    '-o',
    'IdentityAgent=none',
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    'UserKnownHostsFile=/dev/null',
    '-o',
    'LogLevel=ERROR',
    '-o',
    'ConnectTimeout=20',
  ];
}

/** Runs `sftp -b <batch>` with these commands (a leading `-` lets a command fail without ending the run). */
export function runSftp(options: {
  port: number;
  user: string;
  keyFile?: string;
  commands: string[];
  cwd?: string;
  extra?: string[];
  timeoutMs?: number;
}): Promise<SftpRun> {
  const cwd = options.cwd ?? os.tmpdir();
  const batch = path.join(scratchDir('sftp-batch-'), 'batch');
  fs.writeFileSync(batch, `${options.commands.join('\n')}\n`);
  // ssh takes the first value given for an option: `extra` comes first to override the defaults.
  const args = [
    '-b',
    batch,
    ...(options.extra ?? []),
    ...sshOptions(options.port, options.keyFile),
    `${options.user}@127.0.0.1`,
  ];
  return runProcess('sftp', args, cwd, options.timeoutMs).finally(() =>
    fs.rmSync(path.dirname(batch), { recursive: true, force: true }),
  );
}

export function runProcess(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs = 60_000,
): Promise<SftpRun> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

/** Raw TCP connections from `localAddress` that send an SSH version line and nothing more. */
export function flood(port: number, count: number, localAddress: string) {
  let closed = 0;
  const sockets = Array.from({ length: count }, () => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    socket.on('connect', () => socket.write('SSH-2.0-flood\r\n'));
    socket.on('error', () => undefined);
    // Reads (and drops) what the server sends, so that its close is seen.
    socket.resume();
    socket.once('close', () => (closed += 1));
    return socket;
  });
  return {
    closed: () => closed,
    held: () => count - closed,
    end: () => sockets.forEach((s) => s.destroy()),
  };
}

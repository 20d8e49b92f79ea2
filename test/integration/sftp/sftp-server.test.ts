/**
 * The SFTP server with the real OpenSSH client: public-key login as the tenant alias and
 * everything else refused, the tenant's own tree and nothing outside it, the limits, and a host key that
 * survives a restart. Uploads becoming jobs are in sftp-imports.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { Client, utils, type SFTPWrapper } from 'ssh2';
import type { Config } from '../../../shared/config';
import { createDb, type Db } from '../../../shared/db/knex';
import {
  addSftpKey,
  disableSftp,
  enableSftp,
  listSftpKeys,
  revokeSftpKey,
} from '../../../shared/domain/sftp/sftp-keys';
import { generateEd25519Key } from '../../../shared/domain/sftp/ssh-public-keys';
import type { RunningSftp } from '../../../services/sftp/server';
import { eventually, testConfig } from '../../helpers/harness';
import {
  createSftpTenant,
  flood,
  runProcess,
  runSftp,
  scratchDir,
  startTestSftp,
  writeKeyFile,
  type SftpTenant,
} from '../../helpers/sftp';

const dir = scratchDir('sftp-server-');
const config: Config = testConfig({ FILE_STORAGE_DIR: path.join(dir, 'files') });
const logs: Record<string, any>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
const FAILURE_DELAY_MS = 400;
let db: Db;
let server: RunningSftp;
let a: SftpTenant;
let b: SftpTenant;
const local = path.join(dir, 'local');

beforeAll(async () => {
  db = createDb({ url: config.databaseUrl, poolMax: 3 });
  fs.mkdirSync(local);
  fs.writeFileSync(path.join(local, 'users.csv'), 'id,accountId,email\nu1,a1,u1@example.com\n');
  server = await startTestSftp(config, dir, { SFTP_AUTH_FAILURE_DELAY_MS: FAILURE_DELAY_MS }, logger);
  [a, b] = await Promise.all([createSftpTenant(db, dir, 'sftpa'), createSftpTenant(db, dir, 'sftpb')]);
});
afterAll(async () => {
  await server?.close();
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sftp = (tenant: SftpTenant, commands: string[], extra: Partial<Parameters<typeof runSftp>[0]> = {}) =>
  runSftp({ port: server.port, user: tenant.alias, keyFile: tenant.keyFile, commands, cwd: local, ...extra });

/** Lines of `ls -1` output, without the echoed commands. */
const listed = (stdout: string) =>
  stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('sftp>'));

/** An ssh2 client's attempt; resolves with the error that ended it, or 'ready'. */
function connectWith(
  options: Record<string, unknown>,
  port = server.port,
): Promise<{ client: Client; outcome: string }> {
  return new Promise((resolve) => {
    const client = new Client();
    client.once('ready', () => resolve({ client, outcome: 'ready' }));
    client.once('error', (err) => resolve({ client, outcome: err.message }));
    client.connect({ host: '127.0.0.1', port, readyTimeout: 20_000, ...options });
  });
}

describe('authentication', () => {
  test('the tenant logs in with its key as its alias and sees its tree; the key is marked used', async () => {
    const run = await sftp(a, ['ls -1 /', 'ls -1 /imports', 'pwd']);
    expect(run).toMatchObject({ code: 0 });
    expect(listed(run.stdout)).toEqual([
      '/imports',
      '/results',
      '/status',
      '/imports/DELETE_USER',
      '/imports/REDEEMABLE_REWARD_BALANCE',
      '/imports/USER',
      '/imports/USER_EVENT',
      'Remote working directory: /',
    ]);
    const [key] = await listSftpKeys(db, a.id);
    expect(key).toMatchObject({ fingerprint: a.fingerprint, dateLastUsed: expect.any(Number) });
  });

  test('a key the tenant does not have is refused, slowly, and logged', async () => {
    const other = generateEd25519Key('stranger');
    const keyFile = writeKeyFile(dir, 'stranger', other.privateKey);
    const before = logs.length;
    const run = await runSftp({ port: server.port, user: a.alias, keyFile, commands: ['ls /'] });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Permission denied (publickey)');
    expect(run.ms).toBeGreaterThanOrEqual(FAILURE_DELAY_MS);
    expect(logs.slice(before)).toContainEqual(
      expect.objectContaining({
        msg: 'SFTP authentication failed',
        username: a.alias,
        method: 'publickey',
        ip: '127.0.0.1',
      }),
    );
  });

  test("another tenant's user name with this tenant's key is refused", async () => {
    const run = await runSftp({ port: server.port, user: b.alias, keyFile: a.keyFile, commands: ['ls /'] });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Permission denied (publickey)');
  });

  test('a revoked key and a tenant with SFTP disabled are refused at the next connection', async () => {
    const t = await createSftpTenant(db, dir, 'sftpr');
    expect(
      (await runSftp({ port: server.port, user: t.alias, keyFile: t.keyFile, commands: ['ls /'] })).code,
    ).toBe(0);
    await disableSftp(db, t.id);
    const disabled = await runSftp({
      port: server.port,
      user: t.alias,
      keyFile: t.keyFile,
      commands: ['ls /'],
    });
    expect([disabled.code, disabled.stderr]).toEqual([255, expect.stringContaining('Permission denied')]);
    await enableSftp(db, t.id);
    expect(
      (await runSftp({ port: server.port, user: t.alias, keyFile: t.keyFile, commands: ['ls /'] })).code,
    ).toBe(0);
    await revokeSftpKey(db, t.id, t.fingerprint);
    const revoked = await runSftp({
      port: server.port,
      user: t.alias,
      keyFile: t.keyFile,
      commands: ['ls /'],
    });
    expect([revoked.code, revoked.stderr]).toEqual([255, expect.stringContaining('Permission denied')]);
    // A key added again after its revocation works again.
    const pub = fs.readFileSync(t.keyFile, 'utf8');
    const parsed = utils.parseKey(pub);
    if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('bad key');
    await addSftpKey(db, t.id, `${parsed.type} ${parsed.getPublicSSH().toString('base64')}`);
    expect(
      (await runSftp({ port: server.port, user: t.alias, keyFile: t.keyFile, commands: ['ls /'] })).code,
    ).toBe(0);
  });

  test('password and keyboard-interactive are refused, even when a client insists', async () => {
    const run = await runSftp({
      port: server.port,
      user: a.alias,
      commands: ['ls /'],
      extra: [
        '-o',
        'PreferredAuthentications=password,keyboard-interactive',
        '-o',
        'PubkeyAuthentication=no',
      ],
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Permission denied (publickey)');
    const before = logs.length;
    const password = await connectWith({ username: a.alias, password: 'hunter2', tryKeyboard: true });
    password.client.end();
    expect(password.outcome).toBe('All configured authentication methods failed');
    expect(logs.slice(before).map((l) => l.method)).toEqual(expect.arrayContaining(['password']));
  });

  test('shell, exec and port forwarding are refused; SFTP works on the same connection', async () => {
    const exec = await runProcess(
      'ssh',
      [
        '-F',
        '/dev/null',
        '-p',
        String(server.port),
        '-i',
        a.keyFile,
        '-o',
        'BatchMode=yes',
        '-o',
        'IdentitiesOnly=yes',
        '-o',
        'StrictHostKeyChecking=no',
        '-o',
        'UserKnownHostsFile=/dev/null',
        '-o',
        'LogLevel=ERROR',
        `${a.alias}@127.0.0.1`,
        'echo',
        'pwned',
      ],
      dir,
    );
    expect(exec.code).not.toBe(0);
    expect(exec.stdout).not.toContain('pwned');

    const { client, outcome } = await connectWith({
      username: a.alias,
      privateKey: fs.readFileSync(a.keyFile),
    });
    expect(outcome).toBe('ready');
    const refused = (start: (cb: (err: Error | undefined) => void) => void) =>
      new Promise<string>((resolve) => start((err) => resolve(err ? 'refused' : 'accepted')));
    expect(await refused((cb) => client.exec('id', (err) => cb(err)))).toBe('refused');
    expect(await refused((cb) => client.shell((err) => cb(err)))).toBe('refused');
    expect(
      await refused((cb) => client.forwardOut('127.0.0.1', 0, '127.0.0.1', server.port, (err) => cb(err))),
    ).toBe('refused');
    expect(await refused((cb) => client.forwardIn('127.0.0.1', 0, (err) => cb(err)))).toBe('refused');
    const names = await new Promise<string[]>((resolve, reject) =>
      client.sftp((err, s) =>
        err
          ? reject(err)
          : s.readdir('/', (e, list) => (e ? reject(e) : resolve(list.map((l) => l.filename)))),
      ),
    );
    expect(names.sort()).toEqual(['imports', 'results', 'status']);
    client.end();
  });
});

describe('the tree', () => {
  test('`..`, absolute paths, symlinks, renames, folders and writes outside /imports/<TYPE>/ are refused', async () => {
    const attempts: [string, string][] = [
      // OpenSSH's get and ls say "not found" for any refused stat; the next test checks the server's answer.
      ['get /../../etc/passwd', 'not found'],
      ['get ../etc/passwd', 'not found'],
      ['get /imports/../../etc/hostname', 'not found'],
      ['ls /..', 'not found'],
      ['cd /../..', 'permission denied: path outside the SFTP root'],
      ['get /etc/passwd', 'not found'],
      ['put users.csv /status/users.csv.json', 'Permission denied'],
      ['put users.csv /results/x.csv', 'Permission denied'],
      ['put users.csv /users.csv', 'Permission denied'],
      ['put users.csv /imports/users.csv', 'Permission denied'],
      ['put users.csv /imports/NOPE/users.csv', 'Permission denied'],
      ['put users.csv /imports/USER/../../status/x.json', 'Permission denied'],
      ['symlink /status /imports/USER/link', 'Permission denied'],
      ['rename /imports/USER/a.csv /status/a.csv', 'Permission denied'],
      ['rename /imports/USER/a.csv /imports/DELETE_USER/a.csv', 'Permission denied'],
      ['mkdir /imports/USER/sub', 'Permission denied'],
      ['rmdir /status', 'Permission denied'],
      ['rm /status/users.csv.json', 'Permission denied'],
    ];
    for (const [command, expected] of attempts) {
      const run = await sftp(a, [command]);
      expect([command, run.code]).toEqual([command, 1]);
      expect([command, run.stderr.toLowerCase()]).toEqual([
        command,
        expect.stringContaining(expected.toLowerCase()),
      ]);
    }
    // Nothing came down: no passwd or hostname file next to the batch.
    expect(fs.readdirSync(local).sort()).toEqual(['users.csv']);
  });

  test('the server answers a path above / with PERMISSION_DENIED, whatever the request', async () => {
    const { client, outcome } = await connectWith({
      username: a.alias,
      privateKey: fs.readFileSync(a.keyFile),
    });
    expect(outcome).toBe('ready');
    const s = await new Promise<SFTPWrapper>((resolve, reject) =>
      client.sftp((err, wrapper) => (err ? reject(err) : resolve(wrapper))),
    );
    const codeOf = (start: (cb: (err: Error | undefined) => void) => void) =>
      new Promise<unknown>((resolve) =>
        start((err) => resolve(err ? (err as Error & { code?: number }).code : 0)),
      );
    for (const p of [
      '/..',
      '/../etc/passwd',
      '../../etc/passwd',
      '/imports/../../etc/hostname',
      '/status/../..',
    ]) {
      expect([p, await codeOf((cb) => s.stat(p, cb))]).toEqual([p, 3]);
      expect([p, await codeOf((cb) => s.open(p, 'r', cb))]).toEqual([p, 3]);
      expect([p, await codeOf((cb) => s.readdir(p, cb))]).toEqual([p, 3]);
      expect([p, await codeOf((cb) => s.realpath(p, cb))]).toEqual([p, 3]);
    }
    // Inside the tree `..` is plain path arithmetic.
    expect(await new Promise((resolve) => s.realpath('/imports/USER/../..', (_e, p) => resolve(p)))).toBe(
      '/',
    );
    client.end();
  });

  test("another tenant's files are invisible", async () => {
    const upload = await sftp(b, ['put users.csv /imports/USER/b-only.csv', 'ls -1 /status']);
    expect(upload.code).toBe(0);
    expect(listed(upload.stdout)).toContain('/status/b-only.csv.json');
    const look = await sftp(a, [
      'ls -1 /status',
      '-get /status/b-only.csv.json',
      '-get /results/b-only.csv.result.csv',
    ]);
    expect(look.code).toBe(0);
    expect(listed(look.stdout)).not.toContain('/status/b-only.csv.json');
    expect(look.stderr).toContain('not found');
    expect(fs.existsSync(path.join(local, 'b-only.csv.json'))).toBe(false);
  });
});

const signIn = (tenant: SftpTenant, port: number) =>
  connectWith({ username: tenant.alias, privateKey: fs.readFileSync(tenant.keyFile) }, port);

/** Sessions of the `sftp` pool waiting for a lock the test holds. */
const sftpWaitingOnLock = async () =>
  Number(
    (
      await db.raw<{ rows: { n: string }[] }>(
        "select count(*) as n from pg_stat_activity where application_name = 'sftp' and wait_event_type = 'Lock'",
      )
    ).rows[0]!.n,
  ) > 0;

describe('limits and identity', () => {
  test('connections not signed in: capped per address and server-wide, refused at once, closed at the deadline', async () => {
    const limited = await startTestSftp(
      config,
      dir,
      {
        SFTP_MAX_UNAUTHENTICATED: 5,
        SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS: 3,
        SFTP_AUTH_TIMEOUT_MS: 1500,
      },
      logger,
    );
    const floods: ReturnType<typeof flood>[] = [];
    try {
      // One address floods: all but 3 are closed as they come.
      const t0 = Date.now();
      floods.push(flood(limited.port, 40, '127.0.0.2'));
      await eventually('37 of 40 closed', async () => floods[0]!.closed() >= 37, 60);
      expect(floods[0]!.held()).toBe(3);
      // Another address still signs in while it lasts.
      const tenant = await signIn(a, limited.port);
      expect(tenant.outcome).toBe('ready');
      let tenantClosed = false;
      tenant.client.once('close', () => (tenantClosed = true));
      // Server-wide: 3 more addresses, 2 places left in all (the signed-in tenant takes none).
      floods.push(...['127.0.0.3', '127.0.0.4', '127.0.0.5'].map((ip) => flood(limited.port, 3, ip)));
      await eventually(
        '7 of 9 closed',
        async () => floods.slice(1).reduce((n, f) => n + f.closed(), 0) >= 7,
        60,
      );
      expect(floods.reduce((n, f) => n + f.held(), 0)).toBe(5);
      // The deadline closes those held, though they never sent more than a version line.
      await eventually('every flood connection closed', async () => floods.every((f) => f.held() === 0), 100);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
      // Signed in, the tenant is past the deadline's reach.
      expect(tenantClosed).toBe(false);
      tenant.client.end();
      const later = await signIn(a, limited.port);
      expect(later.outcome).toBe('ready');
      later.client.end();
    } finally {
      floods.forEach((f) => f.end());
      await limited.close();
    }
  });

  test('a sign-in cut at any step gives its place back (one place per tenant)', async () => {
    const limited = await startTestSftp(config, dir, { SFTP_MAX_SESSIONS_PER_TENANT: 1 }, logger);
    const cut = (when: (client: Client, cutNow: () => void) => void) =>
      new Promise<void>((resolve) => {
        const client = new Client();
        client.on('error', () => undefined);
        client.once('close', () => resolve());
        when(client, () => client.destroy());
        client.connect({
          host: '127.0.0.1',
          port: limited.port,
          username: a.alias,
          privateKey: fs.readFileSync(a.keyFile),
        });
      });
    /** Cuts the connection while the server waits for `lock`, held in a transaction of the test. */
    const cutWhileLocked = async (lock: string, bindings: string[]) => {
      const trx = await db.transaction();
      try {
        await trx.raw(lock, bindings);
        await cut((_client, cutNow) => {
          void eventually('the SFTP server waits for the lock', sftpWaitingOnLock).then(cutNow);
        });
      } finally {
        await trx.commit();
      }
    };
    try {
      // Before authentication.
      await cut((client, cutNow) => client.once('handshake', cutNow));
      // During the key check.
      await cutWhileLocked('lock table sftp_keys in access exclusive mode', []);
      // After the signature was accepted, while the key is marked used.
      await cutWhileLocked('select id from sftp_keys where tenant_id = ? for update', [a.id]);
      // Right after success, and while a channel opens.
      await cut((client, cutNow) => client.once('ready', cutNow));
      await cut((client, cutNow) =>
        client.once('ready', () => {
          client.sftp(() => undefined);
          cutNow();
        }),
      );
      const after = await signIn(a, limited.port);
      expect(after.outcome).toBe('ready');
      after.client.end();
    } finally {
      await limited.close();
    }
  });

  test('channels per connection and uploads per tenant are bounded', async () => {
    const limited = await startTestSftp(config, dir, {
      SFTP_MAX_CHANNELS_PER_CONNECTION: 3,
      SFTP_MAX_UPLOADS_PER_TENANT: 2,
    });
    const { client, outcome } = await signIn(a, limited.port);
    expect(outcome).toBe('ready');
    try {
      const channel = () =>
        new Promise<SFTPWrapper | Error>((resolve) => client.sftp((err, s) => resolve(err ?? s)));
      const channels = [await channel(), await channel(), await channel()];
      expect(channels.every((c) => !(c instanceof Error))).toBe(true);
      expect(await channel()).toBeInstanceOf(Error);
      const [one, two] = channels as SFTPWrapper[];
      const openUpload = (s: SFTPWrapper, name: string) =>
        new Promise<Buffer | Error>((resolve) =>
          s.open(`/imports/USER/${name}.csv`, 'w', (err, handle) => resolve(err ?? handle)),
        );
      const first = await openUpload(one!, 'u1');
      expect(first).toBeInstanceOf(Buffer);
      expect(await openUpload(two!, 'u2')).toBeInstanceOf(Buffer);
      // A third, on any channel or connection of the tenant, is refused ...
      const third = await openUpload(one!, 'u3');
      expect(third).toBeInstanceOf(Error);
      expect((third as Error).message).toContain('too many uploads in progress');
      // ... until one ends.
      await new Promise((resolve) => one!.close(first as Buffer, resolve));
      expect(await openUpload(two!, 'u4')).toBeInstanceOf(Buffer);
      // A closed channel gives its place back.
      await new Promise<void>((resolve) => {
        one!.once('close', () => resolve());
        one!.end();
      });
      expect(await channel()).not.toBeInstanceOf(Error);
    } finally {
      client.end();
      await limited.close();
    }
  });

  test('sessions per tenant and idle time are bounded', async () => {
    const limited = await startTestSftp(config, dir, {
      SFTP_MAX_SESSIONS_PER_TENANT: 1,
      SFTP_IDLE_TIMEOUT_MS: 3000,
    });
    try {
      const first = await connectWith(
        { username: a.alias, privateKey: fs.readFileSync(a.keyFile) },
        limited.port,
      );
      expect(first.outcome).toBe('ready');
      const closed = new Promise<number>((resolve) => first.client.once('close', () => resolve(Date.now())));
      const second = await runSftp({
        port: limited.port,
        user: a.alias,
        keyFile: a.keyFile,
        commands: ['ls /'],
      });
      expect([second.code, second.stderr]).toEqual([255, expect.stringContaining('Permission denied')]);
      // Another tenant is not held back by it.
      expect(
        (await runSftp({ port: limited.port, user: b.alias, keyFile: b.keyFile, commands: ['ls /'] })).code,
      ).toBe(0);
      const t0 = Date.now();
      expect((await closed) - t0).toBeLessThan(5000);
      expect(
        (await runSftp({ port: limited.port, user: a.alias, keyFile: a.keyFile, commands: ['ls /'] })).code,
      ).toBe(0);
    } finally {
      await limited.close();
    }
  });

  test('the host key is generated once, kept (mode 0600), and the same after a restart', async () => {
    const keyPath = path.join(dir, 'hostkey', 'ssh_host_ed25519_key');
    expect(fs.statSync(keyPath).mode & 0o777).toBe(0o600);
    const printed = await runProcess('ssh-keygen', ['-l', '-f', `${keyPath}.pub`], dir);
    expect(printed.stdout.split(' ')[1]).toBe(server.hostKeyFingerprint);

    const knownHosts = path.join(dir, 'known_hosts');
    const pin = ['-o', 'HostKeyAlias=referral-sftp', '-o', `UserKnownHostsFile=${knownHosts}`];
    const first = await sftp(a, ['ls /'], { extra: [...pin, '-o', 'StrictHostKeyChecking=accept-new'] });
    expect(first.code).toBe(0);
    const restarted = await startTestSftp(config, dir);
    try {
      expect(restarted.hostKeyFingerprint).toBe(server.hostKeyFingerprint);
      const again = await runSftp({
        port: restarted.port,
        user: a.alias,
        keyFile: a.keyFile,
        commands: ['ls /'],
        extra: [...pin, '-o', 'StrictHostKeyChecking=yes'],
      });
      expect([again.code, again.stderr]).toEqual([0, '']);
    } finally {
      await restarted.close();
    }
  });
});

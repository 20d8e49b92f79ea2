/**
 * Import files over SFTP with the real OpenSSH client, gateway, worker, PostgreSQL and
 * Temporal: a key generated through GraphQL, a file uploaded into /imports/USER/ becomes a job with
 * requester SFTP, /status/ and /results/ follow it, the same file again starts no second job, an invalid
 * file starts none, and an upload cut off (client or server killed) leaves neither a job nor a file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { PROJECT_ROOT, type Config } from '../../../shared/config';
import type { RunningSftp } from '../../../services/sftp/server';
import type { RunningWorker } from '../../../services/worker/worker';
import {
  basic,
  createTestTenant,
  eventually,
  startTestGateway,
  startTestWorker,
  testConfig,
  type TestGateway,
} from '../../helpers/harness';
import { importClient, storedImportFiles } from '../../helpers/imports';
import { typescriptCommand } from '../../helpers/typescript-process';
import {
  flood,
  runSftp,
  scratchDir,
  sshOptions,
  startTestSftp,
  writeKeyFile,
  type SftpRun,
} from '../../helpers/sftp';

type Json = Record<string, any>;

const dir = scratchDir('sftp-imports-');
const storageDir = path.join(dir, 'files');
const local = path.join(dir, 'local');
const config: Config = testConfig({ FILE_STORAGE_DIR: storageDir });
let worker: RunningWorker;
let gw: TestGateway;
let server: RunningSftp;
const children: ChildProcess[] = [];
/** The SFTP server's log. */
const logs: Json[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as Json) });

interface Merchant {
  alias: string;
  id: string;
  keyFile: string;
  fingerprint: string;
  jobs: ReturnType<typeof importClient>;
}

/** A tenant that turns SFTP on and generates its key through GraphQL, as docs/imports.md tells it to. */
async function merchant(prefix: string): Promise<Merchant> {
  const tenant = await createTestTenant(gw.deps.db, prefix);
  const { id } = await gw.deps.db('tenants').where({ alias: tenant.alias }).first('id');
  const jobs = importClient({ base: gw.api(tenant.alias), auth: basic(tenant.apiKey) });
  const enabled = await jobs.gql('mutation { enableSftp { enabled username } }');
  expect(enabled).toEqual({ data: { enableSftp: { enabled: true, username: tenant.alias } } });
  const generated = await jobs.gql(
    'mutation { generateSftpKey(comment: "nightly export") { privateKey fingerprint username port } }',
  );
  expect(generated.data.generateSftpKey).toMatchObject({
    privateKey: expect.stringContaining('BEGIN OPENSSH PRIVATE KEY'),
    username: tenant.alias,
  });
  const keyFile = writeKeyFile(
    dir,
    `${tenant.alias}_sftp_ed25519`,
    generated.data.generateSftpKey.privateKey,
  );
  return { alias: tenant.alias, id, keyFile, jobs, fingerprint: generated.data.generateSftpKey.fingerprint };
}

const sftp = (m: Merchant, commands: string[], port = server.port, extra: string[] = []): Promise<SftpRun> =>
  runSftp({ port, user: m.alias, keyFile: m.keyFile, commands, cwd: local, extra, timeoutMs: 120_000 });

/** /status/<name>.json through SFTP, or undefined when it cannot be read. */
async function statusOf(m: Merchant, name: string): Promise<Json | undefined> {
  const target = path.join(local, `${m.alias}-${name}.json`);
  fs.rmSync(target, { force: true });
  const run = await sftp(m, [`get "/status/${name}.json" "${path.basename(target)}"`]);
  if (run.code !== 0) return undefined;
  return JSON.parse(fs.readFileSync(target, 'utf8')) as Json;
}

async function statusWhenEnded(m: Merchant, name: string, timeoutMs = 60_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await statusOf(m, name);
    if (status && ['COMPLETED', 'FAILED', 'ABORTED', 'INVALID'].includes(status.status)) return status;
    if (Date.now() > deadline) throw new Error(`${name}: still ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const jobCount = async (m: Merchant) =>
  Number((await gw.deps.db('import_jobs').where({ tenant_id: m.id }).count<{ n: string }[]>('* as n'))[0]!.n);

beforeAll(async () => {
  fs.mkdirSync(local);
  worker = await startTestWorker(config);
  gw = await startTestGateway({ config });
  server = await startTestSftp(config, dir, {}, logger);
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await server?.close();
  await gw?.close();
  await worker?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a users file uploaded into /imports/USER/', () => {
  let m: Merchant;
  const csv = [
    'id,accountId,email,firstName',
    'u1,acct1,one@example.com,Ada',
    'u2,acct1,two@example.com,Alan',
    'u3,acct2,,Grace',
    '',
  ].join('\n');

  beforeAll(async () => {
    m = await merchant('sftpu');
    fs.writeFileSync(path.join(local, 'users.csv'), csv);
  });

  test('becomes an SFTP job: /status/ shows it COMPLETED, /results/ has its result file, the users exist', async () => {
    const put = await sftp(m, ['put users.csv /imports/USER/']);
    expect([put.code, put.stderr]).toEqual([0, '']);
    const status = await statusWhenEnded(m, 'users.csv');
    // Audited as the SFTP key, from the client's address, in this tenant's log only.
    const audited = await gw.deps.db('audit_log').where({ action: 'sftp.upload', target: status.jobId });
    expect(audited).toEqual([
      expect.objectContaining({
        tenant_id: m.id,
        actor_kind: 'sftp',
        actor_label: m.fingerprint,
        client_address: '127.0.0.1',
        user_agent: expect.stringMatching(/^SSH-2\.0-OpenSSH/),
        details: expect.objectContaining({ fileName: 'users.csv', jobCreated: true }),
      }),
    ]);
    expect(status).toEqual({
      fileName: 'users.csv',
      folder: 'USER',
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      bytes: Buffer.byteLength(csv),
      jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'COMPLETED',
      recordsProcessed: 3,
      recordsFailed: 0,
      recordsTotal: 3,
      errors: [],
    });

    const job = await m.jobs.job(status.jobId);
    expect(job).toMatchObject({
      type: 'MUTATION/USER',
      requester: 'SFTP',
      name: 'users.csv',
      status: 'COMPLETED',
    });
    const listed = await m.jobs.gql('{ jobs { totalCount jobs { id requester } } }');
    expect(listed.data.jobs).toEqual({ totalCount: 1, jobs: [{ id: status.jobId, requester: 'SFTP' }] });

    const get = await sftp(m, ['ls -1 /results', 'get /results/users.csv.result.csv']);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('/results/users.csv.result.csv');
    const viaApi = await m.jobs.download(job!.resultFileRef);
    expect(fs.readFileSync(path.join(local, 'users.csv.result.csv'), 'utf8')).toBe(viaApi.text);
    expect(viaApi.text.split('\n')[0]).toBe('line,status,message');

    const account = await m.jobs.gql('{ account(id: "acct1") { users { id email } } }');
    expect(account.data.account.users).toEqual(
      expect.arrayContaining([
        { id: 'u1', email: 'one@example.com' },
        { id: 'u2', email: 'two@example.com' },
      ]),
    );
  });

  test('the same file again, under its name or another, starts no second job and keeps no copy', async () => {
    const first = (await statusOf(m, 'users.csv'))!;
    fs.copyFileSync(path.join(local, 'users.csv'), path.join(local, 'users-again.csv'));
    const put = await sftp(m, ['put users.csv /imports/USER/', 'put users-again.csv /imports/USER/']);
    expect(put.code).toBe(0);
    expect(await jobCount(m)).toBe(1);
    expect(await statusOf(m, 'users.csv')).toMatchObject({ jobId: first.jobId, status: 'COMPLETED' });
    expect(await statusOf(m, 'users-again.csv')).toMatchObject({ jobId: first.jobId, status: 'COMPLETED' });
    // The job's upload and its result file; the copies were dropped.
    expect(
      storedImportFiles(storageDir, m.alias)
        .map((f) => path.basename(f))
        .sort(),
    ).toEqual(['result.csv', 'users.csv']);
  });

  test('an invalid file starts no job and shows its line-numbered errors in /status/', async () => {
    fs.writeFileSync(
      path.join(local, 'bad users.csv'),
      'id,accountId,email\nu9,acct9,not-an-email\n,acct9,x@example.com\n',
    );
    const put = await sftp(m, [
      'put "bad users.csv" /imports/USER/',
      'ls -1 /status',
      '-get "/results/bad users.csv.result.csv"',
    ]);
    expect(put.code).toBe(0);
    expect(put.stdout).toContain('/status/bad users.csv.json');
    expect(put.stderr).toContain('not found');
    expect(await statusOf(m, 'bad users.csv')).toEqual({
      fileName: 'bad users.csv',
      folder: 'USER',
      uploadedAt: expect.any(String),
      bytes: expect.any(Number),
      jobId: null,
      status: 'INVALID',
      recordsProcessed: 0,
      recordsFailed: 0,
      recordsTotal: null,
      errors: ['line 2: column "email" must be an e-mail address', 'line 3: column "id" is required'],
    });
    expect(await jobCount(m)).toBe(1);
    expect(
      storedImportFiles(storageDir, m.alias)
        .map((f) => path.basename(f))
        .sort(),
    ).toEqual(['result.csv', 'users.csv']);
  });
});

test("a flood of connections that never sign in: /healthz and a tenant's upload still answered, descriptors bounded", async () => {
  const m = await merchant('sftpflood');
  fs.writeFileSync(path.join(local, 'flood.csv'), 'id,accountId,email\nf1,fa1,f1@example.com\n');
  const descriptors = () => fs.readdirSync('/proc/self/fd').length;
  const before = descriptors();
  const connections = flood(server.port, 200, '127.0.0.2');
  try {
    await eventually(
      'all but the per-address cap closed at once',
      async () => connections.closed() >= 192,
      100,
    );
    expect(connections.held()).toBe(config.SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS);
    // Both ends of each held connection live in this process; the 192 refused hold nothing.
    expect(descriptors() - before).toBeLessThanOrEqual(2 * config.SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS + 4);
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
    const put = await sftp(m, ['put flood.csv /imports/USER/']);
    expect([put.code, put.stderr]).toEqual([0, '']);
  } finally {
    connections.end();
  }
});

/**
 * A large upload end to end: several import chunks, the counts exact. The import's throughput at scale is
 * bench:imports' (1,000,000 rows) and the SFTP transfer's bench:sftp's (200 MB); here it is correctness.
 */
test('a 25,000-row upload completes with exact stats', async () => {
  const m = await merchant('sftpbig');
  const rows = ['id,accountId,email'];
  for (let i = 0; i < 25_000; i += 1) rows.push(`u${i},a${i % 6_000},u${i}@example.com`);
  fs.writeFileSync(path.join(local, 'big.csv'), `${rows.join('\n')}\n`);
  const put = await sftp(m, ['put big.csv /imports/USER/']);
  expect([put.code, put.stderr]).toEqual([0, '']);
  const status = await statusWhenEnded(m, 'big.csv', 100_000);
  expect(status).toMatchObject({
    status: 'COMPLETED',
    recordsProcessed: 25_000,
    recordsFailed: 0,
    recordsTotal: 25_000,
  });
  const [{ n }] = await gw.deps.db('users').where({ tenant_id: m.id }).count<{ n: string }[]>('* as n');
  expect(Number(n)).toBe(25_000);
}, 150_000);

test('UPLOAD_MAX_BYTES applies: a larger file is refused while it streams, and nothing is kept', async () => {
  const m = await merchant('sftpmax');
  const small = await startTestSftp(config, path.join(dir, 'max'), { UPLOAD_MAX_BYTES: 4096 });
  try {
    fs.writeFileSync(path.join(local, 'large.csv'), `id,accountId\n${'u1,a1\n'.repeat(20_000)}`);
    const put = await sftp(m, ['put large.csv /imports/USER/'], small.port);
    expect(put.code).toBe(1);
    // OpenSSH prints no server message here ("larger than 4096 bytes"), only that the upload failed.
    expect(put.stderr).toContain('Failure');
    expect(await jobCount(m)).toBe(0);
    expect(storedImportFiles(storageDir, m.alias)).toEqual([]);
    expect(await statusOf(m, 'large.csv')).toBeUndefined();
  } finally {
    await small.close();
  }
});

describe('an upload cut off midway leaves no job and no file', () => {
  const big = path.join(local, 'slow.csv');
  beforeAll(() => {
    const line = 'u,a,someone@example.com\n';
    fs.writeFileSync(big, `id,accountId,email\n${line.repeat(Math.ceil((8 * 1024 * 1024) / line.length))}`);
  });

  /** Starts a bandwidth-limited upload and resolves once storage holds part of it. */
  async function startSlowUpload(m: Merchant, port: number) {
    const batch = path.join(dir, `${m.alias}.batch`);
    fs.writeFileSync(batch, 'put slow.csv /imports/USER/\n');
    const client = spawn(
      'sftp',
      ['-b', batch, '-l', '800', ...sshOptions(port, m.keyFile), `${m.alias}@127.0.0.1`],
      { cwd: local, stdio: 'ignore' },
    );
    children.push(client);
    const exited = new Promise<number | null>((resolve) => client.once('exit', (code) => resolve(code)));
    // Up to 30 s: the SFTP server and the ssh client start alongside the suite's other files.
    await eventually(
      'part of the upload is stored',
      async () => storedImportFiles(storageDir, m.alias).some((f) => fs.statSync(f).size > 64 * 1024),
      600,
    );
    return { client, exited };
  }

  const nothingLeft = async (m: Merchant) => {
    expect(await jobCount(m)).toBe(0);
    expect(
      await gw.deps.db('sftp_uploads').where({ tenant_id: m.id }).count<{ n: string }[]>('* as n'),
    ).toEqual([{ n: '0' }]);
    expect(
      await gw.deps.db('stored_files').where({ tenant_id: m.id }).count<{ n: string }[]>('* as n'),
    ).toEqual([{ n: '0' }]);
  };

  test('the client killed', async () => {
    const m = await merchant('sftpcut');
    const { client, exited } = await startSlowUpload(m, server.port);
    const logged = logs.length;
    client.kill('SIGKILL');
    await exited;
    await eventually(
      'the partial file is gone',
      async () => storedImportFiles(storageDir, m.alias).length === 0,
    );
    // The client's own doing: one line at info, no error and no stack.
    const entries = logs.slice(logged);
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    expect(entries.filter((e) => e.msg === 'SFTP upload dropped; discarding it')).toEqual([
      expect.objectContaining({ level: 30, tenant: m.alias, reason: 'connection closed during the upload' }),
    ]);
    expect(JSON.stringify(entries)).not.toContain('"stack"');
    await nothingLeft(m);
    expect((await sftp(m, ['ls -1 /status', 'ls -1 /imports/USER'])).stdout).not.toContain('slow.csv');
  });

  test('the SFTP server killed with SIGKILL: the next server cleans up', async () => {
    const m = await merchant('sftpkill');
    const keyDir = path.join(dir, 'killed');
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: config.databaseUrl,
      TEMPORAL_ADDRESS: config.temporalAddress,
      TEMPORAL_TASK_QUEUE: config.TEMPORAL_TASK_QUEUE,
      FILE_STORAGE_DIR: storageDir,
      SFTP_PORT: '0',
      SFTP_HOST: '127.0.0.1',
      SFTP_HOST_KEY_PATH: path.join(keyDir, 'ssh_host_ed25519_key'),
      SFTP_IDLE_TIMEOUT_MS: '2000',
    };
    const child = spawn(...typescriptCommand('services/sftp/main.ts'), {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.includes('"event":"sftp-ready"'));
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`sftp exited ${code}: ${out}`)));
    });
    const { exited } = await startSlowUpload(m, port);
    // tsx runs the server in a node child of its own: kill the whole process group's server.
    const server = childPid(child.pid!);
    process.kill(server, 'SIGKILL');
    expect(await exited).not.toBe(0);
    // Killed mid-write: the partial file is still there, and nothing else.
    expect(storedImportFiles(storageDir, m.alias)).toHaveLength(1);
    await nothingLeft(m);
    const next = await startTestSftp(config, keyDir, {
      SFTP_HOST_KEY_PATH: env.SFTP_HOST_KEY_PATH,
      SFTP_IDLE_TIMEOUT_MS: 2000,
    });
    try {
      await eventually(
        'the next server removed it',
        async () => storedImportFiles(storageDir, m.alias).length === 0,
        200,
      );
      await nothingLeft(m);
      const look = await sftp(m, ['ls -1 /status'], next.port);
      expect([look.code, look.stdout]).toEqual([0, 'sftp> ls -1 /status\n']);
    } finally {
      await next.close();
      child.kill('SIGKILL');
    }
  });
});

/** The node process tsx started for the script (tsx stays its parent), found by its parent pid. */
function childPid(parent: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) return Number(entry);
    } catch {
      // exited meanwhile
    }
  }
  return parent;
}

/**
 * The server SDK as a package: `npm pack` in clients/sdk builds and packs dist (JavaScript and .d.ts) and
 * the README, the tarball installs offline into an empty project, require() works there against the real
 * gateway, and TypeScript sees its types. The example script runs against the real gateway too.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSdkStack, type SdkStack } from '../../helpers/sdk';

const ROOT = path.resolve(__dirname, '../../..');
const SDK = path.join(ROOT, 'clients/sdk');

let stack: SdkStack;
let tmp: string;
beforeAll(async () => {
  stack = await startSdkStack();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-package-'));
});
afterAll(async () => {
  await stack?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command without blocking this process (the gateway the command calls runs in it). */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({
        status,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

async function ok(ran: Promise<Ran>): Promise<string> {
  const result = await ran;
  if (result.status !== 0) throw new Error(`exit ${result.status}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

test('npm pack ships dist and types; the tarball installs offline, requires, types check and works', async () => {
  const packDir = path.join(tmp, 'pack');
  fs.mkdirSync(packDir);
  const packed = JSON.parse(await ok(run('npm', ['pack', '--json', '--pack-destination', packDir], SDK))) as {
    filename: string;
    files: { path: string }[];
  }[];
  const files = packed[0]!.files.map((f) => f.path);
  expect(files).toEqual(
    expect.arrayContaining([
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/client.d.ts',
    ]),
  );
  expect(files.filter((f) => !/^(package\.json|README\.md|dist\/[\w-]+\.(js|d\.ts))$/.test(f))).toEqual([]);
  const tarball = path.join(packDir, packed[0]!.filename);
  expect(fs.existsSync(tarball)).toBe(true);

  const app = path.join(tmp, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
  );
  await ok(run('npm', ['install', tarball, '--no-audit', '--no-fund', '--offline'], app));
  const installed = path.join(app, 'node_modules/@referral-service/sdk');
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
  expect(manifest).toMatchObject({ name: '@referral-service/sdk', version: '0.1.0', license: 'Apache-2.0' });
  expect(manifest.dependencies ?? {}).toEqual({});
  expect(fs.existsSync(path.join(installed, 'dist/index.d.ts'))).toBe(true);
  expect(fs.readdirSync(path.join(app, 'node_modules'))).toEqual(['.package-lock.json', '@referral-service']);

  // require() in the empty project, against the real gateway.
  const script = `
    const sdk = require('@referral-service/sdk');
    const client = new sdk.ReferralClient({ baseUrl: process.env.URL, tenantAlias: process.env.ALIAS, apiKey: process.env.KEY });
    client.getProgram().then(async (program) => {
      const wrong = new sdk.ReferralClient({ baseUrl: process.env.URL, tenantAlias: process.env.ALIAS, apiKey: 'nope' });
      const err = await wrong.getProgram().catch((e) => e);
      console.log(JSON.stringify({
        exports: Object.keys(sdk).sort(),
        alias: program.alias,
        error: [err instanceof sdk.ApiError, err.statusCode, err.apiErrorCode],
        jwt: sdk.signUserJwt({ apiKey: 'k', accountId: 'a', userId: 'u' }).split('.').length,
        version: sdk.SDK_VERSION,
      }));
    });
  `;
  const env = { URL: stack.api.gw.url, ALIAS: stack.api.tenant.alias, KEY: stack.api.tenant.apiKey };
  const out = JSON.parse(await ok(run(process.execPath, ['-e', script], app, env)));
  expect(out).toEqual({
    exports: expect.arrayContaining([
      'ApiError',
      'NetworkError',
      'OPERATIONS',
      'ReferralClient',
      'TimeoutError',
      'signUserJwt',
    ]),
    alias: stack.api.tenant.alias,
    error: [true, 401, 'UNAUTHORIZED'],
    jwt: 3,
    version: '0.1.0',
  });

  // TypeScript in the empty project sees the package's types (a wrong call is an error it expects).
  fs.writeFileSync(
    path.join(app, 'index.ts'),
    [
      "import { ApiError, ReferralClient, type Program, type LogEventsOutcome, type UserEventResult } from '@referral-service/sdk';",
      "const client = new ReferralClient({ baseUrl: 'http://x', tenantAlias: 't', apiKey: 'k' }, { autoIdempotencyKeys: true });",
      'export const program: Promise<Program> = client.getProgram();',
      "export const logged: Promise<LogEventsOutcome<UserEventResult>> = client.logUserEvents({ accountId: 'a', userId: 'u', events: [{ key: 'k' }] });",
      '// @ts-expect-error accountId must be a string',
      "export const wrong = client.getUser(1, 'u');",
      'export const isError = (e: unknown): e is ApiError => e instanceof ApiError;',
      '',
    ].join('\n'),
  );
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const typeRoots = path.join(ROOT, 'node_modules/@types');
  const flags = [
    '--noEmit',
    '--strict',
    '--module',
    'node16',
    '--moduleResolution',
    'node16',
    '--target',
    'es2022',
  ];
  await ok(
    run(process.execPath, [tsc, ...flags, '--types', 'node', '--typeRoots', typeRoots, 'index.ts'], app),
  );
}, 180_000);

test('the example script runs against the real gateway; without settings it says what it needs', async () => {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const example = path.join(SDK, 'examples/server-quickstart.ts');
  const env = {
    REFERRAL_API_URL: stack.api.gw.url,
    REFERRAL_TENANT: stack.api.tenant.alias,
    REFERRAL_API_KEY: stack.api.tenant.apiKey,
  };
  const out = await ok(run(tsx, [example], ROOT, env));
  expect(out).toMatch(/^1\. Referrer rita-\S+ \(account acct-rita-\S+\): share code \S+/m);
  expect(out).toMatch(/^3\. Friend fred-\S+: referred by \S+ \(IN_PROGRESS\)$/m);
  expect(out).toMatch(/^4\. Purchase with key [0-9a-f-]{36}: APPLIED, event (\S+)$/m);
  const [, first] = /: APPLIED, event (\S+)$/m.exec(out)!;
  expect(out).toContain(`Sent again with the same key: ALREADY_APPLIED, event ${first}`);
  expect(out).toMatch(/^5\. Rewards: friend's account \d+% off \(\d+ reward\(s\)\)/m);

  const missing = await run(tsx, [example], ROOT, { REFERRAL_TENANT: '', REFERRAL_API_KEY: '' });
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain('Set REFERRAL_TENANT and REFERRAL_API_KEY');
});

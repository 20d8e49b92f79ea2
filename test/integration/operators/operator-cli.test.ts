/**
 * `npm run operator:create` as an operator runs it: `tsx scripts/operator-create.ts` in a child process
 * against the suite's database, checked through its exit code, its one line of output and the password
 * it prints, which must sign in.
 */
import { runScript, type CliResult } from '../../helpers/cli';
import { createDb, type Db } from '../../../shared/db/knex';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import { setPasswordWithLink } from '../../../shared/domain/operators/operator-access';
import { checkOperatorPassword } from '../../../shared/domain/operators/operators';
import { createTestTenant } from '../../helpers/harness';

function operatorCreate(args: string[]): Promise<CliResult> {
  return runScript('operator-create', args);
}

/** A failure: exit 1, nothing on stdout, one `error: ...` line on stderr matching `message`. */
function expectError(r: CliResult, message: RegExp) {
  expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 1, stdout: '' });
  expect(r.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(r.stderr).toMatch(message);
}

let db: Db;
let alias: string;
let tenantId: string;
beforeAll(async () => {
  db = createDb({ url: process.env.TEST_DATABASE_URL!, poolMax: 2 });
  alias = (await createTestTenant(db, 'opcli')).alias;
  tenantId = ((await db('tenants').where({ alias }).first('id')) as { id: string }).id;
});
afterAll(async () => {
  await db?.destroy();
});

jest.setTimeout(120_000);

it('prints one JSON line with a generated password that signs in, an OWNER by default', async () => {
  const r = await operatorCreate(['--alias', alias, '--email', 'Ops@Acme.test']);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  expect(r.stdout).toMatch(/^[^\n]+\n$/);
  const line = JSON.parse(r.stdout) as Record<string, string>;
  expect(Object.keys(line)).toEqual(['alias', 'email', 'role', 'password']);
  expect(line).toEqual({
    alias,
    email: 'ops@acme.test',
    role: 'OWNER',
    password: expect.stringMatching(/^[\w-]{20}$/),
  });
  const signedIn = await checkOperatorPassword(db, {
    tenantId,
    email: 'ops@acme.test',
    password: line.password!,
  });
  expect(signedIn?.role).toBe('OWNER');
});

it('takes a given password and role', async () => {
  const r = await operatorCreate([
    '--alias',
    alias,
    '--email',
    'viewer@acme.test',
    '--password',
    'twelve chars!',
    '--role',
    'VIEWER',
  ]);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({
    alias,
    email: 'viewer@acme.test',
    role: 'VIEWER',
    password: 'twelve chars!',
  });
  expect(
    await checkOperatorPassword(db, { tenantId, email: 'viewer@acme.test', password: 'twelve chars!' }),
  ).not.toBeNull();
});

it('fails with one error line for usage, a duplicate, an unknown tenant, a bad role, e-mail or password', async () => {
  const results = await Promise.all([
    operatorCreate(['--alias', alias]),
    operatorCreate(['--alias', alias, '--email', 'viewer@acme.test']),
    operatorCreate(['--alias', 'no_such_tenant', '--email', 'x@acme.test']),
    operatorCreate(['--alias', alias, '--email', 'x@acme.test', '--role', 'ROOT']),
    operatorCreate(['--alias', alias, '--email', 'not-an-email']),
    operatorCreate(['--alias', alias, '--email', 'y@acme.test', '--password', 'short']),
  ]);
  const [usage, duplicate, noTenant, badRole, badEmail, shortPassword] = results;
  expectError(usage!, /usage: npm run operator:create -- --alias <alias> --email <e-mail>/);
  expectError(duplicate!, /An operator with e-mail "viewer@acme\.test" exists/);
  expectError(noTenant!, /No tenant with alias "no_such_tenant"/);
  expectError(badRole!, /invalid role "ROOT"/);
  expectError(badEmail!, /^error: email: /);
  expectError(shortPassword!, /^error: password: must have at least 12 characters/);
  const emails = (await db('operators').where({ tenant_id: tenantId }).pluck('email')) as string[];
  expect(emails.sort()).toEqual(['ops@acme.test', 'viewer@acme.test']);
});

it('operator:reset resets the last OWNER: a one-time link, or a password from stdin (policy applied), audited as cli', async () => {
  const email = 'ops@acme.test';
  const session = await db('operator_sessions').insert({
    token_hash: Buffer.from('cli-reset-session'),
    operator_id: (await db('operators').where({ tenant_id: tenantId, email }).first('id')).id,
    tenant_id: tenantId,
    csrf_token: 'x',
    created_at: new Date(),
    expires_at: new Date(Date.now() + 3600_000),
  });
  expect(session).toBeDefined();
  const r = await runScript('operator-reset', ['--tenant', alias, '--email', email]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  const line = JSON.parse(r.stdout) as Record<string, string>;
  expect(line).toEqual({
    tenant: alias,
    email,
    link: expect.stringMatching(/\/admin\/set-password#[\w-]{43}$/),
    expiresAt: expect.any(String),
  });
  const revoked = await db('operator_sessions')
    .where({ token_hash: Buffer.from('cli-reset-session') })
    .first();
  expect(revoked.revoked_at).not.toBeNull();
  const token = new URL(line.link!).hash.slice(1);
  await setPasswordWithLink(db, { token, password: 'chosen after the reset' }, Date.now());
  expect(
    await checkOperatorPassword(db, { tenantId, email, password: 'chosen after the reset' }),
  ).not.toBeNull();

  const [common, good] = await Promise.all([
    runScript(
      'operator-reset',
      ['--tenant', alias, '--email', 'viewer@acme.test', '--password-stdin'],
      45_000,
      'password1234\n',
    ),
    runScript(
      'operator-reset',
      ['--tenant', alias, '--email', email, '--password-stdin'],
      45_000,
      'typed on standard input\n',
    ),
  ]);
  expectError(common!, /^error: password: is a common or breached password/);
  expect(JSON.parse(good!.stdout)).toEqual({ tenant: alias, email, passwordSet: true });
  expect(
    await checkOperatorPassword(db, { tenantId, email, password: 'typed on standard input' }),
  ).not.toBeNull();
  const entries = (await listAuditLog(db, tenantId, { first: 10 })).entries;
  // Every CLI command is audited (scripts/cli.ts records `cli.<command>` too); these are the reset's own.
  const resets = entries.filter((e) => e.actorKind === 'cli' && e.actorLabel === 'operator:reset');
  expect(resets.map((e) => [e.actorLabel, e.action, e.target])).toEqual([
    ['operator:reset', 'operator.resetPassword', email],
    ['operator:reset', 'operator.reset', email],
  ]);
  expect(JSON.stringify(entries)).not.toContain('typed on standard input');
});

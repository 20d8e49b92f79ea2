/**
 * Operators of the admin portal: creation with a given or generated password, the stored
 * hash format, sign-in checks, role changes and removal that always leave an OWNER, the launcher's demo
 * operator, and an audit log that never holds a secret.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../../../shared/db/knex';
import { listAuditLog, recordAudit, redactSecrets } from '../../../shared/domain/common/audit-log';
import { ensureDemoOperator, ensureDemoOperatorOn } from '../../../shared/domain/operators/demo-operator';
import {
  changeOperatorRole,
  checkOperatorPassword,
  createOperator,
  listOperators,
  removeOperator,
  setOperatorPassword,
} from '../../../shared/domain/operators/operators';
import { isCommonPassword } from '../../../shared/domain/operators/password-policy';
import { generatePassword, hashPassword, verifyPassword } from '../../../shared/domain/operators/passwords';
import { createTenant } from '../../../shared/domain/tenants/tenants';
import { createTestTenant, uniqueAlias } from '../../helpers/harness';

let db: Db;
let tenantId: string;
let otherTenantId: string;

async function tenantIdOf(alias: string): Promise<string> {
  return ((await db('tenants').where({ alias }).first('id')) as { id: string }).id;
}

beforeAll(async () => {
  db = createDb({ url: process.env.TEST_DATABASE_URL!, poolMax: 4 });
  tenantId = await tenantIdOf((await createTestTenant(db, 'ops')).alias);
  otherTenantId = await tenantIdOf((await createTestTenant(db, 'ops')).alias);
});
afterAll(async () => {
  await db?.destroy();
});

describe('passwords', () => {
  it('are stored as scrypt$N$r$p$salt$hash with a fresh salt, and verified only by the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    const [scheme, N, r, p, salt, hash] = a.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(32);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(64);
    expect(b).not.toBe(a);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'scrypt$1$1$1$$')).toBe(false);
    expect(await verifyPassword('correct horse battery', `scrypt$${2 ** 30}$8$1$${salt}$${hash}`)).toBe(
      false,
    );
  });

  it('are generated as 20 base64url characters', () => {
    const passwords = new Set(Array.from({ length: 20 }, generatePassword));
    expect(passwords.size).toBe(20);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });
});

describe('createOperator', () => {
  it('stores the e-mail lower-case and only a hash of the given password', async () => {
    const { operator, password } = await createOperator(db, {
      tenantId,
      email: '  Ann@Example.TEST ',
      password: 'a long enough password',
      role: 'ADMIN',
    });
    expect(password).toBe('a long enough password');
    expect(operator).toMatchObject({ tenant_id: tenantId, email: 'ann@example.test', role: 'ADMIN' });
    const row = await db('operators').where({ id: operator.id }).first();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(JSON.stringify(row)).not.toContain('a long enough password');
  });

  it('generates a password when none is given, and it signs in', async () => {
    const { operator, password } = await createOperator(db, {
      tenantId,
      email: 'gen@example.test',
      role: 'VIEWER',
    });
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const found = await checkOperatorPassword(db, { tenantId, email: 'GEN@example.test', password });
    expect(found?.id).toBe(operator.id);
  });

  it('refuses a duplicate e-mail in the same tenant (any case) with 409 OPERATOR_EXISTS, not in another', async () => {
    await createOperator(db, { tenantId, email: 'dup@example.test', role: 'ADMIN' });
    await expect(
      createOperator(db, { tenantId, email: 'DUP@example.test', role: 'OWNER' }),
    ).rejects.toMatchObject({
      apiErrorCode: 'OPERATOR_EXISTS',
      statusCode: 409,
    });
    await expect(
      createOperator(db, { tenantId: otherTenantId, email: 'dup@example.test', role: 'OWNER' }),
    ).resolves.toMatchObject({ operator: { tenant_id: otherTenantId } });
  });

  it('refuses a bad e-mail, a short password and an unknown role, naming the field', async () => {
    await expect(
      createOperator(db, { tenantId, email: 'not-an-email', role: 'ADMIN' }),
    ).rejects.toMatchObject({
      apiErrorCode: 'VALIDATION_FAILED',
      details: { validationErrors: [{ path: 'email' }] },
    });
    await expect(
      createOperator(db, { tenantId, email: 'short@example.test', password: 'elevenchars', role: 'ADMIN' }),
    ).rejects.toMatchObject({
      details: { validationErrors: [{ path: 'password', message: expect.stringMatching(/12/) }] },
    });
    await expect(
      createOperator(db, { tenantId, email: 'role@example.test', role: 'ROOT' as 'OWNER' }),
    ).rejects.toMatchObject({ details: { validationErrors: [{ path: 'role' }] } });
  });

  it('refuses a password common in breaches (any case) or one repeated character', async () => {
    for (const [password, message] of [
      ['1QAZ2wsx3edc', /breached/],
      ['qwerty123456', /breached/],
      ['zzzzzzzzzzzzzzzz', /repeated/],
    ] as const) {
      await expect(
        createOperator(db, { tenantId, email: 'weak@example.test', password, role: 'ADMIN' }),
      ).rejects.toMatchObject({
        details: { validationErrors: [{ path: 'password', message: expect.stringMatching(message) }] },
      });
    }
    expect(await db('operators').where({ tenant_id: tenantId, email: 'weak@example.test' })).toEqual([]);
  });

  it('refuses a common or breached password (also with digits added or repeated) and one over 128 characters', async () => {
    for (const password of ['qwerty123456', 'Password1234!', 'iloveyouiloveyou', 'x'.repeat(129)]) {
      await expect(
        setOperatorPassword(db, { tenantId, email: 'gen@example.test', password }),
      ).rejects.toMatchObject({ details: { validationErrors: [{ path: 'password' }] } });
    }
    expect(isCommonPassword('correct horse battery')).toBe(false);
    await expect(
      setOperatorPassword(db, { tenantId, email: 'gen@example.test', password: 'xy'.repeat(64) }),
    ).resolves.toMatchObject({ email: 'gen@example.test' });
  });
});

describe('checkOperatorPassword', () => {
  it('answers null for a wrong password, an unknown e-mail, another tenant and no tenant alike', async () => {
    const { password } = await createOperator(db, { tenantId, email: 'check@example.test', role: 'ADMIN' });
    const check = (input: { tenantId: string | null; email: string; password: string }) =>
      checkOperatorPassword(db, input);
    expect(await check({ tenantId, email: 'check@example.test', password: `${password}x` })).toBeNull();
    expect(await check({ tenantId, email: 'nobody@example.test', password })).toBeNull();
    expect(await check({ tenantId: otherTenantId, email: 'check@example.test', password })).toBeNull();
    expect(await check({ tenantId: null, email: 'check@example.test', password })).toBeNull();
    expect(await check({ tenantId, email: 'not an e-mail', password })).toBeNull();
    expect(await check({ tenantId, email: 'check@example.test', password })).not.toBeNull();
  });
});

describe('roles and removal', () => {
  it('keep at least one OWNER (409 LAST_OWNER), also when two demotions race', async () => {
    const t = await tenantIdOf((await createTestTenant(db, 'own')).alias);
    await createOperator(db, { tenantId: t, email: 'o1@example.test', role: 'OWNER' });
    await createOperator(db, { tenantId: t, email: 'a1@example.test', role: 'ADMIN' });
    await expect(
      changeOperatorRole(db, { tenantId: t, email: 'o1@example.test', role: 'ADMIN' }),
    ).rejects.toMatchObject({
      apiErrorCode: 'LAST_OWNER',
      statusCode: 409,
    });
    await expect(removeOperator(db, { tenantId: t, email: 'o1@example.test' })).rejects.toMatchObject({
      apiErrorCode: 'LAST_OWNER',
    });

    await changeOperatorRole(db, { tenantId: t, email: 'a1@example.test', role: 'OWNER' });
    const results = await Promise.allSettled([
      changeOperatorRole(db, { tenantId: t, email: 'o1@example.test', role: 'VIEWER' }),
      changeOperatorRole(db, { tenantId: t, email: 'a1@example.test', role: 'VIEWER' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const owners = (await listOperators(db, t)).filter((o) => o.role === 'OWNER');
    expect(owners).toHaveLength(1);

    const viewer = owners[0]!.email === 'o1@example.test' ? 'a1@example.test' : 'o1@example.test';
    await removeOperator(db, { tenantId: t, email: viewer });
    expect((await listOperators(db, t)).map((o) => o.email)).toEqual([owners[0]!.email]);
  });

  it('never reach another tenant: its operators are 404 here', async () => {
    await createOperator(db, { tenantId: otherTenantId, email: 'theirs@example.test', role: 'ADMIN' });
    await expect(
      changeOperatorRole(db, { tenantId, email: 'theirs@example.test', role: 'VIEWER' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(removeOperator(db, { tenantId, email: 'theirs@example.test' })).rejects.toMatchObject({
      statusCode: 404,
    });
    const theirs = await listOperators(db, otherTenantId);
    expect(theirs.find((o) => o.email === 'theirs@example.test')?.role).toBe('ADMIN');
  });
});

describe('ensureDemoOperator', () => {
  it('creates ops@<alias>.test once, keeps its password in a 0600 file, and resets it when the file is lost', async () => {
    const alias = (await createTestTenant(db, 'demo')).alias;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-operator-'));
    try {
      const first = await ensureDemoOperator(db, alias, dir);
      expect(first.email).toBe(`ops@${alias.toLowerCase().replace(/_/g, '-')}.test`);
      const file = path.join(dir, 'demo-operator.json');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(await ensureDemoOperator(db, alias, dir)).toEqual(first);

      fs.rmSync(file);
      const second = await ensureDemoOperator(db, alias, dir);
      expect(second.password).not.toBe(first.password);
      const t = await tenantIdOf(alias);
      expect(
        await checkOperatorPassword(db, { tenantId: t, email: second.email, password: second.password }),
      ).not.toBeNull();
      expect(await listOperators(db, t)).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the same login on the test twin, and puts it back when the password there changed', async () => {
    const alias = uniqueAlias('demo');
    await createTenant(db, { alias });
    await createTenant(db, { alias: `test_${alias}` });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-operator-'));
    try {
      const demo = await ensureDemoOperator(db, alias, dir);
      const twin = await tenantIdOf(`test_${alias}`);
      await ensureDemoOperatorOn(db, `test_${alias}`, demo);
      await ensureDemoOperatorOn(db, `test_${alias}`, demo);
      const login = { tenantId: twin, email: demo.email, password: demo.password };
      expect((await checkOperatorPassword(db, login))?.role).toBe('OWNER');
      expect(await listOperators(db, twin)).toHaveLength(1);

      await setOperatorPassword(db, { tenantId: twin, email: demo.email, password: 'someone else chose' });
      expect(await checkOperatorPassword(db, login)).toBeNull();
      await ensureDemoOperatorOn(db, `test_${alias}`, demo);
      expect(await checkOperatorPassword(db, login)).not.toBeNull();
      await expect(ensureDemoOperatorOn(db, uniqueAlias('none'), demo)).rejects.toThrow(/does not exist/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('audit log', () => {
  it('redacts secret-named members at any depth and API keys inside strings', () => {
    const apiKey = `rsk_live_${'A'.repeat(86)}`;
    expect(
      redactSecrets({
        email: 'x@example.test',
        password: 'hunter2hunter2',
        input: {
          merchantId: 'm1',
          publicKey: 'pub',
          privateKey: 'priv',
          private_key: 'priv',
          nested: [{ apiKey: 'k', token: 't', clientSecret: 's', key: 'k2' }],
        },
        conversionEventKey: 'purchase',
        note: `key was ${apiKey}`,
        pasted: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc and rk_test_abcdefgh12 and whsec_a1B2c3D4e5F6g7H8',
      }),
    ).toEqual({
      email: 'x@example.test',
      password: '[redacted]',
      input: {
        merchantId: 'm1',
        publicKey: 'pub',
        privateKey: '[redacted]',
        private_key: '[redacted]',
        nested: [
          { apiKey: '[redacted]', token: '[redacted]', clientSecret: '[redacted]', key: '[redacted]' },
        ],
      },
      conversionEventKey: 'purchase',
      note: 'key was [redacted]',
      pasted: '[redacted] and [redacted] and [redacted]',
    });
  });

  it('records who did what without secrets and pages newest first within the tenant', async () => {
    const t = await tenantIdOf((await createTestTenant(db, 'audit')).alias);
    const { operator } = await createOperator(db, {
      tenantId: t,
      email: 'auditor@example.test',
      role: 'OWNER',
    });
    for (let i = 0; i < 5; i += 1) {
      await recordAudit(db, {
        tenantId: t,
        operator: { id: operator.id, email: operator.email },
        action: `action${i}`,
        target: `target${i}`,
        details: { n: i, password: 'never-stored-secret' },
      });
    }
    await recordAudit(db, { tenantId: otherTenantId, operator: null, action: 'elsewhere' });
    const stored = await db('audit_log').where({ tenant_id: t });
    expect(JSON.stringify(stored)).not.toContain('never-stored-secret');

    const page1 = await listAuditLog(db, t, { first: 3 });
    expect(page1.entries.map((e) => e.action)).toEqual(['action4', 'action3', 'action2']);
    expect(page1.entries[0]).toMatchObject({
      operatorEmail: 'auditor@example.test',
      target: 'target4',
      details: { n: 4, password: '[redacted]' },
    });
    expect(page1.hasNextPage).toBe(true);
    const page2 = await listAuditLog(db, t, { first: 3, after: page1.endCursor });
    expect(page2.entries.map((e) => e.action)).toEqual(['action1', 'action0']);
    expect(page2.hasNextPage).toBe(false);

    const foreignCursor = (await listAuditLog(db, otherTenantId, { first: 1 })).endCursor;
    expect((await listAuditLog(db, t, { after: foreignCursor })).entries).toEqual([]);
    await expect(listAuditLog(db, t, { after: 'not-a-cursor' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(listAuditLog(db, t, { first: 0 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('keeps the e-mail of an operator who was removed', async () => {
    const t = await tenantIdOf((await createTestTenant(db, 'audit')).alias);
    await createOperator(db, { tenantId: t, email: 'owner@example.test', role: 'OWNER' });
    const { operator } = await createOperator(db, { tenantId: t, email: 'gone@example.test', role: 'ADMIN' });
    await recordAudit(db, { tenantId: t, operator, action: 'updateProgram' });
    await removeOperator(db, { tenantId: t, email: 'gone@example.test' });
    const [entry] = (await listAuditLog(db, t)).entries;
    expect(entry).toMatchObject({ operatorEmail: 'gone@example.test', action: 'updateProgram' });
    expect((await db('audit_log').where({ tenant_id: t }).first()).operator_id).toBeNull();
  });
});

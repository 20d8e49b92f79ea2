/**
 * The SFTP integration's GraphQL (sftp, sftpKeys, enableSftp, disableSftp, generateSftpKey, addSftpKey,
 * revokeSftpKey) with operator sessions and the API key, checked against OpenSSH's own ssh-keygen: a
 * generated private key is a valid OpenSSH key whose fingerprint is ours, keys brought in any accepted
 * form get the fingerprint ssh-keygen prints, bad keys are refused naming publicKey, another tenant's
 * key is 404, a VIEWER changes nothing, the audit log never holds a private key, and findSftpLogin (what
 * the SFTP server asks at each authentication) follows the switch, revocation and the exact blob.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import { findSftpLogin, sftpEndpoint, touchSftpKey } from '../../../shared/domain/sftp/sftp-keys';
import {
  adminApi,
  createPortalTenant,
  signedInOperator,
  type AdminSession,
  type Json,
  type PortalTenant,
} from '../../helpers/admin-api';
import { basic, postJson, startTestGateway, testConfig, type TestGateway } from '../../helpers/harness';

const SETTINGS = '{ enabled host port username }';
const KEY = '{ fingerprint keyType comment dateCreated dateLastUsed dateRevoked }';
const GENERATE =
  'mutation G($c: String) { generateSftpKey(comment: $c) { privateKey publicKey fingerprint username host port } }';
const ADD = `mutation A($k: String!) { addSftpKey(publicKey: $k) ${KEY} }`;
const REVOKE = `mutation R($f: String!) { revokeSftpKey(fingerprint: $f) ${KEY} }`;
const LIST = `{ sftpKeys ${KEY} }`;

let gw: TestGateway;
let a: PortalTenant;
let b: PortalTenant;
let owner: AdminSession;
let viewer: AdminSession;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-keys-'));
  gw = await startTestGateway({
    config: testConfig({ SFTP_PUBLIC_HOST: 'sftp.example.test', SFTP_PUBLIC_PORT: '2022' }),
  });
  a = await createPortalTenant(gw.deps.db);
  b = await createPortalTenant(gw.deps.db);
  owner = await signedInOperator(gw, a, 'OWNER');
  viewer = await signedInOperator(gw, a, 'VIEWER');
});

afterAll(async () => {
  await gw?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const gql = (session: AdminSession, query: string, variables?: Json) =>
  adminApi(gw).graphql(session, query, variables);
const withKey = (tenant: PortalTenant, query: string, variables?: Json) =>
  postJson(`${gw.api(tenant.alias)}/graphql`, { query, variables }, { authorization: basic(tenant.apiKey) });
const listOf = async (tenant: PortalTenant) => (await withKey(tenant, LIST)).json.data.sftpKeys as Json[];

/** Runs ssh-keygen, returning its standard output. */
const sshKeygen = (...args: string[]) => execFileSync('ssh-keygen', args, { encoding: 'utf8' }).trim();
/** The fingerprint `ssh-keygen -l -f <file>` prints for a key file (public or private). */
const keygenFingerprint = (file: string) => sshKeygen('-l', '-f', file).split(' ')[1];

let serial = 0;
/** A key pair made by OpenSSH: the paths of its private and public files. */
function opensshKey(type: string, bits?: number): { priv: string; pub: string } {
  serial += 1;
  const priv = path.join(dir, `key${serial}`);
  sshKeygen(
    '-q',
    '-t',
    type,
    ...(bits ? ['-b', String(bits)] : []),
    '-N',
    '',
    '-C',
    `brought ${serial}`,
    '-f',
    priv,
  );
  return { priv, pub: `${priv}.pub` };
}

describe('the switch', () => {
  test('sftp answers off with the connection details; enable and disable by OWNER and API key', async () => {
    const first = await gql(owner, `{ sftp ${SETTINGS} }`);
    expect(first.json.data.sftp).toEqual({
      enabled: false,
      host: 'sftp.example.test',
      port: 2022,
      username: a.alias,
    });

    const on = await gql(owner, `mutation { enableSftp ${SETTINGS} }`);
    expect(on.json.data.enableSftp).toEqual({
      enabled: true,
      host: 'sftp.example.test',
      port: 2022,
      username: a.alias,
    });
    expect((await withKey(a, `{ sftp { enabled } }`)).json.data.sftp.enabled).toBe(true);
    // Another tenant's switch is its own.
    expect((await withKey(b, `{ sftp ${SETTINGS} }`)).json.data.sftp).toMatchObject({
      enabled: false,
      username: b.alias,
    });

    const off = await withKey(a, `mutation { disableSftp { enabled } }`);
    expect(off.json.data.disableSftp).toEqual({ enabled: false });
    expect((await gql(owner, '{ sftp { enabled } }')).json.data.sftp.enabled).toBe(false);
    await gql(owner, 'mutation { enableSftp { enabled } }');
  });

  test("without SFTP_PUBLIC_*, host is PUBLIC_URL's host name and port SFTP_PORT", () => {
    expect(
      sftpEndpoint(testConfig({ PUBLIC_URL: 'https://refer.example.com:8443/x', SFTP_PORT: '2200' })),
    ).toEqual({
      host: 'refer.example.com',
      port: 2200,
    });
    expect(sftpEndpoint(testConfig())).toEqual({ host: 'localhost', port: 2222 });
  });
});

describe('generateSftpKey', () => {
  test('returns an OpenSSH Ed25519 key once, whose fingerprint ssh-keygen agrees with; stores only the public key', async () => {
    const res = await gql(owner, GENERATE, { c: 'nightly export' });
    expect(res.status).toBe(200);
    const generated = res.json.data.generateSftpKey as Json;
    expect(generated).toEqual({
      privateKey: expect.stringMatching(
        /^-----BEGIN OPENSSH PRIVATE KEY-----\n[\s\S]+\n-----END OPENSSH PRIVATE KEY-----\n?$/,
      ),
      publicKey: expect.stringMatching(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5[A-Za-z0-9+/]+=* nightly export$/),
      fingerprint: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/),
      username: a.alias,
      host: 'sftp.example.test',
      port: 2022,
    });
    const file = path.join(dir, 'generated');
    fs.writeFileSync(file, generated.privateKey as string, { mode: 0o600 });
    expect(keygenFingerprint(file)).toBe(generated.fingerprint);
    // The public key OpenSSH derives from the private key is the one we stored.
    const derived = sshKeygen('-y', '-f', file).split(' ').slice(0, 2).join(' ');
    expect((generated.publicKey as string).startsWith(`${derived} `)).toBe(true);

    const listed = (await gql(owner, LIST)).json.data.sftpKeys as Json[];
    expect(listed[0]).toEqual({
      fingerprint: generated.fingerprint,
      keyType: 'ssh-ed25519',
      comment: 'nightly export',
      dateCreated: expect.any(Number),
      dateLastUsed: null,
      dateRevoked: null,
    });
    expect(Math.abs((listed[0]!.dateCreated as number) - Date.now())).toBeLessThan(60_000);
    const secret = (generated.privateKey as string).split('\n')[2]!;
    const stored = await gw.deps.db('sftp_keys').where({ tenant_id: a.id });
    expect(stored.find((r: Json) => r.fingerprint === generated.fingerprint)!.public_key).toBe(
      generated.publicKey,
    );
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(await listOf(b))).not.toContain(generated.fingerprint);
  });

  test('without a comment, and a comment that is not one short line is refused', async () => {
    const plain = (await withKey(a, GENERATE)).json.data.generateSftpKey as Json;
    expect(plain.publicKey).toMatch(/^ssh-ed25519 [A-Za-z0-9+/]+=*$/);
    expect((await listOf(a)).find((k) => k.fingerprint === plain.fingerprint)!.comment).toBeNull();
    for (const c of ['two\nlines', 'x'.repeat(101), 'nul\u0000']) {
      const res = await withKey(a, GENERATE, { c });
      expect(res.json.errors[0].extensions).toEqual({
        code: 'VALIDATION_FAILED',
        validationErrors: [{ path: 'comment', message: expect.any(String) }],
      });
    }
  });
});

describe('addSftpKey', () => {
  test.each([
    ['ed25519', undefined, 'ssh-ed25519'],
    ['rsa', 2048, 'ssh-rsa'],
    ['ecdsa', 384, 'ecdsa-sha2-nistp384'],
  ])('a %s key from ssh-keygen gets the fingerprint ssh-keygen prints', async (type, bits, keyType) => {
    const { pub } = opensshKey(type, bits);
    const res = await gql(owner, ADD, { k: `${fs.readFileSync(pub, 'utf8')}\n` });
    expect(res.json.data.addSftpKey).toEqual({
      fingerprint: keygenFingerprint(pub),
      keyType,
      comment: `brought ${serial}`,
      dateCreated: expect.any(Number),
      dateLastUsed: null,
      dateRevoked: null,
    });
    expect((await listOf(a))[0]!.fingerprint).toBe(keygenFingerprint(pub));
  });

  test('the RFC 4716 form (ssh-keygen -e) is the same key; the same key twice is 409 CONFLICT', async () => {
    const { pub } = opensshKey('ed25519');
    const rfc4716 = sshKeygen('-e', '-f', pub);
    expect(rfc4716).toContain('---- BEGIN SSH2 PUBLIC KEY ----');
    const added = await withKey(a, ADD, { k: rfc4716 });
    expect(added.json.data.addSftpKey).toMatchObject({
      fingerprint: keygenFingerprint(pub),
      keyType: 'ssh-ed25519',
      comment: expect.stringContaining('converted by'),
    });
    // And an RSA key's block (ssh2's own parser reads only RSA and DSA blocks; ours reads them all).
    const rsa = opensshKey('rsa', 3072);
    const rsaAdded = await withKey(a, ADD, { k: sshKeygen('-e', '-f', rsa.pub) });
    expect(rsaAdded.json.data.addSftpKey).toMatchObject({
      fingerprint: keygenFingerprint(rsa.pub),
      keyType: 'ssh-rsa',
    });

    const again = await withKey(a, ADD, { k: fs.readFileSync(pub, 'utf8') });
    expect(again.json.errors[0].extensions).toEqual({
      code: 'CONFLICT',
      validationErrors: [{ path: 'publicKey', message: expect.stringContaining(keygenFingerprint(pub)) }],
    });
    // Another tenant may register the same public key.
    expect(
      (await withKey(b, ADD, { k: fs.readFileSync(pub, 'utf8') })).json.data.addSftpKey.fingerprint,
    ).toBe(keygenFingerprint(pub));
  });

  test('refuses a private key (without echoing it), DSA, short RSA, certificates and malformed text', async () => {
    const ed = opensshKey('ed25519');
    const small = opensshKey('rsa', 1024);
    sshKeygen('-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'ca'));
    sshKeygen('-q', '-s', path.join(dir, 'ca'), '-I', 'someone', '-n', a.alias, ed.pub);
    const str = (s: string) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(s.length);
      return Buffer.concat([length, Buffer.from(s)]);
    };
    const dsa = `ssh-dss ${Buffer.concat([str('ssh-dss'), str('p'), str('q'), str('g'), str('y')]).toString('base64')} old`;
    const privateText = fs.readFileSync(ed.priv, 'utf8');
    const cases: [string, RegExp][] = [
      [privateText, /private key/],
      [dsa, /DSA/],
      [fs.readFileSync(small.pub, 'utf8'), /RSA key of 1024 bits/],
      [fs.readFileSync(`${ed.priv}-cert.pub`, 'utf8'), /certificate/],
      ['ssh-ed25519 AAAA', /not an SSH public key/],
      ['hello', /not an SSH public key/],
      [`${fs.readFileSync(ed.pub, 'utf8')}\n${fs.readFileSync(small.pub, 'utf8')}`, /not an SSH public key/],
      ['', /at least 1 character|too small|>=1/i],
      ['ssh-ed25519 AAAA\u0000', /NUL/],
    ];
    const before = await listOf(a);
    for (const [k, message] of cases) {
      const res = await gql(owner, ADD, { k });
      expect(res.json.data).toBeNull();
      expect(res.json.errors[0].extensions).toEqual({
        code: 'VALIDATION_FAILED',
        validationErrors: [{ path: 'publicKey', message: expect.stringMatching(message) }],
      });
    }
    const refusal = JSON.stringify(await gql(owner, ADD, { k: privateText }));
    expect(refusal).not.toContain(privateText.split('\n')[1]);
    expect(await listOf(a)).toEqual(before);
  });
});

describe('revokeSftpKey', () => {
  test('revokes by fingerprint (again changes nothing); the key can be added again afterwards', async () => {
    const { pub } = opensshKey('ed25519');
    const text = fs.readFileSync(pub, 'utf8');
    const added = (await gql(owner, ADD, { k: text })).json.data.addSftpKey as Json;
    const revoked = (await gql(owner, REVOKE, { f: added.fingerprint })).json.data.revokeSftpKey as Json;
    expect(revoked).toEqual({ ...added, dateRevoked: expect.any(Number) });
    expect((await listOf(a)).map((k) => k.fingerprint)).not.toContain(added.fingerprint);
    expect((await gql(owner, REVOKE, { f: added.fingerprint })).json.data.revokeSftpKey).toEqual(revoked);
    const readded = (await withKey(a, ADD, { k: text })).json.data.addSftpKey as Json;
    expect(readded).toMatchObject({ fingerprint: added.fingerprint, dateRevoked: null });
    expect(readded.dateCreated).toBeGreaterThanOrEqual(added.dateCreated as number);
  });

  test("another tenant's key is NOT_FOUND and stays; a malformed fingerprint names the field", async () => {
    const bKey = (await withKey(b, GENERATE, { c: 'b' })).json.data.generateSftpKey as Json;
    const cross = await gql(owner, REVOKE, { f: bKey.fingerprint });
    expect(cross.json.errors).toEqual([
      expect.objectContaining({ message: 'No such SFTP key', extensions: { code: 'NOT_FOUND' } }),
    ]);
    expect((await listOf(b)).map((k) => k.fingerprint)).toContain(bKey.fingerprint);
    const malformed = await gql(owner, REVOKE, { f: 'MD5:aa:bb' });
    expect(malformed.json.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      validationErrors: [expect.objectContaining({ path: 'fingerprint' })],
    });
  });
});

describe('roles and the audit log', () => {
  test('a VIEWER reads the settings and keys but changes nothing (403)', async () => {
    const keys = (await gql(viewer, LIST)).json.data.sftpKeys as Json[];
    expect(keys.length).toBeGreaterThan(0);
    expect((await gql(viewer, `{ sftp ${SETTINGS} }`)).json.data.sftp.enabled).toBe(true);
    for (const [query, variables] of [
      ['mutation { disableSftp { enabled } }', undefined],
      [GENERATE, { c: 'viewer' }],
      [REVOKE, { f: keys[0]!.fingerprint }],
    ] as const) {
      const res = await gql(viewer, query, variables);
      expect(res.status).toBe(403);
      expect(res.json.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect(await listOf(a)).toEqual(keys);
    expect((await gql(owner, '{ sftp { enabled } }')).json.data.sftp.enabled).toBe(true);
  });

  test('records each change with the fingerprint as target, never the private key', async () => {
    const generated = (await gql(owner, GENERATE, { c: 'audited' })).json.data.generateSftpKey as Json;
    await gql(owner, REVOKE, { f: generated.fingerprint });
    const { entries } = await listAuditLog(gw.deps.db, a.id, { first: 2 });
    expect(entries.map((e) => [e.action, e.target, e.details])).toEqual([
      ['revokeSftpKey', generated.fingerprint, { fingerprint: generated.fingerprint }],
      ['generateSftpKey', generated.fingerprint, { comment: 'audited' }],
    ]);
    const everything = JSON.stringify((await listAuditLog(gw.deps.db, a.id, { first: 200 })).entries);
    expect(everything).toContain('enableSftp');
    expect(everything).not.toContain('PRIVATE KEY');
    for (const line of (generated.privateKey as string).split('\n').slice(1, -2)) {
      expect(everything).not.toContain(line);
    }
  });
});

describe('findSftpLogin (the SFTP server at each authentication)', () => {
  test('answers only for an enabled tenant, its own active key and the exact blob; touch sets dateLastUsed', async () => {
    const { pub } = opensshKey('rsa', 2048);
    const [type, base64] = fs.readFileSync(pub, 'utf8').split(' ') as [string, string];
    const blob = Buffer.from(base64, 'base64');
    const added = (await gql(owner, ADD, { k: fs.readFileSync(pub, 'utf8') })).json.data.addSftpKey as Json;
    const { db } = gw.deps;

    const login = await findSftpLogin(db, a.alias, type, blob);
    expect(login).toEqual({
      tenant: { id: a.id, alias: a.alias, mode: 'live' },
      keyId: expect.any(String),
      fingerprint: added.fingerprint,
    });
    // RSA clients name the SHA-2 signature algorithm rather than ssh-rsa.
    expect(await findSftpLogin(db, a.alias, 'rsa-sha2-512', blob)).toEqual(login);
    expect(await findSftpLogin(db, a.alias, 'ssh-ed25519', blob)).toBeNull();
    expect(await findSftpLogin(db, b.alias, type, blob)).toBeNull();
    expect(await findSftpLogin(db, 'no_such_tenant', type, blob)).toBeNull();
    expect(await findSftpLogin(db, `${a.alias}\u0000`, type, blob)).toBeNull();
    const altered = Buffer.from(blob);
    altered[altered.length - 1] ^= 1;
    expect(await findSftpLogin(db, a.alias, type, altered)).toBeNull();

    const used = new Date(Date.now() - 5_000);
    await touchSftpKey(db, login!.keyId, used);
    await touchSftpKey(db, login!.keyId, new Date(used.getTime() - 60_000)); // never backwards
    expect((await listOf(a)).find((k) => k.fingerprint === added.fingerprint)!.dateLastUsed).toBe(
      used.getTime(),
    );

    await withKey(a, 'mutation { disableSftp { enabled } }');
    expect(await findSftpLogin(db, a.alias, type, blob)).toBeNull();
    await withKey(a, 'mutation { enableSftp { enabled } }');
    expect(await findSftpLogin(db, a.alias, type, blob)).toEqual(login);
    await withKey(a, REVOKE, { f: added.fingerprint });
    expect(await findSftpLogin(db, a.alias, type, blob)).toBeNull();
  });
});

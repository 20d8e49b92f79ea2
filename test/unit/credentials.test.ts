import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import { generateApiKey, hashApiKey, matchesAnyKey } from '../../shared/domain/tenants/api-keys';
import { modeForAlias } from '../../shared/domain/tenants/tenants';
import { tenantAliasSchema } from '../../shared/ids';
import { verifyUserJwt } from '../../shared/domain/accounts/user-jwt';
import { apiKeyFromBasic } from '../../services/gateway/middleware/auth';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('API keys', () => {
  test('keys are longer than the SHA-256 block so their hash is an equivalent HMAC key', () => {
    const key = generateApiKey('live');
    expect(Buffer.byteLength(key)).toBeGreaterThan(64);
    const mac = (k: crypto.BinaryLike) => crypto.createHmac('sha256', k).update('message').digest('hex');
    expect(mac(hashApiKey(key))).toBe(mac(key));
  });

  test('keys carry their mode and are unique', () => {
    expect(generateApiKey('test')).toMatch(/^rsk_test_[A-Za-z0-9_-]{86}$/);
    expect(generateApiKey('live')).not.toBe(generateApiKey('live'));
  });

  test('matching compares against every active hash and never matches an empty set', () => {
    const a = generateApiKey('live');
    const b = generateApiKey('live');
    expect(matchesAnyKey(a, [hashApiKey(b), hashApiKey(a)])).toBe(true);
    expect(matchesAnyKey(a, [hashApiKey(b)])).toBe(false);
    expect(matchesAnyKey(a, [])).toBe(false);
  });
});

describe('HTTP Basic parsing', () => {
  test.each([
    ['key as user name', `Basic ${b64('KEY:')}`, 'KEY'],
    ['key as password', `Basic ${b64(':KEY')}`, 'KEY'],
    ['lower-case scheme', `basic ${b64('KEY:')}`, 'KEY'],
    ['both set', `Basic ${b64('A:B')}`, null],
    ['both empty', `Basic ${b64(':')}`, null],
    ['no colon', `Basic ${b64('KEY')}`, null],
    ['not base64', 'Basic %%%', null],
    ['bearer', 'Bearer abc', null],
    ['empty', '', null],
  ])('%s', (_name, header, expected) => {
    expect(apiKeyFromBasic(header)).toBe(expected);
  });
});

describe('user JWT verification', () => {
  const key = generateApiKey('live');
  const hashes = [hashApiKey(key)];
  const now = Date.UTC(2026, 0, 1);
  const user = { user: { id: 'u1', accountId: 'a1', email: 'x@example.com' } };

  test.each([
    ['valid', jwt.sign(user, key, { algorithm: 'HS256' }), { userId: 'u1', accountId: 'a1', signed: {} }],
    [
      'exp in the future',
      jwt.sign({ ...user, exp: now / 1000 + 10 }, key),
      { userId: 'u1', accountId: 'a1', signed: {} },
    ],
    [
      'signed account fields',
      jwt.sign({ user: { ...user.user, accountStatus: 'PAID', paymentProviderId: 'cus_1' } }, key),
      { userId: 'u1', accountId: 'a1', signed: { accountStatus: 'PAID', paymentProviderId: 'cus_1' } },
    ],
    ['exp in the past', jwt.sign({ ...user, exp: now / 1000 - 10 }, key), null],
    ['alg none', jwt.sign(user, '', { algorithm: 'none' }), null],
    ['HS384', jwt.sign(user, key, { algorithm: 'HS384' }), null],
    ['wrong key', jwt.sign(user, 'other'), null],
    ['missing accountId', jwt.sign({ user: { id: 'u1' } }, key), null],
    ['empty id', jwt.sign({ user: { id: '', accountId: 'a1' } }, key), null],
    ['oversized', 'a'.repeat(9000), null],
  ])('%s', (_name, token, expected) => {
    expect(verifyUserJwt(token, hashes, now, { maxLifetimeS: 3600, requireExp: false })).toEqual(expected);
  });
});

describe('tenant aliases', () => {
  test.each([
    ['acme', true, 'live'],
    ['test_acme', true, 'test'],
    ['Acme-Co_2', true, 'live'],
    ['bad alias', false, null],
    ['a/b', false, null],
    ['', false, null],
    ['x'.repeat(65), false, null],
  ])('%s', (alias, valid, mode) => {
    expect(tenantAliasSchema.safeParse(alias).success).toBe(valid);
    if (valid) expect(modeForAlias(alias)).toBe(mode);
  });
});

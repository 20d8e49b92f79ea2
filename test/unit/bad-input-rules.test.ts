import jwt from 'jsonwebtoken';
import { parseBoundedDocument } from '../../services/gateway/graphql/document';
import { parseJsonBody } from '../../services/gateway/middleware/body';
import { generateApiKey, hashApiKey } from '../../shared/domain/tenants/api-keys';
import { messageFailure } from '../../shared/domain/analytics/segment';
import { fieldsProblem } from '../../shared/domain/events/user-events.schema';
import { verifyUserJwt } from '../../shared/domain/accounts/user-jwt';
import { AppError } from '../../shared/errors';
import { idProblem, idSchema, textProblem, textSchema, toStorableText } from '../../shared/validation';

describe('text and id rules', () => {
  test.each([
    ['plain', 'Jane Doe', null, null],
    ['emoji (a surrogate pair)', 'Jane 😀', null, null],
    ['tab and line break', 'a\tb\nc', null, 'must not contain control characters'],
    [
      'NUL',
      'a\u0000b',
      'must not contain NUL (U+0000) characters',
      'must not contain NUL (U+0000) characters',
    ],
    [
      'lone high surrogate',
      'a\ud800',
      'must not contain unpaired UTF-16 surrogates',
      'must not contain unpaired UTF-16 surrogates',
    ],
    [
      'lone low surrogate',
      '\udc00b',
      'must not contain unpaired UTF-16 surrogates',
      'must not contain unpaired UTF-16 surrogates',
    ],
    [
      'reversed pair',
      '\ude00\ud83d',
      'must not contain unpaired UTF-16 surrogates',
      'must not contain unpaired UTF-16 surrogates',
    ],
    ['DEL', 'a\u007fb', null, 'must not contain control characters'],
    ['C1 control', 'a\u0085b', null, 'must not contain control characters'],
  ])('%s', (_name, value, text, id) => {
    expect(textProblem(value)).toBe(text);
    expect(idProblem(value)).toBe(id);
    expect(textSchema(100).safeParse(value).success).toBe(text === null);
    expect(idSchema().safeParse(value).success).toBe(id === null);
  });

  test('toStorableText replaces only what cannot be stored', () => {
    expect(toStorableText('a\u0000b\ud800c 😀\t')).toBe('a\ufffdb\ufffdc 😀\t');
  });

  test.each([
    [{ note: 'a\u0000' }, 'strings must not contain NUL (U+0000) characters'],
    [{ ['k\ud800']: 1 }, 'names must not contain unpaired UTF-16 surrogates'],
    [{ list: [{ deep: 'x\udfff' }] }, 'strings must not contain unpaired UTF-16 surrogates'],
    [{ n: Infinity }, 'numbers must be finite'],
    [{ n: Number.NaN }, 'numbers must be finite'],
    [{ ok: 'tab\there', emoji: '😀', n: 1e308 }, null],
  ])('event fields %j: %s', (fields, problem) => {
    expect(fieldsProblem(fields)).toBe(problem);
  });
});

describe('JSON bodies', () => {
  test.each(['1e400', '[-1e400]', '{"a":{"b":[1E+999]}}', '9'.repeat(309)])(
    '%s overflows: INVALID_JSON',
    (text) => {
      expect(() => parseJsonBody(text)).toThrow(expect.objectContaining({ apiErrorCode: 'INVALID_JSON' }));
    },
  );

  test.each([
    ['1e308', 1e308],
    ['1e-400', 0],
    ['"1e400 in a string"', '1e400 in a string'],
    ['[1e100, 2]', [1e100, 2]],
  ])('%s is fine', (text, value) => {
    expect(parseJsonBody(text)).toEqual(value);
  });
});

describe('GraphQL documents', () => {
  test('nesting is bounded before the recursive parser runs', () => {
    const deep = `{ a(x: ${'['.repeat(100_000)}${']'.repeat(100_000)}) }`;
    expect(() => parseBoundedDocument(deep)).toThrow(/nests deeper than 64 levels/);
    expect(parseBoundedDocument(`{ a(x: ${'['.repeat(60)}${']'.repeat(60)}) }`).kind).toBe('Document');
  });

  test('brackets inside strings do not count', () => {
    expect(parseBoundedDocument(`{ a(x: "${'['.repeat(1000)}") }`).kind).toBe('Document');
  });
});

describe('segment message failures', () => {
  test.each([
    [
      'a 4xx',
      new AppError('USER_NOT_FOUND', 'No such user'),
      { status: 'rejected', apiErrorCode: 'USER_NOT_FOUND' },
    ],
    [
      'a used key',
      new AppError('IDEMPOTENCY_KEY_USED', 'used', { fields: { eventIds: ['e1'] } }),
      { status: 'duplicate', eventIds: ['e1'] },
    ],
    [
      'a data exception (SQLSTATE 22021)',
      Object.assign(new Error('invalid byte sequence'), { code: '22021' }),
      { status: 'rejected', apiErrorCode: 'VALIDATION_FAILED' },
    ],
    ['an outage', new AppError('SERVICE_UNAVAILABLE', 'down'), null],
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      null,
    ],
    ['an undefined column (SQLSTATE 42703)', Object.assign(new Error('column'), { code: '42703' }), null],
    ['a bug', new TypeError('x is undefined'), null],
  ])('%s', (_name, err, outcome) => {
    const result = messageFailure(err);
    if (outcome === null) expect(result).toBeNull();
    else expect(result).toMatchObject(outcome);
  });
});

describe('user JWT rules', () => {
  const key = generateApiKey('live');
  const hashes = [hashApiKey(key)];
  const now = Date.UTC(2026, 0, 1);
  const nowS = now / 1000;
  const user = { user: { id: 'u1', accountId: 'a1' } };
  const sign = (payload: object, header: object = {}) =>
    jwt.sign({ iat: nowS, ...payload }, key, { header: { alg: 'HS256', ...header } });
  const ok = { userId: 'u1', accountId: 'a1', signed: {} };

  test.each([
    ['no exp, not required', sign(user), false, ok],
    ['no exp, required', sign(user), true, null],
    ['exp at the maximum', sign({ ...user, exp: nowS + 3600 }), true, ok],
    ['exp past the maximum', sign({ ...user, exp: nowS + 3601 }), false, null],
    ['crit header', sign({ ...user, exp: nowS + 60 }, { crit: ['exp'] }), false, null],
    ['empty crit header', sign(user, { crit: [] }), false, null],
  ])('%s', (_name, token, requireExp, expected) => {
    expect(verifyUserJwt(token, hashes, now, { maxLifetimeS: 3600, requireExp })).toEqual(expected);
  });
});

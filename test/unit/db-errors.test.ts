import { AppError } from '../../shared/errors';
import { dbUnavailable, isDbUnavailableError, RETRY_AFTER_SECONDS } from '../../shared/db/db-errors';

/** Errors shaped as node-postgres, knex and Node's net raise them (messages as seen in the outage tests). */
const withCode = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });
const pgError = (sqlstate: string, message: string) =>
  withCode(message, sqlstate, { severity: 'FATAL', name: 'error' });
const knexTimeout = () =>
  Object.assign(
    new Error(
      'Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?',
    ),
    { name: 'KnexTimeoutError' },
  );

describe('isDbUnavailableError', () => {
  test.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['host unreachable', withCode('connect EHOSTUNREACH 10.0.0.7:5432', 'EHOSTUNREACH')],
    ['DNS failure', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    [
      'admin shutdown 57P01',
      pgError('57P01', 'select 1 - terminating connection due to administrator command'),
    ],
    [
      'crash shutdown 57P02',
      pgError('57P02', 'terminating connection because of crash of another server process'),
    ],
    ['starting up 57P03', pgError('57P03', 'the database system is starting up')],
    ['class 08 (connection failure)', pgError('08006', 'connection failure')],
    ['class 08 (cannot establish)', pgError('08001', 'could not connect')],
    ['too many connections 53300', pgError('53300', 'sorry, too many clients already')],
    ['pool acquire timeout', knexTimeout()],
    ['connection lost mid-query', new Error('select pg_sleep(2) - Connection terminated unexpectedly')],
    ['connection lost before BEGIN', new Error('BEGIN; - Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'client no longer queryable',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'AggregateError of refused addresses',
      Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {}),
    ],
    ['a cause chain', new Error('import failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
    ['GraphQL originalError', Object.assign(new Error('wrapped'), { originalError: knexTimeout() })],
  ])('%s is an outage', (_name, err) => {
    expect(isDbUnavailableError(err)).toBe(true);
  });

  test.each([
    ['unique violation 23505', pgError('23505', 'duplicate key value violates unique constraint')],
    ['invalid text 22P02', pgError('22P02', 'invalid input syntax for type uuid')],
    ['statement cancelled 57014', pgError('57014', 'canceling statement due to statement timeout')],
    ['serialization failure 40001', pgError('40001', 'could not serialize access')],
    ['deadlock 40P01', pgError('40P01', 'deadlock detected')],
    ['bad password 28P01', pgError('28P01', 'password authentication failed')],
    [
      'knex query timeout',
      Object.assign(new Error('Defined query timeout of 10ms exceeded when running query.'), {
        name: 'KnexTimeoutError',
      }),
    ],
    ['a message merely mentioning a reset', new Error('connection to 10.0.0.7:5432 reset (secret detail)')],
    ['an AppError already decided', new AppError('NOT_FOUND', 'Connection terminated unexpectedly')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
    [
      'a self-referencing cause',
      (() => {
        const e = new Error('loop') as Error & { cause?: unknown };
        e.cause = e;
        return e;
      })(),
    ],
  ])('%s is not an outage', (_name, err) => {
    expect(isDbUnavailableError(err)).toBe(false);
  });

  test('dbUnavailable is a 503 SERVICE_UNAVAILABLE with Retry-After, keeping the cause for logs only', () => {
    const cause = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    const err = dbUnavailable(cause);
    expect(err).toMatchObject({ statusCode: 503, apiErrorCode: 'SERVICE_UNAVAILABLE' });
    expect(err.details.headers).toEqual({ 'Retry-After': String(RETRY_AFTER_SECONDS) });
    expect(err.details.cause).toBe(cause);
    expect(err.message).not.toMatch(/ECONNREFUSED|5432/);
  });
});

import { AppError } from '../errors';

/**
 * Retry-After (seconds) of every 503 SERVICE_UNAVAILABLE: a PostgreSQL restart or failover, or a
 * Temporal frontend coming back, takes a few seconds; a terminated backend is replaced by the pool at once.
 */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was lost (Node's net and dns codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting connections: class 08 (connection
 * exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up or
 * shutting down), 57P04 database dropped, 57P05 idle session timeout, and 53300 too many connections.
 * Not 57014 (a cancelled statement) nor class 40 (serialization failures, deadlocks): those are no outage.
 */
const SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[1-5]|53300)$/;

/**
 * Messages of node-postgres and knex that carry no code. Knex prefixes the SQL ("select 1 - ..."),
 * so they are matched at the end of the message.
 */
const MESSAGES = [
  /Connection terminated(?: unexpectedly| due to connection timeout)?$/,
  /Client has encountered a connection error and is not queryable$/,
  /Client was closed and is not queryable$/,
  /Connection ended unexpectedly$/,
  /^(?:.* - )?timeout expired$/,
  /Query read timeout$/,
  // Pool exhaustion: every connection is busy (overload) or none can be made (outage) for the whole
  // acquireConnectionTimeout. Not knex's per-query timeout, whose message differs.
  /^Knex: Timeout acquiring a connection\b/,
];

function isUnavailableOne(err: object): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether an error means PostgreSQL could not be reached or dropped the connection, as opposed to a
 * query that failed on its own merits. Looks through causes, AggregateError members and GraphQL's
 * originalError, a few levels deep.
 */
export function isDbUnavailableError(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  if (err instanceof AppError) return false; // already decided what to answer
  if (isUnavailableOne(err)) return true;
  const { cause, errors, originalError } = err as {
    cause?: unknown;
    errors?: unknown;
    originalError?: unknown;
  };
  if (isDbUnavailableError(cause, depth + 1) || isDbUnavailableError(originalError, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDbUnavailableError(inner, depth + 1));
}

/** The answer to a request that met a database outage: 503 with Retry-After, the cause kept for logs. */
export function dbUnavailable(cause: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The database is temporarily unavailable; retry later', {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    cause,
  });
}

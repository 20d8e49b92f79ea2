import getRawBody from 'raw-body';
import type { Middleware } from 'koa';
import type { Config } from '../../../shared/config';
import { AppError, type ApiErrorCode } from '../../../shared/errors';
import type { GatewayState } from '../context';
import { withinBodyTimeouts } from './body-timeouts';

/** Strict: a body that is not UTF-8 is refused, never decoded with U+FFFD in place of the bad bytes. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the request body as UTF-8 text, bounded: raw-body rejects a Content-Length over the limit before
 * reading, and a chunked body as soon as it passes the limit, so neither is buffered whole (413). Bytes
 * that are not UTF-8 are `notUtf8` (400 INVALID_JSON for JSON bodies).
 */
export async function readBodyText(
  ctx: { req: NodeJS.ReadableStream; get(name: string): string; app?: object },
  limit: number,
  notUtf8: ApiErrorCode = 'INVALID_JSON',
  options: { timeoutMs?: number } = {},
) {
  const length = ctx.get('content-length');
  let bytes: Buffer;
  // A body bounded more tightly than the app's (a route read before the caller is known) closes the
  // connection when it is too large: the unread rest is never drained, so it holds nothing.
  const close = options.timeoutMs !== undefined ? { headers: { Connection: 'close' } } : undefined;
  try {
    // 408 when the body stalls or is slow (HTTP_BODY_IDLE_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, or the
    // route's tighter timeoutMs).
    bytes = await withinBodyTimeouts(ctx, getRawBody(ctx.req, { limit, length: length || undefined }), {
      requestMs: options.timeoutMs,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large')
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`, close);
    // The client went away mid-body: nobody is left to answer, and it is not a server fault (499, info).
    if (type === 'request.aborted' || (ctx.req as { destroyed?: boolean }).destroyed === true) {
      const message = 'The client closed the connection before its body was complete';
      throw new AppError('CLIENT_CLOSED_REQUEST', message, { cause: err });
    }
    if (type === 'request.size.invalid' || type === 'stream.not.readable') {
      throw new AppError('VALIDATION_FAILED', 'Request body was incomplete');
    }
    throw err;
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError(notUtf8, 'Request body is not valid UTF-8');
  }
}

/** Only a number literal with a 3-digit exponent or 309+ digits can overflow a double to Infinity. */
const MAYBE_HUGE_NUMBER = /[eE]\+?\d{3}|\d{309}/;

function hasNonFiniteNumber(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number' && !Number.isFinite(item)) return true;
    if (item !== null && typeof item === 'object')
      for (const member of Object.values(item)) stack.push(member);
  }
  return false;
}

/**
 * JSON.parse for request bodies: malformed JSON, and numbers too large for a double (JSON.parse makes them
 * Infinity, which JSON.stringify would later store as null), are 400 INVALID_JSON.
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new AppError('INVALID_JSON', 'Request body is not valid JSON');
  }
  refuseNonFiniteNumbers(text, value);
  return value;
}

/** 400 INVALID_JSON when `value`, parsed from `text`, holds a number JSON.parse made infinite. */
export function refuseNonFiniteNumbers(text: string, value: unknown): void {
  if (MAYBE_HUGE_NUMBER.test(text) && hasNonFiniteNumber(value)) {
    throw new AppError('INVALID_JSON', 'Request body has a number too large to represent (over ±1.8e308)');
  }
}

/**
 * JSON request bodies: only application/json is accepted (415 otherwise), size-limited (413) and
 * parsed strictly (400 INVALID_JSON). The parsed value is left on ctx.request.body for validation.
 */
export function jsonBody(options: { limit: number; timeoutMs?: number }): Middleware<GatewayState> {
  return async (ctx, next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('transfer-encoding') !== '';
    if (!hasBody) {
      ctx.request.body = undefined;
      return next();
    }
    if (!ctx.is('application/json', '+json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    }
    const text = await readBodyText(ctx, options.limit, 'INVALID_JSON', { timeoutMs: options.timeoutMs });
    ctx.request.body = text.trim() === '' ? undefined : parseJsonBody(text);
    return next();
  };
}

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

/**
 * Form bodies (application/x-www-form-urlencoded, as payment processors post webhooks): size-limited,
 * parsed to an object of strings (a repeated field keeps its first value) on ctx.request.body.
 */
export function formBody(options: { limit: number; timeoutMs?: number }): Middleware<GatewayState> {
  return async (ctx, next) => {
    if (!ctx.is('application/x-www-form-urlencoded')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(
      await readBodyText(ctx, options.limit, 'VALIDATION_FAILED', { timeoutMs: options.timeoutMs }),
    )) {
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    }
    ctx.request.body = fields;
    return next();
  };
}

/**
 * The JSON body of a route read before the caller is known (sign-in, its two-factor step, a
 * set-password link): a few KB under a short whole-body deadline, failing with the connection closed
 *, so a trickled body cannot hold a connection for long.
 */
export function unauthenticatedJsonBody(
  config: Pick<Config, 'UNAUTHENTICATED_BODY_LIMIT_BYTES' | 'UNAUTHENTICATED_BODY_TIMEOUT_MS'>,
): Middleware<GatewayState> {
  return jsonBody({
    limit: config.UNAUTHENTICATED_BODY_LIMIT_BYTES,
    timeoutMs: config.UNAUTHENTICATED_BODY_TIMEOUT_MS,
  });
}

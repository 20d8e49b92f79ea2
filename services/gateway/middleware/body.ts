import getRawBody from 'raw-body';
import type { Middleware } from 'koa';
import { AppError } from '../../../shared/errors';
import type { GatewayState } from '../context';

/**
 * Reads the request body as UTF-8 text, bounded: raw-body rejects a Content-Length over the limit before
 * reading, and a chunked body as soon as it passes the limit, so neither is buffered whole (413).
 */
export async function readBodyText(
  ctx: { req: NodeJS.ReadableStream; get(name: string): string },
  limit: number,
) {
  const length = ctx.get('content-length');
  try {
    return await getRawBody(ctx.req, { limit, encoding: 'utf8', length: length || undefined });
  } catch (err) {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large')
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    // The client went away (or sent less than Content-Length): nothing to answer, not a server fault.
    if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.not.readable') {
      throw new AppError('VALIDATION_FAILED', 'Request body was incomplete');
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding');
    }
    throw err;
  }
}

/**
 * JSON request bodies: only application/json is accepted (415 otherwise), size-limited (413) and
 * parsed strictly (400 INVALID_JSON). The parsed value is left on ctx.request.body for validation.
 */
export function jsonBody(options: { limit: number }): Middleware<GatewayState> {
  return async (ctx, next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('transfer-encoding') !== '';
    if (!hasBody) {
      ctx.request.body = undefined;
      return next();
    }
    if (!ctx.is('application/json', '+json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    }
    const text = await readBodyText(ctx, options.limit);
    try {
      ctx.request.body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      throw new AppError('INVALID_JSON', 'Request body is not valid JSON');
    }
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
export function formBody(options: { limit: number }): Middleware<GatewayState> {
  return async (ctx, next) => {
    if (!ctx.is('application/x-www-form-urlencoded')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(await readBodyText(ctx, options.limit))) {
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    }
    ctx.request.body = fields;
    return next();
  };
}

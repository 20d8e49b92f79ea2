import type { Middleware } from 'koa';
import { dbUnavailable, isDbUnavailableError, RETRY_AFTER_SECONDS } from '../../../shared/db/db-errors';
import { AppError, type ApiErrorCode } from '../../../shared/errors';
import type { GatewayState } from '../context';

/** HTTP statuses raised by Koa or its helpers (ctx.throw, router.allowedMethods) mapped into the closed set. */
const CODE_FOR_STATUS: Record<number, ApiErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

export function errorBody(err: AppError, requestId: string) {
  return {
    statusCode: err.statusCode,
    message: err.message,
    apiErrorCode: err.apiErrorCode,
    requestId,
    ...(err.details.validationErrors ? { validationErrors: err.details.validationErrors } : {}),
    ...err.details.fields,
  };
}

/** Turns anything thrown below into the one error shape; unexpected errors are logged, never shown. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { status?: unknown; expose?: unknown; message?: string; headers?: Record<string, string> };
  if (typeof e?.status === 'number' && e.expose === true && CODE_FOR_STATUS[e.status]) {
    return new AppError(CODE_FOR_STATUS[e.status]!, e.message ?? 'Request failed', { headers: e.headers });
  }
  if (isDbUnavailableError(err)) return dbUnavailable(err);
  return new AppError('INTERNAL_ERROR', 'Internal server error');
}

export function errorHandler(): Middleware<GatewayState> {
  return async (ctx, next) => {
    try {
      await next();
      // Router outcomes with no body (unknown route; known route, wrong method with Allow already set).
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new AppError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`);
        if (ctx.status === 405 || ctx.status === 501) {
          throw new AppError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`);
        }
      }
    } catch (err) {
      const appError = toAppError(err);
      if (appError.apiErrorCode === 'INTERNAL_ERROR') {
        ctx.state.log?.error({ err, tenantAlias: ctx.state.tenant?.alias }, 'unhandled error');
      }
      // Nobody is left to answer; the status (499) is for the access log and metrics only.
      if (appError.apiErrorCode === 'CLIENT_CLOSED_REQUEST') ctx.state.log?.info(appError.message);
      if (appError.apiErrorCode === 'SERVICE_UNAVAILABLE') {
        // Outages are expected and retried: a warning with the cause, and a Retry-After on every 503
        // (an error's own Retry-After, set just below, wins).
        ctx.state.log?.warn(
          { err: appError.details.cause ?? appError, tenantAlias: ctx.state.tenant?.alias },
          appError.message,
        );
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      }
      ctx.status = appError.statusCode;
      for (const [name, value] of Object.entries(appError.details.headers ?? {})) ctx.set(name, value);
      ctx.body = errorBody(appError, ctx.state.requestId);
    }
  };
}

import type { Config } from '../../../shared/config';
import { AppError } from '../../../shared/errors';

/**
 * How long a JSON, form or GraphQL request body may take to arrive: whole (HTTP_REQUEST_TIMEOUT_MS,
 * counted from when the gateway starts reading it, right after authentication) and between two chunks
 * (HTTP_BODY_IDLE_TIMEOUT_MS). Node's own requestTimeout is off (see services/gateway/http-server.ts)
 * because it would cut long uploads too; uploads have their own idle timeout in their route.
 */
export interface BodyTimeouts {
  requestMs: number;
  idleMs: number;
}

/** One setting per app (createApp installs it), so each gateway, and each test app, has its own. */
const timeoutsByApp = new WeakMap<object, BodyTimeouts>();

export function installBodyTimeouts(
  app: object,
  config: Pick<Config, 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_BODY_IDLE_TIMEOUT_MS'>,
): void {
  timeoutsByApp.set(app, {
    requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
    idleMs: config.HTTP_BODY_IDLE_TIMEOUT_MS,
  });
}

function timeoutsFor(app: object | undefined): BodyTimeouts {
  const timeouts = app && timeoutsByApp.get(app);
  // Fail loudly: every app is built by createApp, which installs them; a body without a bound is a defect.
  if (!timeouts) throw new Error('body timeouts are not installed on this app (see createApp)');
  return timeouts;
}

function timedOut(message: string): AppError {
  // The rest of the body is never read, so the connection cannot carry another request.
  return new AppError('REQUEST_TIMEOUT', message, { headers: { Connection: 'close' } });
}

/**
 * Settles as `read` does, unless the body stalls for idleMs or is not whole within requestMs: then it
 * rejects with 408 REQUEST_TIMEOUT (the answer closes the connection) and stops reading.
 */
export function withinBodyTimeouts<T>(
  ctx: { req: NodeJS.ReadableStream; app?: object },
  read: Promise<T>,
  override: Partial<BodyTimeouts> = {},
): Promise<T> {
  const installed = timeoutsFor(ctx.app);
  const requestMs = override.requestMs ?? installed.requestMs;
  const idleMs = Math.min(override.idleMs ?? installed.idleMs, requestMs);
  const stream = ctx.req;
  return new Promise<T>((resolve, reject) => {
    let idleTimer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(deadline);
      clearTimeout(idleTimer);
      stream.off('data', armIdle);
    };
    const fail = (message: string) => {
      finish();
      stream.pause();
      reject(timedOut(message));
    };
    const deadline = setTimeout(
      () => fail(`The request body was not received within ${requestMs} ms`),
      requestMs,
    );
    function armIdle() {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => fail(`The request body stalled: no data for ${idleMs} ms`), idleMs);
    }
    armIdle();
    stream.on('data', armIdle);
    read.then(
      (value) => {
        finish();
        resolve(value);
      },
      (err: unknown) => {
        finish();
        reject(err);
      },
    );
  });
}

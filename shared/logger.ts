import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs to stdout; request-scoped children carry requestId and tenantAlias. */
export function createLogger(options: { level: string; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-saasquatch-user-token"]'], remove: true },
  });
}

import { DefaultLogger, makeTelemetryFilterString, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from '../../shared/logger';

let installed = false;

/**
 * Routes the Temporal SDK's own logs (worker state, bundler, core) into our JSON logger, so a process
 * prints one log format. Must run before the first Worker or NativeConnection is created.
 */
export function installTemporalRuntimeLogger(logger: Logger, level: LogLevel = 'WARN'): void {
  if (installed) return;
  installed = true;
  const log = logger.child({ component: 'temporal-sdk' });
  Runtime.install({
    logger: new DefaultLogger(level, (entry) => {
      const fields = { ...entry.meta };
      const method = (
        { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const
      )[entry.level];
      log[method](fields, entry.message);
    }),
    // Without `forward`, core's own logs (e.g. its gRPC retries while the Temporal server is down) go
    // to stderr in Rust's text format, beside the JSON lines.
    telemetryOptions: {
      logging: { forward: {}, filter: makeTelemetryFilterString({ core: level, other: 'ERROR' }) },
    },
  });
}

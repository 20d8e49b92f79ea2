import type { WorkerOptions } from '@temporalio/worker';
import type { Config } from '../config';
import type { Tracing } from './tracing-sdk';

export type { Tracing } from './tracing-sdk';

const SERVICE_NAMES = {
  gateway: 'referral-gateway',
  worker: 'referral-worker',
  launcher: 'referral-service',
};

/**
 * Sets up tracing for this process (`role` names its default service.name; the gateway's and the
 * launcher's instrument HTTP and Koa) when OTEL_EXPORTER_OTLP_ENDPOINT is set, and returns undefined
 * otherwise: then nothing is loaded or installed (no provider, no instrumentation hooks, no Temporal
 * interceptors). Call it before the gateway's modules are loaded: the HTTP and Koa instrumentations patch
 * modules as they are required.
 */
export function startTracingFromConfig(
  config: Pick<
    Config,
    | 'OTEL_EXPORTER_OTLP_ENDPOINT'
    | 'OTEL_EXPORTER_OTLP_HEADERS'
    | 'OTEL_SERVICE_NAME'
    | 'OTEL_BSP_SCHEDULE_DELAY'
  >,
  role: keyof typeof SERVICE_NAMES,
): Tracing | undefined {
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT === undefined) return undefined;
  // Required only now: loading the OpenTelemetry SDK takes about 0.3 s and 23 MB, which a process that
  // does not trace should not pay.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./tracing-sdk') as typeof import('./tracing-sdk');
  return sdk.startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    headers: config.OTEL_EXPORTER_OTLP_HEADERS,
    serviceName: config.OTEL_SERVICE_NAME ?? SERVICE_NAMES[role],
    exportDelayMs: config.OTEL_BSP_SCHEDULE_DELAY,
    http: role !== 'worker',
  });
}

/**
 * The tracing options of `Worker.create`. Untraced, no interceptor, only a sink that drops what a
 * workflow messaged by a traced gateway would export (workflows/tracing.interceptors.ts makes spans when a
 * message carries a trace header), instead of an error logged for a missing sink at every such task.
 */
export function workerTracingOptions(
  tracing: Tracing | undefined,
): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  return tracing?.temporal.worker ?? { sinks: { exporter: { export: { fn: () => undefined } } } };
}

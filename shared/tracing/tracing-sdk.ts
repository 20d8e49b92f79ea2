import type { IncomingMessage } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import { baggageUtils } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KoaInstrumentation, KoaLayerType } from '@opentelemetry/instrumentation-koa';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { temporalTracing, type TemporalTracing } from '../temporal/tracing';

/** Tracing as one process runs it (docs/observability.md). */
export interface Tracing {
  /** Temporal's interceptors and the workflow span sink (shared/temporal/tracing.ts). */
  temporal: TemporalTracing;
  /** Exports the spans still batched, removes the instrumentations and the global tracer provider. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans are posted to {endpoint}/v1/traces. */
  endpoint: string;
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_HEADERS: `key=value` pairs, comma-separated. */
  headers?: string;
  /** Milliseconds between two exports (OTEL_BSP_SCHEDULE_DELAY). */
  exportDelayMs?: number;
  /** Instrument the HTTP server and Koa (the gateway). */
  http: boolean;
}

/**
 * instrumentation-koa 0.47 declares `koa >=2 <3`. Its patch (Koa's `use`, @koa/router's dispatch) is what
 * upstream kept when it added Koa 3 (open-telemetry/opentelemetry-js-contrib#2957: the range, span
 * attribute names, no generator middleware), but that release is on the OpenTelemetry 2.x line, which
 * @temporalio/interceptors-opentelemetry 1.24 does not use. So the range is widened here.
 */
class Koa3Instrumentation extends KoaInstrumentation {
  protected override init() {
    const definition = super.init();
    definition.supportedVersions = ['>=2.0.0 <4'];
    return definition;
  }
}

/** Orchestrators and scrapers call these every few seconds; a span each would bury the requests. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const untraced = (req: IncomingMessage): boolean => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!);

let running = false;

/**
 * The OpenTelemetry SDK for this process: a tracer provider registered as the global one (context in
 * AsyncLocalStorage, W3C trace context), a batching OTLP/HTTP exporter (JSON bodies), and with `http`
 * the HTTP server and Koa instrumentations. Once per process (per module registry under jest). Koa must
 * not be loaded yet when `http` is asked for: instrumentations patch modules as they are required.
 */
export function startTracing(options: TracingOptions): Tracing {
  if (running) throw new Error('tracing is already set up in this process');
  const resource = new Resource({ 'service.name': options.serviceName });
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
    headers: baggageUtils.parseKeyPairsIntoRecord(options.headers),
  });
  const spanProcessor = new BatchSpanProcessor(exporter, { scheduledDelayMillis: options.exportDelayMs });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  const unregister = options.http
    ? registerInstrumentations({
        tracerProvider: provider,
        instrumentations: [
          // A trace begins at a request; an outgoing request (a processor call, a test webhook) is
          // traced only inside one.
          new HttpInstrumentation({
            ignoreIncomingRequestHook: untraced,
            requireParentforOutgoingSpans: true,
          }),
          // A span per route handler step (authenticate, body, validate, handler), not per app middleware.
          new Koa3Instrumentation({ ignoreLayersType: [KoaLayerType.MIDDLEWARE] }),
        ],
      })
    : () => undefined;
  running = true;
  let stopping: Promise<void> | undefined;
  return {
    temporal: temporalTracing({ spanProcessor, resource }),
    shutdown() {
      stopping ??= (async () => {
        unregister();
        await provider.shutdown(); // exports the spans still batched
        trace.disable();
        context.disable();
        propagation.disable();
        running = false;
      })();
      return stopping;
    },
  };
}

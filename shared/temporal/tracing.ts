import { context, trace } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Context as ActivityContext } from '@temporalio/activity';
import type { ClientInterceptors, WorkflowClientInterceptor } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import { TRACE_HEADER } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/worker';
import type {
  ActivityInboundCallsInterceptor,
  ActivityInterceptors,
  WorkerOptions,
} from '@temporalio/worker';

/**
 * Temporal's OpenTelemetry interceptors (`@temporalio/interceptors-opentelemetry`), used only inside a
 * trace. A trace begins at a request the gateway serves; a Temporal call made outside one (the worker's
 * system workflows, the reconciler's re-deliveries, scripts) sends no trace header, so those workflows and
 * their activities make no spans (the dispatchers would otherwise add spans to one trace every round,
 * forever). workflows/tracing.interceptors.ts applies the same rule inside workflows.
 *
 * Loaded only when tracing is on (shared/tracing/tracing.ts).
 */
export interface TemporalTracing {
  /** For `new Client({ interceptors })`: a start, signal or update made inside a trace carries it. */
  client: ClientInterceptors;
  /** For `Worker.create`: activity spans, and the sink that exports the workflows' spans. */
  worker: Pick<WorkerOptions, 'interceptors' | 'sinks'>;
}

const insideTrace = (): boolean => trace.getSpan(context.active()) !== undefined;

/** The package's client interceptor for calls made inside a trace; other calls pass straight through. */
class ClientCallsInsideTraces implements WorkflowClientInterceptor {
  private readonly traced = new OpenTelemetryWorkflowClientInterceptor();
  start: WorkflowClientInterceptor['start'] = (input, next) =>
    insideTrace() ? this.traced.start(input, next) : next(input);
  startWithDetails: WorkflowClientInterceptor['startWithDetails'] = (input, next) =>
    insideTrace() ? this.traced.startWithDetails(input, next) : next(input);
  startUpdate: WorkflowClientInterceptor['startUpdate'] = (input, next) =>
    insideTrace() ? this.traced.startUpdate(input, next) : next(input);
  startUpdateWithStart: WorkflowClientInterceptor['startUpdateWithStart'] = (input, next) =>
    insideTrace() ? this.traced.startUpdateWithStart(input, next) : next(input);
  signal: WorkflowClientInterceptor['signal'] = (input, next) =>
    insideTrace() ? this.traced.signal(input, next) : next(input);
  signalWithStart: WorkflowClientInterceptor['signalWithStart'] = (input, next) =>
    insideTrace() ? this.traced.signalWithStart(input, next) : next(input);
  query: WorkflowClientInterceptor['query'] = (input, next) =>
    insideTrace() ? this.traced.query(input, next) : next(input);
  terminate: WorkflowClientInterceptor['terminate'] = (input, next) =>
    insideTrace() ? this.traced.terminate(input, next) : next(input);
  cancel: WorkflowClientInterceptor['cancel'] = (input, next) =>
    insideTrace() ? this.traced.cancel(input, next) : next(input);
  describe: WorkflowClientInterceptor['describe'] = (input, next) =>
    insideTrace() ? this.traced.describe(input, next) : next(input);
}

/** An activity span only when the workflow that scheduled the activity was inside a trace. */
class ActivityInsideTraces implements ActivityInboundCallsInterceptor {
  constructor(private readonly ctx: ActivityContext) {}
  execute: ActivityInboundCallsInterceptor['execute'] = (input, next) =>
    input.headers[TRACE_HEADER] === undefined
      ? next(input)
      : new OpenTelemetryActivityInboundInterceptor(this.ctx).execute(input, next);
}

export function temporalTracing(spans: {
  spanProcessor: SpanProcessor;
  resource: Resource;
}): TemporalTracing {
  return {
    client: { workflow: [new ClientCallsInsideTraces()] },
    worker: {
      interceptors: {
        activity: [
          (ctx): ActivityInterceptors => ({
            inbound: new ActivityInsideTraces(ctx),
            // Adds trace_id and span_id to an activity's log lines while it runs inside a trace.
            outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
          }),
        ],
      },
      // Workflow code cannot do I/O: its spans reach this process's span processor through a sink.
      sinks: { exporter: makeWorkflowExporter(spans.spanProcessor, spans.resource) },
    },
  };
}

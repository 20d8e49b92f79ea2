/** Not a workflow: the workflow interceptors every bundle includes (services/worker/workflow-bundle.ts). */
import type * as OpenTelemetryApi from '@opentelemetry/api';
import type * as WorkflowSpans from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type {
  Headers,
  WorkflowInboundCallsInterceptor,
  WorkflowInterceptorsFactory,
  WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

/** The header that carries a trace (the package's TRACE_HEADER; test/unit/tracing.test.ts compares them). */
export const TRACE_HEADER = '_tracer-data';

const carriesTrace = (headers: Headers): boolean => headers[TRACE_HEADER] !== undefined;

/**
 * Temporal's OpenTelemetry workflow interceptors, used only inside a trace (the rule of
 * shared/temporal/tracing.ts): a start, signal, update or query makes spans only when its header carries
 * a trace, and an activity, child, signal or continue-as-new only when scheduled inside such a span.
 *
 * The bundle is the same with tracing on or off. Under reuseV8Context each workflow evaluates its own copy
 * of the bundle's modules, and OpenTelemetry's (the API, the SDK, the interceptors) cost about 0.25 MB
 * per cached workflow; so they are required on a workflow's first traced message only. Untraced, these
 * are pass-throughs: a header lookup per message and a flag test per command.
 *
 * Replay: headers are in the history, so a task replays down the path it first took; histories from
 * before tracing carry no header and replay exactly as without these interceptors. The package's own
 * changes to yields are guarded by SDK flags.
 */
export const interceptors: WorkflowInterceptorsFactory = () => {
  let otel: { spans: typeof WorkflowSpans; api: typeof OpenTelemetryApi } | undefined;
  const load = () =>
    (otel ??= {
      /* eslint-disable @typescript-eslint/no-require-imports -- evaluated only once a trace arrives (above) */
      spans: require('@temporalio/interceptors-opentelemetry/lib/workflow'),
      api: require('@opentelemetry/api'),
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
  let inboundSpans: WorkflowSpans.OpenTelemetryInboundInterceptor | undefined;
  let outboundSpans: WorkflowSpans.OpenTelemetryOutboundInterceptor | undefined;
  const spansIn = () => (inboundSpans ??= new (load().spans.OpenTelemetryInboundInterceptor)());
  const spansOut = () => (outboundSpans ??= new (load().spans.OpenTelemetryOutboundInterceptor)());
  const insideTrace = (): boolean =>
    otel !== undefined && otel.api.trace.getSpan(otel.api.context.active()) !== undefined;

  const inbound: WorkflowInboundCallsInterceptor = {
    execute: (input, next) => (carriesTrace(input.headers) ? spansIn().execute(input, next) : next(input)),
    handleSignal: (input, next) =>
      carriesTrace(input.headers) ? spansIn().handleSignal(input, next) : next(input),
    handleUpdate: (input, next) =>
      carriesTrace(input.headers) ? spansIn().handleUpdate(input, next) : next(input),
    validateUpdate: (input, next) =>
      carriesTrace(input.headers) ? spansIn().validateUpdate(input, next) : next(input),
    handleQuery: (input, next) =>
      carriesTrace(input.headers) ? spansIn().handleQuery(input, next) : next(input),
  };
  const outbound: WorkflowOutboundCallsInterceptor = {
    scheduleActivity: (input, next) =>
      insideTrace() ? spansOut().scheduleActivity(input, next) : next(input),
    scheduleLocalActivity: (input, next) =>
      insideTrace() ? spansOut().scheduleLocalActivity(input, next) : next(input),
    startChildWorkflowExecution: (input, next) =>
      insideTrace() ? spansOut().startChildWorkflowExecution(input, next) : next(input),
    signalWorkflow: (input, next) => (insideTrace() ? spansOut().signalWorkflow(input, next) : next(input)),
    continueAsNew: (input, next) => (insideTrace() ? spansOut().continueAsNew(input, next) : next(input)),
    // trace_id and span_id on the workflow's log lines inside a trace.
    getLogAttributes: (input, next) =>
      insideTrace() ? spansOut().getLogAttributes(input, next) : next(input),
  };
  return {
    inbound: [inbound],
    outbound: [outbound],
    internals: [
      {
        dispose: (input, next) =>
          otel === undefined
            ? next(input)
            : new otel.spans.OpenTelemetryInternalsInterceptor().dispose(input, next),
      },
    ],
  };
};

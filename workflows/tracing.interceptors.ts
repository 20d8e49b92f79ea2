/** Not a workflow: the workflow interceptors every bundle includes (services/worker/workflow-bundle.ts). */
import { context, trace } from '@opentelemetry/api';
import { TRACE_HEADER } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type {
  Headers,
  WorkflowInboundCallsInterceptor,
  WorkflowInterceptorsFactory,
  WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

const carriesTrace = (headers: Headers): boolean => headers[TRACE_HEADER] !== undefined;
const insideTrace = (): boolean => trace.getSpan(context.active()) !== undefined;

/**
 * Temporal's OpenTelemetry workflow interceptors, used only inside a trace (the rule of
 * shared/temporal/tracing.ts): a start, signal, update or query spans only when its header carries a
 * trace, and an activity, child, signal or continue-as-new only when scheduled inside such a span. The
 * bundle is the same whether tracing is on or off, so with it off (no client sends the header) these are
 * pass-throughs: a header lookup per message, a context lookup per command, and the package's objects
 * are never made.
 *
 * Replay: headers are in the history, so a task replays down the path it first took; histories from
 * before tracing carry no header and replay exactly as without these interceptors. The package's own
 * changes to yields are guarded by SDK flags.
 */
export const interceptors: WorkflowInterceptorsFactory = () => {
  let inboundSpans: OpenTelemetryInboundInterceptor | undefined;
  let outboundSpans: OpenTelemetryOutboundInterceptor | undefined;
  const spansIn = () => (inboundSpans ??= new OpenTelemetryInboundInterceptor());
  const spansOut = () => (outboundSpans ??= new OpenTelemetryOutboundInterceptor());

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
          inboundSpans || outboundSpans
            ? new OpenTelemetryInternalsInterceptor().dispose(input, next)
            : next(input),
      },
    ],
  };
};

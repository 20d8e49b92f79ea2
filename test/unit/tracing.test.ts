import { TRACE_HEADER as PACKAGE_TRACE_HEADER } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import { TRACE_HEADER } from '../../workflows/tracing.interceptors';

test("the workflow interceptors look for the trace in the header Temporal's interceptors write", () => {
  expect(TRACE_HEADER).toBe(PACKAGE_TRACE_HEADER);
});

/**
 * The workflow tracing interceptors outside a trace (workflows/tracing.interceptors.ts); inside one they
 * run in the workflow sandbox, which test/integration/platform/tracing.test.ts covers.
 */
import { TRACE_HEADER as PACKAGE_TRACE_HEADER } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import type { WorkflowInterceptors } from '@temporalio/workflow';
import { TRACE_HEADER } from '../../workflows/tracing.interceptors';

test("they look for the trace in the header Temporal's interceptors write", () => {
  expect(TRACE_HEADER).toBe(PACKAGE_TRACE_HEADER);
});

test('without a trace header they pass every call through and never load OpenTelemetry', async () => {
  const loaded: string[] = [];
  let factory: () => WorkflowInterceptors = () => ({});
  jest.isolateModules(() => {
    for (const name of ['@temporalio/interceptors-opentelemetry/lib/workflow', '@opentelemetry/api']) {
      jest.doMock(name, () => {
        loaded.push(name);
        return jest.requireActual(name);
      });
    }
    ({ interceptors: factory } = jest.requireActual('../../workflows/tracing.interceptors'));
  });
  const { inbound, outbound, internals } = factory();
  const next = jest.fn(async (input: unknown): Promise<any> => input);
  const message = { headers: {}, args: [] } as never;
  await inbound![0]!.execute!(message, next);
  await inbound![0]!.handleSignal!(message, next);
  await inbound![0]!.handleUpdate!(message, next);
  await outbound![0]!.scheduleActivity!(message, next);
  await outbound![0]!.scheduleLocalActivity!(message, next);
  await outbound![0]!.continueAsNew!(message, next as never);
  outbound![0]!.getLogAttributes!(message, next as never);
  internals![0]!.dispose!(message, next as never);
  expect(next).toHaveBeenCalledTimes(8);
  expect(next.mock.calls.every(([input]) => input === message)).toBe(true);
  expect(loaded).toEqual([]);
});

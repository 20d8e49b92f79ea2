import { createTemporal } from '../../../shared/temporal/client';
import { startWorkflowOnce, type StartOnceOptions } from '../../../shared/temporal/start-workflow';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { createMetrics } from '../../../shared/metrics';
import { selfCheckWorkflow } from '../../../workflows/self-check.workflow';
import type { RunningWorker } from '../../../services/worker/worker';
import { startTestWorker, testConfig } from '../../helpers/harness';

describe('worker on a real Temporal server', () => {
  const config = testConfig();
  const temporal = createTemporal({
    address: config.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker.close();
    await temporal.close();
  });

  test('the self-check workflow runs its activity against the migrated database', async () => {
    const id = workflowIds.selfCheck(`worker-test-${Date.now()}`);
    const { handle, started } = await startWorkflowOnce(temporal, createMetrics({ collectDefaults: false }), {
      workflow: selfCheckWorkflow,
      workflowId: id,
      args: [{ requestedBy: 'jest' }],
      tenantAlias: 'system',
      entityId: 'self-check',
      kind: 'system',
      summary: 'self check from jest',
    });
    expect(started).toBe(true);
    const result = await handle.result();
    expect(result.requestedBy).toBe('jest');
    expect(result.database.database).toBe(new URL(config.databaseUrl).pathname.slice(1));
    expect(result.database.migrations).toBeGreaterThanOrEqual(1);

    // The operator's view: search attributes and summary are set on the execution.
    const description = await handle.describe();
    expect(description.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])).toEqual(
      expect.arrayContaining([
        ['TenantAlias', 'system'],
        ['EntityId', 'self-check'],
        ['WorkflowKind', 'system'],
      ]),
    );
    expect(await description.staticSummary()).toBe('self check from jest');
  });

  test('a second start with the same workflow id returns the first execution, even after it closed', async () => {
    const id = workflowIds.selfCheck(`dedupe-${Date.now()}`);
    const options = {
      workflow: selfCheckWorkflow,
      workflowId: id,
      args: [{ requestedBy: 'first' }],
      tenantAlias: 'system',
      entityId: 'x',
      kind: 'system',
      summary: 's',
    } satisfies StartOnceOptions<typeof selfCheckWorkflow>;
    const metrics = createMetrics({ collectDefaults: false });
    const first = await startWorkflowOnce(temporal, metrics, options);
    await first.handle.result();
    const second = await startWorkflowOnce(temporal, metrics, {
      ...options,
      args: [{ requestedBy: 'second' }],
    });
    expect(second.started).toBe(false);
    expect((await second.handle.result()).requestedBy).toBe('first');
    const runs = [];
    for await (const wf of temporal.client.workflow.list({ query: `WorkflowId = '${id}'` }))
      runs.push(wf.runId);
    expect(runs).toHaveLength(1);
  });

  test('the worker serves /healthz and /metrics on its own port', async () => {
    const health = await fetch(`http://127.0.0.1:${worker.httpPort}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`http://127.0.0.1:${worker.httpPort}/metrics`)).status).toBe(200);
  });
});

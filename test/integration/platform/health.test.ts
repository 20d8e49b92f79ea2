import { createDb } from '../../../shared/db/knex';
import { startWorkflowOnce, type StartOnceOptions } from '../../../shared/temporal/start-workflow';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { selfCheckWorkflow } from '../../../workflows/self-check.workflow';
import { startTestGateway, testConfig, type TestGateway } from '../../helpers/harness';

describe('health, readiness and metrics', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  test('/healthz answers 200 without credentials', async () => {
    const res = await fetch(`${gw.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('/readyz is 200 when PostgreSQL and Temporal answer', async () => {
    const res = await fetch(`${gw.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', temporal: 'ok' } });
  });

  test('/metrics exposes request durations by route template and workflow starts by type', async () => {
    await fetch(`${gw.url}/api/v1/someone/program`); // 401, still observed
    const id = workflowIds.selfCheck(`metrics-${Date.now()}`);
    const options = {
      workflow: selfCheckWorkflow,
      workflowId: id,
      args: [{ requestedBy: 'metrics-test' }],
      tenantAlias: 'system',
      entityId: 'x',
      kind: 'system',
      summary: 'test',
    } satisfies StartOnceOptions<typeof selfCheckWorkflow>;
    const first = await startWorkflowOnce(gw.deps.temporal, gw.deps.metrics, options);
    const second = await startWorkflowOnce(gw.deps.temporal, gw.deps.metrics, options);
    expect([first.started, second.started]).toEqual([true, false]);
    await first.handle.terminate('no worker in this test');

    const text = await (await fetch(`${gw.url}/metrics`)).text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/:tenantAlias\/program",status="401"\} 1/,
    );
    expect(text).toContain('workflow_starts_total{workflow_type="selfCheckWorkflow",outcome="started"} 1');
    expect(text).toContain('workflow_starts_total{workflow_type="selfCheckWorkflow",outcome="existing"} 1');
  });
});

describe('readiness when a dependency is down', () => {
  test('503 naming postgres when PostgreSQL is unreachable', async () => {
    const config = testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    const gw = await startTestGateway({ config, db: createDb({ url: config.databaseUrl }) });
    try {
      const res = await fetch(`${gw.url}/readyz`);
      const body = (await res.json()) as Record<string, unknown>;
      expect(res.status).toBe(503);
      expect(body).toMatchObject({
        statusCode: 503,
        apiErrorCode: 'SERVICE_UNAVAILABLE',
        message: 'Not ready: postgres unreachable',
        checks: { postgres: 'unavailable', temporal: 'ok' },
      });
    } finally {
      await gw.close();
    }
  });

  test('503 naming temporal when Temporal is unreachable', async () => {
    const gw = await startTestGateway({ config: testConfig({ TEMPORAL_ADDRESS: '127.0.0.1:1' }) });
    try {
      const res = await fetch(`${gw.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        message: 'Not ready: temporal unreachable',
        checks: { postgres: 'ok', temporal: 'unavailable' },
      });
    } finally {
      await gw.close();
    }
  });
});

/**
 * Tracing (docs/observability.md): a gateway request, the workflow it messages and that workflow's
 * activity are one OpenTelemetry trace, exported over OTLP; with OTEL_EXPORTER_OTLP_ENDPOINT unset nothing
 * is set up at all.
 *
 * The gateway runs as its own process, as deployed (services/gateway/main.ts): its instrumentations patch
 * `http` and Koa as they are required, which only a fresh process shows, and their hooks are per process.
 * The worker runs in this file with tracing set up by startTracingFromConfig and shut down at the end: the
 * provider is registered on this file's globals, which jest gives each file, so nothing leaks into others.
 */
import http from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import type { Config } from '../../../shared/config';
import { createDb, type Db } from '../../../shared/db/knex';
import { Worker } from '@temporalio/worker';
import { connectTemporal } from '../../../shared/temporal/connection';
import { runSelfCheck } from '../../../shared/temporal/self-check';
import { workflowIds } from '../../../shared/temporal/workflow-ids';
import { startTracingFromConfig, workerTracingOptions, type Tracing } from '../../../shared/tracing/tracing';
import type { RunningWorker } from '../../../services/worker/worker';
import { TRACE_HEADER } from '../../../workflows/tracing.interceptors';
import { basic, createTestTenant, startTestWorker, testConfig } from '../../helpers/harness';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../helpers/otlp-receiver';
import { uid } from '../../helpers/referrals';
import { startServiceProcess, type ServiceProcess } from '../../helpers/service-process';
import { serviceEnv } from '../../helpers/webhook-faults';

const SERVER = 2;

/** No provider: spans do not record and carry no trace, and nothing is injected into headers. */
function expectNoTracerProvider() {
  const span = trace.getTracer('probe').startSpan('probe');
  expect(span.isRecording()).toBe(false);
  expect(trace.isSpanContextValid(span.spanContext())).toBe(false);
  span.end();
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  expect(carrier).toEqual({});
}

/** The span and its parents up to the trace's root (or the first parent not received). */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const parent = spans.find((s) => s.spanId === span.parentSpanId);
  return parent ? [span, ...ancestry(spans, parent)] : [span];
}

describe('with OTEL_EXPORTER_OTLP_ENDPOINT unset', () => {
  test('no provider, no instrumentation hooks, no Temporal interceptors', () => {
    expect(startTracingFromConfig(testConfig(), 'gateway')).toBeUndefined();
    expectNoTracerProvider();
    expect(http.Server.prototype.emit).not.toHaveProperty('__wrapped');
    // Only the sink that drops spans of workflows a traced gateway messaged.
    const options = workerTracingOptions(undefined);
    expect(options.interceptors).toBeUndefined();
    expect(Object.keys(options.sinks ?? {})).toEqual(['exporter']);
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let receiver: OtlpReceiver;
  let config: Config;
  let tracing: Tracing | undefined;
  let worker: RunningWorker;
  let gateway: ServiceProcess;
  let db: Db;
  let alias: string;
  let call: (method: string, path: string, body: unknown) => Promise<Record<string, any>>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    config = testConfig(otel);
    tracing = startTracingFromConfig(config, 'worker');
    db = createDb({ url: config.databaseUrl, poolMax: 2 });
    const env = serviceEnv(config.databaseUrl, config.TEMPORAL_TASK_QUEUE, {
      ...otel,
      MIGRATE_ON_START: 'false',
    });
    const starting = [
      startTestWorker(config, { tracing }).then((w) => (worker = w)),
      startServiceProcess('gateway', env).then((g) => (gateway = g)),
    ];
    const tenant = await createTestTenant(db, 'trace');
    await Promise.allSettled(starting); // so that afterAll stops whichever started
    await Promise.all(starting);
    alias = tenant.alias;
    const base = `http://127.0.0.1:${gateway.port}/api/v1/${tenant.alias}`;
    call = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: basic(tenant.apiKey), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.ok).toBe(true);
      return (await res.json()) as Record<string, any>;
    };
  });
  afterAll(async () => {
    await gateway?.kill();
    await worker?.close();
    await tracing?.shutdown();
    await db?.destroy();
    await receiver?.close();
  });

  test('a Temporal call outside a trace makes no spans; inside one, the workflow and its activity join it', async () => {
    // The worker's own client, as its system workflows and activities use it.
    const temporal = connectTemporal(config, { interceptors: tracing!.temporal.client });
    try {
      await runSelfCheck(temporal, 'tracing-test-untraced');
      await trace.getTracer('test').startActiveSpan('inside a trace', async (span) => {
        await runSelfCheck(temporal, 'tracing-test-traced');
        span.end();
      });
    } finally {
      await temporal.close();
    }
    const spans = await receiver.waitFor('the workflow span and the test span', (all) =>
      ['RunWorkflow:selfCheckWorkflow', 'inside a trace'].every((name) => all.some((s) => s.name === name)),
    );
    const root = spans.find((s) => s.name === 'inside a trace')!;
    const chain = ancestry(
      spans.filter((s) => s.traceId === root.traceId),
      spans.find((s) => s.name === 'RunActivity:checkDatabase')!,
    );
    expect(chain.map((s) => s.name)).toEqual([
      'RunActivity:checkDatabase',
      'StartActivity:checkDatabase',
      'RunWorkflow:selfCheckWorkflow',
      'StartWorkflow:selfCheckWorkflow',
      'inside a trace',
    ]);
    // The first run made no span: the worker's spans are all in the one trace.
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([root.traceId]));
  });

  test('a converting accountsync request, the lifecycle workflow and its activity are one trace', async () => {
    const referrer = await call('PUT', `/open/account/${uid('acct-r')}/user/${uid('user')}`, {});
    const friend = uid('acct');
    await call('PUT', `/open/account/${friend}/user/${uid('user')}`, {});
    // Attributes and converts at once: the request starts the lifecycle with its update.
    const converted = await call('POST', '/accountsync', {
      id: friend,
      referral: { code: referrer.shareCode },
      subscription: { status: 'PAID' },
    });
    expect(converted.referral.status).toBe('CONVERTED');
    // A workflow's span is exported when the workflow returns: ending the referral ends its lifecycle.
    const ended = await call('POST', '/accountsync', { id: friend, subscription: { status: 'CANCELLED' } });
    expect(ended.referral.status).toBe('ENDED');

    const isSync = (s: ReceivedSpan) =>
      s.kind === SERVER && s.attributes['http.route'] === '/api/v1/:tenantAlias/accountsync';
    const spans = await receiver.waitFor(
      'both requests, their updates and the lifecycle workflow',
      (all) =>
        all.filter(isSync).length === 2 &&
        all.filter((s) => s.name === 'HandleUpdate:applyLifecycle').length === 2 &&
        all.some((s) => s.name === 'RunWorkflow:referralLifecycleWorkflow'),
    );
    const syncs = spans.filter(isSync).sort((a, b) => Number(a.startNs - b.startNs));
    expect(syncs.map((s) => [s.service, s.name])).toEqual([
      ['referral-gateway', 'POST /api/v1/:tenantAlias/accountsync'],
      ['referral-gateway', 'POST /api/v1/:tenantAlias/accountsync'],
    ]);
    const [converting, ending] = syncs as [ReceivedSpan, ReceivedSpan];
    const inTrace = spans.filter((s) => s.traceId === converting.traceId);
    const activity = inTrace
      .filter((s) => s.name === 'RunActivity:reconcileReferral')
      .sort((a, b) => Number(a.startNs - b.startNs))[0];
    expect(activity).toBeDefined();
    const chain = ancestry(inTrace, activity!);
    // Worker: the activity, its scheduling in the workflow, the workflow run; gateway: the Temporal call,
    // the route's handler steps (Koa), the HTTP request, which is the trace's root.
    expect(chain.slice(0, 4).map((s) => [s.service, s.name])).toEqual([
      ['referral-worker', 'RunActivity:reconcileReferral'],
      ['referral-worker', 'StartActivity:reconcileReferral'],
      ['referral-worker', 'RunWorkflow:referralLifecycleWorkflow'],
      ['referral-gateway', 'UpdateWithStartWorkflow:applyLifecycle'],
    ]);
    const rest = chain.slice(4);
    expect(rest.at(-1)).toBe(converting);
    expect(converting.parentSpanId).toBeUndefined();
    expect(rest.slice(0, -1).length).toBeGreaterThan(0);
    for (const step of rest.slice(0, -1)) expect(step.name).toBe('router - /api/v1/:tenantAlias/accountsync');
    // The update itself ran in the workflow under the same call.
    const update = inTrace.find((s) => s.name === 'HandleUpdate:applyLifecycle');
    expect(update && ancestry(inTrace, update)[1]?.name).toBe('UpdateWithStartWorkflow:applyLifecycle');

    // The ending request is a trace of its own, down to the update it sent.
    expect(ending.traceId).not.toBe(converting.traceId);
    expect(spans.some((s) => s.traceId === ending.traceId && s.name === 'HandleUpdate:applyLifecycle')).toBe(
      true,
    );
    // Every trace begins at a request (or the previous test's span): one root each.
    const roots = spans.filter((s) => s.parentSpanId === undefined);
    expect(roots.filter((s) => s.name !== 'inside a trace').every((s) => s.kind === SERVER)).toBe(true);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(roots.length);

    // A traced history replays: its headers take the replay down the traced path again.
    const temporal = connectTemporal(config);
    try {
      const history = await temporal.client.workflow
        .getHandle(workflowIds.referral(alias, friend))
        .fetchHistory();
      expect(history.events![0]!.workflowExecutionStartedEventAttributes!.header!.fields).toHaveProperty([
        TRACE_HEADER,
      ]);
      await Worker.runReplayHistory(
        {
          workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! },
          ...workerTracingOptions(undefined),
        },
        history,
      );
    } finally {
      await temporal.close();
    }
  });
});

describe('after tracing is shut down', () => {
  test('no provider is left registered', () => {
    expectNoTracerProvider();
  });
});

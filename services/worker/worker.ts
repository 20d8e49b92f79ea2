import type { WorkflowOptions, WorkflowStartOptions } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities } from '../../activities';
import type { Config } from '../../shared/config';
import { createDb } from '../../shared/db/knex';
import { closeServer, listen } from '../../shared/http';
import type { Logger } from '../../shared/logger';
import { createMetrics } from '../../shared/metrics';
import { createLocalFileStorage } from '../../shared/storage/file-storage';
import { createTemporal, registerSearchAttributes, type TemporalDeps } from '../../shared/temporal/client';
import { ENTITY_ID, TENANT_ALIAS, WORKFLOW_KIND } from '../../shared/temporal/search-attributes';
import { workflowIds } from '../../shared/temporal/workflow-ids';
import { IDEMPOTENCY_RETENTION_MS } from '../../shared/idempotency';
import { secretBoxFor } from '../../shared/crypto/secret-box';
import { createBraintreeProcessor } from '../../shared/processors/braintree.processor';
import { idempotencyKeyPrunerWorkflow } from '../../workflows/idempotency-key-pruner.workflow';
import { notificationDispatcherWorkflow } from '../../workflows/notification-dispatcher.workflow';
import { referralReconcilerWorkflow } from '../../workflows/referral-reconciler.workflow';
import { webhookDispatcherWorkflow } from '../../workflows/webhook-dispatcher.workflow';
import { webhookTaskQueue } from '../../shared/temporal/webhook-delivery';
import { retentionPrunerWorkflow } from '../../workflows/retention-pruner.workflow';
import { parseWebhookSchedule } from '../../shared/domain/webhook-delivery';
import { workerTracingOptions, type Tracing } from '../../shared/infra/tracing';
import { buildWorkflowBundleInChild } from './workflow-bundle';
import { createWorkerHttpServer } from './worker-http';

/** Delivery workflows the webhook worker keeps cached: a few KB each, so a 1,600-pair backlog fits. */
const WEBHOOK_CACHED_WORKFLOWS = 2000;

export interface RunningWorker {
  httpPort: number;
  /** Settles when the worker stops polling (after close(), or on a fatal worker error). */
  done: Promise<void>;
  close(): Promise<void>;
}

export interface WorkerStartOptions {
  /** Prebuilt workflow bundle (tests build it once); default: bundle workflows/ at start, in a child process. */
  workflowBundle?: WorkerOptions['workflowBundle'];
  taskQueue?: string;
  httpPort?: number;
  /** Run the referral reconciler on this task queue (default true; tests opt in). */
  reconciler?: boolean;
  /** Run the pruners (idempotency keys, data past its retention) on this task queue (default true; tests opt in). */
  keyPruner?: boolean;
  /** Run the outbound webhook dispatcher on this task queue (default true; tests opt in). */
  webhookDispatcher?: boolean;
  /** This process's tracing (shared/infra/tracing.ts), when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  tracing?: Tracing;
}

async function connectWithRetry(address: string, logger: Logger, attempts = 30): Promise<NativeConnection> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await NativeConnection.connect({ address });
    } catch (err) {
      if (attempt >= attempts) throw err;
      logger.warn({ address, attempt }, 'Temporal not reachable yet; retrying');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/**
 * A long-lived system workflow, one per task queue: a second worker replica finds it running and leaves
 * it be (USE_EXISTING).
 */
async function startSystemWorkflow<W extends Workflow>(
  temporal: TemporalDeps,
  taskQueue: string,
  workflow: { workflow: W; id: string; args: Parameters<W>; summary: string; runOn?: string },
): Promise<void> {
  const options: WorkflowOptions & { args: unknown[] } = {
    taskQueue: workflow.runOn ?? taskQueue,
    workflowId: workflow.id,
    args: workflow.args,
    workflowIdConflictPolicy: 'USE_EXISTING',
    typedSearchAttributes: [
      { key: TENANT_ALIAS, value: 'system' },
      { key: ENTITY_ID, value: taskQueue },
      { key: WORKFLOW_KIND, value: 'system' },
    ],
    staticSummary: workflow.summary,
  };
  // The SDK types `args` by a conditional on W, which TypeScript cannot resolve for a generic W.
  await temporal.client.workflow.start(workflow.workflow, options as WorkflowStartOptions<W>);
}

function startReconciler(temporal: TemporalDeps, config: Config, taskQueue: string): Promise<void> {
  return startSystemWorkflow(temporal, taskQueue, {
    workflow: referralReconcilerWorkflow,
    id: workflowIds.referralReconciler(taskQueue),
    args: [
      {
        graceMs: config.RECONCILE_GRACE_MS,
        intervalMs: config.RECONCILE_INTERVAL_MS,
        batchSize: 100,
        concurrency: 4,
      },
    ],
    summary: 'Re-delivers referral changes no lifecycle workflow has applied',
  });
}

function startNotificationDispatcher(
  temporal: TemporalDeps,
  config: Config,
  taskQueue: string,
): Promise<void> {
  return startSystemWorkflow(temporal, taskQueue, {
    workflow: notificationDispatcherWorkflow,
    id: workflowIds.notificationDispatcher(taskQueue),
    args: [
      {
        // No grace: gateways answer webhooks without starting workflows by default, and a start that a
        // gateway also made is answered "already started", which is harmless.
        graceMs: 0,
        intervalMs: config.NOTIFICATION_DISPATCH_INTERVAL_MS,
        batchSize: 100,
        concurrency: 4,
      },
    ],
    summary: 'Starts the workflows of stored processor notifications',
  });
}

function startWebhookDispatcher(temporal: TemporalDeps, config: Config, taskQueue: string): Promise<void> {
  return startSystemWorkflow(temporal, taskQueue, {
    workflow: webhookDispatcherWorkflow,
    id: workflowIds.webhookDispatcher(taskQueue),
    runOn: webhookTaskQueue(taskQueue),
    args: [
      {
        intervalMs: config.WEBHOOK_DISPATCH_INTERVAL_MS,
        batchSize: 500,
        concurrency: 8,
        inlineConcurrency: config.WEBHOOK_INLINE_CONCURRENCY,
        scheduleMs: parseWebhookSchedule(config.WEBHOOK_RETRY_SCHEDULE_MS),
      },
    ],
    summary: 'Starts the deliveries of outbound webhook events (the outbox)',
  });
}

/** Keys are deleted an hour after their window closes, so a gateway whose clock runs behind still finds them. */
const PRUNE_MARGIN_MS = 60 * 60 * 1000;

function startKeyPruner(temporal: TemporalDeps, config: Config, taskQueue: string): Promise<void> {
  return startSystemWorkflow(temporal, taskQueue, {
    workflow: idempotencyKeyPrunerWorkflow,
    id: workflowIds.idempotencyKeyPruner(taskQueue),
    args: [
      {
        olderThanMs: IDEMPOTENCY_RETENTION_MS + PRUNE_MARGIN_MS,
        intervalMs: config.IDEMPOTENCY_PRUNE_INTERVAL_MS,
        batchSize: 5000,
      },
    ],
    summary: 'Deletes user-event idempotency keys past their 24-hour window',
  });
}

/** SAME_CLIENT looks this far back (shared/domain/attribution-signals.ts); older client rows are kept no longer. */
const USER_CLIENTS_RETENTION_MS = 30 * 24 * 3600 * 1000;

function startRetentionPruner(temporal: TemporalDeps, config: Config, taskQueue: string): Promise<void> {
  return startSystemWorkflow(temporal, taskQueue, {
    workflow: retentionPrunerWorkflow,
    id: workflowIds.retentionPruner(taskQueue),
    args: [
      {
        webhookEventsOlderThanMs: config.WEBHOOK_RETENTION_DAYS * 24 * 3600 * 1000,
        userClientsOlderThanMs: USER_CLIENTS_RETENTION_MS,
        intervalMs: config.IDEMPOTENCY_PRUNE_INTERVAL_MS,
        batchSize: 5000,
      },
    ],
    summary: `Deletes webhook events after ${config.WEBHOOK_RETENTION_DAYS} days and users' client addresses and device ids after 30`,
  });
}

/** Hosts workflows/ and activities/ on the task queue, with /healthz and /metrics on its own port. */
export async function startWorker(
  config: Config,
  logger: Logger,
  options: WorkerStartOptions = {},
): Promise<RunningWorker> {
  const db = createDb({
    url: config.databaseUrl,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: 'worker',
    logger,
  });
  const taskQueue = options.taskQueue ?? config.TEMPORAL_TASK_QUEUE;
  const connection = await connectWithRetry(config.temporalAddress, logger);
  const admin = createTemporal({
    address: config.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue,
    interceptors: options.tracing?.temporal.client,
  });
  await registerSearchAttributes(admin);
  const metrics = createMetrics();

  const built = options.workflowBundle ? undefined : await buildWorkflowBundleInChild();
  const activities = createActivities({
    db,
    temporal: admin,
    metrics,
    storage: createLocalFileStorage(config.fileStorageDir),
    importChunkRows: config.IMPORT_CHUNK_ROWS,
    importParallelChunks: config.IMPORT_PARALLEL_CHUNKS,
    publicUrl: config.publicUrl,
    importActivityBudgetMs: config.IMPORT_ACTIVITY_BUDGET_MS,
    secretBox: secretBoxFor(config.SECRET_KEY),
    processors: createBraintreeProcessor,
    processorOptions: { baseUrl: config.PROCESSOR_BASE_URL, timeoutMs: config.PROCESSOR_TIMEOUT_MS },
    webhooks: {
      allowHttp: config.WEBHOOK_ALLOW_HTTP,
      allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    },
    rewardDayMs: config.REWARD_DAY_MS,
  });
  const common: Omit<WorkerOptions, 'taskQueue'> = {
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    workflowBundle: options.workflowBundle ?? { codePath: built!.codePath },
    activities,
    shutdownGraceTime: `${Math.max(1, Math.floor(config.SHUTDOWN_GRACE_MS / 2000))}s`,
    ...workerTracingOptions(options.tracing),
  };
  // Referral lifecycles wait for days on hold and expiry timers: their cache is a bound chosen here, not the
  // SDK's heap-derived default (bench/held-rewards.ts, BENCHMARKS.md).
  const worker = await Worker.create({
    ...common,
    taskQueue,
    maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
  });
  // Outbound webhooks poll a queue of their own with their own slots (shared/temporal/webhook-delivery.ts).
  // Its cache is fixed here too: the SDK's default follows the heap limit, about 2,300 without one but
  // 32 under `npm run start:worker`'s 256 MiB, which would replay most of a retry backlog at each timer.
  const webhookWorker = await Worker.create({
    ...common,
    taskQueue: webhookTaskQueue(taskQueue),
    maxCachedWorkflows: WEBHOOK_CACHED_WORKFLOWS,
    maxConcurrentWorkflowTaskExecutions: 10,
    maxConcurrentActivityTaskExecutions: 50,
  });

  const server = createWorkerHttpServer({
    config,
    db,
    metrics,
    logger,
    // Healthy while both poll: the first state that is not RUNNING is the answer.
    workerState: () =>
      [worker, webhookWorker].map((w) => w.getState()).find((state) => state !== 'RUNNING') ?? 'RUNNING',
  });
  const httpPort = await listen(server, options.httpPort ?? config.WORKER_HTTP_PORT, config.HOST);

  const done = Promise.all([worker.run(), webhookWorker.run()]).then(() => undefined);
  logger.info({ taskQueue, httpPort }, 'worker running');
  if (options.reconciler !== false) {
    await startReconciler(admin, config, taskQueue);
    await startNotificationDispatcher(admin, config, taskQueue);
  }
  if (options.keyPruner !== false) {
    await startKeyPruner(admin, config, taskQueue);
    await startRetentionPruner(admin, config, taskQueue);
  }
  if (options.webhookDispatcher !== false) await startWebhookDispatcher(admin, config, taskQueue);
  let closing: Promise<void> | undefined;
  return {
    httpPort,
    done,
    close() {
      closing ??= (async () => {
        for (const w of [worker, webhookWorker]) if (w.getState() === 'RUNNING') w.shutdown(); // drains in-flight tasks
        await done.catch((err: unknown) => logger.error({ err }, 'worker stopped with an error'));
        await closeServer(server);
        await Promise.allSettled([connection.close(), admin.close(), db.destroy()]);
        built?.remove();
      })();
      return closing;
    },
  };
}

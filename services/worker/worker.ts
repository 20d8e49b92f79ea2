import { Worker, type WorkerOptions } from '@temporalio/worker';
import { globalHandlers } from '@temporalio/worker/lib/workflow/vm-shared';
import { createActivities } from '../../activities';
import type { Config } from '../../shared/config';
import { createDb } from '../../shared/db/knex';
import { closeServer, listen } from '../../shared/http';
import type { Logger } from '../../shared/logger';
import { createMetrics } from '../../shared/metrics';
import { createLocalFileStorage } from '../../shared/storage/file-storage';
import { registerSearchAttributes } from '../../shared/temporal/client';
import { connectTemporal } from '../../shared/temporal/connection';
import { connectWorkerToTemporal } from '../../shared/temporal/worker-connection';
import { secretBoxFor } from '../../shared/crypto/secret-box';
import { createBraintreeProcessor } from '../../shared/processors/braintree.processor';
import { createCouponBilling } from '../../shared/processors/coupon-billing-registry';
import { configureSystemWorkflowsAtStart } from '../../shared/use-cases/system-workflows';
import { createMailDeps } from '../../shared/use-cases/notification-mail';
import { webhookTaskQueue } from '../../shared/temporal/webhook-delivery';
import { workerTracingOptions, type Tracing } from '../../shared/tracing/tracing';
import { chooseWorkflowBundle } from './workflow-bundle';
import { createWorkerHttpServer } from './worker-http';
import { createPayoutDeps } from '../../shared/use-cases/payout-deps';

/** Delivery workflows the webhook worker keeps cached: a few KB each, so a 1,600-pair backlog fits. */
const WEBHOOK_CACHED_WORKFLOWS = 2000;

export interface RunningWorker {
  httpPort: number;
  /** Settles when the worker stops polling (after close(), or on a fatal worker error). */
  done: Promise<void>;
  close(): Promise<void>;
}

export interface WorkerStartOptions {
  /** Prebuilt workflow bundle (tests build it once); default: `npm run build`'s, or bundle workflows/ now. */
  workflowBundle?: WorkerOptions['workflowBundle'];
  taskQueue?: string;
  httpPort?: number;
  /** Run the referral reconciler on this task queue (default true; tests opt in). */
  reconciler?: boolean;
  /** Run the pruners (idempotency keys, data past its retention) on this task queue (default true; tests opt in). */
  keyPruner?: boolean;
  /** Run the outbound webhook dispatcher on this task queue (default true; tests opt in). */
  webhookDispatcher?: boolean;
  /** Run the e-mail notifier on this task queue (default true; tests opt in). */
  mailNotifier?: boolean;
  /** This process's tracing (shared/tracing/tracing.ts), when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  tracing?: Tracing;
  /**
   * Run workflows on this thread instead of a worker thread per Worker (Temporal's `debugMode`: the same
   * V8 context isolation, without the deadlock detector). The test suite's in-process workers use it: a
   * workflow thread loads the SDK afresh, about 0.3 s of CPU, twice per test stack. Services never set it.
   */
  workflowsOnMainThread?: boolean;
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
  const connection = await connectWorkerToTemporal(config, logger).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  const admin = connectTemporal(config, { taskQueue, interceptors: options.tracing?.temporal.client });
  await registerSearchAttributes(admin, logger);
  const metrics = createMetrics();

  const bundle = await chooseWorkflowBundle(options.workflowBundle);
  logger.info({ workflowBundle: bundle.source }, 'workflow bundle ready');
  const mail = createMailDeps(db, config);
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
    billing: createCouponBilling,
    billingOptions: { baseUrl: config.STRIPE_BASE_URL, timeoutMs: config.PROCESSOR_TIMEOUT_MS },
    payouts: createPayoutDeps(db, config),
    payoutTiming: {
      pollIntervalMs: config.PAYOUT_POLL_INTERVAL_MS,
      heartbeatTimeoutMs: config.PAYOUT_HEARTBEAT_TIMEOUT_MS,
    },
    webhooks: {
      allowHttp: config.WEBHOOK_ALLOW_HTTP,
      allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    },
    rewardDayMs: config.REWARD_DAY_MS,
    mail,
  });
  const common: Omit<WorkerOptions, 'taskQueue'> = {
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    workflowBundle: bundle.workflowBundle,
    activities,
    shutdownGraceTime: `${Math.max(1, Math.floor(config.SHUTDOWN_GRACE_MS / 2000))}s`,
    ...(options.workflowsOnMainThread ? { debugMode: true } : {}),
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

  if (options.workflowsOnMainThread) stopWorkflowPromiseHook();

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
  // The running system workflows take this worker's configuration (or start with it).
  await configureSystemWorkflowsAtStart(admin, config, taskQueue, {
    reconciler: options.reconciler !== false,
    pruners: options.keyPruner !== false,
    webhookDispatcher: options.webhookDispatcher !== false,
    mailNotifier: options.mailNotifier !== false,
  });
  let closing: Promise<void> | undefined;
  return {
    httpPort,
    done,
    close() {
      closing ??= (async () => {
        for (const w of [worker, webhookWorker]) if (w.getState() === 'RUNNING') w.shutdown(); // drains in-flight tasks
        await done.catch((err: unknown) => logger.error({ err }, 'worker stopped with an error'));
        await closeServer(server);
        mail.transport?.close();
        await Promise.allSettled([connection.close(), admin.close(), db.destroy()]);
        bundle.remove();
      })();
      return closing;
    },
  };
}

/**
 * Temporal's workflow VM installs a V8 promise hook (once per thread, never removed) that records where
 * each workflow promise was made, for the `__stack_trace` query. On a workflow thread it sees workflow
 * promises only; with workflows on this thread it runs for every promise of the process (database
 * queries, HTTP, the test runner) and compiles a function twice for each: 9 % of a jest worker's CPU in
 * the integration project. Removed once the Workers exist (the next Worker.create installs it again, and
 * it is removed again here), with the stack-trace formatter installed beside it: the stack-trace query
 * then names less, and nothing else reads what the hook records.
 */
function stopWorkflowPromiseHook(): void {
  globalHandlers.uninstall();
}

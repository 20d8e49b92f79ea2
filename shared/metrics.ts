import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process so tests can build several apps without clashing metric names. */
export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  workflowStarts: Counter<'workflow_type' | 'outcome'>;
  processorNotifications: Counter<'kind' | 'duplicate'>;
  /** Requests refused with 429 RATE_LIMITED, by tenant alias (only tenants that were limited appear). */
  rateLimitedRequests: Counter<'tenant'>;
  /** Outbound webhook HTTP attempts by outcome (SUCCEEDED, FAILED, GONE, ABANDONED). */
  webhookDeliveries: Counter<'outcome'>;
  webhookAttemptDuration: Histogram<'outcome'>;
  /** Age of the oldest undispatched outbox event, as the worker's dispatcher last saw it. */
  webhookBacklogAge: Gauge;
  /** Share images rendered by this process (at most once per program settings version and code). */
  shareImageRenders: Counter;
}

export function createMetrics(options: { collectDefaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.collectDefaults !== false) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    workflowStarts: new Counter({
      name: 'workflow_starts_total',
      help: 'Workflow starts requested by this process, by workflow type and outcome (started, existing)',
      labelNames: ['workflow_type', 'outcome'],
      registers: [registry],
    }),
    processorNotifications: new Counter({
      name: 'processor_notifications_total',
      help: 'Verified payment-processor notifications received, by kind and whether it was a redelivery',
      labelNames: ['kind', 'duplicate'],
      registers: [registry],
    }),
    rateLimitedRequests: new Counter({
      name: 'rate_limited_requests_total',
      help: "Requests this gateway refused with 429 RATE_LIMITED, by tenant alias (the tenant's token bucket was empty)",
      labelNames: ['tenant'],
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Outbound webhook HTTP attempts, by outcome (SUCCEEDED, FAILED, GONE, ABANDONED)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    webhookAttemptDuration: new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: "Outbound webhook attempt latency (request to the answer's first bytes), by outcome",
      labelNames: ['outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers: [registry],
    }),
    webhookBacklogAge: new Gauge({
      name: 'webhook_outbox_backlog_age_seconds',
      help: "Age of the oldest outbox event no delivery workflow was started for yet (0 when none), as the worker's webhook dispatcher last saw it",
      registers: [registry],
    }),
    shareImageRenders: new Counter({
      name: 'share_image_renders_total',
      help: 'Share images (link previews) rendered by this process; each is rendered once and kept in PostgreSQL',
      registers: [registry],
    }),
  };
}

import http from 'node:http';
import type { Config } from '../../shared/config';
import { probeDatabase } from '../../shared/db/db-probe';
import { RETRY_AFTER_SECONDS } from '../../shared/db/db-errors';
import type { Db } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import type { Metrics } from '../../shared/metrics';

type Reply = { status: number; body: string; type?: string; headers?: Record<string, string> };

const json = (status: number, value: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body: JSON.stringify(value),
  headers,
});

/**
 * The worker's probes and metrics on its own port:
 * - /healthz: 200 while the worker polls its task queue (503 with its state otherwise);
 * - /readyz: 200 when PostgreSQL accepts a connection, 503 SERVICE_UNAVAILABLE with Retry-After when it
 *   does not, within about two seconds (a probe of its own, never queued behind busy activities);
 * - /metrics: Prometheus text.
 * Each answers or fails within its bounds; no probe can hang on a dependency.
 */
export function createWorkerHttpServer(deps: {
  config: Pick<Config, 'HTTP_HEADERS_TIMEOUT_MS'>;
  db: Db;
  metrics: Metrics;
  logger: Logger;
  workerState: () => string;
}): http.Server {
  const routes: Record<string, () => Promise<Reply>> = {
    '/healthz': async () => {
      const state = deps.workerState();
      return json(state === 'RUNNING' ? 200 : 503, {
        status: state === 'RUNNING' ? 'ok' : state.toLowerCase(),
      });
    },
    '/readyz': () =>
      probeDatabase(deps.db).then(
        () => json(200, { status: 'ready', checks: { postgres: 'ok' } }),
        (err: Error) => {
          deps.logger.warn({ check: 'postgres', err: err.message }, 'readiness check failed');
          return json(
            503,
            {
              statusCode: 503,
              message: 'Not ready: postgres unreachable',
              apiErrorCode: 'SERVICE_UNAVAILABLE',
              checks: { postgres: 'unavailable' },
            },
            { 'Retry-After': String(RETRY_AFTER_SECONDS) },
          );
        },
      ),
    '/metrics': async () => ({
      status: 200,
      body: await deps.metrics.registry.metrics(),
      type: deps.metrics.registry.contentType,
    }),
  };

  async function dispatch(method: string, path: string): Promise<Reply> {
    const route = routes[path];
    if (!route)
      return json(404, { statusCode: 404, message: `No route for ${path}`, apiErrorCode: 'NOT_FOUND' });
    if (method !== 'GET' && method !== 'HEAD') {
      const message = `${method} is not allowed on ${path}`;
      return json(
        405,
        { statusCode: 405, message, apiErrorCode: 'METHOD_NOT_ALLOWED' },
        { Allow: 'GET, HEAD' },
      );
    }
    try {
      return await route();
    } catch (err) {
      deps.logger.error({ err, path }, 'worker endpoint failed');
      return json(500, { statusCode: 500, message: 'Internal server error', apiErrorCode: 'INTERNAL_ERROR' });
    }
  }

  // Probes send no body: a slow or stalled request is cut by the headers timeout, and the whole request
  // by the same bound (Node checks both every second here instead of every 30 s).
  const server = http.createServer(
    {
      headersTimeout: deps.config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: deps.config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, deps.config.HTTP_HEADERS_TIMEOUT_MS),
    },
    (req, res) => {
      void dispatch(req.method ?? 'GET', (req.url ?? '/').split('?', 1)[0]!).then((reply) => {
        res.writeHead(reply.status, {
          'Content-Type': reply.type ?? 'application/json; charset=utf-8',
          ...reply.headers,
        });
        res.end(reply.body);
      });
    },
  );
  return server;
}

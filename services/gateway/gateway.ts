import type { Config } from '../../shared/config';
import type { Tracing } from '../../shared/tracing/tracing';
import { createDb, migrateLatest } from '../../shared/db/knex';
import { closeServer, listen } from '../../shared/http';
import type { Logger } from '../../shared/logger';
import { createMetrics, type Metrics } from '../../shared/metrics';
import { createApp } from './app';
import { buildGatewayDeps } from './gateway-deps';
import { createGatewayServer, createProbeServer } from './http-server';

export interface RunningGateway {
  port: number;
  url: string;
  /** The HEALTH_PORT listener's port (probes and metrics only), when one was asked for. */
  healthPort: number | undefined;
  close(): Promise<void>;
}

/** Connects, migrates (unless disabled), and serves the API until close(). */
export async function startGateway(
  config: Config,
  logger: Logger,
  options: { metrics?: Metrics; now?: () => number; tracing?: Tracing } = {},
): Promise<RunningGateway> {
  const db = createDb({
    url: config.databaseUrl,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: 'gateway',
    logger,
  });
  if (config.MIGRATE_ON_START) {
    const applied = await migrateLatest(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  }
  const metrics = options.metrics ?? createMetrics();
  const runtime = await buildGatewayDeps({
    config,
    db,
    logger,
    metrics,
    now: options.now,
    temporalInterceptors: options.tracing?.temporal.client,
  });
  // Timeouts and the connection cap (MAX_CONNECTIONS) that keep health reachable: see http-server.ts.
  const { server, serve } = createGatewayServer(config, metrics.registry);
  const port = await listen(server, config.PORT, config.HOST);
  const probes = config.HEALTH_PORT === undefined ? undefined : createProbeServer(config);
  const healthPort = probes && (await listen(probes.server, config.HEALTH_PORT!, config.HOST));
  // With PORT=0 the share links' default base URL is only known once listening.
  const publicUrl = config.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  const app = createApp({ ...runtime.deps, config: { ...config, publicUrl } });
  const handler = app.callback();
  serve(handler);
  probes?.serve(handler);
  logger.info({ port, healthPort }, 'gateway listening');
  return {
    port,
    url: `http://localhost:${port}`,
    healthPort,
    async close() {
      await Promise.all([closeServer(server), probes && closeServer(probes.server)]);
      await runtime.close({ drainMs: 5000 });
    },
  };
}

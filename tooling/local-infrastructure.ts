import path from 'node:path';
import { PROJECT_ROOT, type Config } from '../shared/config';
import type { Logger } from '../shared/logger';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../shared/temporal/search-attributes';
import { ensurePostgres, type PostgresHandle } from './postgres';
import { ensureTemporal, type TemporalServerHandle } from './temporal-server';

/**
 * PostgreSQL and Temporal for one machine, by the launcher's rules (configured, else answering at the
 * default address, else embedded PostgreSQL / a Temporal dev server), started side by side.
 */
export async function ensureLocalInfrastructure(
  config: Config,
  logger: Logger,
  options: { callerHandlesSignals?: boolean; onStarted?: (stop: () => Promise<void>) => void } = {},
): Promise<{ pg: PostgresHandle; temporal: TemporalServerHandle }> {
  const track = <H extends { stop(): Promise<void> }>(handle: H) => {
    options.onStarted?.(() => handle.stop());
    return handle;
  };
  const [pg, temporal] = await Promise.all([
    ensurePostgres({
      databaseUrl: config.databaseUrl,
      explicit: config.databaseUrlExplicit,
      dataDir: config.dataDir,
      embeddedPort: config.EMBEDDED_PG_PORT,
      databaseName: config.DATABASE_NAME,
      logger,
      callerHandlesSignals: options.callerHandlesSignals,
    }).then(track),
    ensureTemporal({
      address: config.temporalAddress,
      explicit: config.temporalAddressExplicit,
      namespace: config.TEMPORAL_NAMESPACE,
      dataDir: config.dataDir,
      toolsDir: path.join(PROJECT_ROOT, '.tools'),
      uiPort: config.TEMPORAL_UI_PORT,
      searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
      logger,
    }).then(track),
  ]);
  return { pg, temporal };
}

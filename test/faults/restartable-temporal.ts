import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { freePort } from '../../shared/http';
import { findOrInstallTemporalCli, startTemporalDevServer } from '../../tooling/temporal-server';
import type { RestartableServer } from '../../tooling/supervised-process';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../shared/temporal/search-attributes';
import { testLogger } from '../helpers/harness';

/**
 * A Temporal dev server of the test file's own that the test stops and starts again: persisted in a
 * SQLite file under .data/faults/ (so workflows, timers and task queues survive the restart), on a free
 * port that it keeps, with the search attributes registered as test/global-setup.ts does.
 */
export interface RestartableTemporal {
  address: string;
  /** Stops the server (SIGTERM, then SIGKILL after its grace); answers how long the stop took. */
  stop(): Promise<number>;
  /** Starts it again on the same port and file; answers how long until its port answered. */
  start(): Promise<number>;
  /** Stops it for good and removes its files. */
  close(): Promise<void>;
}

export async function startRestartableTemporal(name: string): Promise<RestartableTemporal> {
  const dataDir = path.join(PROJECT_ROOT, '.data', 'faults', `${name}-${process.pid}-${Date.now()}`);
  const cli = await findOrInstallTemporalCli(path.join(PROJECT_ROOT, '.tools'), testLogger);
  const handle = await startTemporalDevServer({
    cli,
    dataDir,
    persist: true,
    port: await freePort(),
    namespace: 'default',
    searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
    logger: testLogger,
  });
  const server: RestartableServer = handle.server!;
  const timed = async (step: () => Promise<void>) => {
    const started = Date.now();
    await step();
    return Date.now() - started;
  };
  return {
    address: handle.address,
    stop: () => timed(() => server.process.stop()),
    start: () => timed(() => server.restart()),
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

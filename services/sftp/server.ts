import net from 'node:net';
import path from 'node:path';
import { Server } from 'ssh2';
import type { Config } from '../../shared/config';
import { createDb } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import { createMetrics, type Metrics } from '../../shared/metrics';
import { createLocalFileStorage } from '../../shared/storage/file-storage';
import { checkTemporalTls } from '../../shared/temporal/connection-check';
import { connectTemporal } from '../../shared/temporal/connection';
import { discardAbandonedSftpUpload } from '../../shared/use-cases/sftp-upload';
import { createAdmission, descriptorBudget } from './admission';
import { PlaceCounter } from './auth';
import { ensureHostKey, hostKeyPath } from './host-key';
import { createInFlightUploads } from './in-flight';
import { MAX_HANDLES } from './sftp-requests';
import { serveConnection, type ConnectionDeps, type ServedConnection } from './session';

/**
 * The SFTP server (`npm run start:sftp`, and `npm start` runs one): ssh2 on SFTP_HOST:SFTP_PORT with the
 * persisted host key, tenants' uploads streamed into the same file storage, database and Temporal as the
 * gateway's. Stateless apart from the host key file, so replicas sharing that file and the file storage
 * scale out behind a TCP load balancer.
 *
 * Connections come in through a plain TCP server that applies the admission limits (./admission.ts)
 * before handing a socket to ssh2, so that a flood of connections is refused for the cost of a close.
 */

export interface RunningSftp {
  port: number;
  host: string;
  /** The host key's `SHA256:…` fingerprint, which clients see on their first connection. */
  hostKeyFingerprint: string;
  close(): Promise<void>;
}

/** How often uploads in flight are marked alive and cut-off ones looked for (see ./in-flight.ts). */
export function heartbeatMs(config: Pick<Config, 'SFTP_IDLE_TIMEOUT_MS'>): number {
  return Math.min(5000, Math.max(250, Math.floor(config.SFTP_IDLE_TIMEOUT_MS / 4)));
}

export async function startSftpServer(
  config: Config,
  logger: Logger,
  options: { metrics?: Metrics; now?: () => number } = {},
): Promise<RunningSftp> {
  const now = options.now ?? Date.now;
  await checkTemporalTls(config, logger); // Temporal refusing our certificates stops the start
  const hostKey = ensureHostKey(hostKeyPath(config));
  const db = createDb({
    url: config.databaseUrl,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: 'sftp',
    logger,
  });
  const temporal = connectTemporal(config);
  const storage = createLocalFileStorage(config.fileStorageDir);
  const inFlight = createInFlightUploads({
    dir: path.join(path.dirname(hostKey.path), 'uploads-in-flight'),
    heartbeatMs: heartbeatMs(config),
    discard: (tenant, fileRef) => discardAbandonedSftpUpload({ db, storage }, tenant, fileRef),
    logger,
  });
  const admission = createAdmission(config, logger);
  const budget = descriptorBudget(config, MAX_HANDLES);
  if (budget.processLimit !== undefined && budget.worstCase > budget.processLimit / 2) {
    logger.warn(
      { ...budget, SFTP_MAX_CONNECTIONS: config.SFTP_MAX_CONNECTIONS },
      'SFTP_MAX_CONNECTIONS lets the SFTP server hold more than half the open files this process may have: lower it or raise the limit (ulimit -n)',
    );
  }
  const deps: ConnectionDeps = {
    db,
    storage,
    logger,
    inFlight,
    now,
    startedAt: new Date(now()),
    failureDelayMs: config.SFTP_AUTH_FAILURE_DELAY_MS,
    idleTimeoutMs: config.SFTP_IDLE_TIMEOUT_MS,
    sessions: new PlaceCounter(config.SFTP_MAX_SESSIONS_PER_TENANT),
    uploadPlaces: new PlaceCounter(config.SFTP_MAX_UPLOADS_PER_TENANT),
    maxChannels: config.SFTP_MAX_CHANNELS_PER_CONNECTION,
    onAuthenticated: (info) => admission.authenticated(info.ip, info.port),
    uploads: {
      db,
      storage,
      temporal,
      metrics: options.metrics ?? createMetrics({ collectDefaults: false }),
      config,
      maxBytes: config.UPLOAD_MAX_BYTES,
      quotaBytes: config.UPLOAD_QUOTA_BYTES,
      now,
    },
  };

  const connections = new Set<ServedConnection>();
  const server = new Server(
    { hostKeys: [hostKey.privateKey], ident: 'referral-service-sftp' },
    (client, info) => {
      const served = serveConnection(client, info, deps);
      connections.add(served);
      client.once('close', () => connections.delete(served));
    },
  );
  server.on('error', (err: Error) => logger.error({ err }, 'SFTP server error'));
  const gate = net.createServer((socket) => {
    if (admission.admit(socket)) server.injectSocket(socket);
  });
  gate.on('error', (err: Error) => logger.error({ err }, 'SFTP server error'));

  const host = config.SFTP_HOST ?? config.HOST;
  let port: number;
  try {
    await inFlight.sweep();
    port = await new Promise<number>((resolve, reject) => {
      gate.once('error', reject);
      gate.listen(config.SFTP_PORT, host, () => {
        gate.off('error', reject);
        const address = gate.address();
        resolve(typeof address === 'object' && address ? address.port : config.SFTP_PORT);
      });
    });
  } catch (err) {
    inFlight.close();
    admission.close();
    await Promise.allSettled([db.destroy(), temporal.close()]);
    throw err;
  }
  logger.info({ host, port, hostKey: hostKey.fingerprint }, 'SFTP server listening');

  return {
    port,
    host,
    hostKeyFingerprint: hostKey.fingerprint,
    async close() {
      const closed = new Promise<void>((resolve) => gate.close(() => resolve()));
      await Promise.all([...connections].map((c) => c.end()));
      await closed;
      inFlight.close();
      admission.close();
      await Promise.allSettled([db.destroy(), temporal.close()]);
    },
  };
}

import path from 'node:path';
import { loadConfigOrExit, type Config } from '../../shared/config';
import { ensureDevSecretKey } from '../../shared/crypto/dev-secret-key';
import { createDb, migrateLatest } from '../../shared/db/knex';
import { ensureDemoOperator, ensureDemoOperatorOn } from '../../shared/domain/operators/demo-operator';
import { ensureDemoTenant } from '../../shared/domain/tenants/demo-tenant';
import { twinAlias } from '../../shared/domain/tenants/tenants';
import { ensureLocalInfrastructure } from '../../tooling/local-infrastructure';
import { startMailCatcher, type MailCatcher } from '../../tooling/mail-catcher';
import { startTracingFromConfig } from '../../shared/tracing/tracing';
import type { PostgresHandle } from '../../tooling/postgres';
import type { TemporalServerHandle } from '../../tooling/temporal-server';
import { createLogger } from '../../shared/logger';
import { handleShutdown } from '../../shared/process';
import type { SupervisedProcess } from '../../tooling/supervised-process';
import { installTemporalRuntimeLogger } from '../worker/runtime-logger';
import { connectTemporal } from '../../shared/temporal/connection';
import { runSelfCheck } from '../../shared/temporal/self-check';
import type { SelfCheckResult } from '../../shared/types/system';
import type * as Gateway from '../gateway/gateway';
import type { RunningGateway } from '../gateway/gateway';
import { startSftpServer, type RunningSftp } from '../sftp/server';
import { startWorker, type RunningWorker } from '../worker/worker';
import { watchLaunchingProcesses } from './parent-watch';
import { superviseServer } from './supervise';

/**
 * `npm start`: everything a newcomer needs on one machine. Ensures PostgreSQL and Temporal (starting
 * embedded/dev servers only when none is configured or answering), migrates, seeds the demo tenant,
 * runs the worker, the gateway and the SFTP server in this process, proves the loop with a self-check
 * workflow, and prints where everything is.
 *
 * Supervision: the servers it starts run under watchdogs and never outlive it, however it ends
 * (tooling/supervised-process.ts); one that stops is restarted a bounded number of times
 * (./supervise.ts); a worker that stops polling, a server that cannot be kept running, or the death of
 * the processes that started the launcher (./parent-watch.ts) stop everything, never leaving half a stack.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'launcher' });
  installTemporalRuntimeLogger(logger);
  // Before the gateway is loaded (services/gateway/main.ts says why); stopped last.
  const tracing = startTracingFromConfig(config, 'launcher');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startGateway } = require('../gateway/gateway') as typeof Gateway;
  const stops: (() => Promise<void>)[] = tracing ? [() => tracing.shutdown()] : [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const stop of stops.reverse())
      await stop().catch((err: unknown) => logger.error({ err }, 'stop failed'));
  };
  const shutdown = handleShutdown(logger, config.SHUTDOWN_GRACE_MS, stopAll);
  const fatal = (message: string) => {
    if (stopping) return;
    logger.fatal(message);
    process.stderr.write(`npm start: ${message}. Stopping everything.\n`);
    shutdown(message, 1);
  };
  watchLaunchingProcesses((message) => {
    logger.warn(`${message}; stopping everything`);
    shutdown(message, 1);
  });

  try {
    // handleShutdown stops them last, after the worker and gateway have drained.
    const { pg, temporal } = await ensureLocalInfrastructure(config, logger, {
      callerHandlesSignals: true,
      onStarted: (stop) => stops.push(stop),
    });
    for (const server of [pg.server, temporal.server]) {
      if (server) superviseServer(server, { logger, isStopping: () => stopping, onFatal: fatal });
    }
    const mail = config.SMTP_URL ? undefined : await devMailCatcher(config, logger);
    if (mail) stops.push(() => mail.close());
    const resolved: Config = {
      ...config,
      ...(mail && { SMTP_URL: mail.url }),
      databaseUrl: pg.url,
      temporalAddress: temporal.address,
      SECRET_KEY: config.SECRET_KEY ?? devSecretKey(config, logger),
      ...devWebhookGuard(logger),
    };

    const db = createDb({ url: resolved.databaseUrl, poolMax: 2, applicationName: 'launcher' });
    await migrateLatest(db);
    const demo = await ensureDemoTenant(db, config.DEMO_TENANT_ALIAS, config.dataDir);
    const demoOperator = await ensureDemoOperator(db, config.DEMO_TENANT_ALIAS, config.dataDir);
    // Its other-mode twin (test_<alias>) with the same operator, for the portal's live/test switch.
    const twin = twinAlias(config.DEMO_TENANT_ALIAS);
    const demoTwin = twin === null ? undefined : await ensureDemoTenant(db, twin, config.dataDir);
    if (demoTwin) await ensureDemoOperatorOn(db, demoTwin.alias, demoOperator);
    await db.destroy();

    const worker = await startWorker(resolved, logger.child({ component: 'worker' }), { tracing });
    stops.push(() => worker.close());
    worker.done.then(
      () => fatal('the worker stopped polling Temporal'),
      (err: unknown) => fatal(`the worker failed: ${(err as Error).message}`),
    );
    const gateway = await startGateway(
      { ...resolved, MIGRATE_ON_START: false },
      logger.child({ component: 'gateway' }),
      { tracing },
    );
    stops.push(() => gateway.close());
    const sftp = await startSftpServer(resolved, logger.child({ component: 'sftp' }));
    stops.push(() => sftp.close());
    const check = await selfCheck(resolved);
    printBanner({
      config: resolved,
      pg,
      temporal,
      gateway,
      worker,
      sftp,
      demo,
      demoTwin,
      demoOperator,
      check,
      mail,
    });
  } catch (err) {
    logger.fatal({ err }, 'launcher failed to start');
    await stopAll();
    process.exit(1);
  }
}

/**
 * `npm start` is for development: unless either switch is set, webhook endpoints on this machine
 * (http://localhost:3000/hooks) are accepted. The production services (start:gateway, start:worker,
 * docker compose) keep the https-only, public-addresses-only default.
 */
function devWebhookGuard(logger: ReturnType<typeof createLogger>): Partial<Config> {
  if (
    process.env.WEBHOOK_ALLOW_HTTP !== undefined ||
    process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES !== undefined
  ) {
    return {};
  }
  logger.warn(
    'WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_ADDRESSES are not set: npm start accepts http:// and local webhook endpoints for development. Production services refuse them.',
  );
  return { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: true };
}

/**
 * `npm start` without SMTP_URL: e-mail is caught by a local SMTP server and written as .eml files under
 * DATA_DIR/mail (tooling/mail-catcher.ts), so notifications and operators' links can be read.
 */
async function devMailCatcher(config: Config, logger: ReturnType<typeof createLogger>): Promise<MailCatcher> {
  const mail = await startMailCatcher(path.join(config.dataDir, 'mail'));
  logger.warn(
    { dir: mail.dir },
    `SMTP_URL is not set: npm start catches the e-mail the service sends and writes it to ${mail.dir}. Set SMTP_URL to send it.`,
  );
  return mail;
}

function devSecretKey(config: Config, logger: ReturnType<typeof createLogger>): string {
  const { secretKey, file, created } = ensureDevSecretKey(config.dataDir);
  logger.warn(
    { file },
    `SECRET_KEY is not set: ${created ? 'generated' : 'using'} a development key in ${file}. Set SECRET_KEY in production (it encrypts payment-processor keys).`,
  );
  return secretKey;
}

async function selfCheck(config: Config): Promise<SelfCheckResult> {
  const temporal = connectTemporal(config);
  try {
    return await runSelfCheck(temporal, 'launcher');
  } finally {
    await temporal.close();
  }
}

/** Process ids and log file of a server the launcher runs (tests and operators find it by these). */
function processInfo(server: SupervisedProcess | undefined) {
  return server && { pid: server.pid, watchdogPid: server.watchdogPid, logFile: server.logFile };
}

const TEMPORAL_ORIGIN: Record<TemporalServerHandle['origin'], (logFile?: string) => string> = {
  started: (logFile) => `dev server started by npm start, log ${logFile}`,
  found: () => 'found running: not started by npm start, so not supervised or restarted by it',
  configured: () => 'TEMPORAL_ADDRESS: not started by npm start, so not supervised or restarted by it',
};

function printBanner(s: {
  config: Config;
  pg: PostgresHandle;
  temporal: TemporalServerHandle;
  gateway: RunningGateway;
  worker: RunningWorker;
  sftp: RunningSftp;
  demo: { alias: string; mode: string; apiKey: string };
  demoTwin: { alias: string; mode: string; apiKey: string } | undefined;
  demoOperator: { email: string; password: string };
  check: SelfCheckResult;
  mail: MailCatcher | undefined;
}) {
  const base = `${s.gateway.url}/api/v1/${s.demo.alias}`;
  const pgHost = new URL(s.pg.url).host; // never print the password
  // The portal checks Origin against PUBLIC_URL, so that is where to open it.
  const adminUrl = `${s.config.PUBLIC_URL ? s.config.publicUrl : s.gateway.url}/admin/`;
  const temporalProcess = processInfo(s.temporal.server?.process);
  // Where merchants connect: SFTP_PUBLIC_HOST / SFTP_PUBLIC_PORT, else this machine and the bound port.
  const sftpHost = s.config.SFTP_PUBLIC_HOST ?? new URL(s.config.publicUrl).hostname;
  const sftpPort = s.config.SFTP_PUBLIC_PORT ?? s.sftp.port;
  const postgresProcess = processInfo(s.pg.server?.process);
  const ready = {
    event: 'ready',
    apiBaseUrl: base,
    gatewayUrl: s.gateway.url,
    graphqlUrl: `${base}/graphql`,
    adminUrl,
    temporalAddress: s.temporal.address,
    temporalUiUrl: s.temporal.uiUrl ?? s.config.temporalUiUrl,
    temporal: s.temporal.origin,
    workerHttpPort: s.worker.httpPort,
    sftpPort: s.sftp.port,
    sftpHostKeyFingerprint: s.sftp.hostKeyFingerprint,
    postgres: s.pg.embedded ? 'embedded' : 'external',
    postgresHost: pgHost,
    demoTenant: s.demo,
    demoTestTenant: s.demoTwin,
    demoOperator: { email: s.demoOperator.email, password: s.demoOperator.password },
    mailDir: s.mail?.dir ?? null,
    processes: { launcher: process.pid, temporal: temporalProcess, postgres: postgresProcess },
  };
  const lines = [
    '',
    'Referral service is running.',
    `  API base URL      ${base}`,
    `  GraphQL           ${base}/graphql`,
    `  Health            ${s.gateway.url}/readyz   metrics: ${s.gateway.url}/metrics`,
    `  Temporal UI       ${ready.temporalUiUrl}`,
    `  Temporal          ${s.temporal.address} (${TEMPORAL_ORIGIN[s.temporal.origin](temporalProcess?.logFile)})`,
    `  Worker            http://localhost:${s.worker.httpPort}/healthz`,
    `  SFTP              sftp -P ${sftpPort} ${s.demo.alias}@${sftpHost}`,
    `  SFTP host key     ${s.sftp.hostKeyFingerprint}`,
    `  PostgreSQL        ${pgHost}/${s.check.database.database}${postgresProcess ? ` (embedded, data in ${s.config.dataDir}, log ${postgresProcess.logFile})` : ''}`,
    `  Demo tenant       ${s.demo.alias} (${s.demo.mode})`,
    `  Demo API key      ${s.demo.apiKey}`,
    `  Demo operator     ${s.demoOperator.email} / ${s.demoOperator.password}`,
    ...(s.demoTwin
      ? [
          `  Demo test tenant  ${s.demoTwin.alias} (${s.demoTwin.mode}), same operator, API key ${s.demoTwin.apiKey}`,
        ]
      : []),
    `  Admin portal      ${adminUrl}`,
    `  E-mail            ${s.mail ? `caught in ${s.mail.dir} (SMTP_URL is not set)` : 'sent through SMTP_URL'}`,
    `  API reference     ${s.config.PUBLIC_URL ? s.config.publicUrl : s.gateway.url}/docs`,
    '',
    `  Try: curl -u '${s.demo.apiKey}:' -H 'content-type: application/json' \\`,
    `         -d '{"query":"{ tenant { alias mode } }"}' ${base}/graphql`,
    '',
    'Ctrl-C stops everything.',
    '',
  ];
  process.stdout.write(`${JSON.stringify(ready)}\n${lines.join('\n')}\n`);
}

void main();

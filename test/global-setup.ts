import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { Client } from 'pg';
import { PROJECT_ROOT } from '../shared/config';
import { createDb, migrateLatest } from '../shared/db/knex';
import { dropDatabase, ensureDatabase } from '../shared/db/databases';
import { ensurePostgres } from '../tooling/postgres';
import { findOrInstallTemporalCli, startTemporalDevServer } from '../tooling/temporal-server';
import { findOrInstallLocalstripe } from '../tooling/localstripe';
import { createLogger } from '../shared/logger';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../shared/temporal/search-attributes';
import { freePort } from '../shared/http';
import { workflowBundleOptions } from '../services/worker/workflow-bundle';
import { bundleClients, writeClientBundles } from '../services/gateway/client-bundles';

/**
 * The bundle with an empty inline source map in place of webpack's (2.2 of its 3.5 MB): each Worker.create
 * parses the map on the main thread and again in its workflow thread, about 0.1 s of CPU per worker and
 * two workers per test stack. A workflow's stack trace in a test then names bundle lines, not sources.
 */
function withoutSourceMap(code: string): string {
  const at = code.lastIndexOf('//# sourceMappingURL=data:');
  if (at < 0) throw new Error('the workflow bundle has no inline source map to replace');
  const empty = Buffer.from(JSON.stringify({ version: 3, sources: [], names: [], mappings: '' })).toString(
    'base64',
  );
  return `${code.slice(0, at)}//# sourceMappingURL=data:application/json;base64,${empty}\n`;
}

/** Test databases of runs that were killed before their teardown, older than an hour. */
async function dropStaleTestDatabases(serverUrl: string): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'referral\\_test\\_%'",
    );
    const cutoff = Date.now() - 3_600_000;
    for (const { datname } of rows) {
      const created = Number(/^referral_test_(\d+)_/.exec(datname)?.[1]);
      if (created && created < cutoff) {
        await client.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * Once per `npm test`: a Temporal dev server (in memory, on a free port, unless TEMPORAL_ADDRESS names
 * one), a fresh database with migrations on the configured PostgreSQL, and the workflow bundle that
 * every test worker loads. Test files read them from TEST_* environment variables.
 */
export default async function globalSetup(): Promise<void> {
  // Every project that needs servers names this setup; jest runs it once per project, in this process.
  const shared = globalThis as { __testEnv?: Record<string, string> };
  if (shared.__testEnv) {
    Object.assign(process.env, shared.__testEnv);
    return;
  }
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'warn', name: 'test-setup' });
  const stateDir = path.join(PROJECT_ROOT, '.data', 'test');
  fs.mkdirSync(stateDir, { recursive: true });

  const temporalPromise = (async () => {
    if (process.env.TEMPORAL_ADDRESS)
      return { address: process.env.TEMPORAL_ADDRESS, stop: async () => undefined };
    const cli = await findOrInstallTemporalCli(path.join(PROJECT_ROOT, '.tools'), logger);
    return startTemporalDevServer({
      cli,
      dataDir: stateDir,
      persist: false,
      port: await freePort(),
      namespace: 'default',
      searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
      logger,
    });
  })();

  // The Stripe stand-in's localstripe, installed once here rather than by test files side by side.
  const localstripePromise = findOrInstallLocalstripe(path.join(PROJECT_ROOT, '.tools'), logger);

  const bundlePromise = bundleWorkflowCode({
    ...workflowBundleOptions(),
    logger: {
      log() {},
      trace() {},
      debug() {},
      info() {},
      warn: (m: string) => logger.warn(m),
      error: (m: string) => logger.error(m),
    },
  }).then((bundle) => {
    const file = path.join(stateDir, `workflow-bundle-${process.pid}.js`);
    fs.writeFileSync(file, withoutSourceMap(bundle.code));
    return file;
  });

  // The browser library and the admin portal, bundled once: every test gateway reads them (as a gateway
  // started from the build does) instead of running esbuild at its start.
  const clientsDir = path.join(stateDir, `clients-${process.pid}`);
  const clientsPromise = bundleClients().then((bundles) => {
    fs.mkdirSync(clientsDir, { recursive: true });
    writeClientBundles(clientsDir, bundles);
  });

  const server = await ensurePostgres({
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    explicit: process.env.DATABASE_URL !== undefined,
    dataDir: path.join(PROJECT_ROOT, '.data'),
    embeddedPort: Number(process.env.EMBEDDED_PG_PORT ?? 5433),
    databaseName: 'postgres',
    logger,
  });
  await dropStaleTestDatabases(server.url);
  const testDbUrl = new URL(server.url);
  testDbUrl.pathname = `/referral_test_${Date.now()}_${process.pid}`;
  await ensureDatabase(testDbUrl.toString());
  const db = createDb({ url: testDbUrl.toString(), poolMax: 1 });
  await migrateLatest(db);
  await db.destroy();

  const [temporal, bundleFile] = await Promise.all([
    temporalPromise,
    bundlePromise,
    clientsPromise,
    localstripePromise,
  ]);
  process.env.TEST_DATABASE_URL = testDbUrl.toString();
  process.env.TEST_TEMPORAL_ADDRESS = temporal.address;
  process.env.TEST_WORKFLOW_BUNDLE = bundleFile;
  process.env.TEST_CLIENT_BUNDLES = clientsDir;
  shared.__testEnv = {
    TEST_DATABASE_URL: testDbUrl.toString(),
    TEST_TEMPORAL_ADDRESS: temporal.address,
    TEST_WORKFLOW_BUNDLE: bundleFile,
    TEST_CLIENT_BUNDLES: clientsDir,
  };

  (globalThis as Record<string, unknown>).__testTeardown = async () => {
    await temporal.stop();
    await dropDatabase(testDbUrl.toString()).catch(() => undefined);
    await server.stop();
    fs.rmSync(bundleFile, { force: true });
    fs.rmSync(clientsDir, { recursive: true, force: true });
  };
}

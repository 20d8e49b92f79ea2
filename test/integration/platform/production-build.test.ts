import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import { connectTemporal } from '../../../shared/temporal/connection';
import { runSelfCheck } from '../../../shared/temporal/self-check';
import { createDb } from '../../../shared/db/knex';
import { basic, createTestTenant, testConfig } from '../../helpers/harness';
import { ownDatabase } from '../../helpers/own-database';
import { startServiceProcess, type ServiceProcess } from '../../helpers/service-process';
import { serviceEnv } from '../../helpers/webhook-faults';

/**
 * `npm run build`, then the built gateway and worker under Node 24 (the devDependency node@24, the
 * image's runtime), with esbuild and tsx made unloadable: they serve, run the self-check and never bundle.
 */
const NODE_24 = path.join(PROJECT_ROOT, 'node_modules', 'node', 'bin', 'node');
const runtime = {
  command: NODE_24,
  args: ['--enable-source-maps', '-r', path.join(__dirname, '../../helpers/forbid-bundlers.cjs')],
};

let gateway: ServiceProcess;
let worker: ServiceProcess;
const taskQueue = `test-build-${crypto.randomUUID()}`;
// The built worker runs the system workflows, which take every row they find: a database of its own.
const database = ownDatabase('build');

beforeAll(async () => {
  execFileSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/build.ts'], {
    cwd: PROJECT_ROOT,
    stdio: 'pipe',
  });
  await database.create();
  const env = serviceEnv(database.url, taskQueue, { MIGRATE_ON_START: 'false' });
  [gateway, worker] = await Promise.all([
    startServiceProcess('gateway', env, 60_000, 'dist/services/gateway/main.js', runtime),
    startServiceProcess('worker', env, 60_000, 'dist/services/worker/main.js', runtime),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([gateway?.kill(), worker?.kill()]);
  await database.drop();
});

test('the runtime is Node 24', () => {
  expect(execFileSync(NODE_24, ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
});

test('the built worker runs the prebuilt workflow bundle and answers the self-check', async () => {
  expect(worker.output()).toContain('"workflowBundle":"prebuilt"');
  const temporal = connectTemporal(testConfig({ TEMPORAL_TASK_QUEUE: taskQueue }));
  try {
    const result = await runSelfCheck(temporal, 'production-build-test', '60s');
    expect(result).toMatchObject({ requestedBy: 'production-build-test' });
  } finally {
    await temporal.close();
  }
});

test('the built gateway serves the API, the prebuilt admin portal, browser library and API reference', async () => {
  expect(gateway.output()).toContain('"clientBundles":"prebuilt"');
  const base = `http://127.0.0.1:${gateway.port}`;
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  const page = await (await fetch(`${base}/admin/`)).text();
  const assets = [...page.matchAll(/\/admin\/assets\/[^"]+/g)].map((m) => m[0]);
  expect(assets).toHaveLength(2);
  for (const asset of assets) expect((await fetch(`${base}${asset}`)).status).toBe(200);
  expect((await fetch(`${base}/docs`)).status).toBe(200);
  // The prebuilt library, and the widget drawing script it names, with the integrity hash it names.
  const library = await (await fetch(`${base}/js/referral.js`)).text();
  const drawingFile = library.match(/"(referral-widget-[0-9a-f]{10}\.js)"/)![1];
  const integrity = library.match(/"(sha384-[^"]+)"/)![1];
  const drawing = await fetch(`${base}/js/${drawingFile}`);
  expect(drawing.status).toBe(200);
  const bytes = Buffer.from(await drawing.arrayBuffer());
  expect(`sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`).toBe(integrity);

  const db = createDb({ url: database.url, poolMax: 1 });
  try {
    const tenant = await createTestTenant(db, 'build');
    const res = await fetch(`${base}/api/v1/${tenant.alias}/open/account/a1/user/u1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: basic(tenant.apiKey) },
      body: JSON.stringify({ email: 'u1@example.com', firstName: 'Ada' }),
    });
    expect(res.status).toBe(200);
  } finally {
    await db.destroy();
  }
});

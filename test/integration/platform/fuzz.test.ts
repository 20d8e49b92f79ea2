/**
 * a short, bounded schemathesis run over every operation of GET /openapi.json against a test
 * gateway and worker, as a fresh tenant (npm run fuzz is the long run). No check may fail, no request
 * may hang (the request timeout makes a hang an error), and every documented operation gets requests.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import type { InstalledPythonTool } from '../../../tooling/python-tool';
import type { RunningWorker } from '../../../services/worker/worker';
import { documentedOperations } from '../../../scripts/fuzz/report';
import { fetchOpenApiDocument, fuzzDocument } from '../../../scripts/fuzz/run';
import { findOrInstallSchemathesis } from '../../../scripts/fuzz/schemathesis';
import { seedKnownValues } from '../../../scripts/fuzz/seed';
import {
  createTestTenant,
  startTestGateway,
  startTestWorker,
  testConfig,
  testLogger,
  type TestGateway,
} from '../../helpers/harness';

/**
 * Bounded by examples, not by time, so every operation gets its share even on a loaded machine; the
 * time is only a backstop (the process is killed after it). npm run fuzz is the long, time-bounded run
 * with every phase, stateful included.
 */
const MAX_EXAMPLES = 5;
const FUZZ_SECONDS = 180;

let tool: InstalledPythonTool;
let gw: TestGateway;
let worker: RunningWorker;
let tenant: IssuedKey;

beforeAll(async () => {
  tool = await findOrInstallSchemathesis(testLogger); // from PyPI on a fresh machine (about 15 s)
  const config = testConfig();
  worker = await startTestWorker(config);
  gw = await startTestGateway({ config });
  tenant = await createTestTenant(gw.deps.db, 'fuzz');
}, 180_000);

afterAll(async () => {
  await gw?.close();
  await worker?.close();
});

test('every documented operation is fuzzed with no failing check, error or hang', async () => {
  const document = await fetchOpenApiDocument(gw.url);
  const operations = documentedOperations(document);
  expect(operations.length).toBeGreaterThan(20);
  const known = await seedKnownValues(gw.url, tenant.alias, tenant.apiKey);
  const workDir = path.join(PROJECT_ROOT, '.data', 'test', 'fuzz', tenant.alias);

  const result = await fuzzDocument({
    tool,
    baseUrl: gw.url,
    document,
    apiKey: tenant.apiKey,
    tenantAlias: tenant.alias,
    known,
    seconds: FUZZ_SECONDS,
    maxExamples: MAX_EXAMPLES,
    phases: ['examples', 'coverage', 'fuzzing'],
    // The coverage phase's invalid cases (every boundary broken once) in 20 s; its valid ones took 140 s,
    // and the fuzzing phase sends valid data. `npm run fuzz` runs both.
    coverageMode: 'negative',
    untilExamplesDone: true,
    workers: 1,
    requestTimeoutS: 10,
    workDir,
  });
  console.log(`${result.table}\n(schemathesis ran ${result.run.seconds.toFixed(0)} s)`);
  if (result.problems.length > 0) {
    console.log(result.run.output.slice(-20_000));
  }

  expect(result.problems).toEqual([]);
  expect(result.run.exitCode).toBe(0);
  fs.rmSync(workDir, { recursive: true, force: true }); // kept when the run fails
  expect(result.stats.map((s) => s.operationId).sort()).toEqual(operations.map((o) => o.operationId).sort());
  const unfuzzed = result.stats.filter((s) => s.requests === 0).map((s) => s.operationId);
  expect(unfuzzed).toEqual([]);
}, 420_000);

test('the run fails on a 5xx answer and on a request that hangs', async () => {
  // A tiny API: /ok answers, /boom is a server error, /hang never answers.
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/hang')) return;
    res.writeHead(req.url?.startsWith('/boom') ? 500 : 200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const selfTestDir = path.join(PROJECT_ROOT, '.data', 'test', 'fuzz', `self-test-${process.pid}`);
  const ok = { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } };
  const get = (operationId: string) => ({ get: { operationId, responses: { '200': ok } } });
  const document = {
    openapi: '3.1.0',
    info: { title: 'self-test', version: '1' },
    paths: { '/ok': get('ok'), '/boom': get('boom'), '/hang': get('hang') },
  };
  try {
    const result = await fuzzDocument({
      tool,
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      document,
      apiKey: 'unused',
      tenantAlias: 'unused',
      seconds: 5,
      requestTimeoutS: 1,
      checks: ['not_a_server_error'], // the tiny API answers every method and needs no credentials
      workDir: selfTestDir,
    });
    const byId = Object.fromEntries(result.stats.map((s) => [s.operationId, s]));
    expect(byId.ok).toMatchObject({ failures: 0, errors: 0 });
    expect(byId.boom!.failedChecks.not_a_server_error).toBeGreaterThan(0);
    expect(byId.hang!.errors).toBeGreaterThan(0);
    expect(result.problems).toEqual([
      expect.stringMatching(/^boom .*not_a_server_error/),
      expect.stringMatching(/^hang .*errored/),
    ]);
  } finally {
    fs.rmSync(selfTestDir, { recursive: true, force: true });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}, 120_000);

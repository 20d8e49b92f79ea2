/**
 * The SDK's types generated from the OpenAPI document (clients/sdk/contract/openapi.ts) are what the
 * generator writes from the document the gateway builds, so `npm run typecheck` holds the hand-written
 * SDK types (clients/sdk/contract/sdk-types.check.ts) against the API as it is, not as it was. The
 * generator runs in a child process (no servers): Jest's module loader cannot load its ES-module
 * dependencies.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { SDK_OPENAPI_TYPES_FILE } from '../../scripts/reference/files';

let generated: string;
beforeAll(() => {
  const run = spawnSync(
    path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'),
    [path.join(PROJECT_ROOT, 'scripts/reference/sdk-openapi-types.ts')],
    { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`the generator failed (${run.status}): ${run.stderr}`);
  generated = run.stdout;
}, 60_000);

test(`${SDK_OPENAPI_TYPES_FILE} is current`, () => {
  const committed = fs.readFileSync(path.join(PROJECT_ROOT, SDK_OPENAPI_TYPES_FILE), 'utf8');
  if (committed !== generated) {
    throw new Error(`${SDK_OPENAPI_TYPES_FILE} is stale: run \`npm run docs:api\` and commit the result`);
  }
});

test('the generated types name every schema and operation of the document', () => {
  const document = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'docs/openapi.json'), 'utf8')) as {
    components: { schemas: Record<string, unknown> };
    paths: Record<string, Record<string, unknown>>;
  };
  const operationIds = Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((op) =>
      typeof op === 'object' && op !== null && 'operationId' in op ? [String(op.operationId)] : [],
    ),
  );
  expect(operationIds.length).toBeGreaterThan(20);
  for (const name of Object.keys(document.components.schemas))
    expect(generated).toContain(`\n        ${name}: `);
  for (const id of operationIds) expect(generated).toContain(`\n    ${id}: {`);
});

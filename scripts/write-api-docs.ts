/**
 * `npm run docs:api`: writes the generated reference files (scripts/reference/files.ts): docs/openapi.json
 * (pretty, keys in a stable order), docs/schema.graphql, docs/configuration.md and docs/webhook-events.md
 * (test/integration/platform/api-docs.test.ts fails when they are stale), then the SDK's types generated from that
 * OpenAPI document, clients/sdk/contract/openapi.ts (test/unit/sdk-openapi-types.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/config';
import { REFERENCE_FILES, renderReferenceFiles } from './reference/files';
import { renderSdkOpenApiTypes, SDK_OPENAPI_TYPES_FILE } from './reference/sdk-openapi-types';

function write(relative: string, content: string): void {
  const file = path.join(PROJECT_ROOT, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  process.stdout.write(`wrote ${relative}\n`);
}

const files = renderReferenceFiles();
for (const [name, relative] of Object.entries(REFERENCE_FILES)) {
  write(relative, files[name as keyof typeof REFERENCE_FILES]);
}
renderSdkOpenApiTypes().then(
  (types) => write(SDK_OPENAPI_TYPES_FILE, types),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);

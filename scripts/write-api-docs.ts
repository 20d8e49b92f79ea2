/**
 * `npm run docs:api`: writes the generated reference files (scripts/reference/files.ts): docs/openapi.json
 * (pretty, keys in a stable order), docs/schema.graphql, docs/configuration.md and docs/webhook-events.md.
 * test/integration/platform/api-docs.test.ts fails when they are stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/config';
import { REFERENCE_FILES, renderReferenceFiles } from './reference/files';

const files = renderReferenceFiles();
for (const [name, relative] of Object.entries(REFERENCE_FILES)) {
  const file = path.join(PROJECT_ROOT, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, files[name as keyof typeof REFERENCE_FILES]);
  process.stdout.write(`wrote ${relative}\n`);
}

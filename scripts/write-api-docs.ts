/**
 * `npm run docs:api`: writes docs/openapi.json (the OpenAPI document, pretty, keys in a stable order)
 * and docs/schema.graphql (the GraphQL SDL). test/integration/api-docs.test.ts fails when they are stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../shared/config';
import { API_DOC_FILES, renderApiDocFiles } from '../services/gateway/openapi/doc-files';

const files = renderApiDocFiles();
for (const [name, relative] of Object.entries(API_DOC_FILES)) {
  const file = path.join(PROJECT_ROOT, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, files[name as keyof typeof API_DOC_FILES]);
  process.stdout.write(`wrote ${relative}\n`);
}

/** `npm run codegen`: writes the generated GraphQL types (scripts/codegen/generate.ts) after a document or the schema changed. */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { generateTypes } from './generate';

generateTypes(PROJECT_ROOT).then(
  (files) => {
    for (const file of files) {
      const target = path.join(PROJECT_ROOT, file.filename);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.content);
      process.stdout.write(`wrote ${file.filename}\n`);
    }
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);

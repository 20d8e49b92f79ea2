/**
 * The generated GraphQL types (the admin portal's documents, the gateway's resolvers) are what
 * `npm run codegen` makes from the documents and docs/schema.graphql today: graphql-codegen runs here in
 * memory and each of its files must equal the
 * committed one. A portal document naming a field the schema lacks (or a wrong argument or variable)
 * fails codegen itself, and so this test, with codegen's message naming the document and the field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { generateTypes, type GeneratedFile } from '../../scripts/codegen/generate';

let generated: GeneratedFile[] = [];
let failure: string | undefined;

beforeAll(async () => {
  try {
    generated = await generateTypes(PROJECT_ROOT);
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
}, 120_000);

test('every document matches docs/schema.graphql (graphql-codegen validates them)', () => {
  if (failure !== undefined) {
    throw new Error(
      `graphql-codegen refused the documents; fix the document (or the schema, then \`npm run docs:api\`) and run \`npm run codegen\`:\n${failure}`,
    );
  }
  expect(generated.length).toBeGreaterThan(0);
});

test('the committed generated files are fresh (run `npm run codegen` after editing a document)', () => {
  expect(generated.length).toBeGreaterThan(0);
  for (const file of generated) {
    const committed = path.join(PROJECT_ROOT, file.filename);
    const actual = fs.existsSync(committed) ? fs.readFileSync(committed, 'utf8') : '(missing)';
    if (actual !== file.content) {
      throw new Error(`${file.filename} is stale: run \`npm run codegen\` and commit the result`);
    }
  }
});

test("the generated files: the portal's types and the resolvers' types", () => {
  expect(generated.map((f) => f.filename).sort()).toEqual([
    'clients/admin/src/gql/gql.ts',
    'clients/admin/src/gql/graphql.ts',
    'clients/admin/src/gql/index.ts',
    'services/gateway/graphql/generated/resolvers.ts',
  ]);
  const portal = generated.find((f) => f.filename.endsWith('gql/graphql.ts'))!;
  // Every operation of the portal is in it (the document scan finds them all).
  expect(portal.content.match(/^export const \w+Document = /gm)?.length).toBeGreaterThan(50);
});

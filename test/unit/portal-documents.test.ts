/**
 * Every GraphQL document the admin portal sends is valid against docs/schema.graphql (the schema the
 * gateway serves, kept fresh by test/integration/platform/api-docs.test.ts): a field the schema lacks, a wrong
 * argument or variable type fails here, before a browser ever sees it. The documents are the ones
 * graphql-codegen generated (test/unit/codegen-fresh.test.ts keeps them fresh); that every request sends
 * one of them is the type of the portal's one sender (`gql` in clients/admin/src/api.ts takes only a
 * generated document).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, Kind, parse, specifiedRules, validate } from 'graphql';
import { PROJECT_ROOT } from '../../shared/config';
import { portalDocuments } from '../helpers/portal-documents';

const schema = buildSchema(fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'schema.graphql'), 'utf8'));
const documents = portalDocuments();

test('the portal has its documents (the generated file holds them)', () => {
  expect(documents.length).toBeGreaterThan(50);
  expect(documents.filter((d) => /^\s*mutation\b/.test(d.text)).length).toBeGreaterThan(10);
});

test.each(documents.map((d) => [d.name, d.text] as const))(
  '%s is valid against the schema',
  (_name, text) => {
    const document = parse(text);
    expect(validate(schema, document, specifiedRules).map((e) => e.message)).toEqual([]);
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(operations).toHaveLength(1);
    for (const definition of document.definitions) {
      expect([Kind.OPERATION_DEFINITION, Kind.FRAGMENT_DEFINITION]).toContain(definition.kind);
    }
  },
);

/**
 * Every GraphQL document the admin portal sends is valid against docs/schema.graphql (the schema the
 * gateway serves, kept fresh by test/integration/platform/api-docs.test.ts): a field the schema lacks, a wrong
 * argument or variable type fails here, before a browser ever sees it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, Kind, parse, specifiedRules, validate, NoUnusedFragmentsRule } from 'graphql';
import { PROJECT_ROOT } from '../../shared/config';
import { portalDocuments } from '../helpers/portal-documents';

const schema = buildSchema(fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'schema.graphql'), 'utf8'));
const { documents, sent } = portalDocuments(path.join(PROJECT_ROOT, 'clients', 'admin', 'src'));
// Fragments alone are checked without the rule that wants them used by an operation.
const rules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);

test('the portal has its documents (the reader finds them)', () => {
  expect(documents.length).toBeGreaterThan(40);
  expect(documents.filter((d) => /^\s*mutation\b/.test(d.text)).length).toBeGreaterThan(10);
});

test.each(documents.map((d) => [d.name, d.file, d.text] as const))(
  '%s (%s) is valid against the schema',
  (_name, _file, text) => {
    const document = parse(text);
    const errors = validate(schema, document, rules).map((e) => e.message);
    expect(errors).toEqual([]);
    for (const definition of document.definitions) {
      expect([Kind.OPERATION_DEFINITION, Kind.FRAGMENT_DEFINITION]).toContain(definition.kind);
    }
  },
);

test('every document a request sends is one of them', () => {
  const names = new Set(documents.flatMap((d) => [d.name, d.name.replace(/\..*/, '.*')]));
  // hooks.ts passes its caller's document on.
  const unknown = [...sent].filter(([name]) => !names.has(name) && name !== 'query');
  expect(unknown).toEqual([]);
});

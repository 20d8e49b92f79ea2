/**
 * The admin portal's bundle holds each GraphQL document once, as graphql-codegen generated it: the
 * build (clients/admin/generated-documents.ts) swaps every `graphql(`...`)` call for its generated
 * document, so neither codegen's lookup table nor a GraphQL library reaches the browser.
 */
import { buildAdminPortal } from '../../clients/admin/build';
import { portalDocuments } from '../helpers/portal-documents';

test('every generated document is in the bundle, and the lookup table is not', async () => {
  const { js } = await buildAdminPortal();
  const documents = portalDocuments();
  expect(documents.length).toBeGreaterThan(50);
  const missing = documents.filter((d) => !js.includes(d.text));
  expect(missing.map((d) => d.name)).toEqual([]);
  // The source text of a document (the table's key, and the page's call before the swap) is not there.
  const source = '\n  query ApiKeys {\n    apiKeys {\n      id';
  expect(js).not.toContain(source);
  expect(js).not.toContain(JSON.stringify(source).slice(1, -1));
  expect(js).not.toMatch(/\bGraphQLSchema\b|Syntax Error: /);
}, 60_000);

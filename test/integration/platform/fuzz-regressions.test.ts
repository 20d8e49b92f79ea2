/**
 * Regressions for what fuzzing (`npm run fuzz`, test/integration/platform/fuzz.test.ts) found, one block per
 * finding, each named after it. Results and fixes are listed in BENCHMARKS.md ("Fuzzing").
 */
import { buildOpenApiDocument, type OpenAPIObject } from '../../../services/gateway/openapi/document';
import type { IssuedKey } from '../../../shared/domain/tenants/tenants';
import { basic, createTestTenant, startTestGateway, type TestGateway } from '../../helpers/harness';
import { documentedClient, expectDocumentedRequest } from '../../helpers/openapi';

let gw: TestGateway;
let tenant: IssuedKey;
let doc: OpenAPIObject;
let answer: ReturnType<typeof documentedClient>;

beforeAll(async () => {
  gw = await startTestGateway();
  tenant = await createTestTenant(gw.deps.db, 'fuzzreg');
  doc = buildOpenApiDocument();
  answer = documentedClient(
    doc,
    () => gw.api(tenant.alias),
    () => basic(tenant.apiKey),
  );
});

afterAll(async () => {
  await gw?.close();
});

/**
 * Finding 1 (negative_data_rejection on graphqlGet and graphqlPost): the document gave `query`
 * minLength 1, but an empty GraphQL document is a well-formed GraphQL-over-HTTP request whose parse error
 * is answered like any other request error: 200 with `errors` under application/json, 400 under
 * application/graphql-response+json. Fixed in the document (services/gateway/openapi/paths/graphql.ts).
 */
describe('finding 1: an empty GraphQL document', () => {
  const syntaxError = {
    errors: [expect.objectContaining({ extensions: { code: 'VALIDATION_FAILED' } })],
  };

  test('is a request the document allows', () => {
    expect(() => expectDocumentedRequest(doc, 'graphqlGet', { query: { query: '' } })).not.toThrow();
    expect(() => expectDocumentedRequest(doc, 'graphqlPost', { body: { query: '' } })).not.toThrow();
  });

  test.each([
    ['application/json', 200],
    ['application/graphql-response+json', 400],
  ])('GET ?query= with Accept %s is a documented %i with errors', async (accept, status) => {
    const res = await answer('graphqlGet', '/graphql?query=', { headers: { accept } });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(syntaxError);
  });

  test.each([
    ['application/json', 200],
    ['application/graphql-response+json', 400],
  ])('POST {"query":""} with Accept %s is a documented %i with errors', async (accept, status) => {
    const res = await answer('graphqlPost', '/graphql', {
      method: 'POST',
      body: { query: '' },
      headers: { accept },
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(syntaxError);
  });
});

/**
 * Finding 2 (negative_data_rejection on graphqlGet, from the coverage phase's negative cases): a GET with
 * a query parameter GraphQL over HTTP does not define was answered as if it were absent. It is now a 400
 * VALIDATION_FAILED naming the parameter, like an unknown REST field.
 */
describe('finding 2: an unknown query parameter on GET /graphql', () => {
  test('is a documented 400 naming the parameter', async () => {
    const res = await answer('graphqlGet', '/graphql?query=%7B__typename%7D&x-extra=42');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      apiErrorCode: 'VALIDATION_FAILED',
      validationErrors: [expect.objectContaining({ path: 'x-extra' })],
    });
  });

  test('the four GraphQL over HTTP parameters still pass', async () => {
    const res = await answer(
      'graphqlGet',
      '/graphql?query=query+Q%7B__typename%7D&operationName=Q&variables=%7B%7D&extensions=%7B%7D',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  });
});

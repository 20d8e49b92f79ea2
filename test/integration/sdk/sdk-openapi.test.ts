/**
 * The server SDK covers the OpenAPI document: every documented operation is a ReferralClient method or
 * is listed in NOT_IN_SDK with its reason, and each method's operationId, HTTP method and path are the
 * document's.
 */
import { NOT_IN_SDK, OPERATIONS } from '../../../clients/sdk/src/index';
import { buildOpenApiDocument } from '../../../services/gateway/openapi/document';

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'] as const;

function documentedOperations(): Map<string, string> {
  const operations = new Map<string, string>();
  for (const [path, item] of Object.entries(buildOpenApiDocument().paths ?? {})) {
    for (const method of METHODS) {
      const operationId = (item as Record<string, { operationId?: string } | undefined>)[method]?.operationId;
      if (operationId) operations.set(operationId, `${method.toUpperCase()} ${path}`);
    }
  }
  return operations;
}

test('every documented operation has an SDK method or a reason not to', () => {
  const documented = documentedOperations();
  const wrapped = new Set<string>(Object.values(OPERATIONS).map((o) => o.operationId));
  expect([...documented.keys()].filter((id) => !wrapped.has(id) && !(id in NOT_IN_SDK))).toEqual([]);
  expect(Object.keys(NOT_IN_SDK).filter((id) => !documented.has(id) || wrapped.has(id))).toEqual([]);
});

test("each method's operationId, HTTP method and path are the document's", () => {
  const documented = documentedOperations();
  const mismatched = Object.entries(OPERATIONS)
    .map(([name, o]) => [name, `${o.method} ${o.path}`, documented.get(o.operationId)])
    .filter(([, sdk, doc]) => sdk !== doc);
  expect(mismatched).toEqual([]);
});

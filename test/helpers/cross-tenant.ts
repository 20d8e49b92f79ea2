/**
 * Cross-tenant checks: another tenant of the same gateway, with its own key, tries what this tenant
 * may do; each attempt must answer NOT_FOUND, exactly as for an id that does not exist.
 */
import { keyApi, type Json, type TenantApi } from './api-client';
import { createTestTenant, type TestGateway } from './harness';

/** A fresh tenant on the gateway, as its own API-key client. */
export async function anotherTenant(gw: TestGateway): Promise<TenantApi> {
  return keyApi(gw, await createTestTenant(gw.deps.db, 'oth'));
}

/** Each GraphQL attempt answers NOT_FOUND through `client`. */
export async function expectEachNotFound(
  client: TenantApi,
  attempts: readonly (readonly [query: string, variables: Json])[],
): Promise<void> {
  for (const [query, variables] of attempts) {
    const res = await client.gql(query, variables);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  }
}

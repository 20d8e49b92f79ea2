/**
 * The suite's one client of a tenant's API (/api/v1/{tenant}): REST calls and GraphQL with a
 * credential (an API key's Basic auth, or a user JWT). The admin portal's session API is adminApi
 * (./admin-api.ts).
 */
import { basic } from './harness';

export type Json = Record<string, any>;

export interface ApiAnswer {
  status: number;
  /** The JSON body ({} when empty or not JSON). */
  body: Json;
  text: string;
  headers: Headers;
}

export interface TenantApi {
  /** `{gateway}/api/v1/{alias}`. */
  base: string;
  /** The Authorization header sent, or null for none. */
  auth: string | null;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer>;
  /** The whole GraphQL result ({ data, errors }). */
  gql(query: string, variables?: Json): Promise<Json>;
  /** The result's data; fails the test if it has errors. */
  gqlOk(query: string, variables?: Json): Promise<Json>;
  /** The same client with another credential, or for another tenant of the same gateway. */
  as(other: { auth: string | null; alias?: string }): TenantApi;
}

interface Gateway {
  api(alias: string): string;
}

function parse(text: string): Json {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' ? (value as Json) : {};
  } catch {
    return {};
  }
}

export function tenantApi(gw: Gateway, alias: string, auth: string | null): TenantApi {
  return apiAt(gw.api(alias), auth, (other) => tenantApi(gw, other.alias ?? alias, other.auth));
}

/** The client at a base URL (`{gateway}/api/v1/{alias}`); `as` may then change the credential only. */
export function apiAt(
  base: string,
  auth: string | null,
  as: TenantApi['as'] = (other) => {
    if (other.alias) throw new Error('apiAt: another tenant needs tenantApi(gw, alias, auth)');
    return apiAt(base, other.auth);
  },
): TenantApi {
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(auth && { authorization: auth }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status, body: parse(text), text, headers: res.headers };
  }
  const gql = async (query: string, variables: Json = {}) =>
    (await call('POST', '/graphql', { query, variables })).body;
  return {
    base,
    auth,
    call,
    gql,
    async gqlOk(query, variables) {
      const result = await gql(query, variables);
      expect(result.errors).toBeUndefined();
      return result.data as Json;
    },
    as,
  };
}

/** A tenant's API with its API key. */
export function keyApi(gw: Gateway, tenant: { alias: string; apiKey: string }): TenantApi {
  return tenantApi(gw, tenant.alias, basic(tenant.apiKey));
}

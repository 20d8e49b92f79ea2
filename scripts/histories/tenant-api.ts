import crypto from 'node:crypto';
import { z } from 'zod';
import { createTenant } from '../../shared/domain/tenants/tenants';
import type { RecordingStack } from './stack';

type Json = Record<string, unknown>;
const identified = z.object({ shareCode: z.string() });

/** One tenant's API through the stack's gateway, as a merchant's server calls it (HTTP Basic API key). */
export interface TenantApi {
  alias: string;
  tenantId: string;
  /** Base URL of the tenant's API: {gateway}/api/v1/{alias}. */
  base: string;
  auth: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** A GraphQL call that must succeed: its data, read with `data`. */
  gql<T>(query: string, variables: Json, data: z.ZodType<T>): Promise<T>;
  /** PUT /open/account/…/user/…, which must succeed: the user's share code. */
  identify(accountId: string, userId: string, body?: Json): Promise<z.infer<typeof identified>>;
  /** POST /accountsync, which must succeed. */
  sync(body: Json): Promise<void>;
}

let counter = 0;
/** Ids unique within a recording. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomBytes(3).toString('hex')}`;
}

export async function createTenantApi(stack: RecordingStack, name: string): Promise<TenantApi> {
  const issued = await createTenant(stack.db, { alias: `${name}_${crypto.randomBytes(4).toString('hex')}` });
  const { id: tenantId } = await stack.db('tenants').where({ alias: issued.alias }).first('id');
  const base = `${stack.url}/api/v1/${issued.alias}`;
  const auth = `Basic ${Buffer.from(`${issued.apiKey}:`).toString('base64')}`;
  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : {} };
  }
  async function must(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await call(method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const enc = encodeURIComponent;
  return {
    alias: issued.alias,
    tenantId: tenantId as string,
    base,
    auth,
    call,
    async gql(query, variables, data) {
      const res = z
        .object({ data: z.unknown(), errors: z.array(z.unknown()).optional() })
        .parse(await must('POST', '/graphql', { query, variables }));
      if (res.errors) throw new Error(`GraphQL: ${JSON.stringify(res.errors)}`);
      return data.parse(res.data);
    },
    identify: async (accountId, userId, body = {}) =>
      identified.parse(await must('PUT', `/open/account/${enc(accountId)}/user/${enc(userId)}`, body)),
    async sync(body) {
      await must('POST', '/accountsync', body);
    },
  };
}

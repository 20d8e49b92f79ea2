/**
 * The admin portal's API (/admin/api) from a test: sign-in with a client address of its own, calls with
 * the session cookie and CSRF token, GraphQL with the session as principal.
 */
import crypto from 'node:crypto';
import type { Db } from '../../shared/db/knex';
import { createOperator, type OperatorRole } from '../../shared/domain/operators/operators';
import { createTenant, type IssuedKey } from '../../shared/domain/tenants/tenants';
import { postJson, uniqueAlias, type TestGateway } from './harness';

export type Json = Record<string, any>;

export interface AdminSession {
  cookie: string;
  csrf: string;
  /** The whole answer of the sign-in (operator, tenant, csrfToken, twin). */
  view: Json;
}

export interface AdminCallOptions {
  cookie?: string;
  csrf?: string;
  method?: string;
  body?: unknown;
  origin?: string;
  headers?: Record<string, string>;
}

/** A mail domain for a tenant (aliases have "_", which domain names may not). */
export function mailDomain(alias: string): string {
  return `${alias.replace(/_/g, '-')}.test`;
}

/** A client address of its own per sign-in, so no test's failures throttle another's. */
export function randomAddress(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

export type PortalTenant = IssuedKey & { id: string };

/** A tenant with its id (createTenant answers with the alias and key only). */
export async function createPortalTenant(db: Db, alias = uniqueAlias('ptl')): Promise<PortalTenant> {
  const issued = await createTenant(db, { alias });
  const row = (await db('tenants').where({ alias }).first('id')) as { id: string };
  return { ...issued, id: row.id };
}

export async function addOperator(
  db: Db,
  tenant: { id: string },
  email: string,
  password: string,
  role: OperatorRole,
): Promise<void> {
  await createOperator(db, { tenantId: tenant.id, email, password, role });
}

/** The password signedInOperator gives the operators it makes. */
export const OPERATOR_PASSWORD = 'correct horse battery';

/** Makes `<role>@<the tenant's mail domain>` an operator of the tenant with that role, signed in. */
export async function signedInOperator(
  gw: TestGateway,
  tenant: PortalTenant,
  role: OperatorRole,
): Promise<AdminSession> {
  const email = `${role.toLowerCase()}@${mailDomain(tenant.alias)}`;
  await addOperator(gw.deps.db, tenant, email, OPERATOR_PASSWORD, role);
  return adminApi(gw).signIn(tenant.alias, email, OPERATOR_PASSWORD);
}

/** Tenant `a` with its OWNER, ADMIN and VIEWER signed in, and tenant `b`: another program. */
export async function portalTenants(gw: TestGateway) {
  const a = await createPortalTenant(gw.deps.db);
  const b = await createPortalTenant(gw.deps.db);
  const owner = await signedInOperator(gw, a, 'OWNER');
  const admin = await signedInOperator(gw, a, 'ADMIN');
  const viewer = await signedInOperator(gw, a, 'VIEWER');
  return { a, b, owner, admin, viewer };
}

export function adminApi(gw: TestGateway) {
  async function call(path: string, options: AdminCallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && !(options.body instanceof FormData) && !headers['content-type']) {
      headers['content-type'] = 'application/json';
    }
    if (options.cookie) headers.cookie = options.cookie;
    if (options.csrf !== undefined) headers['x-csrf-token'] = options.csrf;
    if (options.origin) headers.origin = options.origin;
    const body =
      options.body === undefined
        ? undefined
        : options.body instanceof FormData || typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    const res = await fetch(`${gw.url}/admin/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      json = {};
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  async function signIn(alias: string, email: string, password: string): Promise<AdminSession> {
    const res = await postJson(
      `${gw.url}/admin/api/login`,
      { tenantAlias: alias, email, password },
      { 'x-forwarded-for': randomAddress() },
    );
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    return { cookie, csrf: res.json.csrfToken as string, view: res.json };
  }

  function graphql(session: { cookie: string; csrf?: string }, query: string, variables?: Json) {
    return call('/graphql', {
      cookie: session.cookie,
      csrf: session.csrf,
      body: { query, variables },
    });
  }

  return { call, signIn, graphql };
}

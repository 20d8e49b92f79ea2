/**
 * The portal's only door to the server: /admin/api (session cookie, X-CSRF-Token on every change).
 * Every failure is an ApiError in the API's own words; a 401 anywhere but the sign-in itself ends the
 * session in the app (setUnauthorizedHandler), which then shows the login page.
 */
import type { TypedDocumentString } from './gql/graphql';

export type Role = 'OWNER' | 'ADMIN' | 'VIEWER';
export type Mode = 'live' | 'test';

export interface TenantRef {
  alias: string;
  mode: Mode;
}

export interface Session {
  operator: { email: string; role: Role };
  tenant: TenantRef;
  csrfToken: string;
  /** The other-mode tenant (test_X ↔ X) the operator may switch to without signing in again. */
  twin?: TenantRef | null;
}

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly validationErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const BASE = '/admin/api';
let csrfToken = '';
let onUnauthorized: () => void = () => undefined;

/** What to do when the server says the session is gone (app.tsx: forget it and show the login page). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Json = Record<string, unknown>;

function issuesOf(raw: unknown): FieldError[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.map((issue: Json) => ({
    field: String(issue.path ?? issue.field ?? ''),
    message: String(issue.message ?? ''),
  }));
}

/** The API's error body ({ statusCode, message, apiErrorCode, validationErrors? }) as an ApiError. */
function errorFrom(status: number, body: Json | null): ApiError {
  const message =
    typeof body?.message === 'string'
      ? body.message
      : status === 0
        ? 'The server could not be reached; check your connection'
        : `The server answered ${status}`;
  const code = typeof body?.apiErrorCode === 'string' ? body.apiErrorCode : 'HTTP_' + status;
  return new ApiError(status, code, message, issuesOf(body?.validationErrors));
}

function parseJson(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
}

async function request(
  method: string,
  path: string,
  body?: unknown,
  options: { signOutOn401?: boolean } = {},
): Promise<{ status: number; json: Json | null }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(BASE + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw errorFrom(0, null);
  }
  const json = parseJson(await res.text());
  if (res.status === 401 && options.signOutOn401 !== false) onUnauthorized();
  return { status: res.status, json };
}

function remember(session: Session): Session {
  csrfToken = session.csrfToken;
  return session;
}

/** The signed-in session, or null when there is none (no cookie, expired, revoked). */
export async function getSession(): Promise<Session | null> {
  const { status, json } = await request('GET', '/session', undefined, { signOutOn401: false });
  if (status === 401) return null;
  if (status !== 200 || !json) throw errorFrom(status, json);
  return remember(json as unknown as Session);
}

/** The first step of a sign-in with two-factor on: the code goes with this challenge to `loginTwoFactor`. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
}

/**
 * Signs in; a wrong password or a throttled account is an ApiError with the server's message. With
 * two-factor sign-in on, the answer is a challenge instead of a session.
 */
export async function login(input: {
  tenantAlias: string;
  email: string;
  password: string;
}): Promise<Session | TwoFactorChallenge> {
  const { status, json } = await request('POST', '/login', input, { signOutOn401: false });
  if (status !== 200 || !json) throw errorFrom(status, json);
  if (json.twoFactorRequired === true) return json as unknown as TwoFactorChallenge;
  return remember(json as unknown as Session);
}

/** The second sign-in step: the challenge and a 6-digit code or a recovery code. */
export async function loginTwoFactor(challenge: string, code: string): Promise<Session> {
  const { status, json } = await request(
    'POST',
    '/login/two-factor',
    { challenge, code },
    { signOutOn401: false },
  );
  if (status !== 200 || !json) throw errorFrom(status, json);
  return remember(json as unknown as Session);
}

export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
}

export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

async function twoFactorCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { status, json } = await request(method, `/two-factor${path}`, body);
  if (status >= 300 || (status !== 204 && !json)) throw errorFrom(status, json);
  return json as T;
}

export const twoFactor = {
  status: () => twoFactorCall<TwoFactorStatus>('GET', ''),
  enroll: () => twoFactorCall<TwoFactorEnrolment>('POST', '/enroll', {}),
  confirm: (code: string) => twoFactorCall<{ recoveryCodes: string[] }>('POST', '/confirm', { code }),
  disable: (code: string) => twoFactorCall<null>('POST', '/disable', { code }),
};

export async function logout(): Promise<void> {
  const { status, json } = await request('POST', '/logout', undefined, { signOutOn401: false });
  csrfToken = '';
  if (status !== 204 && status !== 401) throw errorFrom(status, json);
}

/** Chooses a password with a one-time link's token (public); answers where to sign in. */
export async function setPasswordWithLink(input: {
  token: string;
  password: string;
}): Promise<{ tenantAlias: string; email: string }> {
  const { status, json } = await request('POST', '/set-password', input, { signOutOn401: false });
  if (status !== 200 || !json) throw errorFrom(status, json);
  return json as unknown as { tenantAlias: string; email: string };
}

/** Changes the signed-in operator's password; their other sessions end. */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ endedSessions: number }> {
  const { status, json } = await request('POST', '/change-password', input);
  if (status !== 200 || !json) throw errorFrom(status, json);
  return json as unknown as { endedSessions: number };
}

/** Ends every session of the signed-in operator, this one included. */
export async function logoutEverywhere(): Promise<void> {
  const { status, json } = await request('POST', '/logout-everywhere', {}, { signOutOn401: false });
  csrfToken = '';
  if (status !== 204 && status !== 401) throw errorFrom(status, json);
}

/** Signs in to the twin tenant (test_X ↔ X) as the same operator; answers the new session. */
export async function switchTenant(): Promise<Session> {
  const { status, json } = await request('POST', '/switch-tenant', {});
  if (status !== 200 || !json) throw errorFrom(status, json);
  return remember(json as unknown as Session);
}

interface GraphQLErrorJson {
  message?: string;
  extensions?: { code?: string; validationErrors?: unknown };
}

/** The variables argument of a document: optional when the document needs none. */
export type VariablesOf<V> = Record<string, never> extends V ? [variables?: V] : [variables: V];

/**
 * Runs a GraphQL document (a `graphql(...)` document of src/gql, typed by `npm run codegen`) against
 * /admin/api/graphql: its variables and its answer are the document's own types. Resolves with `data`;
 * any error (HTTP or GraphQL) rejects with an ApiError carrying the first error's code, message and
 * validation errors.
 */
export async function gql<R, V>(
  document: TypedDocumentString<R, V>,
  ...[variables]: VariablesOf<V>
): Promise<R> {
  const { status, json } = await request('POST', '/graphql', {
    query: document.toString(),
    variables: variables ?? {},
  });
  const errors = (json?.errors as GraphQLErrorJson[] | undefined) ?? [];
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new ApiError(
      status,
      first.extensions?.code ?? 'GRAPHQL_ERROR',
      first.message ?? 'The request failed',
      issuesOf(first.extensions?.validationErrors),
    );
  }
  if (status !== 200 || !json || !json.data) throw errorFrom(status, json);
  return json.data as R;
}

/**
 * Uploads a file for an import (POST /admin/api/files, multipart part "file"), reporting progress as
 * a fraction 0..1. XMLHttpRequest, because fetch reports no upload progress.
 */
export function uploadFile(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<{ fileRef: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/files`);
    xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(errorFrom(0, null));
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status === 401) onUnauthorized();
      if (xhr.status < 200 || xhr.status > 299 || typeof json?.fileRef !== 'string') {
        reject(errorFrom(xhr.status, json));
        return;
      }
      onProgress?.(1);
      resolve({ fileRef: json.fileRef });
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The URL that downloads one of the tenant's files (result files of imports) with the session. */
export function fileDownloadUrl(fileRef: string): string {
  return `${BASE}/files/download?fileRef=${encodeURIComponent(fileRef)}`;
}

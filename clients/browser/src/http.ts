import { explainNetworkError } from './cors-hint';
import { env } from './env';

/** The API's error object. Every failed call rejects with one, including failures before any request. */
export interface ApiError {
  statusCode: number;
  message: string;
  apiErrorCode: string;
  /** A 400's fields and what is wrong with each (`path` names the field, e.g. `email`). */
  validationErrors?: { path: string; message: string }[];
}

/** A call the library refuses before sending it (a missing tenant or id): shaped like the API's 400. */
export function clientError(message: string): ApiError {
  return { statusCode: 400, message, apiErrorCode: 'VALIDATION_FAILED' };
}

const enc = encodeURIComponent;

export function tenantPath(tenant: string): string {
  return `/api/v1/${enc(tenant)}`;
}

/** /open/account/{accountId}/user/{userId}: the routes a user JWT may call. */
export function userPath(tenant: string, accountId: string, userId: string): string {
  return `${tenantPath(tenant)}/open/account/${enc(accountId)}/user/${enc(userId)}`;
}

/**
 * One JSON call to the API. The JWT travels in the Authorization header and cookies never do
 * (credentials: 'omit'), which is what the gateway's CORS answers allow.
 */
export async function request<T>(
  method: string,
  path: string,
  options: { jwt?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.jwt) headers.Authorization = `Bearer ${options.jwt}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(env.api + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'omit',
    });
    text = await response.text();
  } catch (err) {
    // Offline, DNS, or a CORS refusal: the browser does not say which; cors-hint.ts tells CORS apart.
    const networkError: ApiError = {
      statusCode: 0,
      message: `Network error: ${err instanceof Error ? err.message : String(err)}`,
      apiErrorCode: 'NETWORK_ERROR',
    };
    throw await explainNetworkError(path, networkError);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): answered below by the status alone.
  }
  if (response.ok) return json as T;
  const body = json as Partial<ApiError> | null;
  const error: ApiError =
    body && typeof body.apiErrorCode === 'string'
      ? {
          statusCode: response.status,
          message: String(body.message),
          apiErrorCode: body.apiErrorCode,
          ...(Array.isArray(body.validationErrors) && { validationErrors: body.validationErrors }),
        }
      : {
          statusCode: response.status,
          message: `HTTP ${response.status}`,
          apiErrorCode: 'UNEXPECTED_RESPONSE',
        };
  throw error;
}

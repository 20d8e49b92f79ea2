import { env } from './env';

/** The API's error object (http.ts ApiError, restated here so the two files do not import each other). */
interface ApiError {
  statusCode: number;
  message: string;
  apiErrorCode: string;
}

let explained = false;

/** Public routes every origin may read: a network error there is never a CORS refusal. */
const PUBLIC_ROUTE = /\/open\/(browser-settings|codes\/)/;

/**
 * A cross-origin call failed without an answer (status 0). The browser does not say why; when the
 * public, any-origin GET /open/browser-settings of the same tenant still answers, the API is up and it
 * was CORS: this page's origin is not in the program's allowedOrigins. Then the error says so, with the
 * origin and the setting to add it to, and the console says it once per page. Otherwise (offline, the
 * API down) the network error stands.
 */
export async function explainNetworkError(path: string, error: ApiError): Promise<ApiError> {
  const tenant = /^\/api\/v1\/([^/]+)\//.exec(path)?.[1];
  if (!tenant || PUBLIC_ROUTE.test(path)) return error;
  try {
    if (new URL(env.api, location.href).origin === location.origin) return error;
    const probe = await fetch(`${env.api}/api/v1/${tenant}/open/browser-settings`, { credentials: 'omit' });
    if (!probe.ok) return error;
  } catch {
    return error;
  }
  const origin = location.origin;
  const message =
    `This page's origin ${origin} is not in the program's allowedOrigins, so the browser refused the ` +
    `API's answer (CORS). Add ${origin} to allowedOrigins: the admin portal's Program page (or its ` +
    'Install page, which lists refused origins), or PATCH /program.';
  if (!explained) {
    explained = true;
    console.error(`referral: ${message}`);
  }
  return { statusCode: 0, message, apiErrorCode: 'ORIGIN_NOT_ALLOWED' };
}

import http from 'node:http';
import { ApiError, ReferralClient, type ClientOptions } from '../../clients/sdk/src/index';
import { closeServer, listen } from '../../shared/http';
import { startReferralApi, type ReferralApi } from './referrals';

/** The real gateway and worker with a tenant, and SDK clients for it. */
export interface SdkStack {
  api: ReferralApi;
  /** The tenant's API key, no retries (so a failure shows at once). */
  client: ReferralClient;
  /** A client with other options or credentials. */
  clientWith(options?: ClientOptions, auth?: { apiKey: string } | { userJwt: string }): ReferralClient;
  close(): Promise<void>;
}

export async function startSdkStack(): Promise<SdkStack> {
  const api = await startReferralApi();
  const clientWith = (options: ClientOptions = {}, auth?: { apiKey: string } | { userJwt: string }) =>
    new ReferralClient(
      { baseUrl: api.gw.url, tenantAlias: api.tenant.alias, ...(auth ?? { apiKey: api.tenant.apiKey }) },
      { maxRetries: 0, ...options },
    );
  return { api, client: clientWith(), clientWith, close: () => api.close() };
}

/** The ApiError a call rejects with (anything else fails the test). */
export async function apiErrorOf(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError, but the call succeeded');
}

/** Asserts the call fails with this status and code (and, if given, a validation error naming `field`). */
export async function expectApiError(
  call: Promise<unknown>,
  statusCode: number,
  apiErrorCode: string,
  field?: string,
): Promise<ApiError> {
  const err = await apiErrorOf(call);
  expect({ statusCode: err.statusCode, apiErrorCode: err.apiErrorCode }).toEqual({
    statusCode,
    apiErrorCode,
  });
  expect(err.message).toEqual(expect.any(String));
  expect(err.requestId).toMatch(/^[A-Za-z0-9._-]{8,128}$/);
  if (field !== undefined) {
    expect(err.validationErrors.map((v) => v.path)).toContain(field);
  }
  return err;
}

/** A scripted HTTP server for answers the real gateway cannot give on demand (503, 502 HTML, odd Retry-After): it answers every request with `answer` and counts them. */
export interface ScriptedServer {
  url: string;
  hits: number;
  close(): Promise<void>;
}

export async function startScriptedServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void,
): Promise<ScriptedServer> {
  const scripted = { hits: 0 } as ScriptedServer;
  const server = http.createServer((req, res) => {
    scripted.hits += 1;
    const hit = scripted.hits;
    req.resume();
    req.on('end', () => answer(req, res, hit));
  });
  const port = await listen(server, 0, '127.0.0.1');
  scripted.url = `http://127.0.0.1:${port}`;
  scripted.close = async () => {
    server.closeAllConnections();
    await closeServer(server);
  };
  return scripted;
}

/** Answers in the service's error shape. */
export function sendError(
  res: http.ServerResponse,
  statusCode: number,
  apiErrorCode: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(statusCode, { 'content-type': 'application/json', ...headers });
  res.end(
    JSON.stringify({
      statusCode,
      message: `scripted ${apiErrorCode}`,
      apiErrorCode,
      requestId: 'scripted-request',
    }),
  );
}

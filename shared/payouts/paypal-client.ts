import paypal from '@paypal/payouts-sdk';
import type { PayPalRequest } from '@paypal/payouts-sdk';
import { PayoutProviderError, type PayoutCredentials } from './payout-provider';
import { providerError } from './payout-errors';

/*
 * The official PayPal Payouts SDK's client for one tenant's credentials, with our timeout, and the
 * translation of what it throws into PayoutProviderError.
 */

/** PayPal's production REST host and its web host (the SDK's LiveEnvironment uses the older api.paypal.com). */
export const PAYPAL_PRODUCTION_URL = 'https://api-m.paypal.com';
const PAYPAL_WEB_URL = 'https://www.paypal.com';

/** One payouts call's timeout unless the adapter is given another (tests shorten it). */
export const PAYPAL_DEFAULT_TIMEOUT_MS = 10_000;

/** The SDK's client whose socket timeout is ours (paypalhttp's is fixed at 30 s). */
class TimedPayPalClient extends paypal.core.PayPalHttpClient {
  constructor(
    environment: paypal.core.PayPalEnvironment,
    private readonly timeoutMs: number,
  ) {
    super(environment);
  }

  override getTimeout(): number {
    return this.timeoutMs;
  }
}

/** Where a PayPal client calls and its socket timeout. */
export interface PayPalClientOptions {
  baseUrl: string;
  timeoutMs: number;
}

/** A client for the credentials: PayPal's REST app client id and secret. */
export function payPalClient(credentials: PayoutCredentials, options: PayPalClientOptions) {
  if (!credentials.clientId) {
    throw new PayoutProviderError('PayPal credentials need the REST app client id', false, 'credentials');
  }
  const url = new URL(options.baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PayoutProviderError(`PayPal base URL must be http(s): ${options.baseUrl}`, false, 'config');
  }
  const environment = new paypal.core.PayPalEnvironment(
    credentials.clientId,
    credentials.secret,
    url.origin,
    PAYPAL_WEB_URL,
  );
  return new TimedPayPalClient(environment, options.timeoutMs);
}

type PayPalFailure = { statusCode?: unknown; message?: unknown; code?: unknown };

/** PayPal's error body: `{ name, message, details }`, or OAuth's `{ error, error_description }`. */
export function payPalErrorBody(err: unknown): Record<string, unknown> | null {
  const text = (err as PayPalFailure | null)?.message;
  if (typeof text !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The HTTP status of the SDK's rejection, null when there was no answer. */
export function payPalStatus(err: unknown): number | null {
  const status = (err as PayPalFailure | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

/** The SDK's rejection as PayoutProviderError (timeouts, resets, 408/409/429 and 5xx retryable). */
export function payPalError(err: unknown, action: string, credentials: PayoutCredentials) {
  if (err instanceof PayoutProviderError) return err;
  const status = payPalStatus(err);
  const body = payPalErrorBody(err);
  const words = (key: string) => (typeof body?.[key] === 'string' ? (body[key] as string) : null);
  const code =
    words('name') ??
    words('error') ??
    (typeof (err as PayPalFailure).code === 'string' ? String((err as PayPalFailure).code) : null);
  let message = words('message') ?? words('error_description');
  if (!message) message = err instanceof Error ? err.message : String(err);
  const timedOut = status === null && /timed out/i.test(message);
  return providerError('PayPal', action, { status, code: timedOut ? 'timeout' : code, message }, [
    credentials.secret,
  ]);
}

/** Runs one SDK request, translating whatever it throws. */
export async function callPayPal<T>(
  client: ReturnType<typeof payPalClient>,
  request: PayPalRequest,
  action: string,
  credentials: PayoutCredentials,
): Promise<{ statusCode: number; result: T }> {
  try {
    const answer = await client.execute<T>(request);
    return { statusCode: answer.statusCode, result: answer.result };
  } catch (err) {
    throw payPalError(err, action, credentials);
  }
}

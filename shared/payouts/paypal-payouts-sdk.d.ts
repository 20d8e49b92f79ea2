/**
 * The part of the official `@paypal/payouts-sdk` (1.1.1, no types of its own) that the PayPal adapter
 * calls: an environment with a configurable base URL, the HTTP client (OAuth token fetched and cached per
 * client id, a 401 answered by fetching a new token once) and the payouts requests. Non-2xx answers reject
 * with an HttpError carrying `statusCode` and the body as `message`; the client's own timeout rejects with
 * a plain Error "Request timed out"; a refused or reset connection with the socket's error.
 */
declare module '@paypal/payouts-sdk' {
  export interface PayPalRequest {
    path: string;
    verb: 'GET' | 'POST';
    body: unknown;
    headers: Record<string, string>;
  }

  export interface PayPalResponse<T = unknown> {
    statusCode: number;
    headers: Record<string, string | string[] | undefined>;
    result: T;
  }

  export namespace core {
    class PayPalEnvironment {
      constructor(clientId: string, clientSecret: string, baseUrl: string, webUrl: string);
      readonly baseUrl: string;
      readonly clientId: string;
    }
    class PayPalHttpClient {
      constructor(environment: PayPalEnvironment);
      execute<T = unknown>(request: PayPalRequest): Promise<PayPalResponse<T>>;
      /** Milliseconds of socket inactivity before the request is aborted (paypalhttp's default: 30 s). */
      getTimeout(): number;
    }
  }

  export namespace payouts {
    class PayoutsPostRequest implements PayPalRequest {
      path: string;
      verb: 'POST';
      body: unknown;
      headers: Record<string, string>;
      payPalRequestId(id: string): this;
      requestBody(body: unknown): this;
    }
    class PayoutsGetRequest implements PayPalRequest {
      constructor(payoutBatchId: string);
      path: string;
      verb: 'GET';
      body: unknown;
      headers: Record<string, string>;
      page(page: number): this;
      pageSize(size: number): this;
    }
    class PayoutsItemGetRequest implements PayPalRequest {
      constructor(payoutItemId: string);
      path: string;
      verb: 'GET';
      body: unknown;
      headers: Record<string, string>;
    }
    class PayoutsItemCancelRequest implements PayPalRequest {
      constructor(payoutItemId: string);
      path: string;
      verb: 'POST';
      body: unknown;
      headers: Record<string, string>;
    }
  }
}

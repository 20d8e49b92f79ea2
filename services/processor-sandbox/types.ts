import { z } from 'zod';
import type { SandboxCustomer, SandboxPaymentMethod, SandboxSubscription, SandboxTransaction } from './store';

/* The sandbox's public shapes, shared by its in-process object and its HTTP control API. */

export interface SandboxCall {
  method: string;
  /** Request path and query, e.g. /merchants/m1/subscriptions/abc. */
  path: string;
  merchantId: string;
  /** What was answered; null when a timeout fault withheld the answer. */
  status: number | null;
  /** ISO 8601. */
  time: string;
  /** The parsed JSON body (snake_case, as the SDK sends it), null when there was none. */
  body: unknown;
  fault: 'error' | 'timeout' | null;
  /** Whether the gateway acted on it (answered or would have answered 2xx), faults notwithstanding. */
  applied: boolean;
}

export const sandboxFailureSchema = z.strictObject({
  mode: z.enum(['error', 'timeout']),
  status: z.union([z.literal(500), z.literal(503), z.literal(429)]).optional(),
  forMs: z.number().int().positive().optional(),
  count: z.number().int().positive().optional(),
  applyBeforeFailing: z.boolean().optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
});

/**
 * A fault for the next gateway calls, until `count` calls have failed or `forMs` has passed (whichever
 * comes first; with neither, until recover()). error: answer `status` (503 by default) without effect.
 * timeout: never answer, holding the connection. With applyBeforeFailing the call takes effect first and
 * only its answer fails, the "did it happen?" case. `method` limits the fault (and its count) to calls
 * of that HTTP method, e.g. PUT to fail a subscription update but not the read before it.
 */
export type SandboxFailure = z.infer<typeof sandboxFailureSchema>;

export interface SandboxMerchantState {
  id: string;
  publicKey: string | null;
  customers: SandboxCustomer[];
  paymentMethods: SandboxPaymentMethod[];
  subscriptions: SandboxSubscription[];
  transactions: SandboxTransaction[];
  discounts: { id: string; name: string; amountCents: number }[];
  plans: { id: string; priceCents: number }[];
}

export interface ProcessorSandbox {
  /** Origin to use as the adapter's baseUrl, e.g. http://127.0.0.1:4010. */
  url: string;
  calls(): SandboxCall[];
  failWith(failure: SandboxFailure): void;
  /** Ends the fault; connections held by a timeout fault are reset. */
  recover(): void;
  /** Forgets every merchant, call and fault. */
  reset(): void;
  /** Bills the subscription's next cycle; null when it comes to $0 (Braintree makes no transaction then). */
  charge(merchantId: string, subscriptionId: string): SandboxTransaction | null;
  /** A copy of one merchant's objects; null for a merchant never seen. */
  state(merchantId: string): SandboxMerchantState | null;
  /** Registers a discount that subscriptions may inherit from (`service_discount` always exists). */
  addDiscount(merchantId: string, discount: { id: string; name?: string; amount?: string }): void;
  /** Registers a plan whose price subscriptions default to. */
  addPlan(merchantId: string, plan: { id: string; price: string }): void;
  close(): Promise<void>;
}

export interface ProcessorSandboxOptions {
  port?: number;
  host?: string;
  /** Told of every gateway call once it is answered (or withheld). */
  onCall?: (call: SandboxCall) => void;
}

export function sandboxUsage(url: string): string {
  const { hostname, port } = new URL(url);
  return `Braintree processor sandbox: ${url}
Point the official SDK at it (any merchant id; it keeps the keys of its first call):
  new braintree.BraintreeGateway({ environment: new braintree.Environment('${hostname}', '${port}', '${url}', false),
    merchantId: 'demo_merchant', publicKey: 'demo_public', privateKey: 'demo_private' })
or, in this service: createBraintreeProcessor(credentials, { baseUrl: '${url}', timeoutMs: 5000 }).
Any payment_method_nonce is accepted (fake-valid-nonce, fake-valid-mastercard-nonce, ...);
the discount service_discount exists for every merchant.
Control API (JSON):
  GET  ${url}/__sandbox/calls          every gateway call made
  GET  ${url}/__sandbox/state[?merchantId=m]
  POST ${url}/__sandbox/fail           {"mode":"error"|"timeout","status":503,"forMs":10000,"count":1,
                                       "applyBeforeFailing":false,"method":"PUT"}
  POST ${url}/__sandbox/recover        POST ${url}/__sandbox/reset
  POST ${url}/__sandbox/subscriptions/{id}/charge[?merchantId=m]   bill the next cycle
  POST ${url}/__sandbox/merchants/{merchantId}/discounts   {"id":"d","amount":"1.00"}
  POST ${url}/__sandbox/merchants/{merchantId}/plans       {"id":"p","price":"10.00"}
`;
}

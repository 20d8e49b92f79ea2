import { startJsonServer, type JsonRoute, type StandInCall } from '../payout-common/json-server';
import { payPalApiRoutes, payPalError } from './api';
import { payPalControlRoutes } from './control';
import { PayPalState } from './state';

/*
 * The PayPal Payouts stand-in: the REST API the official @paypal/payouts-sdk talks to (point its
 * PayPalEnvironment's base URL here; any client id and secret make an app, the first secret sticks) and
 * the control API under /_sandbox (control.ts). In-process callers get its state directly.
 */

export interface PayPalStandIn {
  url: string;
  state: PayPalState;
  /** Every API and control call, oldest first. */
  calls(): StandInCall[];
  close(): Promise<void>;
}

export async function startPayPalStandIn(
  options: { port?: number; host?: string } = {},
): Promise<PayPalStandIn> {
  const state = new PayPalState();
  let routes: JsonRoute[] = [];
  const server = await startJsonServer({
    routes: () => routes,
    faults: state.faults,
    idempotencyHeader: 'paypal-request-id',
    notFound: (method, path) => ({
      status: 404,
      body: payPalError(404, 'NOT_FOUND', `No route for ${method} ${path}`).body,
    }),
    port: options.port,
    host: options.host,
  });
  state.url = server.url;
  routes = [...payPalApiRoutes(state), ...payPalControlRoutes(state, () => server.calls)];
  return {
    url: server.url,
    state,
    calls: () => structuredClone(server.calls),
    async close() {
      await state.outbox.settled();
      await server.close();
    },
  };
}

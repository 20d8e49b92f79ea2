import { startJsonServer, type JsonRoute, type StandInCall } from '../payout-common/json-server';
import { giftCardApiRoutes, giftCardError } from './api';
import { giftCardControlRoutes } from './control';
import { GiftCardState } from './state';

/*
 * The gift-card stand-in, shaped like Tremendous: the API the official `tremendous` client talks to
 * (its basePath is `<url>/api/v2`; any bearer API key is an organization of its own) and the control API
 * under /_sandbox (control.ts). In-process callers get its state directly.
 */

export interface GiftCardStandIn {
  /** The server's origin; the client's base path is `${url}/api/v2`. */
  url: string;
  basePath: string;
  state: GiftCardState;
  calls(): StandInCall[];
  close(): Promise<void>;
}

export async function startGiftCardStandIn(
  options: { port?: number; host?: string } = {},
): Promise<GiftCardStandIn> {
  const state = new GiftCardState();
  let routes: JsonRoute[] = [];
  const server = await startJsonServer({
    routes: () => routes,
    faults: state.faults,
    idempotencyHeader: 'idempotency-key',
    notFound: (method, path) => ({
      status: 404,
      body: giftCardError(404, `No route for ${method} ${path}`).body,
    }),
    port: options.port,
    host: options.host,
  });
  routes = [...giftCardApiRoutes(state), ...giftCardControlRoutes(state, () => server.calls)];
  return {
    url: server.url,
    basePath: `${server.url}/api/v2`,
    state,
    calls: () => structuredClone(server.calls),
    async close() {
      await state.outbox.settled();
      await server.close();
    },
  };
}

import crypto from 'node:crypto';
import http from 'node:http';
import { listen } from '../../../shared/http';
import { accountRoutes } from './account';
import { balanceRoutes } from './balance';
import { balanceTransactionRoutes } from './balance-transactions';
import { CallLog, type StripeCall } from './call-log';
import { checkoutSessionRoutes } from './checkout-sessions';
import { connectRoutes } from './connect';
import { control, controlFailure } from './control';
import { FrontContext, type Answer } from './context';
import { couponRoutes } from './coupons';
import { disputeRoutes } from './disputes';
import { StripeApiError, unknownRoute } from './errors';
import { eventRoutes } from './events-api';
import { EventHub, type Delivery } from './events';
import { parseForm } from './form';
import { IdempotencyStore } from './idempotency';
import { authenticate, checkPermission, keyFromHeader } from './keys';
import { priceRoutes } from './prices';
import { promotionCodeRoutes } from './promotion-codes';
import { proxy } from './proxy';
import { Relay } from './relay';
import type { Route } from './routes';
import { subscriptionRoutes } from './subscriptions';
import { stripeFrontUsage } from './usage';
import { webhookEndpointRoutes } from './webhook-endpoints';

/*
 * The Stripe stand-in's front: the HTTP server the official `stripe` library talks to (host/port/protocol).
 * It authenticates keys, keeps idempotent answers and a call log, serves what localstripe lacks (webhook
 * endpoints and signed deliveries, promotion codes, Checkout sessions, prices, customer balance
 * transactions, disputes, events) and proxies the rest to localstripe.
 */

export interface StripeFrontOptions {
  localstripeUrl: string;
  port?: number;
  host?: string;
  onCall?: (call: StripeCall) => void;
  onDelivery?: (delivery: Delivery) => void;
}

export interface StripeFront {
  url: string;
  ctx: FrontContext;
  calls: CallLog;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startStripeFront(options: StripeFrontOptions): Promise<StripeFront> {
  const host = options.host ?? '127.0.0.1';
  let url = '';
  const ctx = new FrontContext(options.localstripeUrl, new EventHub(options.onDelivery));
  const calls = new CallLog(options.onCall);
  const idempotency = new IdempotencyStore();
  const revoked = new Set<string>();
  const relay = new Relay(ctx);
  const routes: Route[] = [
    ...webhookEndpointRoutes,
    ...promotionCodeRoutes,
    ...checkoutSessionRoutes(() => url),
    ...balanceTransactionRoutes,
    ...disputeRoutes,
    ...eventRoutes,
    ...priceRoutes,
    ...couponRoutes,
    ...subscriptionRoutes,
    ...balanceRoutes,
    ...accountRoutes,
    ...connectRoutes(() => url),
  ];

  async function answerApi(
    req: http.IncomingMessage,
    target: URL,
    raw: string,
  ): Promise<Answer & { replayed: boolean }> {
    const method = req.method ?? 'GET';
    const path = target.pathname;
    const apiKey = authenticate(req.headers.authorization, revoked);
    checkPermission(apiKey, method, path);
    const account = ctx.account(apiKey.account, apiKey.mode === 'live');
    const idempotencyKey =
      method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
    if (idempotencyKey) {
      const stored = idempotency.begin(apiKey.key, idempotencyKey, method, path, raw);
      if (stored) return { ...structuredClone(stored), replayed: true };
    }
    let answer: Answer;
    try {
      const route = routes.find((r) => r.method === method && r.path.test(path));
      if (route) {
        const params = parseForm(method === 'POST' ? raw : target.search.slice(1));
        const body = await route.handle({
          ctx,
          account,
          apiKey,
          method,
          path,
          match: route.path.exec(path)!,
          params,
          idempotencyKey,
        });
        answer = { status: 200, body };
      } else if (/^\/v1\//.test(path)) {
        answer = await proxy(ctx, account, {
          method,
          path,
          search: target.search,
          raw,
          contentType: req.headers['content-type'],
        });
      } else throw unknownRoute(method, path);
    } catch (err) {
      if (!(err instanceof StripeApiError)) {
        if (idempotencyKey) idempotency.abandon(apiKey.key, idempotencyKey);
        throw err;
      }
      answer = { status: err.status, body: err.body() };
    }
    if (idempotencyKey) idempotency.finish(apiKey.key, idempotencyKey, answer);
    return { ...answer, replayed: false };
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, target: URL, raw: string) {
    let answer: Answer & { replayed: boolean };
    try {
      answer = await answerApi(req, target, raw);
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      answer = { status: err.status, body: err.body(), replayed: false };
    }
    const text = JSON.stringify(answer.body, null, 2);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      'request-id': `req_${crypto.randomBytes(7).toString('hex')}`,
      'stripe-version': String(req.headers['stripe-version'] ?? '2024-09-30.acacia'),
    };
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    if (idempotencyKey && req.method === 'POST') headers['idempotency-key'] = idempotencyKey;
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    // A transfer that paid may be answered late or not at all, as a test armed (ConnectState.faults).
    const paid = req.method === 'POST' && target.pathname === '/v1/transfers' && answer.status === 200;
    const fault = paid && !answer.replayed ? ctx.connect.faults.take() : null;
    if (fault?.mode === 'drop') res.socket?.destroy();
    else if (fault?.mode === 'late') {
      await ctx.connect.faults.wait(fault.delayMs);
      if (!res.destroyed && !res.socket?.destroyed) res.writeHead(answer.status, headers).end(text);
    } else res.writeHead(answer.status, headers).end(text);
    calls.add({
      method: req.method ?? 'GET',
      path: target.pathname,
      query: target.search,
      key: keyFromHeader(req.headers.authorization),
      status: answer.status,
      idempotencyKey: idempotencyKey ?? null,
      replayed: answer.replayed,
      time: new Date().toISOString(),
    });
  }

  const reset = () => {
    ctx.accounts.clear();
    ctx.owners.clear();
    ctx.discounts.clear();
    ctx.prices.clear();
    ctx.disputedCharges.clear();
    ctx.couponExtras.clear();
    ctx.connect.reset();
    ctx.events.reset();
    calls.reset();
    idempotency.reset();
    revoked.clear();
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await readBody(req);
    const target = new URL(req.url ?? '/', 'http://front');
    if (target.pathname.startsWith('/v1/')) return api(req, res, target, raw);
    let status: number;
    let body: unknown;
    try {
      [status, body] = await control(
        { ctx, relay, calls, revoked, reset, usage: () => stripeFrontUsage(url) },
        req.method ?? 'GET',
        new URL(req.url ?? '/', url),
        raw,
        req.headers['stripe-signature'] as string | undefined,
      );
    } catch (err) {
      [status, body] = controlFailure(err);
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
    res
      .writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' })
      .end(text);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else {
        const text = JSON.stringify({ error: { type: 'api_error', message: (err as Error).message } });
        res.writeHead(500, { 'content-type': 'application/json' }).end(text);
      }
    });
  });
  const port = await listen(server, options.port ?? 0, host);
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    await relay.register(url);
  } catch (err) {
    server.close();
    throw err;
  }
  return {
    url,
    ctx,
    calls,
    async close() {
      ctx.connect.faults.release();
      await ctx.events.settled();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

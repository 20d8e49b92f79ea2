import http from 'node:http';
import { listen } from '../../shared/http';
import { handleGatewayCall, type GatewayAnswer } from './gateway-api';
import { controlApi } from './control-api';
import { chargeNextCycle, newMerchant, parseAmount, type MerchantState } from './store';
import {
  sandboxFailureSchema,
  type ProcessorSandbox,
  type ProcessorSandboxOptions,
  type SandboxCall,
  type SandboxFailure,
} from './types';
import { toXml } from './xml';

export * from './types';

/**
 * A local stand-in for Braintree's gateway API, spoken exactly as the official SDK speaks it, so the
 * adapter and merchants' demo code can run against it unchanged (see sandboxUsage for how to point the
 * SDK here). State lives in memory; every merchant id is accepted, with the keys of its first call.
 */

interface ActiveFault extends SandboxFailure {
  until: number | null;
  remaining: number | null;
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

function credentialsOf(header: string | undefined): { publicKey: string; privateKey: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { publicKey: decoded.slice(0, colon), privateKey: decoded.slice(colon + 1) };
}

export async function startProcessorSandbox(
  options: ProcessorSandboxOptions = {},
): Promise<ProcessorSandbox> {
  const host = options.host ?? '127.0.0.1';
  const merchants = new Map<string, MerchantState>();
  let calls: SandboxCall[] = [];
  let fault: ActiveFault | null = null;
  const held = new Set<http.ServerResponse>();

  const merchant = (id: string) => {
    let state = merchants.get(id);
    if (!state) merchants.set(id, (state = newMerchant(id)));
    return state;
  };

  function takeFault(method: string): ActiveFault | null {
    if (fault?.until != null && Date.now() >= fault.until) fault = null;
    if (fault?.method && fault.method !== method) return null;
    const current = fault;
    if (current?.remaining != null && --current.remaining <= 0) fault = null;
    return current;
  }

  function dropHeld() {
    for (const res of held) res.destroy();
    held.clear();
  }

  function answerGateway(
    req: http.IncomingMessage,
    merchantId: string,
    path: string,
    body: unknown,
  ): GatewayAnswer {
    const keys = credentialsOf(req.headers.authorization);
    if (!keys) return { status: 401 };
    const state = merchant(merchantId);
    state.keys ??= keys;
    if (state.keys.publicKey !== keys.publicKey || state.keys.privateKey !== keys.privateKey)
      return { status: 401 };
    return handleGatewayCall(state, req.method ?? 'GET', path, body);
  }

  function send(res: http.ServerResponse, answer: GatewayAnswer) {
    const xml = answer.xml ? toXml(answer.xml.root, answer.xml.body) : '';
    res.writeHead(answer.status, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Length': Buffer.byteLength(xml),
    });
    res.end(xml);
  }

  function gatewayRequest(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const target = req.url ?? '/';
    const [, merchantId = '', path = '/'] = /^\/merchants\/([^/?]+)([^?]*)/.exec(target) ?? [];
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const call: SandboxCall = {
      method: req.method ?? 'GET',
      path: target,
      merchantId,
      status: null,
      time: new Date().toISOString(),
      body,
      fault: null,
      applied: false,
    };
    calls.push(call);
    const current = takeFault(call.method);
    let answer: GatewayAnswer | null = null;
    if (!current || current.applyBeforeFailing) {
      answer = answerGateway(req, merchantId, path, body);
      call.applied = answer.status < 300;
    }
    if (current?.mode === 'timeout') {
      call.fault = 'timeout';
      held.add(res);
      res.on('close', () => held.delete(res));
    } else {
      if (current) {
        call.fault = 'error';
        answer = { status: current.status ?? 503 };
      }
      call.status = answer!.status;
      send(res, answer!);
    }
    options.onCall?.(call);
  }

  const sandbox: ProcessorSandbox = {
    url: '',
    calls: () => structuredClone(calls),
    failWith(failure) {
      const parsed = sandboxFailureSchema.parse(failure);
      fault = {
        ...parsed,
        until: parsed.forMs === undefined ? null : Date.now() + parsed.forMs,
        remaining: parsed.count ?? null,
      };
    },
    recover() {
      fault = null;
      dropHeld();
    },
    reset() {
      merchants.clear();
      calls = [];
      fault = null;
      dropHeld();
    },
    charge(merchantId, subscriptionId) {
      const state = merchants.get(merchantId);
      const sub = state?.subscriptions.get(subscriptionId);
      if (!state || !sub) throw new Error(`no subscription ${subscriptionId} for merchant ${merchantId}`);
      return structuredClone(chargeNextCycle(state, sub));
    },
    state(merchantId) {
      const state = merchants.get(merchantId);
      if (!state) return null;
      return structuredClone({
        id: state.id,
        publicKey: state.keys?.publicKey ?? null,
        customers: [...state.customers.values()],
        paymentMethods: [...state.paymentMethods.values()],
        subscriptions: [...state.subscriptions.values()],
        transactions: [...state.transactions.values()],
        discounts: [...state.discounts.values()],
        plans: [...state.plans.values()],
      });
    },
    addDiscount(merchantId, discount) {
      const amountCents = parseAmount(discount.amount ?? '0');
      if (amountCents === null) throw new Error(`invalid discount amount: ${discount.amount}`);
      merchant(merchantId).discounts.set(discount.id, {
        id: discount.id,
        name: discount.name ?? discount.id,
        amountCents,
      });
    },
    addPlan(merchantId, plan) {
      const priceCents = parseAmount(plan.price);
      if (priceCents === null) throw new Error(`invalid plan price: ${plan.price}`);
      merchant(merchantId).plans.set(plan.id, { id: plan.id, priceCents });
    },
    close() {
      dropHeld();
      return new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };

  const control = controlApi(sandbox, () => [...merchants.keys()]);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const raw = await readBody(req);
    if (req.url?.startsWith('/merchants/')) gatewayRequest(req, res, raw);
    else control(req, res, raw);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String((err as Error).message ?? err));
    });
  });
  const port = await listen(server, options.port ?? 0, host);
  sandbox.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return sandbox;
}

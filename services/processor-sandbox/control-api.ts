import type http from 'node:http';
import { z } from 'zod';
import { sandboxFailureSchema, sandboxUsage, type ProcessorSandbox } from './types';

/* The JSON control API under /__sandbox, the HTTP face of the ProcessorSandbox object for demos. */

const discountSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/),
  name: z.string().optional(),
  amount: z.string().optional(),
});
const planSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]+$/), price: z.string() });

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function parse<T>(schema: z.ZodType<T>, raw: string): T {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : {};
  } catch {
    throw new ControlError(400, 'body is not JSON');
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new ControlError(400, z.prettifyError(result.error));
  return result.data;
}

export function controlApi(sandbox: ProcessorSandbox, merchantIds: () => string[]) {
  /** A subscription id is only unique per merchant: ?merchantId= settles it when several have it. */
  function ownerOf(subscriptionId: string, merchantId: string | null): string {
    const candidates = (merchantId ? [merchantId] : merchantIds()).filter((id) =>
      sandbox.state(id)?.subscriptions.some((s) => s.id === subscriptionId),
    );
    if (candidates.length === 0) throw new ControlError(404, `no subscription ${subscriptionId}`);
    if (candidates.length > 1)
      throw new ControlError(409, `several merchants have ${subscriptionId}: pass ?merchantId=`);
    return candidates[0];
  }

  function route(method: string, url: URL, raw: string): [number, unknown] {
    const path = url.pathname;
    const merchantId = url.searchParams.get('merchantId');
    if (method === 'GET' && path === '/') return [200, sandboxUsage(sandbox.url)];
    if (method === 'GET' && path === '/__sandbox/calls') {
      return [200, sandbox.calls().filter((c) => !merchantId || c.merchantId === merchantId)];
    }
    if (method === 'GET' && path === '/__sandbox/state') {
      const ids = merchantId ? [merchantId] : merchantIds();
      return [200, { merchants: Object.fromEntries(ids.map((id) => [id, sandbox.state(id)])) }];
    }
    if (method === 'POST' && path === '/__sandbox/fail') {
      sandbox.failWith(parse(sandboxFailureSchema, raw));
      return [200, { ok: true }];
    }
    if (method === 'POST' && path === '/__sandbox/recover') {
      sandbox.recover();
      return [200, { ok: true }];
    }
    if (method === 'POST' && path === '/__sandbox/reset') {
      sandbox.reset();
      return [200, { ok: true }];
    }
    let match = /^\/__sandbox\/subscriptions\/([^/]+)\/charge$/.exec(path);
    if (method === 'POST' && match) {
      const owner = ownerOf(match[1], merchantId);
      try {
        return [200, { merchantId: owner, transaction: sandbox.charge(owner, match[1]) }];
      } catch (err) {
        throw new ControlError(409, (err as Error).message);
      }
    }
    match = /^\/__sandbox\/merchants\/([^/]+)\/(discounts|plans)$/.exec(path);
    if (method === 'POST' && match) {
      if (match[2] === 'discounts') sandbox.addDiscount(match[1], parse(discountSchema, raw));
      else sandbox.addPlan(match[1], parse(planSchema, raw));
      return [201, { ok: true }];
    }
    throw new ControlError(404, `no such sandbox route: ${method} ${path}`);
  }

  return (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    try {
      const [status, body] = route(req.method ?? 'GET', url, raw);
      if (typeof body === 'string') res.writeHead(status, { 'Content-Type': 'text/plain' }).end(body);
      else json(res, status, body);
    } catch (err) {
      if (err instanceof ControlError) json(res, err.status, { error: err.message });
      else json(res, 400, { error: (err as Error).message });
    }
  };
}

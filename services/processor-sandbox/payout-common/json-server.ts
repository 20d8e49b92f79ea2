import http from 'node:http';
import { closeServer, listen } from '../../../shared/http';
import type { AnswerFaults } from './answer-faults';

/*
 * The HTTP server under the payout stand-ins (PayPal's and the gift-card provider's): JSON in and out,
 * routes by method and path pattern, a log of every call, and the answer faults a test arms (an answer
 * given late, past the client's timeout, or a dropped connection) applied to requests that paid.
 */

export interface JsonRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  raw: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown;
  match: RegExpExecArray;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** This request made a payment (the answer faults apply to it). */
  paid?: boolean;
  /** The answer was a stored one, nothing was done (an idempotent replay). */
  replayed?: boolean;
}

export interface JsonRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  handle(request: JsonRequest): JsonAnswer | Promise<JsonAnswer>;
}

/** One API call as the stand-in saw it (tests count them). */
export interface StandInCall {
  method: string;
  path: string;
  status: number;
  /** The request's idempotency key header (PayPal-Request-Id), if any. */
  idempotencyKey: string | null;
  replayed: boolean;
  paid: boolean;
  /** What the fault did to the answer: null when it was sent as made. */
  fault: 'late' | 'drop' | null;
  time: string;
}

/** A thrown error that is the answer (a provider's error body with its status). */
export class AnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

export interface JsonServer {
  url: string;
  calls: StandInCall[];
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new AnswerError(413, { error: 'request body too large' }));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export async function startJsonServer(options: {
  routes: () => JsonRoute[];
  faults: AnswerFaults;
  idempotencyHeader: string;
  notFound: (method: string, path: string) => JsonAnswer;
  port?: number;
  host?: string;
}): Promise<JsonServer> {
  const calls: StandInCall[] = [];
  const host = options.host ?? '127.0.0.1';

  async function answer(req: http.IncomingMessage, target: URL): Promise<JsonAnswer> {
    const method = req.method ?? 'GET';
    try {
      const raw = await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : v]),
      );
      for (const route of options.routes()) {
        const match = route.method === method ? route.path.exec(target.pathname) : null;
        if (match) {
          const request = {
            method,
            path: target.pathname,
            query: target.searchParams,
            headers,
            raw,
            json: parseJson(raw),
            match,
          };
          return await route.handle(request);
        }
      }
      return options.notFound(method, target.pathname);
    } catch (err) {
      if (err instanceof AnswerError) return { status: err.status, body: err.body };
      return { status: 500, body: { name: 'INTERNAL_SERVICE_ERROR', message: (err as Error).message } };
    }
  }

  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://stand-in');
    void answer(req, target).then(async (made) => {
      const fault = made.paid ? options.faults.take() : null;
      calls.push({
        method: req.method ?? 'GET',
        path: target.pathname,
        status: made.status,
        idempotencyKey: (req.headers[options.idempotencyHeader] as string | undefined) ?? null,
        replayed: made.replayed ?? false,
        paid: made.paid ?? false,
        fault: fault?.mode ?? null,
        time: new Date().toISOString(),
      });
      if (fault?.mode === 'drop') {
        res.socket?.destroy();
        return;
      }
      if (fault?.mode === 'late') await options.faults.wait(fault.delayMs);
      if (res.destroyed || res.socket?.destroyed) return;
      const text = typeof made.body === 'string' ? made.body : JSON.stringify(made.body);
      res
        .writeHead(made.status, {
          'content-type': typeof made.body === 'string' ? 'text/plain' : 'application/json',
          'content-length': String(Buffer.byteLength(text)),
          ...made.headers,
        })
        .end(text);
    });
  });
  const port = await listen(server, options.port ?? 0, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    calls,
    async close() {
      options.faults.release();
      server.closeAllConnections();
      await closeServer(server);
    },
  };
}

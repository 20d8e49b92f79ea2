import crypto from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import proxyaddr from 'proxy-addr';
import { Counter, Gauge, type Registry } from 'prom-client';
import { trustedProxyList, type Config } from '../../shared/config';
import type { ApiErrorCode } from '../../shared/errors';

type ServerConfig = Pick<
  Config,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_BODY_IDLE_TIMEOUT_MS' | 'MAX_CONNECTIONS'
> &
  Partial<Pick<Config, 'MAX_CONNECTIONS_PER_ADDRESS' | 'TRUSTED_PROXIES'>>;

/** Probes and scrapes: answered on every connection, admitted by the connection cap or not. */
const RESERVED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Longer than common load balancers' idle timeout (60 s), so they close idle connections first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long a client refused by the connection cap should wait before its next request. */
const OVER_CAP_RETRY_AFTER_SECONDS = 1;

export interface GatewayServer {
  server: http.Server;
  /** Routes requests to the app, except those refused by the connection cap (see createGatewayServer). */
  serve(listener: http.RequestListener): void;
}

function jsonError(statusCode: number, apiErrorCode: ApiErrorCode, message: string) {
  const requestId = crypto.randomUUID();
  return { requestId, body: JSON.stringify({ statusCode, message, apiErrorCode, requestId }) };
}

/**
 * Errors Node raises before a request reaches the app ('clientError'), answered in the API's error shape
 * and followed by closing the connection. A code not listed is a malformed request (400).
 */
const CLIENT_ERRORS: Record<
  string,
  { status: string; apiErrorCode: ApiErrorCode; message: (c: ServerConfig) => string }
> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: '408 Request Timeout',
    apiErrorCode: 'REQUEST_TIMEOUT',
    message: (c) => `Request headers were not received within ${c.HTTP_HEADERS_TIMEOUT_MS} ms`,
  },
  HPE_HEADER_OVERFLOW: {
    status: '431 Request Header Fields Too Large',
    apiErrorCode: 'HEADERS_TOO_LARGE',
    message: () => 'Request headers are too large',
  },
};
const MALFORMED = {
  status: '400 Bad Request',
  apiErrorCode: 'VALIDATION_FAILED' as const,
  message: () => 'Malformed HTTP request',
};

function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, config: ServerConfig): void {
  // Nothing can be said once part of a response went out, nor to a socket that is already gone.
  if (socket.writable && (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0) {
    const answer = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
    const { requestId, body } = jsonError(
      Number(answer.status.slice(0, 3)),
      answer.apiErrorCode,
      answer.message(config),
    );
    socket.write(
      `HTTP/1.1 ${answer.status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function boundUnreadBody(req: http.IncomingMessage, res: http.ServerResponse, timeoutMs: number): void {
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), timeoutMs);
    // Both listeners go once either fires: a keep-alive socket outlives many requests, and a listener left
    // on it per answered-unread request would pile up (thousands under a flood of 401s or 429s).
    const done = () => {
      clearTimeout(timer);
      req.off('end', done);
      req.socket.off('close', done);
    };
    req.once('end', done);
    req.socket.once('close', done);
  });
}

/** An HTTP server with the gateway's timeouts and framework error answers (see createGatewayServer). */
function createTimedServer(config: ServerConfig): http.Server {
  const server = http.createServer({
    headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: 0,
    // Node checks headers timeouts on this interval (default 30 s, which would stretch a 10 s timeout to 40 s).
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 4))),
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(err, socket, config),
  );
  return server;
}

const pathOf = (req: http.IncomingMessage) => (req.url ?? '/').split('?', 1)[0]!;

function answerJson(
  res: http.ServerResponse,
  statusCode: number,
  apiErrorCode: ApiErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  const { requestId, body } = jsonError(statusCode, apiErrorCode, message);
  res.writeHead(statusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Request-Id': requestId,
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/**
 * The HEALTH_PORT listener: /healthz, /readyz and /metrics from the same app, 404 for anything else.
 * libuv accepts one connection per event-loop turn on each listener, so while a flood of new
 * connections queues in PORT's accept queue, a probe's connection there waits behind all of them
 * (seconds under load: see bench/connection-flood.ts); on a listener of its own it is accepted on the
 * next turn.
 */
export function createProbeServer(config: ServerConfig): GatewayServer {
  const server = createTimedServer(config);
  return {
    server,
    serve(listener) {
      server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (RESERVED_PATHS.has(pathOf(req))) listener(req, res);
        else
          answerJson(res, 404, 'NOT_FOUND', `Only ${[...RESERVED_PATHS].join(', ')} are served on this port`);
      });
    },
  };
}

/**
 * The gateway's HTTP server, with the limits that keep one client from holding it.
 *
 * Timeouts. headersTimeout closes a connection whose request headers do not arrive in
 * HTTP_HEADERS_TIMEOUT_MS (an idle new connection included), checked every second at most. Node's
 * requestTimeout is off: it would bound every request body, uploads included, by one total duration,
 * whereas a large upload may legitimately take long as long as it keeps moving. Instead, JSON, form and
 * GraphQL bodies are bounded in readBodyText (HTTP_REQUEST_TIMEOUT_MS whole, HTTP_BODY_IDLE_TIMEOUT_MS
 * between chunks: 408) and uploads by their route's UPLOAD_IDLE_TIMEOUT_MS. A body that the app answered
 * without reading whole (an error, a route that takes none) is discarded by Node to reuse the
 * connection; that must also end within HTTP_BODY_IDLE_TIMEOUT_MS, or the connection is closed (a
 * trickle of bytes would otherwise hold it for good, as each one restarts the keep-alive timer).
 *
 * Connection cap. A connection is admitted to the API by its first request while fewer than
 * MAX_CONNECTIONS connections are admitted, and stays admitted until it closes (idle keep-alive
 * connections included). A request on a connection that is not admitted is answered at once with 503
 * SERVICE_UNAVAILABLE and Retry-After, without reaching the app (no authentication, no database), its
 * connection is not read again for the Retry-After second, and its next request tries again for
 * admission. Health, readiness and metrics are served on every connection. Connections that never send
 * a request do not count: the headers timeout closes them.
 * - Not Node's server.maxConnections: it drops every socket over the limit before reading a byte, probes
 *   included, so a flood would make the gateway look dead to its load balancer and orchestrator exactly
 *   when it most needs to be seen.
 * - Not Connection: close on the 503: clients that ignore Retry-After would reconnect at once, and libuv
 *   accepts one connection per event-loop turn, so under load that churn keeps the kernel's accept
 *   queue full and a probe's new connection waits seconds behind it (measured with 2,000 clients).
 * - The same accept queue is why a burst of new connections (thousands opened at once) still delays
 *   probes on PORT until it is accepted; HEALTH_PORT (createProbeServer) is the listener for probes
 *   that must not wait behind one.
 */
export function createGatewayServer(config: ServerConfig, registry?: Registry): GatewayServer {
  const server = createTimedServer(config);
  const perAddress = config.MAX_CONNECTIONS_PER_ADDRESS ?? config.MAX_CONNECTIONS;
  const trusted = proxyaddr.compile(trustedProxyList(config.TRUSTED_PROXIES));

  let open = 0;
  let admittedCount = 0;
  /** Admitted sockets and the peer address each is counted against ('' for a trusted proxy). */
  const admitted = new WeakMap<object, string>();
  const byAddress = new Map<string, number>();
  server.on('connection', (socket) => {
    open += 1;
    socket.once('close', () => {
      open -= 1;
      const address = admitted.get(socket);
      if (address === undefined) return;
      admittedCount -= 1;
      if (address === '') return;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
  });
  /**
   * 'ok', or why not: the whole gateway is at MAX_CONNECTIONS, or this peer address at its share
   * (MAX_CONNECTIONS_PER_ADDRESS; a trusted proxy's connections carry many clients and are not counted
   * per address).
   */
  const admit = (socket: { remoteAddress?: string }): 'ok' | 'full' | 'address' => {
    if (admitted.has(socket)) return 'ok';
    if (admittedCount >= config.MAX_CONNECTIONS) return 'full';
    const peer = socket.remoteAddress ?? '';
    const address = peer !== '' && trusted(peer, 0) ? '' : peer;
    // A trusted proxy's connection carries many clients: each request counts against its client's
    // address instead, while it is in flight (forwardedShare below).
    if (address !== '' && (byAddress.get(address) ?? 0) >= perAddress) return 'address';
    admitted.set(socket, address);
    admittedCount += 1;
    if (address !== '') byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
    return 'ok';
  };

  /** Requests in flight per client address named by a trusted proxy (X-Forwarded-For). */
  const forwardedInFlight = new Map<string, number>();
  const forwardedShare = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const peer = req.socket.remoteAddress ?? '';
    if (peer === '' || !trusted(peer, 0)) return true;
    const client = proxyaddr(req, trusted);
    const current = forwardedInFlight.get(client) ?? 0;
    if (current >= perAddress) return false;
    forwardedInFlight.set(client, current + 1);
    res.once('close', () => {
      const left = (forwardedInFlight.get(client) ?? 1) - 1;
      if (left > 0) forwardedInFlight.set(client, left);
      else forwardedInFlight.delete(client);
    });
    return true;
  };

  const refused = registry
    ? new Counter({
        name: 'http_over_capacity_requests_total',
        help: 'Requests answered 503 because their connection was not admitted (reason full: MAX_CONNECTIONS reached; address: MAX_CONNECTIONS_PER_ADDRESS)',
        labelNames: ['reason'],
        registers: [registry],
      })
    : undefined;
  if (registry) {
    new Gauge({
      name: 'http_open_connections',
      help: 'HTTP connections open on this gateway, admitted or not',
      registers: [registry],
      collect() {
        this.set(open);
      },
    });
    new Gauge({
      name: 'http_admitted_connections',
      help: 'HTTP connections admitted to the API (at most MAX_CONNECTIONS)',
      registers: [registry],
      collect() {
        this.set(admittedCount);
      },
    });
  }

  return {
    server,
    serve(listener) {
      server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (!req.complete) boundUnreadBody(req, res, config.HTTP_BODY_IDLE_TIMEOUT_MS);
        const connection = admit(req.socket);
        const admission = connection === 'ok' && !forwardedShare(req, res) ? 'address' : connection;
        if (admission === 'ok' || RESERVED_PATHS.has(pathOf(req))) {
          listener(req, res);
          return;
        }
        refused?.inc({ reason: admission });
        // One address past its share is answered like a full gateway: the connection is kept but not
        // admitted (it holds no place), and not read again for Retry-After. Closing it instead made
        // flooders reconnect at once, and that churn delays probes in the accept queue (bench).
        const message =
          admission === 'address'
            ? `Too many connections from your address (${perAddress}); retry shortly`
            : `This gateway is at its connection limit (${config.MAX_CONNECTIONS}); retry shortly`;
        answerJson(res, 503, 'SERVICE_UNAVAILABLE', message, {
          'Retry-After': String(OVER_CAP_RETRY_AFTER_SECONDS),
        });
        // Hold Retry-After for the client: its next request on this connection is not read before then,
        // so a client that retries at once costs one answer a second instead of a busy loop. Not for a
        // trusted proxy's admitted connection, which carries other clients' requests too.
        if (connection === 'ok') return;
        res.once('finish', () => {
          req.socket.pause();
          setTimeout(() => req.socket.resume(), OVER_CAP_RETRY_AFTER_SECONDS * 1000).unref();
        });
      });
    },
  };
}

import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that, once switched to slow, holds every chunk of data in either
 * direction for delayMs before passing it on (in order): each round trip to the database then costs at
 * least 2 × delayMs, as with a distant or overloaded server. It counts the queries the clients send,
 * so a test can tell whether a request went to the database at all.
 */
export interface DelayProxy {
  port: number;
  /** The same URL, through the proxy (host and port replaced). */
  via(url: string): string;
  setDelay(ms: number): void;
  /**
   * Queries sent towards PostgreSQL so far (chunks starting with a Query, Parse or Bind message; not a
   * pool's Terminate of an idle connection), on connections other than those of options.uncounted.
   */
  sentQueries(): number;
  close(): Promise<void>;
}

/** Passes chunks from one socket to another, each held until delay() ms after it arrived, in order. */
function delayedPipe(
  from: net.Socket,
  to: net.Socket,
  delay: () => number,
  onChunk: (chunk: Buffer) => void,
): void {
  const queue: { at: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const now = Date.now();
    while (queue.length > 0 && queue[0].at <= now) to.write(queue.shift()!.chunk);
    if (queue.length > 0) timer = setTimeout(flush, queue[0].at - now);
  };
  from.on('data', (chunk: Buffer) => {
    onChunk(chunk);
    const ms = delay();
    // Never before a chunk queued earlier: order is kept when the delay changes.
    const at = Math.max(Date.now() + ms, queue.at(-1)?.at ?? 0);
    if (ms === 0 && queue.length === 0) {
      to.write(chunk);
      return;
    }
    queue.push({ at, chunk });
    if (timer === undefined) timer = setTimeout(flush, at - Date.now());
  });
  from.on('close', () => {
    clearTimeout(timer);
    for (const { chunk } of queue.splice(0)) if (!to.destroyed) to.write(chunk);
    to.end();
  });
}

/** Frontend message types that ask PostgreSQL to run something: Query, Parse, Bind. */
const QUERY_MESSAGES = new Set(['Q', 'P', 'B'].map((c) => c.charCodeAt(0)));

export async function startDelayProxy(
  target: { host: string; port: number },
  /** An application_name whose connections are not counted (it is in their startup message). */
  options: { uncounted?: string } = {},
): Promise<DelayProxy> {
  let delayMs = 0;
  let sent = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
    let counted: boolean | undefined;
    const count = (chunk: Buffer) => {
      // The first chunk is the startup message, with the application_name.
      counted ??= !(options.uncounted && chunk.includes(`\0${options.uncounted}\0`));
      if (counted && QUERY_MESSAGES.has(chunk[0])) sent += 1;
    };
    delayedPipe(client, upstream, () => delayMs, count);
    delayedPipe(
      upstream,
      client,
      () => delayMs,
      () => undefined,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    setDelay(ms) {
      delayMs = ms;
    },
    sentQueries: () => sent,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import net from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL) that a test can cut and restore, for outages that
 * look to the client exactly like the real thing:
 * - 'refuse': the proxy stops listening, every open connection is dropped, new ones are refused
 *   (ECONNREFUSED), as when PostgreSQL is down or restarting;
 * - 'reset': the proxy keeps listening but drops every connection, open or new, at once ("Connection
 *   terminated unexpectedly"), as when a load balancer or pgbouncer in front of it has lost its backend.
 */
export interface TcpProxy {
  port: number;
  /** The same URL, through the proxy (host and port replaced). */
  via(url: string): string;
  cut(mode: 'refuse' | 'reset'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Pipes a client's connection to the target both ways; either side closing closes both (tracked in sockets). */
export function pipeToTarget(
  client: net.Socket,
  target: { host: string; port: number },
  sockets: Set<net.Socket>,
): void {
  const upstream = net.connect(target.port, target.host);
  const pair = [client, upstream];
  for (const socket of pair) {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      for (const other of pair) other.destroy();
    });
  }
  client.pipe(upstream);
  upstream.pipe(client);
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let resetting = false;
  const server = net.createServer((client) => {
    if (resetting) {
      client.destroy();
      return;
    }
    pipeToTarget(client, target, sockets);
  });
  const listenOn = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listenOn(0);
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut(mode) {
      if (mode === 'reset') {
        resetting = true;
        dropAll();
        return;
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropAll();
      await closed;
    },
    async restore() {
      resetting = false;
      if (!server.listening) await listenOn(port);
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

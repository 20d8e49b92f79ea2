import type { Server } from 'node:http';
import net from 'node:net';

/** Listens and resolves with the bound port (PORT=0 picks a free one). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Stops accepting connections and waits for in-flight requests. Keep-alive sockets are closed as soon as
 * they go idle, including those whose request finishes during the drain, so a client holding a
 * connection open cannot stall shutdown.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close((err) => {
      clearInterval(sweep);
      if (err) reject(err);
      else resolve();
    });
    server.closeIdleConnections();
  });
}

/** A port nothing listens on right now (the OS picks it; another process taking it first is unlikely). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

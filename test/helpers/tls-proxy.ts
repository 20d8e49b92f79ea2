import fs from 'node:fs';
import net from 'node:net';
import { pipeToTarget } from './tcp-proxy';
import tls from 'node:tls';
import type { CertFiles } from './test-pki';

export interface TlsProxy {
  port: number;
  address: string;
  /** TLS handshakes refused so far, with the reason (e.g. a client certificate from another CA). */
  rejected: string[];
  close(): Promise<void>;
}

/**
 * A TLS-terminating TCP proxy, as a load balancer in front of a Temporal cluster would be: it speaks TLS
 * with ALPN h2, requires a client certificate signed by `clientCa` (mTLS), and pipes the decrypted bytes
 * to a plain-text server (the suite's Temporal dev server).
 */
export async function startTlsProxy(options: {
  target: { host: string; port: number };
  server: CertFiles;
  clientCa: string;
}): Promise<TlsProxy> {
  const sockets = new Set<net.Socket>();
  const rejected: string[] = [];
  const server = tls.createServer(
    {
      key: fs.readFileSync(options.server.key),
      cert: fs.readFileSync(options.server.cert),
      ca: fs.readFileSync(options.clientCa),
      requestCert: true,
      rejectUnauthorized: true,
      ALPNProtocols: ['h2'],
    },
    (client) => pipeToTarget(client, options.target, sockets),
  );
  server.on('tlsClientError', (err) => rejected.push(err.message));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    address: `127.0.0.1:${port}`,
    rejected,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import http from 'node:http';
import { basic } from './harness';

/**
 * A GraphQL request still in flight: its headers now, its body by finish(), so a shutdown in between must
 * let it complete (the API key check and the resolver both need PostgreSQL). `Expect: 100-continue`
 * makes the server say when it has the request (`continued`), so the test knows it is in flight.
 */
export function startSlowGraphqlRequest(url: string, apiKey: string) {
  const body = Buffer.from(JSON.stringify({ query: '{ tenant { alias mode } }' }));
  const target = new URL(url);
  const req = http.request({
    host: '127.0.0.1',
    port: Number(target.port),
    path: target.pathname,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      authorization: basic(apiKey),
      connection: 'close',
      expect: '100-continue',
    },
  });
  const continued = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode!, body: text }));
      res.once('error', reject);
    });
  });
  response.catch(() => undefined); // awaited by the test; not an unhandled rejection meanwhile
  req.flushHeaders();
  return { continued, response, finish: () => req.end(body) };
}

import http from 'node:http';
import { closeServer, listen } from '../../shared/http';

/**
 * A merchant's webhook receiver on 127.0.0.1: each path answers its planned status codes in order, then
 * its final status forever (a receiver that is down answers 500 to every attempt).
 */
export interface WebhookReceiver {
  url(path: string): string;
  plan(path: string, statuses: number[], thereafter: number): void;
  /** Requests a path received. */
  count(path: string): number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const plans = new Map<string, { statuses: number[]; thereafter: number }>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const plan = plans.get(path);
      const status = plan?.statuses.shift() ?? plan?.thereafter ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    plan: (path, statuses, thereafter) => plans.set(path, { statuses: [...statuses], thereafter }),
    count: (path) => counts.get(path) ?? 0,
    close: () => closeServer(server),
  };
}

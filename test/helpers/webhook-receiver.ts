import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { closeServer } from '../../shared/http';

/**
 * A merchant's webhook receiver on 127.0.0.1 for tests: records every request by path, answers each
 * path's planned status codes in order (200 once they run out, with a body longer than the 512 bytes the
 * attempt log keeps), and verifies requests with the `standardwebhooks` library.
 */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status code the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  port: number;
  url(path: string): string;
  received: ReceivedWebhook[];
  /** Status codes a path answers, in order. */
  plans: Map<string, number[]>;
  /** Requests to a path. */
  at(path: string): ReceivedWebhook[];
  /** The payload of every request to the path, each verified with the secret (throws otherwise). */
  verified(path: string, secret: string): Record<string, unknown>[];
  /** TCP connections accepted so far, over every server of this receiver. */
  connections(): number;
  /**
   * From now on requests are recorded when their body has arrived but not answered until release(): the
   * requests a worker has in flight when it is killed. `held()` lists them.
   */
  holdAnswers(): { held(): ReceivedWebhook[]; release(): void };
  /** Another server with the same handler on `port` (0: a free one), e.g. a receiver coming back up. */
  listenOn(port: number): Promise<http.Server>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const plans = new Map<string, number[]>();
  let holding: { requests: ReceivedWebhook[]; answers: (() => void)[] } | undefined;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = plans.get(path)?.shift() ?? 200;
      received.push({
        path,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      const answer = () => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status, note: 'é'.repeat(400) }));
      };
      if (!holding) return answer();
      holding.requests.push(received[received.length - 1]!);
      holding.answers.push(answer);
    });
  };
  let connections = 0;
  const listenOn = async (port: number) => {
    const server = http.createServer(handler);
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  const main = await listenOn(0);
  const port = (main.address() as AddressInfo).port;
  const at = (path: string) => received.filter((r) => r.path === path);
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    plans,
    at,
    verified: (path, secret) =>
      at(path).map((r) => new Webhook(secret).verify(r.body, r.headers) as Record<string, unknown>),
    connections: () => connections,
    holdAnswers() {
      const hold = { requests: [] as ReceivedWebhook[], answers: [] as (() => void)[] };
      holding = hold;
      return {
        held: () => [...hold.requests],
        release() {
          if (holding === hold) holding = undefined;
          for (const answer of hold.answers.splice(0)) answer();
        },
      };
    },
    listenOn,
    close: () => closeServer(main),
  };
}

/**
 * readBodyText (services/gateway/middleware/body.ts) on a real HTTP server: a small body Node has already
 * received whole is read at once, a body still arriving goes through raw-body, and both leave the
 * keep-alive connection ready for the next request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBodyText } from '../../services/gateway/middleware/body';
import { installBodyTimeouts } from '../../services/gateway/middleware/body-timeouts';
import { AppError } from '../../shared/errors';
import { closeServer } from '../../shared/http';

const app = {};
installBodyTimeouts(app, { HTTP_REQUEST_TIMEOUT_MS: 2000, HTTP_BODY_IDLE_TIMEOUT_MS: 1000 });

interface Seen {
  whole: boolean;
  result: string;
}
const seen: Seen[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // As in the gateway, the body is read after a few awaits (authentication and the like).
    void Promise.resolve().then(async () => {
      await new Promise((r) => setImmediate(r));
      const whole = req.complete;
      const ctx = { req, app, get: (name: string) => String(req.headers[name] ?? '') };
      let result: string;
      try {
        result = `text:${await readBodyText(ctx, 64)}`;
      } catch (err) {
        result = err instanceof AppError ? `error:${err.apiErrorCode}` : `error:${String(err)}`;
      }
      seen.push({ whole, result });
      res.end(result);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => closeServer(server));
beforeEach(() => seen.splice(0));

function post(agent: http.Agent, chunks: Buffer[], gapMs = 0, length?: number): Promise<string> {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { port, host: '127.0.0.1', method: 'POST', agent, headers: { 'content-length': length ?? total } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
        req.write(chunk);
      }
      req.end();
    })();
  });
}

test('a body received whole and one still arriving read the same, on one keep-alive connection', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect(await post(agent, [Buffer.from('{"a":"é"}')])).toBe('text:{"a":"é"}');
  expect(await post(agent, [Buffer.from('{"a":'), Buffer.from('"b"}')], 100)).toBe('text:{"a":"b"}');
  expect(await post(agent, [Buffer.from('{"c":1}')])).toBe('text:{"c":1}');
  expect(seen.map((s) => s.whole)).toEqual([true, false, true]);
  agent.destroy();
});

test('bad UTF-8 and an over-limit body are refused on either path', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bad = Buffer.from([0x7b, 0xff, 0x7d]);
  expect(await post(agent, [bad])).toBe('error:INVALID_JSON');
  expect(await post(agent, [bad.subarray(0, 1), bad.subarray(1)], 100)).toBe('error:INVALID_JSON');
  expect(seen.map((s) => s.whole)).toEqual([true, false]);
  agent.destroy();
  const fresh = new http.Agent({ keepAlive: false });
  expect(await post(fresh, [Buffer.alloc(65, 0x61)])).toBe('error:PAYLOAD_TOO_LARGE');
  fresh.destroy();
});

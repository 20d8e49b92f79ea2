import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type VettedUrl } from './url-guard';

/**
 * One outbound webhook POST to a vetted URL, connecting only to the addresses the guard vetted
 * (`pinnedLookup`). No redirects are followed, no proxy is used, and at most `maxAnswerBytes` of the
 * answer are read; the whole exchange is bounded by `timeoutMs`.
 */
export interface WebhookPostResult {
  /** Null when no answer came (refused, reset, timed out). */
  statusCode: number | null;
  /** The answer's first bytes. */
  answer: Buffer;
  /** Why no answer came: a short, tenant-safe text. */
  error: string | null;
}

function describe(err: NodeJS.ErrnoException, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs / 1000} s`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return err.code ? `network error (${err.code})` : `network error: ${err.message}`;
  }
}

/** Bytes of an answer read (and dropped) past the kept excerpt so that a pooled connection survives. */
const MAX_DRAINED_BYTES = 64 * 1024;

/**
 * A keep-alive agent for many POSTs to one vetted URL: its connections go only to the vetted addresses.
 * The caller destroys it when its batch is done.
 */
export function webhookAgent(vetted: VettedUrl, maxSockets: number): http.Agent {
  const Agent = vetted.url.protocol === 'https:' ? https.Agent : http.Agent;
  return new Agent({
    keepAlive: true,
    maxSockets,
    lookup: pinnedLookup(vetted) as unknown as http.AgentOptions['lookup'],
  } as http.AgentOptions);
}

export function postWebhook(
  vetted: VettedUrl,
  body: string,
  headers: Record<string, string>,
  options: {
    timeoutMs: number;
    maxAnswerBytes: number;
    /**
     * A keep-alive agent made by `webhookAgent` for this vetted URL (the dispatcher's batches); without
     * one each POST has a connection of its own.
     */
    agent?: http.Agent;
  },
): Promise<WebhookPostResult> {
  const client = vetted.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (result: WebhookPostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = client.request(vetted.url, {
      method: 'POST',
      lookup: pinnedLookup(vetted) as unknown as http.RequestOptions['lookup'],
      agent: options.agent ?? false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body, 'utf8')),
        'user-agent': 'referral-program-webhooks/1',
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('timeout'));
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        answer: Buffer.alloc(0),
        error: describe(err, timedOut, options.timeoutMs),
      }),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        finish({ statusCode: res.statusCode ?? null, answer: Buffer.concat(chunks), error: null });
        // A pooled connection is kept when the answer ends soon after what was kept of it.
        if (!options.agent || size > MAX_DRAINED_BYTES) res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        if (size < options.maxAnswerBytes) chunks.push(chunk.subarray(0, options.maxAnswerBytes - size));
        size += chunk.length;
        if (size >= options.maxAnswerBytes && (!options.agent || size > MAX_DRAINED_BYTES)) done();
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(body);
  });
}

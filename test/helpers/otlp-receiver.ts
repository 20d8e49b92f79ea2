import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { z } from 'zod';
import { closeServer } from '../../shared/http';

/**
 * An OpenTelemetry collector stand-in on 127.0.0.1: accepts OTLP/HTTP JSON exports (POST /v1/traces, as
 * @opentelemetry/exporter-trace-otlp-http sends them) and keeps the spans, flattened.
 */
export interface ReceivedSpan {
  /** The exporting process's service.name. */
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  startNs: bigint;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  url: string;
  spans(): ReceivedSpan[];
  /** Polls until `check` holds for the spans received so far. */
  waitFor(
    what: string,
    check: (spans: ReceivedSpan[]) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

const anyValue = z
  .object({
    stringValue: z.string().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    boolValue: z.boolean().optional(),
    doubleValue: z.number().optional(),
  })
  .loose();
const keyValues = z.array(z.object({ key: z.string(), value: anyValue })).default([]);
const exportRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: keyValues }),
      scopeSpans: z.array(
        z.object({
          spans: z.array(
            z.object({
              traceId: z.string().regex(/^[0-9a-f]{32}$/),
              spanId: z.string().regex(/^[0-9a-f]{16}$/),
              parentSpanId: z.string().optional(),
              name: z.string(),
              kind: z.number().int(),
              startTimeUnixNano: z.union([z.string(), z.number()]),
              attributes: keyValues,
            }),
          ),
        }),
      ),
    }),
  ),
});

const valueOf = (v: z.infer<typeof anyValue>): unknown =>
  v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const record = (kvs: z.infer<typeof keyValues>) =>
  Object.fromEntries(kvs.map((kv) => [kv.key, valueOf(kv.value)]));

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
      const parsed = exportRequest.safeParse(JSON.parse(body.toString('utf8')));
      if (!parsed.success) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(parsed.error.issues));
        return;
      }
      for (const { resource, scopeSpans } of parsed.data.resourceSpans) {
        const service = String(record(resource.attributes)['service.name']);
        for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
          spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind,
            startNs: BigInt(span.startTimeUnixNano),
            attributes: record(span.attributes),
          });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    async waitFor(what, check, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(spans)) {
        if (Date.now() > deadline) {
          const seen = spans.map((s) => `${s.service} ${s.name}`).join('\n');
          throw new Error(`never received ${what}; spans so far:\n${seen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return [...spans];
    },
    close: () => closeServer(server),
  };
}

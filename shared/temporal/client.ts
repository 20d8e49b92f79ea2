import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
import type { ClientInterceptors } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { Logger } from '../logger';
import type { TemporalAuthOptions } from '../temporal-config';
import { CUSTOM_SEARCH_ATTRIBUTES } from './search-attributes';

/** How soon the client tries the server again after the connection failed (grows up to max). */
const RECONNECT_BACKOFF_MS = { initial: 250, max: 2000 };

export interface TemporalDeps {
  connection: Connection;
  client: Client;
  namespace: string;
  taskQueue: string;
  /** Closes the connection once no SDK retry is pending (use this, not connection.close()). */
  close(): Promise<void>;
}

/**
 * A lazy connection: a gateway starts (and reports 503 on /readyz) while Temporal is still coming up,
 * instead of crashing at boot.
 *
 * The SDK's retry interceptor schedules a retry with a bare timer and does not look at the channel when it
 * fires: closing the connection while one is pending (a readiness probe that met UNAVAILABLE just before
 * shutdown, say) throws "Channel has been shut down" from that timer, an uncaught exception. So the
 * connection keeps the default retry policy but notes when its last scheduled retry is due, stops
 * scheduling new ones once closing, and close() waits for that moment before closing the channel.
 */
export function createTemporal(
  options: {
    address: string;
    namespace: string;
    taskQueue: string;
    /** Client interceptors, e.g. tracing's (shared/temporal/tracing.ts). */
    interceptors?: ClientInterceptors;
  } & TemporalAuthOptions, // TLS and API key: build options with temporalOptions(config) (./connection.ts)
): TemporalDeps {
  const defaults = defaultGrpcRetryOptions();
  let closing = false;
  let lastRetryDueAt = 0;
  const retries = makeGrpcRetryInterceptor({
    retryableDecider: (attempt, status) => !closing && defaults.retryableDecider(attempt, status),
    delayFunction: (attempt, status) => {
      const delayMs = defaults.delayFunction(attempt, status);
      lastRetryDueAt = Math.max(lastRetryDueAt, Date.now() + delayMs);
      return delayMs;
    },
  });
  const connection = Connection.lazy({
    address: options.address,
    tls: options.tls,
    apiKey: options.apiKey,
    metadata: options.metadata,
    interceptors: [retries],
    // gRPC's default reconnect backoff grows to 120 s, so calls went on failing for 5-16 s after a
    // 10-40 s Temporal outage had ended (measured: a client pinging a dev server that restarts); capped,
    // 0.2-1.6 s.
    channelArgs: {
      'grpc.initial_reconnect_backoff_ms': RECONNECT_BACKOFF_MS.initial,
      'grpc.max_reconnect_backoff_ms': RECONNECT_BACKOFF_MS.max,
    },
  });
  const client = new Client({ connection, namespace: options.namespace, interceptors: options.interceptors });
  return {
    connection,
    client,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    async close() {
      closing = true;
      const waitMs = lastRetryDueAt - Date.now();
      // The retry then runs on the open channel, and its outcome is final (no new retry is scheduled).
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 20));
      await connection.close();
    },
  };
}

export async function pingTemporal(deps: TemporalDeps, timeoutMs = 2000): Promise<void> {
  // The deadline ends the gRPC call and its retries. Racing a timer instead would return while the SDK
  // still has a retry scheduled, which throws if the connection is closed before it fires.
  await deps.connection.withDeadline(Date.now() + timeoutMs, () =>
    deps.connection.workflowService.getSystemInfo({}),
  );
}

/**
 * Registers the custom search attributes on a namespace; already-registered ones are left alone.
 * Temporal Cloud does not let clients list or add them (they are added in its control plane, see
 * docs/deployment.md): a refusal (PERMISSION_DENIED, UNIMPLEMENTED) is logged and the worker goes on.
 */
export async function registerSearchAttributes(
  deps: TemporalDeps,
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  try {
    await addMissingSearchAttributes(deps);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (logger === undefined || (code !== 7 && code !== 12)) throw err;
    logger.warn(
      { err: (err as Error).message, searchAttributes: CUSTOM_SEARCH_ATTRIBUTES },
      'Temporal does not let this worker register search attributes (Temporal Cloud?): they must exist in the namespace',
    );
  }
}

async function addMissingSearchAttributes(deps: TemporalDeps): Promise<void> {
  const existing = await deps.connection.operatorService.listSearchAttributes({ namespace: deps.namespace });
  const missing = Object.keys(CUSTOM_SEARCH_ATTRIBUTES).filter(
    (name) => !(name in (existing.customAttributes ?? {})),
  );
  if (missing.length === 0) return;
  const searchAttributes: Record<string, temporal.api.enums.v1.IndexedValueType> = {};
  const { INDEXED_VALUE_TYPE_KEYWORD, INDEXED_VALUE_TYPE_KEYWORD_LIST } =
    temporal.api.enums.v1.IndexedValueType;
  for (const name of missing) {
    searchAttributes[name] =
      CUSTOM_SEARCH_ATTRIBUTES[name] === 'KeywordList'
        ? INDEXED_VALUE_TYPE_KEYWORD_LIST
        : INDEXED_VALUE_TYPE_KEYWORD;
  }
  try {
    await deps.connection.operatorService.addSearchAttributes({
      namespace: deps.namespace,
      searchAttributes,
    });
  } catch (err) {
    // Another process registered them first.
    if (!/already exists/i.test((err as Error).message)) throw err;
  }
}

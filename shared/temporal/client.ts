import { Client, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { CUSTOM_SEARCH_ATTRIBUTES } from './search-attributes';

export interface TemporalDeps {
  connection: Connection;
  client: Client;
  namespace: string;
  taskQueue: string;
}

/**
 * A lazy connection: a gateway starts (and reports 503 on /readyz) while Temporal is still coming up,
 * instead of crashing at boot.
 */
export function createTemporal(options: {
  address: string;
  namespace: string;
  taskQueue: string;
}): TemporalDeps {
  const connection = Connection.lazy({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  return { connection, client, namespace: options.namespace, taskQueue: options.taskQueue };
}

export async function pingTemporal(deps: TemporalDeps, timeoutMs = 2000): Promise<void> {
  // The deadline ends the gRPC call and its retries. Racing a timer instead would return while the SDK
  // still has a retry scheduled, which throws if the connection is closed before it fires.
  await deps.connection.withDeadline(Date.now() + timeoutMs, () =>
    deps.connection.workflowService.getSystemInfo({}),
  );
}

/** Registers the custom search attributes on a namespace; already-registered ones are left alone. */
export async function registerSearchAttributes(deps: TemporalDeps): Promise<void> {
  const existing = await deps.connection.operatorService.listSearchAttributes({ namespace: deps.namespace });
  const missing = Object.keys(CUSTOM_SEARCH_ATTRIBUTES).filter(
    (name) => !(name in (existing.customAttributes ?? {})),
  );
  if (missing.length === 0) return;
  const searchAttributes: Record<string, temporal.api.enums.v1.IndexedValueType> = {};
  for (const name of missing) {
    searchAttributes[name] = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
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

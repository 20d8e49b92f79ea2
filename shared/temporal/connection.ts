import type { ClientInterceptors } from '@temporalio/client';
import type { NativeConnectionOptions } from '@temporalio/worker';
import type { Config } from '../config';
import { createTemporal, type TemporalDeps } from './client';

/**
 * The one place a process's Temporal connections are described: address, namespace, and the TLS, API
 * key and gRPC headers shared/temporal-config.ts read (TEMPORAL_* variables and the TOML profile). The
 * gateway, the worker (its client and, through ./worker-connection.ts, its NativeConnection), the SFTP
 * server, the launcher and the bench scripts all connect through here.
 */
export function temporalOptions(config: Config, taskQueue = config.TEMPORAL_TASK_QUEUE) {
  const { apiKey, tls, metadata } = config.temporalConnection;
  return {
    address: config.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue,
    apiKey,
    tls,
    metadata,
  };
}

/** A lazy client connection (see createTemporal) with the process's settings. */
export function connectTemporal(
  config: Config,
  options: { taskQueue?: string; interceptors?: ClientInterceptors } = {},
): TemporalDeps {
  return createTemporal({
    ...temporalOptions(config, options.taskQueue),
    interceptors: options.interceptors,
  });
}

/** The worker's NativeConnection options: the same address and credentials as every client connection. */
export function nativeConnectionOptions(config: Config): NativeConnectionOptions {
  const { address, apiKey, tls, metadata } = temporalOptions(config);
  return { address, apiKey, tls, metadata };
}

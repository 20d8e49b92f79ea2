import { NativeConnection } from '@temporalio/worker';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { diagnoseConnectFailure } from './connection-check';
import { nativeConnectionOptions } from './connection';

/** Silent hang-ups after the TLS handshake (connection-check.ts) taken for a refusal. */
const SILENT_REFUSALS = 3;

/**
 * The worker's NativeConnection (its own module: @temporalio/worker loads the native core, which the
 * gateway and the SFTP server do not need). Temporal that is not up yet is waited for, one attempt a
 * second; credentials Temporal refuses end the start at once with a TemporalSettingsError naming them,
 * and so does a server that hangs up after each TLS handshake, after SILENT_REFUSALS attempts.
 */
export async function connectWorkerToTemporal(
  config: Config,
  logger: Logger,
  attempts = 30,
): Promise<NativeConnection> {
  const options = nativeConnectionOptions(config);
  let silent = 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await NativeConnection.connect(options);
    } catch (err) {
      const fault = await diagnoseConnectFailure(config, err);
      silent = fault?.kind === 'silent' ? silent + 1 : 0;
      if (fault?.kind === 'refused' || silent >= SILENT_REFUSALS) throw fault!.error;
      if (attempt >= attempts) throw err;
      logger.warn(
        { address: options.address, attempt, err: (err as Error).message },
        'Temporal not reachable yet; retrying',
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

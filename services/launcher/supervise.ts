import { describeExit, type RestartableServer } from '../../tooling/supervised-process';
import type { Logger } from '../../shared/logger';

/** Restarts allowed within RESTART_WINDOW_MS before the launcher gives up and stops everything. */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 10 * 60_000;

/**
 * Keeps a server the launcher started running: when it stops while the launcher is not stopping, it is
 * started again on the same port and data (the worker and gateway reconnect on their own), at most
 * MAX_RESTARTS times within RESTART_WINDOW_MS. When that is exhausted or a restart fails, onFatal gets a
 * message naming the server, how it ended and its log file: the launcher then stops everything and exits
 * non-zero rather than leave a stack that answers but cannot work.
 */
export function superviseServer(
  server: RestartableServer,
  options: { logger: Logger; isStopping: () => boolean; onFatal: (message: string) => void },
): void {
  const restarts: number[] = [];
  const watch = async (): Promise<void> => {
    for (;;) {
      const { pid, logFile } = server.process;
      const exit = await server.process.exited;
      if (options.isStopping()) return;
      const how = describeExit(exit);
      const now = Date.now();
      while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        options.onFatal(
          `the ${server.name} (pid ${pid}) stopped (${how}) after ${restarts.length} restarts within ${RESTART_WINDOW_MS / 60_000} minutes; giving up (its log: ${logFile})`,
        );
        return;
      }
      restarts.push(now);
      options.logger.error(
        { pid, exit, logFile, attempt: restarts.length, maxAttempts: MAX_RESTARTS },
        `the ${server.name} stopped unexpectedly (${how}); restarting it`,
      );
      try {
        await server.restart();
      } catch (err) {
        if (options.isStopping()) return;
        options.onFatal(
          `the ${server.name} (pid ${pid}) stopped (${how}) and could not be restarted: ${(err as Error).message}`,
        );
        return;
      }
      if (options.isStopping()) return;
      const { pid: newPid, watchdogPid } = server.process;
      options.logger.warn({ pid: newPid, watchdogPid, previousPid: pid }, `the ${server.name} was restarted`);
    }
  };
  void watch();
}

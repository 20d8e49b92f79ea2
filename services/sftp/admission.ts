import fs from 'node:fs';
import type { Socket } from 'node:net';
import type { Config } from '../../shared/config';
import type { Logger } from '../../shared/logger';

/**
 * Which TCP connections the SFTP server takes, decided before ssh2 reads a byte of them (finding 4 of
 * 20,000 sockets that sent only a version line exhausted the process's descriptors).
 *
 * - At most SFTP_MAX_CONNECTIONS in all, SFTP_MAX_UNAUTHENTICATED not signed in yet, and
 *   SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS of those from one address: one more is destroyed at once, with
 *   no handshake, no timer and no log line of its own (refusals are counted and logged as one summary
 *   every SUMMARY_MS), so a flood costs the server next to nothing and cannot hold descriptors.
 * - A connection not signed in within SFTP_AUTH_TIMEOUT_MS of its opening is closed, whether or not it
 *   ever sent anything (ssh2 only hears of a connection once its version line came).
 */

export type AdmissionLimits = Pick<
  Config,
  | 'SFTP_MAX_CONNECTIONS'
  | 'SFTP_MAX_UNAUTHENTICATED'
  | 'SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS'
  | 'SFTP_AUTH_TIMEOUT_MS'
>;

export type RefusalReason = 'connections' | 'unauthenticated' | 'unauthenticatedPerAddress';

export interface Admission {
  /** Takes the socket (true) or destroys it (false). */
  admit(socket: Socket): boolean;
  /** The connection from this address and port signed in: it no longer counts as unauthenticated. */
  authenticated(address: string | undefined, port: number | undefined): void;
  /** Connections held now, and those of them not signed in (tests, metrics). */
  counts(): { connections: number; unauthenticated: number };
  close(): void;
}

const SUMMARY_MS = 10_000;

/**
 * The most descriptors the SFTP server can hold with these limits: each connection's socket and its
 * open files (`handlesPerConnection`), and the process's soft RLIMIT_NOFILE (Linux; undefined elsewhere).
 * `npm start` runs the SFTP server in the gateway's and worker's process, so the budget must leave them
 * room: the server warns at start when it exceeds half the limit.
 */
export function descriptorBudget(
  limits: Pick<Config, 'SFTP_MAX_CONNECTIONS'>,
  handlesPerConnection: number,
): { worstCase: number; processLimit: number | undefined } {
  let processLimit: number | undefined;
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s+/)[3];
    processLimit = soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    processLimit = undefined;
  }
  return { worstCase: limits.SFTP_MAX_CONNECTIONS * (1 + handlesPerConnection), processLimit };
}

interface Entry {
  address: string;
  timer: NodeJS.Timeout | undefined;
}

export function createAdmission(limits: AdmissionLimits, logger: Logger): Admission {
  const entries = new Map<string, Entry>();
  const unauthenticatedBy = new Map<string, number>();
  let unauthenticated = 0;
  let refused: Partial<Record<RefusalReason, number>> = {};

  const summary = setInterval(() => {
    if (Object.keys(refused).length === 0) return;
    logger.warn(
      {
        refused,
        maxConnections: limits.SFTP_MAX_CONNECTIONS,
        maxUnauthenticated: limits.SFTP_MAX_UNAUTHENTICATED,
        maxUnauthenticatedPerAddress: limits.SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS,
      },
      'SFTP connections refused at their limits',
    );
    refused = {};
  }, SUMMARY_MS);
  summary.unref();

  const signedIn = (entry: Entry) => {
    if (!entry.timer) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    unauthenticated -= 1;
    const left = (unauthenticatedBy.get(entry.address) ?? 1) - 1;
    if (left <= 0) unauthenticatedBy.delete(entry.address);
    else unauthenticatedBy.set(entry.address, left);
  };

  const refusal = (address: string): RefusalReason | undefined => {
    if (entries.size >= limits.SFTP_MAX_CONNECTIONS) return 'connections';
    if (unauthenticated >= limits.SFTP_MAX_UNAUTHENTICATED) return 'unauthenticated';
    if ((unauthenticatedBy.get(address) ?? 0) >= limits.SFTP_MAX_UNAUTHENTICATED_PER_ADDRESS) {
      return 'unauthenticatedPerAddress';
    }
    return undefined;
  };

  return {
    admit(socket) {
      const address = socket.remoteAddress;
      const key = `${address}|${socket.remotePort}`;
      const reason = address === undefined ? 'connections' : refusal(address);
      if (address === undefined || reason !== undefined || entries.has(key)) {
        if (reason) refused[reason] = (refused[reason] ?? 0) + 1;
        socket.destroy();
        return false;
      }
      const entry: Entry = {
        address,
        timer: setTimeout(() => {
          logger.info(
            { ip: address, authTimeoutMs: limits.SFTP_AUTH_TIMEOUT_MS },
            'SFTP connection not signed in in time: closed',
          );
          socket.destroy();
        }, limits.SFTP_AUTH_TIMEOUT_MS),
      };
      entry.timer!.unref();
      entries.set(key, entry);
      unauthenticated += 1;
      unauthenticatedBy.set(address, (unauthenticatedBy.get(address) ?? 0) + 1);
      socket.once('close', () => {
        signedIn(entry);
        entries.delete(key);
      });
      return true;
    },
    authenticated(address, port) {
      const entry = entries.get(`${address}|${port}`);
      if (entry) signedIn(entry);
    },
    counts: () => ({ connections: entries.size, unauthenticated }),
    close() {
      clearInterval(summary);
    },
  };
}

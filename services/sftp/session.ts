import type { ClientInfo, Connection } from 'ssh2';
import type { SftpUploadAudit } from '../../shared/use-cases/sftp-upload';
import { handleAuthentication, type AuthDeps, type SftpTenant } from './auth';
import { serveSftpRequests, type SftpRequestDeps } from './sftp-requests';

/**
 * One SSH connection: authentication (./auth.ts), then the SFTP subsystem and nothing else. Shells,
 * commands, other subsystems, terminals, agent and X11 forwarding, and TCP or socket forwarding in
 * either direction are refused. A connection with no request in flight for SFTP_IDLE_TIMEOUT_MS is
 * closed; an upload it left unfinished is discarded. It holds at most maxChannels SSH sessions at once
 * (OpenSSH's MaxSessions), and its channels share MAX_HANDLES open files and folders (./sftp-requests.ts).
 */

export interface ConnectionDeps extends AuthDeps, SftpRequestDeps {
  idleTimeoutMs: number;
  /** SFTP_MAX_CHANNELS_PER_CONNECTION. */
  maxChannels: number;
  /** Told of the sign-in, so that the connection stops counting as unauthenticated (./admission.ts). */
  onAuthenticated(info: ClientInfo): void;
}

export interface ServedConnection {
  /**
   * Ends the connection (server shutdown): uploads still arriving are discarded, one being taken (its
   * CLOSE under way) is finished first.
   */
  end(): Promise<void>;
}

export function serveConnection(
  client: Connection,
  info: ClientInfo,
  deps: ConnectionDeps,
): ServedConnection {
  let tenant: SftpTenant | undefined;
  const sessions: { abortUploads(reason: Error): Promise<void> }[] = [];
  let inFlight = 0;
  let whenIdle: (() => void) | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let channels = 0;
  const handles = { open: 0 };
  const log = deps.logger.child({ ip: info.ip });

  const armIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (inFlight > 0) return armIdle();
      log.info({ tenant: tenant?.alias, idleTimeoutMs: deps.idleTimeoutMs }, 'SFTP connection idle: closed');
      client.end();
    }, deps.idleTimeoutMs);
    idleTimer.unref();
  };
  const busy = () => {
    inFlight += 1;
    armIdle();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      if (inFlight === 0) whenIdle?.();
      armIdle();
    };
  };
  // Also bounds a connection that never authenticates.
  armIdle();

  const abortAll = (reason: Error) => Promise.all(sessions.map((s) => s.abortUploads(reason)));
  client.on('error', (err) => log.debug({ err }, 'SFTP connection error'));
  client.once('close', () => {
    clearTimeout(idleTimer);
    void abortAll(new Error('connection closed during the upload'));
  });

  let audit: SftpUploadAudit | undefined;
  handleAuthentication(client, info, { ...deps, logger: log }, (login) => {
    tenant = login.tenant;
    audit = {
      actor: { kind: 'sftp', label: login.fingerprint },
      client: { address: info.ip, userAgent: info.header.identRaw },
    };
    deps.onAuthenticated(info);
  });

  client.on('session', (accept, reject) => {
    // The tenant this connection signed in as; a session before that is refused.
    const authenticated = tenant;
    if (!authenticated) return reject();
    if (channels >= deps.maxChannels) {
      log.warn(
        { tenant: authenticated.alias, maxChannels: deps.maxChannels },
        'SFTP connection: too many channels',
      );
      return reject();
    }
    channels += 1;
    const session = accept();
    session.once('close', () => (channels -= 1));
    const refuse = (what: string) => (_accept: unknown, rejectRequest?: () => void) => {
      log.warn({ tenant: authenticated.alias, request: what }, 'SFTP connection: refused a request');
      rejectRequest?.();
    };
    for (const what of ['pty', 'x11', 'env', 'auth-agent', 'shell', 'exec', 'subsystem', 'signal']) {
      session.on(what, refuse(what));
    }
    session.on('sftp', (acceptSftp) => {
      const sftp = acceptSftp();
      // The client's EOF ends the subsystem: the channel is closed back, which OpenSSH's sftp waits for.
      sftp.once('end', () => sftp.end());
      const requestLog = log.child({ tenant: authenticated.alias });
      sessions.push(
        serveSftpRequests(sftp, authenticated, { ...deps, logger: requestLog, audit }, busy, handles),
      );
    });
  });
  client.on('tcpip', (_accept, reject) => reject());
  client.on('openssh.streamlocal', (_accept, reject) => reject());
  client.on('request', (_accept, reject) => reject?.());

  return {
    async end() {
      await abortAll(new Error('the SFTP server is stopping'));
      if (inFlight > 0) await new Promise<void>((resolve) => (whenIdle = resolve));
      client.end();
    },
  };
}

import { utils, type AuthContext, type ClientInfo, type Connection } from 'ssh2';
import type { Db } from '../../shared/db/knex';
import { findSftpLogin, touchSftpKey, type SftpLogin } from '../../shared/domain/sftp/sftp-keys';
import type { Logger } from '../../shared/logger';

/**
 * SSH authentication: public key only, the user name being the tenant alias. The key must be one of the
 * tenant's active keys and the tenant must have SFTP enabled, both read from PostgreSQL at each attempt
 * (shared/domain/sftp/sftp-keys.ts findSftpLogin), so a revocation counts at the next connection on every
 * replica. Every other method (password, keyboard-interactive, hostbased) is refused. A failed attempt
 * is logged and answered only after SFTP_AUTH_FAILURE_DELAY_MS; a connection is closed after
 * MAX_FAILURES of them. One login more than SFTP_MAX_SESSIONS_PER_TENANT is refused.
 *
 * The place a login takes is released when the connection closes, whenever that is: the close is heard
 * by this module, which knows of the place from the moment it is claimed (a client
 * that left during its own sign-in kept its place for good).
 */

export const MAX_FAILURES = 6;

export type SftpTenant = SftpLogin['tenant'];

/** Places per tenant on this server: its connections (SFTP_MAX_SESSIONS_PER_TENANT), its uploads. */
export class PlaceCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for the tenant; false when it has max connections already. */
  claim(tenantId: string): boolean {
    const count = this.counts.get(tenantId) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(tenantId, count + 1);
    return true;
  }

  release(tenantId: string): void {
    const count = (this.counts.get(tenantId) ?? 1) - 1;
    if (count <= 0) this.counts.delete(tenantId);
    else this.counts.set(tenantId, count);
  }

  count(tenantId: string): number {
    return this.counts.get(tenantId) ?? 0;
  }
}

export interface AuthDeps {
  db: Db;
  logger: Logger;
  failureDelayMs: number;
  sessions: PlaceCounter;
  now: () => number;
}

/**
 * Answers a connection's authentication requests. `onLogin` runs once, for the accepted login, which
 * holds a place in `sessions` until the connection closes.
 */
export function handleAuthentication(
  client: Connection,
  info: ClientInfo,
  deps: AuthDeps,
  onLogin: (login: SftpLogin) => void,
): void {
  let failures = 0;
  let closed = false;
  let placeOf: string | undefined;
  client.once('close', () => {
    closed = true;
    if (placeOf !== undefined) deps.sessions.release(placeOf);
    placeOf = undefined;
  });

  const fail = (ctx: AuthContext, reason: string) => {
    failures += 1;
    deps.logger.warn(
      { username: ctx.username.slice(0, 100), method: ctx.method, ip: info.ip, reason, failures },
      'SFTP authentication failed',
    );
    setTimeout(() => {
      if (closed) return;
      ctx.reject(['publickey']);
      if (failures >= MAX_FAILURES) client.end();
    }, deps.failureDelayMs).unref();
  };

  const publicKey = async (ctx: Extract<AuthContext, { method: 'publickey' }>) => {
    const login = await findSftpLogin(deps.db, ctx.username, ctx.key.algo, ctx.key.data);
    if (!login) return fail(ctx, 'no active key of an SFTP-enabled tenant with this user name');
    // Without a signature the client only asks whether the key would do; it signs next.
    if (!ctx.signature || !ctx.blob) return ctx.accept();
    const key = utils.parseKey(ctx.key.data);
    const signed =
      !(key instanceof Error) && !Array.isArray(key) && key.verify(ctx.blob, ctx.signature, ctx.hashAlgo);
    if (!signed) return fail(ctx, 'bad signature');
    if (closed) return;
    if (placeOf !== undefined) return fail(ctx, 'a sign-in of this connection is under way');
    if (!deps.sessions.claim(login.tenant.id)) return fail(ctx, 'too many sessions for this tenant');
    // Recorded before any wait: the close handler releases it from here on.
    placeOf = login.tenant.id;
    await touchSftpKey(deps.db, login.keyId, new Date(deps.now())).catch((err: unknown) =>
      deps.logger.warn({ err }, 'could not record the SFTP key as used'),
    );
    if (closed) return;
    ctx.accept();
    deps.logger.info({ tenant: login.tenant.alias, ip: info.ip }, 'SFTP login');
    onLogin(login);
  };

  client.on('authentication', (ctx) => {
    switch (ctx.method) {
      case 'none':
        // Every client asks first which methods there are: not a failed attempt.
        return ctx.reject(['publickey']);
      case 'publickey':
        return void publicKey(ctx).catch((err: unknown) => {
          deps.logger.error({ err }, 'SFTP authentication could not be checked');
          fail(ctx, 'the check failed');
        });
      default:
        return fail(ctx, `${ctx.method} authentication is not offered`);
    }
  });
}

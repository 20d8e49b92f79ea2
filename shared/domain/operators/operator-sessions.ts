import crypto from 'node:crypto';
import type { DbOrTrx } from '../../db/knex';
import type { OperatorRole } from '../../repos/operators.repo';
import { createOperatorSessionsRepo } from '../../repos/operator-sessions.repo';

/** What a request signed in with a session acts as. */
export interface OperatorSession {
  operatorId: string;
  email: string;
  role: OperatorRole;
  /**
   * The highest role this session may ever reach: the role held where the operator signed in, carried
   * through twin switches (a switched-to session acts with at most this and its own row's role).
   */
  roleCap: OperatorRole;
  tenant: { id: string; alias: string; mode: 'live' | 'test' };
  csrfToken: string;
  expiresAt: Date;
}

export interface SessionLimits {
  /** ADMIN_SESSION_IDLE_S: a session unused this long has ended. */
  idleS: number;
  /** ADMIN_SESSION_MAX_S: a session ends this long after sign-in, however active. */
  maxS: number;
}

/** last_seen_at is written at most this often, so a busy portal page does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const ROLE_RANK: Record<OperatorRole, number> = { VIEWER: 0, ADMIN: 1, OWNER: 2 };

/** The lower of two roles (a missing cap does not lower anything). */
export function lowerRole(role: OperatorRole, cap: OperatorRole | null | undefined): OperatorRole {
  return cap && ROLE_RANK[cap] < ROLE_RANK[role] ? cap : role;
}

/** Only the SHA-256 of the cookie value is stored: a leaked table holds no usable session. */
export function sessionTokenHash(cookieValue: string): Buffer {
  return crypto.createHash('sha256').update(cookieValue, 'utf8').digest();
}

/** Opens a session for a signed-in operator: a random cookie value (32 bytes, base64url) and CSRF token. */
export async function createSession(
  db: DbOrTrx,
  input: { operatorId: string; tenantId: string; roleCap?: OperatorRole | null },
  nowMs: number,
  limits: Pick<SessionLimits, 'maxS'>,
): Promise<{ cookieValue: string; csrfToken: string; expiresAt: Date }> {
  const cookieValue = crypto.randomBytes(32).toString('base64url');
  const csrfToken = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(nowMs + limits.maxS * 1000);
  await createOperatorSessionsRepo(db).insert({
    token_hash: sessionTokenHash(cookieValue),
    operator_id: input.operatorId,
    tenant_id: input.tenantId,
    csrf_token: csrfToken,
    role_cap: input.roleCap ?? null,
    created_at: new Date(nowMs),
    expires_at: expiresAt,
  });
  return { cookieValue, csrfToken, expiresAt };
}

/**
 * The session a cookie value names, or null when it is unknown, revoked, past its absolute expiry or
 * idle for longer than idleS. The session's tenant and operator come from the database, never from the
 * request, so a session acts on its own tenant only.
 */
export async function resolveSession(
  db: DbOrTrx,
  cookieValue: string,
  nowMs: number,
  limits: Pick<SessionLimits, 'idleS'>,
): Promise<OperatorSession | null> {
  if (cookieValue.length === 0 || cookieValue.length > 200) return null;
  const repo = createOperatorSessionsRepo(db);
  const tokenHash = sessionTokenHash(cookieValue);
  const row = await repo.findWithOperator(tokenHash);
  if (!row || row.revoked_at !== null) return null;
  if (row.expires_at.getTime() <= nowMs) return null;
  const lastSeenMs = row.last_seen_at.getTime();
  if (lastSeenMs + limits.idleS * 1000 <= nowMs) return null;
  if (nowMs - lastSeenMs >= TOUCH_INTERVAL_MS) await repo.touch(tokenHash, new Date(nowMs));
  return {
    operatorId: row.operator_id,
    email: row.email,
    role: lowerRole(row.role as OperatorRole, row.role_cap as OperatorRole | null),
    roleCap: (row.role_cap ?? row.role) as OperatorRole,
    tenant: { id: row.tenant_id, alias: row.tenant_alias, mode: row.tenant_mode },
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
  };
}

/** Ends a session (logout); an unknown or already revoked value is a no-op. */
export async function revokeSession(db: DbOrTrx, cookieValue: string, nowMs: number): Promise<void> {
  await createOperatorSessionsRepo(db).revoke(sessionTokenHash(cookieValue), new Date(nowMs));
}

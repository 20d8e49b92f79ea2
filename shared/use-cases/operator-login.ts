import type { Config } from '../config';
import type { Db } from '../db/knex';
import { recordAudit } from '../domain/audit-log';
import {
  assertLoginAllowed,
  clearAccountFailures,
  recordLoginFailure,
  type LoginThrottleLimits,
} from '../domain/login-throttle';
import { createSession, revokeSession, type OperatorSession } from '../domain/operator-sessions';
import { checkOperatorPassword, type OperatorRole } from '../domain/operators';
import { findLinkedTwin } from '../domain/operator-twins';
import { AppError } from '../errors';
import { createTenantsRepo } from '../repos/tenants.repo';

export interface OperatorLoginDeps {
  db: Db;
  config: Pick<
    Config,
    | 'ADMIN_SESSION_MAX_S'
    | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
    | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
    | 'LOGIN_THROTTLE_WINDOW_S'
  >;
  now: () => number;
}

export interface OperatorLoginResult {
  /** The session cookie's value: only its SHA-256 is stored. */
  cookieValue: string;
  csrfToken: string;
  expiresAt: Date;
  operator: { id: string; email: string; role: OperatorRole };
  tenant: { id: string; alias: string; mode: 'live' | 'test' };
  /** The tenant's other-mode twin the operator can switch to (use-cases/operator-switch.ts). */
  twin: TwinView;
}

/** The other-mode tenant a session's operator can switch to, as the session view shows it. */
export type TwinView = { alias: string; mode: 'live' | 'test' } | null;

/** The session's twin (`test_X` for `X` and back) when the operator's row there is linked to this one. */
export async function sessionTwin(
  db: Db,
  session: { operatorId: string; tenant: { id: string; alias: string } },
): Promise<TwinView> {
  const twin = await findLinkedTwin(db, {
    tenantId: session.tenant.id,
    alias: session.tenant.alias,
    operatorId: session.operatorId,
  });
  return twin && { alias: twin.tenant.alias, mode: twin.tenant.mode };
}

function throttleLimits(config: OperatorLoginDeps['config']): LoginThrottleLimits {
  return {
    maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowS: config.LOGIN_THROTTLE_WINDOW_S,
  };
}

/**
 * An operator's sign-in: the throttle (per account and per client address), the password, then a new
 * session and an audit entry. An unknown tenant, an unknown e-mail and a wrong password are the same
 * 401 INVALID_LOGIN, take the same time (a dummy hash is checked) and count against the throttle alike.
 */
export async function operatorLogin(
  deps: OperatorLoginDeps,
  input: { tenantAlias: string; email: string; password: string; address: string },
): Promise<OperatorLoginResult> {
  const limits = throttleLimits(deps.config);
  const attempt = { tenantAlias: input.tenantAlias, email: input.email, address: input.address };
  await assertLoginAllowed(deps.db, attempt, deps.now(), limits);
  const tenant = await createTenantsRepo(deps.db).findByAlias(input.tenantAlias);
  const operator = await checkOperatorPassword(deps.db, {
    tenantId: tenant?.id ?? null,
    email: input.email,
    password: input.password,
  });
  if (!tenant || !operator) {
    await recordLoginFailure(deps.db, attempt, deps.now(), limits);
    throw new AppError('INVALID_LOGIN', 'E-mail or password is wrong');
  }
  await clearAccountFailures(deps.db, attempt);
  const session = await createSession(deps.db, { operatorId: operator.id, tenantId: tenant.id }, deps.now(), {
    maxS: deps.config.ADMIN_SESSION_MAX_S,
  });
  await recordAudit(deps.db, {
    tenantId: tenant.id,
    operator: { id: operator.id, email: operator.email },
    action: 'operator.login',
    target: operator.email,
  });
  return {
    ...session,
    operator: { id: operator.id, email: operator.email, role: operator.role },
    tenant: { id: tenant.id, alias: tenant.alias, mode: tenant.mode },
    twin: await sessionTwin(deps.db, { operatorId: operator.id, tenant }),
  };
}

/** Ends the session the cookie names and records the sign-out. */
export async function operatorLogout(
  deps: Pick<OperatorLoginDeps, 'db' | 'now'>,
  cookieValue: string,
  session: OperatorSession,
): Promise<void> {
  await revokeSession(deps.db, cookieValue, deps.now());
  await recordAudit(deps.db, {
    tenantId: session.tenant.id,
    operator: { id: session.operatorId, email: session.email },
    action: 'operator.logout',
    target: session.email,
  });
}

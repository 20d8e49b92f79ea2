import type { Knex } from 'knex';
import type { Config } from '../config';
import type { SecretBox } from '../crypto/secret-box';
import type { Db } from '../db/knex';
import { recordAudit, type AuditClient } from '../domain/common/audit-log';
import {
  loginThrottleLimits,
  releaseLoginAttempt,
  reserveLoginAttempt,
  settleFailedLogin,
} from '../domain/operators/login-throttle';
import { createSession, revokeSession, type OperatorSession } from '../domain/operators/operator-sessions';
import { checkOperatorPassword, type OperatorRole } from '../domain/operators/operators';
import { findLinkedTwin } from '../domain/operators/operator-twins';
import { AppError } from '../errors';
import { createTenantsRepo } from '../repos/tenants.repo';
import { createChallenge, twoFactorEnabled } from '../domain/operators/two-factor';
import { touchTrustedDevice, trustDevice, trustedDeviceKey } from '../domain/operators/trusted-devices';

export interface OperatorLoginDeps {
  db: Db;
  /** Opens operators' sealed TOTP secrets (SECRET_KEY). */
  secretBox?: SecretBox | undefined;
  config: Pick<
    Config,
    | 'ADMIN_SESSION_MAX_S'
    | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
    | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
    | 'LOGIN_THROTTLE_WINDOW_S'
    | 'LOGIN_DELAY_BASE_S'
    | 'LOGIN_DELAY_MAX_S'
    | 'LOGIN_DEVICE_MAX_AGE_S'
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

/** A finished sign-in, with the trusted-device cookie's value for this browser. */
export type SignedIn = OperatorLoginResult & { deviceCookieValue: string };

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

/**
 * An operator's sign-in: the attempt reserved against the throttle (per account and per client address,
 * or only the device's own when the browser presents a trusted-device cookie for this account), the
 * password, then a new session, a new device cookie and an `operator.login` entry in one transaction.
 * An unknown tenant, an unknown e-mail and a wrong password are the same 401 INVALID_LOGIN, take the
 * same time (a dummy hash is checked) and count against the throttle alike; a failure in a tenant that
 * exists is audited as `operator.login_failed` (actor anonymous, target the e-mail typed).
 */
export async function operatorLogin(
  deps: OperatorLoginDeps,
  input: {
    tenantAlias: string;
    email: string;
    password: string;
    address: string;
    client?: AuditClient;
    deviceCookie?: string;
  },
): Promise<SignedIn | { challenge: { token: string; expiresAt: Date } }> {
  const limits = loginThrottleLimits(deps.config);
  const account = { tenantAlias: input.tenantAlias, email: input.email };
  const deviceKey = await trustedDeviceKey(deps.db, input.deviceCookie, account, deps.now());
  const reservation = await reserveLoginAttempt(
    deps.db,
    { ...account, address: input.address, deviceKey },
    deps.now(),
    limits,
  );
  const tenant = await createTenantsRepo(deps.db).findByAlias(input.tenantAlias);
  const operator = await checkOperatorPassword(deps.db, {
    tenantId: tenant?.id ?? null,
    email: input.email,
    password: input.password,
  });
  const client = input.client ?? { address: input.address, userAgent: null };
  if (!tenant || !operator) {
    await settleFailedLogin(deps.db, deps.now(), limits);
    if (tenant) {
      await recordAudit(deps.db, {
        tenantId: tenant.id,
        operator: null,
        actor: { kind: 'anonymous', label: null },
        client,
        action: 'operator.login_failed',
        target: input.email.trim().toLowerCase().slice(0, 320),
        details: deviceKey ? { trustedDevice: true } : {},
      });
    }
    throw new AppError('INVALID_LOGIN', 'E-mail or password is wrong');
  }
  if (await twoFactorEnabled(deps.db, operator.id)) {
    // The password was right: its reservation is released, and the code has a throttle of its own.
    const challenge = await deps.db.transaction(async (trx) => {
      await releaseLoginAttempt(trx, reservation);
      return createChallenge(trx, { id: operator.id, tenantId: tenant.id }, deps.now());
    });
    return { challenge };
  }
  return openOperatorSession(deps, {
    operator,
    tenant,
    client,
    deviceKey,
    deviceCookie: input.deviceCookie,
    beforeOpen: (trx) => releaseLoginAttempt(trx, reservation),
    details: deviceKey ? { trustedDevice: true } : {},
  });
}

/**
 * Opens the session of an operator who proved who they are (password, and code when on): in one
 * transaction `beforeOpen` (releasing the reservation), the session, the trusted-device cookie (a
 * browser already trusted for this account keeps its own) and the `operator.login` entry.
 */
export async function openOperatorSession(
  deps: OperatorLoginDeps,
  input: {
    operator: { id: string; email: string; role: OperatorRole };
    tenant: { id: string; alias: string; mode: 'live' | 'test' };
    client: AuditClient;
    deviceKey: string | null;
    deviceCookie: string | undefined;
    beforeOpen: (trx: Knex.Transaction) => Promise<void>;
    details: Record<string, unknown>;
  },
): Promise<SignedIn> {
  const { operator, tenant } = input;
  const opened = await deps.db.transaction(async (trx) => {
    await input.beforeOpen(trx);
    const session = await createSession(trx, { operatorId: operator.id, tenantId: tenant.id }, deps.now(), {
      maxS: deps.config.ADMIN_SESSION_MAX_S,
    });
    let deviceCookieValue = input.deviceCookie;
    if (input.deviceKey && deviceCookieValue) await touchTrustedDevice(trx, input.deviceKey, deps.now());
    else {
      deviceCookieValue = await trustDevice(
        trx,
        { operatorId: operator.id, tenantId: tenant.id },
        deps.now(),
        deps.config.LOGIN_DEVICE_MAX_AGE_S,
      );
    }
    await recordAudit(trx, {
      tenantId: tenant.id,
      operator: { id: operator.id, email: operator.email },
      client: input.client,
      action: 'operator.login',
      target: operator.email,
      details: input.details,
    });
    return { ...session, deviceCookieValue };
  });
  return {
    ...opened,
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
  client?: AuditClient,
): Promise<void> {
  await revokeSession(deps.db, cookieValue, deps.now());
  await recordAudit(deps.db, {
    tenantId: session.tenant.id,
    operator: { id: session.operatorId, email: session.email },
    client,
    action: 'operator.logout',
    target: session.email,
  });
}

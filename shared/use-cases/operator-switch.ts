import type { Config } from '../config';
import type { Db } from '../db/knex';
import { recordAudit } from '../domain/audit-log';
import { createSession, revokeSession, type OperatorSession } from '../domain/operator-sessions';
import { findTwin } from '../domain/tenants';
import { AppError } from '../errors';
import type { OperatorLoginResult } from './operator-login';

export interface OperatorSwitchDeps {
  db: Db;
  config: Pick<Config, 'ADMIN_SESSION_MAX_S'>;
  now: () => number;
}

/**
 * Moves a signed-in operator to the twin tenant without a password: a new session there as the
 * operator with the same e-mail (with that operator's role), the current session revoked, and an
 * `operator.switch_tenant` entry in both tenants' audit logs, all in one transaction. No twin, or no
 * operator with this e-mail there: 404 NOT_FOUND, and the current session stays.
 */
export async function switchTenant(
  deps: OperatorSwitchDeps,
  current: { session: OperatorSession; cookieValue: string },
): Promise<OperatorLoginResult> {
  const { session } = current;
  const twin = await findTwin(deps.db, session.tenant.alias, session.email);
  if (!twin) throw new AppError('NOT_FOUND', 'No twin tenant with an operator of this e-mail');
  const nowMs = deps.now();
  const details = { from: session.tenant.alias, to: twin.tenant.alias };
  const opened = await deps.db.transaction(async (trx) => {
    await revokeSession(trx, current.cookieValue, nowMs);
    const created = await createSession(
      trx,
      { operatorId: twin.operator.id, tenantId: twin.tenant.id },
      nowMs,
      { maxS: deps.config.ADMIN_SESSION_MAX_S },
    );
    await recordAudit(trx, {
      tenantId: session.tenant.id,
      operator: { id: session.operatorId, email: session.email },
      action: 'operator.switch_tenant',
      target: session.email,
      details,
    });
    await recordAudit(trx, {
      tenantId: twin.tenant.id,
      operator: { id: twin.operator.id, email: twin.operator.email },
      action: 'operator.switch_tenant',
      target: twin.operator.email,
      details,
    });
    return created;
  });
  return {
    ...opened,
    operator: { id: twin.operator.id, email: twin.operator.email, role: twin.operator.role },
    tenant: twin.tenant,
    twin: { alias: session.tenant.alias, mode: session.tenant.mode },
  };
}

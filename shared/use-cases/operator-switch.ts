import type { Config } from '../config';
import type { Db } from '../db/knex';
import { recordAudit, type AuditClient } from '../domain/common/audit-log';
import {
  createSession,
  lowerRole,
  revokeSession,
  type OperatorSession,
} from '../domain/operators/operator-sessions';
import { findLinkedTwin } from '../domain/operators/operator-twins';
import { AppError } from '../errors';
import type { OperatorLoginResult } from './operator-login';

export interface OperatorSwitchDeps {
  db: Db;
  config: Pick<Config, 'ADMIN_SESSION_MAX_S'>;
  now: () => number;
}

/**
 * Moves a signed-in operator to the twin tenant without a password: a new session there as the
 * operator row *linked* to this one (operator-twins.ts; an e-mail match alone is not enough), the
 * current session revoked, and an `operator.switch_tenant` entry in both tenants' audit logs, all in
 * one transaction. The new session's role is capped at the role held where the operator signed in
 * (`roleCap`, carried through switches), so a switch never grants more than that. No linked twin: 404 NOT_FOUND, and the
 * current session stays.
 */
export async function switchTenant(
  deps: OperatorSwitchDeps,
  current: { session: OperatorSession; cookieValue: string },
  client?: AuditClient,
): Promise<OperatorLoginResult> {
  const { session } = current;
  const twin = await findLinkedTwin(deps.db, {
    tenantId: session.tenant.id,
    alias: session.tenant.alias,
    operatorId: session.operatorId,
  });
  if (!twin) throw new AppError('NOT_FOUND', 'No linked operator account in the twin tenant');
  const nowMs = deps.now();
  const role = lowerRole(twin.operator.role, session.roleCap);
  const details = { from: session.tenant.alias, to: twin.tenant.alias, role };
  const opened = await deps.db.transaction(async (trx) => {
    await revokeSession(trx, current.cookieValue, nowMs);
    const created = await createSession(
      trx,
      { operatorId: twin.operator.id, tenantId: twin.tenant.id, roleCap: session.roleCap },
      nowMs,
      { maxS: deps.config.ADMIN_SESSION_MAX_S },
    );
    for (const [tenantId, operator] of [
      [session.tenant.id, { id: session.operatorId, email: session.email }],
      [twin.tenant.id, { id: twin.operator.id, email: twin.operator.email }],
    ] as const) {
      await recordAudit(trx, {
        tenantId,
        operator,
        action: 'operator.switch_tenant',
        target: operator.email,
        details,
        client,
      });
    }
    return created;
  });
  return {
    ...opened,
    operator: { id: twin.operator.id, email: twin.operator.email, role },
    tenant: twin.tenant,
    twin: { alias: session.tenant.alias, mode: session.tenant.mode },
  };
}

import type { Db } from '../db/knex';
import { recordAudit, type AuditClient } from '../domain/common/audit-log';
import {
  releaseLoginAttempt,
  reserveLoginAttempt,
  settleFailedLogin,
  type LoginThrottleLimits,
} from '../domain/operators/login-throttle';
import type { OperatorSession } from '../domain/operators/operator-sessions';
import { findTwinCandidate, linkTwinOperators } from '../domain/operators/operator-twins';
import { checkOperatorPassword } from '../domain/operators/operators';
import { AppError } from '../errors';
import type { TwinView } from './operator-login';

export interface TwinLinkDeps {
  db: Db;
  now: () => number;
  limits: LoginThrottleLimits;
}

/**
 * Links the signed-in operator to their account in the twin tenant (`test_acme` for `acme`), after they
 * prove that account's password: the same throttle as a sign-in to the twin (it is one), the same 401
 * for no such account and a wrong password, and an `operator.link_twin` entry in both tenants' audit
 * logs in the link's transaction. From then on the portal's switch moves between the two.
 */
export async function linkTwinAccount(
  deps: TwinLinkDeps,
  session: OperatorSession,
  input: { password: string; client: AuditClient },
): Promise<TwinView> {
  const candidate = await findTwinCandidate(deps.db, session.tenant.alias, session.email);
  const attempt = {
    tenantAlias: candidate?.tenant.alias ?? `twin-of:${session.tenant.alias}`,
    email: session.email,
    address: input.client.address ?? 'unknown',
  };
  const reservation = await reserveLoginAttempt(deps.db, attempt, deps.now(), deps.limits);
  const proven = await checkOperatorPassword(deps.db, {
    tenantId: candidate?.tenant.id ?? null,
    email: session.email,
    password: input.password,
  });
  if (!candidate || !proven || proven.id !== candidate.operator.id) {
    await settleFailedLogin(deps.db, deps.now(), deps.limits);
    throw new AppError(
      'INVALID_LOGIN',
      'No account with your e-mail in the twin tenant, or a wrong password',
    );
  }
  await deps.db.transaction(async (trx) => {
    await releaseLoginAttempt(trx, reservation);
    await linkTwinOperators(
      trx,
      { id: session.operatorId, tenant_id: session.tenant.id },
      candidate.operator,
    );
    const details = { from: session.tenant.alias, to: candidate.tenant.alias };
    for (const [tenantId, operator] of [
      [session.tenant.id, { id: session.operatorId, email: session.email }],
      [candidate.tenant.id, { id: candidate.operator.id, email: candidate.operator.email }],
    ] as const) {
      await recordAudit(trx, {
        tenantId,
        operator,
        action: 'operator.link_twin',
        target: operator.email,
        details,
        client: input.client,
      });
    }
  });
  return { alias: candidate.tenant.alias, mode: candidate.tenant.mode };
}

import type { AuditClient } from '../domain/common/audit-log';
import { recordAudit } from '../domain/common/audit-log';
import {
  loginThrottleLimits,
  releaseReservation,
  reserveKeyedAttempt,
  settleFailedLogin,
} from '../domain/operators/login-throttle';
import { getOperator } from '../domain/operators/operators';
import { checkSecondFactor, consumeChallenge, findChallenge } from '../domain/operators/two-factor';
import { trustedDeviceKey } from '../domain/operators/trusted-devices';
import { AppError } from '../errors';
import { createTenantsRepo } from '../repos/tenants.repo';
import { openOperatorSession, type OperatorLoginDeps, type SignedIn } from './operator-login';

/**
 * The second sign-in step: the challenge the password step answered, and a TOTP code or a recovery
 * code. The code has a throttle of its own per operator (the same free failures and progressive delay
 * as the password), the challenge lives CHALLENGE_TTL_S and is used once. A wrong code is 401
 * INVALID_LOGIN and an `operator.login_failed` entry; a right one opens the session like a password
 * sign-in (`operator.login` with `details.twoFactor`).
 */
export async function completeTwoFactorLogin(
  deps: OperatorLoginDeps,
  input: { challenge: string; code: string; client: AuditClient; deviceCookie?: string },
): Promise<SignedIn> {
  const expired = () => new AppError('INVALID_LOGIN', 'The sign-in has expired; enter your password again');
  const found = await findChallenge(deps.db, input.challenge, deps.now());
  if (!found) throw expired();
  const [operator, tenant] = await Promise.all([
    getOperator(deps.db, found.tenantId, found.operatorId),
    createTenantsRepo(deps.db).findById(found.tenantId),
  ]);
  if (!operator || !tenant) throw expired();
  const limits = loginThrottleLimits(deps.config);
  const ids = await reserveKeyedAttempt(
    deps.db,
    { key: `2fa:${operator.id}`, free: limits.maxPerAccount },
    deps.now(),
    limits,
  );
  const deviceKey = await trustedDeviceKey(
    deps.db,
    input.deviceCookie,
    { tenantAlias: tenant.alias, email: operator.email },
    deps.now(),
  );
  try {
    return await openOperatorSession(deps, {
      operator,
      tenant,
      client: input.client,
      deviceKey,
      deviceCookie: input.deviceCookie,
      details: { twoFactor: true },
      beforeOpen: async (trx) => {
        const kind = await checkSecondFactor(trx, deps.secretBox, operator.id, input.code, deps.now());
        if (!kind) throw new AppError('INVALID_LOGIN', 'The code is wrong or was used already');
        if (!(await consumeChallenge(trx, input.challenge))) throw expired();
        await releaseReservation(trx, ids);
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.apiErrorCode === 'INVALID_LOGIN') {
      await settleFailedLogin(deps.db, deps.now(), limits);
      await recordAudit(deps.db, {
        tenantId: tenant.id,
        operator: null,
        actor: { kind: 'anonymous', label: null },
        client: input.client,
        action: 'operator.login_failed',
        target: operator.email,
        details: { step: 'twoFactor' },
      });
    }
    throw error;
  }
}

import type { AuditClient } from '../domain/common/audit-log';
import {
  loginThrottleLimits,
  releaseReservation,
  reserveKeyedAttempt,
  settleFailedLogin,
} from '../domain/operators/login-throttle';
import * as twoFactor from '../domain/operators/two-factor';
import type { OperatorLoginDeps } from './operator-login';

export { setRequireTwoFactor, startEnrolment, twoFactorStatus } from '../domain/operators/two-factor';

type Operator = twoFactor.TwoFactorOperator;

/**
 * Runs a step that checks a code under the operator's code throttle (the one the second sign-in step
 * uses): reserved first, released when the code was right, kept as a failure when it was not.
 */
async function throttled<T>(deps: OperatorLoginDeps, operator: Operator, step: () => Promise<T>): Promise<T> {
  const limits = loginThrottleLimits(deps.config);
  const ids = await reserveKeyedAttempt(
    deps.db,
    { key: `2fa:${operator.id}`, free: limits.maxPerAccount },
    deps.now(),
    limits,
  );
  let result: T;
  try {
    result = await step();
  } catch (error) {
    await settleFailedLogin(deps.db, deps.now(), limits);
    throw error;
  }
  await releaseReservation(deps.db, ids);
  return result;
}

/** Confirms enrolment with a first code; answers the recovery codes, shown this once. */
export function confirmEnrolment(
  deps: OperatorLoginDeps,
  operator: Operator,
  input: { code: string; client: AuditClient },
): Promise<{ recoveryCodes: string[] }> {
  return throttled(deps, operator, () =>
    twoFactor.confirmEnrolment(deps.db, deps.secretBox, operator, { ...input, nowMs: deps.now() }),
  );
}

/** Turns two-factor sign-in off with a current code or a recovery code. */
export function disableTwoFactor(
  deps: OperatorLoginDeps,
  operator: Operator,
  input: { code: string; client: AuditClient },
): Promise<void> {
  return throttled(deps, operator, () =>
    twoFactor.disableTwoFactor(deps.db, deps.secretBox, operator, { ...input, nowMs: deps.now() }),
  );
}

import type { DbOrTrx } from '../db/knex';
import { AppError } from '../errors';
import { createLoginFailuresRepo, type LoginFailureScope } from '../repos/login-failures.repo';

export interface LoginThrottleLimits {
  /** LOGIN_MAX_FAILURES_PER_ACCOUNT */
  maxPerAccount: number;
  /** LOGIN_MAX_FAILURES_PER_ADDRESS */
  maxPerAddress: number;
  /** LOGIN_THROTTLE_WINDOW_S */
  windowS: number;
}

/** Who is signing in: the account key is built from what the client typed, so it exists or not alike. */
export interface LoginAttempt {
  tenantAlias: string;
  email: string;
  address: string;
}

/**
 * The account's throttle key. It is built from the alias and the e-mail as typed (lower-case), not from
 * database ids, so an unknown tenant or e-mail is counted and refused exactly like a real one.
 */
function accountKey(attempt: LoginAttempt): string {
  return `${attempt.tenantAlias.toLowerCase()}:${attempt.email.trim().toLowerCase()}`;
}

function scopes(attempt: LoginAttempt, limits: LoginThrottleLimits) {
  return [
    { scope: 'account' as LoginFailureScope, key: accountKey(attempt), max: limits.maxPerAccount },
    { scope: 'address' as LoginFailureScope, key: attempt.address, max: limits.maxPerAddress },
  ];
}

/**
 * Refuses a sign-in (429 TOO_MANY_LOGIN_ATTEMPTS) when the account or the client address has had too
 * many failures within the window; the message says when a slot frees up. Checked before the password,
 * so a throttled guess teaches nothing.
 */
export async function assertLoginAllowed(
  db: DbOrTrx,
  attempt: LoginAttempt,
  nowMs: number,
  limits: LoginThrottleLimits,
): Promise<void> {
  const repo = createLoginFailuresRepo(db);
  const since = new Date(nowMs - limits.windowS * 1000);
  for (const { scope, key, max } of scopes(attempt, limits)) {
    const { count, oldest } = await repo.countSince(scope, key, since);
    if (count < max) continue;
    const freeAtMs = (oldest?.getTime() ?? nowMs) + limits.windowS * 1000;
    const waitS = Math.max(1, Math.ceil((freeAtMs - nowMs) / 1000));
    const minutes = Math.max(1, Math.ceil(waitS / 60));
    throw new AppError(
      'TOO_MANY_LOGIN_ATTEMPTS',
      `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { headers: { 'Retry-After': String(waitS) } },
    );
  }
}

/** Counts a failed sign-in against the account and the address, dropping their failures past the window. */
export async function recordLoginFailure(
  db: DbOrTrx,
  attempt: LoginAttempt,
  nowMs: number,
  limits: LoginThrottleLimits,
): Promise<void> {
  const repo = createLoginFailuresRepo(db);
  const entries = scopes(attempt, limits).map(({ scope, key }) => ({ scope, key }));
  await repo.record(entries, new Date(nowMs));
  await repo.pruneBefore(new Date(nowMs - limits.windowS * 1000));
}

/** A successful sign-in clears the account's failures (the address keeps its count). */
export async function clearAccountFailures(db: DbOrTrx, attempt: LoginAttempt): Promise<void> {
  await createLoginFailuresRepo(db).clear('account', accountKey(attempt));
}

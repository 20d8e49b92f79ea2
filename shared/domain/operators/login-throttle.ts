import type { Config } from '../../config';
import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createLoginFailuresRepo, type LoginFailureScope } from '../../repos/login-failures.repo';

export interface LoginThrottleLimits {
  /** LOGIN_MAX_FAILURES_PER_ACCOUNT: failures of one account (or one trusted device) before the delay. */
  maxPerAccount: number;
  /** LOGIN_MAX_FAILURES_PER_ADDRESS: failures from one client address before the delay. */
  maxPerAddress: number;
  /** LOGIN_THROTTLE_WINDOW_S: failures older than this are forgotten. */
  windowS: number;
  /** LOGIN_DELAY_BASE_S: the first delay once a scope is past its free failures; doubles per failure. */
  delayBaseS: number;
  /** LOGIN_DELAY_MAX_S: the longest delay between two attempts. */
  delayMaxS: number;
}

export function loginThrottleLimits(
  config: Pick<
    Config,
    | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
    | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
    | 'LOGIN_THROTTLE_WINDOW_S'
    | 'LOGIN_DELAY_BASE_S'
    | 'LOGIN_DELAY_MAX_S'
  >,
): LoginThrottleLimits {
  return {
    maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowS: config.LOGIN_THROTTLE_WINDOW_S,
    delayBaseS: config.LOGIN_DELAY_BASE_S,
    delayMaxS: config.LOGIN_DELAY_MAX_S,
  };
}

/** Who is signing in: the account key is built from what the client typed, so it exists or not alike. */
export interface LoginAttempt {
  tenantAlias: string;
  email: string;
  address: string;
  /**
   * Set when the sign-in presents a valid trusted-device cookie for this very account: then only the
   * device's own throttle applies, not the account's or the address's (failures of other clients).
   */
  deviceKey?: string | null;
}

/** What a reservation holds: the rows written before the hash, released by a success. */
export interface LoginReservation {
  ids: string[];
  attempt: LoginAttempt;
}

/**
 * The account's throttle key. It is built from the alias and the e-mail as typed (lower-case), not from
 * database ids, so an unknown tenant or e-mail is counted and refused exactly like a real one.
 */
function accountKey(attempt: LoginAttempt): string {
  return `${attempt.tenantAlias.toLowerCase()}:${attempt.email.trim().toLowerCase()}`;
}

function scopes(attempt: LoginAttempt, limits: LoginThrottleLimits) {
  if (attempt.deviceKey) {
    return [{ scope: 'device' as LoginFailureScope, key: attempt.deviceKey, free: limits.maxPerAccount }];
  }
  return [
    { scope: 'account' as LoginFailureScope, key: accountKey(attempt), free: limits.maxPerAccount },
    { scope: 'address' as LoginFailureScope, key: attempt.address, free: limits.maxPerAddress },
  ];
}

/**
 * The wait (seconds) after the newest failure before the next attempt, with `count` failures in the
 * window: none while count < free, then base, 2 x base, 4 x base ... up to the cap.
 */
export function loginDelayS(count: number, free: number, limits: LoginThrottleLimits): number {
  if (count < free) return 0;
  return Math.min(limits.delayBaseS * 2 ** Math.min(count - free, 30), limits.delayMaxS);
}

function tooMany(waitS: number): AppError {
  const text = waitS < 120 ? `${waitS} second${waitS === 1 ? '' : 's'}` : `${Math.ceil(waitS / 60)} minutes`;
  return new AppError('TOO_MANY_LOGIN_ATTEMPTS', `Too many failed sign-ins; try again in ${text}`, {
    headers: { 'Retry-After': String(waitS) },
  });
}

/**
 * Reserves a sign-in attempt before the password is checked, atomically: under a transaction-scoped
 * lock per scope (taken in a fixed order), the failures in the window are counted, the progressive
 * delay is applied (429 TOO_MANY_LOGIN_ATTEMPTS with Retry-After while waiting) and a failure row is
 * written for each scope. So N parallel guesses count N, and the reservation already holds back the
 * next one. A right password releases the reservation (`releaseLoginAttempt`); a wrong one leaves it as
 * the failure.
 */
export async function reserveLoginAttempt(
  db: Db,
  attempt: LoginAttempt,
  nowMs: number,
  limits: LoginThrottleLimits,
): Promise<LoginReservation> {
  return { ids: await reserve(db, scopes(attempt, limits), nowMs, limits), attempt };
}

/**
 * The same reservation for one key of its own (the second sign-in step's code, per operator): `free`
 * failures, then the progressive delay. Release the ids with `releaseReservation` on success.
 */
export async function reserveKeyedAttempt(
  db: Db,
  entry: { key: string; free: number },
  nowMs: number,
  limits: LoginThrottleLimits,
): Promise<string[]> {
  return reserve(db, [{ scope: 'account', ...entry }], nowMs, limits);
}

export async function releaseReservation(trx: DbOrTrx, ids: string[]): Promise<void> {
  await createLoginFailuresRepo(trx).release(ids);
}

async function reserve(
  db: Db,
  unsorted: { scope: LoginFailureScope; key: string; free: number }[],
  nowMs: number,
  limits: LoginThrottleLimits,
): Promise<string[]> {
  const entries = [...unsorted].sort((x, y) => (`${x.scope}:${x.key}` < `${y.scope}:${y.key}` ? -1 : 1));
  return db.transaction(async (trx) => {
    const repo = createLoginFailuresRepo(trx);
    const since = new Date(nowMs - limits.windowS * 1000);
    let waitMs = 0;
    for (const { scope, key, free } of entries) {
      await repo.lock(scope, key);
      const { count, newest } = await repo.countSince(scope, key, since);
      const delayMs = loginDelayS(count, free, limits) * 1000;
      if (delayMs > 0 && newest) waitMs = Math.max(waitMs, newest.getTime() + delayMs - nowMs);
    }
    if (waitMs > 0) throw tooMany(Math.max(1, Math.ceil(waitMs / 1000)));
    return repo.record(
      entries.map(({ scope, key }) => ({ scope, key })),
      new Date(nowMs),
    );
  });
}

/**
 * A right password: its reservation is released. A sign-in through the account's own throttle (no
 * device cookie) also clears the account's failures, as before; a device sign-in leaves them, so an
 * attacker's delay does not end because the owner signed in.
 */
export async function releaseLoginAttempt(trx: DbOrTrx, reservation: LoginReservation): Promise<void> {
  const repo = createLoginFailuresRepo(trx);
  await repo.release(reservation.ids);
  if (!reservation.attempt.deviceKey) await repo.clear('account', accountKey(reservation.attempt));
}

/** A wrong password: the reservation stays as the failure; failures past the window are dropped. */
export async function settleFailedLogin(
  db: DbOrTrx,
  nowMs: number,
  limits: LoginThrottleLimits,
): Promise<void> {
  await createLoginFailuresRepo(db).pruneBefore(new Date(nowMs - limits.windowS * 1000));
}

import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createTwoFactorRepo } from '../../repos/two-factor.repo';
import { recordAudit, type AuditClient } from '../common/audit-log';

/**
 * TOTP two-factor sign-in (RFC 6238 through `otpauth`: maintained, dependency-free, typed, RFC test
 * vectors in its suite). 6 digits, 30-second steps, SHA-1 (what every authenticator app reads), one
 * step of clock drift either way; a code is accepted once (`last_step`). The secret is sealed with
 * SECRET_KEY and bound to the operator. Ten recovery codes (80 random bits each) are shown once and
 * stored as SHA-256, each single use.
 */
const PERIOD_S = 30;
const ISSUER = 'Referral service';
const RECOVERY_CODES = 10;
/** How long the second sign-in step may follow the password. */
export const CHALLENGE_TTL_S = 300;

export interface TwoFactorOperator {
  id: string;
  email: string;
  tenantId: string;
}

function sealAad(operatorId: string): string {
  return `operator-totp:${operatorId}`;
}

function requireBox(box: SecretBox | undefined): SecretBox {
  if (!box) throw new AppError('SECRET_KEY_NOT_CONFIGURED', 'Two-factor sign-in needs SECRET_KEY to be set');
  return box;
}

function sha256(text: string): Buffer {
  return crypto.createHash('sha256').update(text, 'utf8').digest();
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The step a valid code was made for when it is newer than the last accepted one; null otherwise. */
function acceptedStep(secretBase32: string, code: string, nowMs: number, lastStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD_S,
    timestamp: nowMs,
    window: 1,
  });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / PERIOD_S) + delta;
  return step > lastStep ? step : null;
}

function badCode(): AppError {
  return new AppError('VALIDATION_FAILED', 'The code is wrong or was used already', {
    validationErrors: [{ path: 'code', message: 'wrong or used code' }],
  });
}

export async function twoFactorStatus(
  db: DbOrTrx,
  operator: { id: string; tenantId: string },
): Promise<{ enabled: boolean; required: boolean }> {
  const repo = createTwoFactorRepo(db);
  const row = await repo.find(operator.id);
  return { enabled: !!row?.enabled_at, required: await repo.tenantRequires(operator.tenantId) };
}

/** 403 TWO_FACTOR_REQUIRED when the tenant requires two-factor sign-in and the operator has not enrolled. */
export async function assertTwoFactorSatisfied(db: DbOrTrx, operator: { id: string; tenantId: string }) {
  const status = await twoFactorStatus(db, operator);
  if (status.required && !status.enabled) {
    throw new AppError(
      'TWO_FACTOR_REQUIRED',
      'This program requires two-factor sign-in: set it up first (the Two-factor page, or POST /admin/api/two-factor/enroll)',
    );
  }
}

/** Starts (or restarts) enrolment: a new secret, shown once as base32, otpauth:// URI and QR code. */
export async function startEnrolment(
  db: DbOrTrx,
  box: SecretBox | undefined,
  operator: TwoFactorOperator & { tenantAlias: string },
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const sealer = requireBox(box);
  const secret = new Secret({ size: 20 });
  const stored = await createTwoFactorRepo(db).upsertPending({
    operator_id: operator.id,
    tenant_id: operator.tenantId,
    secret_sealed: sealer.seal(secret.base32, sealAad(operator.id)),
  });
  if (!stored) throw new AppError('CONFLICT', 'Two-factor sign-in is on already; turn it off first');
  const uri = new TOTP({
    issuer: ISSUER,
    label: `${operator.tenantAlias}:${operator.email}`,
    period: PERIOD_S,
    secret,
  }).toString();
  return { secret: secret.base32, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
}

/** Confirms enrolment with a first code: on from now; answers the recovery codes (shown this once). */
export async function confirmEnrolment(
  db: Db,
  box: SecretBox | undefined,
  operator: TwoFactorOperator,
  input: { code: string; nowMs: number; client: AuditClient },
): Promise<{ recoveryCodes: string[] }> {
  const sealer = requireBox(box);
  return db.transaction(async (trx) => {
    const repo = createTwoFactorRepo(trx);
    const row = await repo.find(operator.id, true);
    if (!row || row.enabled_at) throw new AppError('CONFLICT', 'No two-factor enrolment is waiting');
    const secret = sealer.open(row.secret_sealed, sealAad(operator.id));
    const step = acceptedStep(secret, input.code, input.nowMs, Number(row.last_step));
    if (step === null) throw badCode();
    await repo.update(operator.id, { enabled_at: new Date(input.nowMs), last_step: step });
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const raw = crypto.randomBytes(10).toString('hex');
      return raw.match(/.{5}/g)!.join('-');
    });
    await repo.replaceRecoveryCodes(
      operator.id,
      codes.map((c) => sha256(normalizeRecoveryCode(c))),
    );
    await recordAudit(trx, {
      tenantId: operator.tenantId,
      operator: { id: operator.id, email: operator.email },
      client: input.client,
      action: 'operator.two_factor_enabled',
      target: operator.email,
    });
    return { recoveryCodes: codes };
  });
}

/**
 * Checks a second factor inside the caller's transaction (the row is locked): a TOTP code not used
 * before, or an unused recovery code (then used up). Answers which one, or null.
 */
export async function checkSecondFactor(
  trx: DbOrTrx,
  box: SecretBox | undefined,
  operatorId: string,
  code: string,
  nowMs: number,
): Promise<'totp' | 'recoveryCode' | null> {
  const repo = createTwoFactorRepo(trx);
  const row = await repo.find(operatorId, true);
  if (!row?.enabled_at) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const secret = requireBox(box).open(row.secret_sealed, sealAad(operatorId));
    const step = acceptedStep(secret, trimmed, nowMs, Number(row.last_step));
    if (step === null) return null;
    await repo.update(operatorId, { last_step: step });
    return 'totp';
  }
  const used = await repo.useRecoveryCode(
    operatorId,
    sha256(normalizeRecoveryCode(trimmed)),
    new Date(nowMs),
  );
  return used ? 'recoveryCode' : null;
}

/** Turns two-factor sign-in off; needs a current code or a recovery code. */
export async function disableTwoFactor(
  db: Db,
  box: SecretBox | undefined,
  operator: TwoFactorOperator,
  input: { code: string; nowMs: number; client: AuditClient },
): Promise<void> {
  await db.transaction(async (trx) => {
    const kind = await checkSecondFactor(trx, box, operator.id, input.code, input.nowMs);
    if (!kind) throw badCode();
    await createTwoFactorRepo(trx).remove(operator.id);
    await recordAudit(trx, {
      tenantId: operator.tenantId,
      operator: { id: operator.id, email: operator.email },
      client: input.client,
      action: 'operator.two_factor_disabled',
      target: operator.email,
      details: { with: kind },
    });
  });
}

export async function twoFactorEnabled(db: DbOrTrx, operatorId: string): Promise<boolean> {
  return !!(await createTwoFactorRepo(db).find(operatorId))?.enabled_at;
}

/** The challenge between the password and the code: a random token, only its hash stored. */
export async function createChallenge(
  trx: DbOrTrx,
  operator: { id: string; tenantId: string },
  nowMs: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(nowMs + CHALLENGE_TTL_S * 1000);
  const repo = createTwoFactorRepo(trx);
  await repo.deleteExpiredChallenges(new Date(nowMs));
  await repo.insertChallenge({
    token_hash: sha256(token),
    operator_id: operator.id,
    tenant_id: operator.tenantId,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

export async function findChallenge(db: DbOrTrx, token: string, nowMs: number) {
  const row = await createTwoFactorRepo(db).findChallenge(sha256(token), new Date(nowMs));
  return row ? { operatorId: row.operator_id, tenantId: row.tenant_id } : null;
}

/** Uses a challenge up; false when another request used it first. */
export async function consumeChallenge(trx: DbOrTrx, token: string): Promise<boolean> {
  return (await createTwoFactorRepo(trx).deleteChallenge(sha256(token))) === 1;
}

/**
 * The tenant's "every operator signs in with two factors" setting (OWNER only, checked by the caller).
 * `audit: false` where the caller records the change itself (GraphQL's mutation wrapper).
 */
export async function setRequireTwoFactor(
  db: Db,
  operator: TwoFactorOperator,
  input: { required: boolean; client?: AuditClient; audit?: boolean },
): Promise<void> {
  await db.transaction(async (trx) => {
    await createTwoFactorRepo(trx).setTenantRequires(operator.tenantId, input.required);
    if (input.audit === false) return;
    await recordAudit(trx, {
      tenantId: operator.tenantId,
      operator: { id: operator.id, email: operator.email },
      client: input.client,
      action: 'tenant.require_two_factor',
      details: { required: input.required },
    });
  });
}

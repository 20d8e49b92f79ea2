import crypto from 'node:crypto';
import type { DbOrTrx } from '../../db/knex';
import { createTrustedDevicesRepo } from '../../repos/trusted-devices.repo';

/**
 * Trusted devices: a successful sign-in sets a long-lived cookie naming the
 * browser as one the operator used before. Only the SHA-256 of the cookie value is stored. A sign-in
 * that presents it for that very account goes through the device's own small throttle instead of the
 * account's and the address's, so an attacker's failures never lock the owner out.
 */

function tokenHash(cookieValue: string): Buffer {
  return crypto.createHash('sha256').update(cookieValue, 'utf8').digest();
}

/** A random cookie value (32 bytes, base64url); the row expires after `maxAgeS`. */
export async function trustDevice(
  db: DbOrTrx,
  input: { operatorId: string; tenantId: string },
  nowMs: number,
  maxAgeS: number,
): Promise<string> {
  const cookieValue = crypto.randomBytes(32).toString('base64url');
  const repo = createTrustedDevicesRepo(db);
  await repo.insert({
    token_hash: tokenHash(cookieValue),
    operator_id: input.operatorId,
    tenant_id: input.tenantId,
    created_at: new Date(nowMs),
    expires_at: new Date(nowMs + maxAgeS * 1000),
  });
  await repo.deleteExpired(new Date(nowMs));
  return cookieValue;
}

/**
 * The throttle key (hex SHA-256) of a device cookie when it is unexpired and names the operator with
 * this e-mail in the tenant with this alias; null otherwise (then the ordinary throttle applies).
 */
export async function trustedDeviceKey(
  db: DbOrTrx,
  cookieValue: string | undefined,
  account: { tenantAlias: string; email: string },
  nowMs: number,
): Promise<string | null> {
  if (!cookieValue || cookieValue.length > 200) return null;
  const hash = tokenHash(cookieValue);
  const row = await createTrustedDevicesRepo(db).findAccount(hash, new Date(nowMs));
  if (!row) return null;
  const same =
    row.alias.toLowerCase() === account.tenantAlias.toLowerCase() &&
    row.email.toLowerCase() === account.email.trim().toLowerCase();
  return same ? hash.toString('hex') : null;
}

/** Marks a trusted device as used by a successful sign-in (kept for the operator's own records). */
export async function touchTrustedDevice(db: DbOrTrx, deviceKey: string, nowMs: number): Promise<void> {
  await createTrustedDevicesRepo(db).touch(Buffer.from(deviceKey, 'hex'), new Date(nowMs));
}

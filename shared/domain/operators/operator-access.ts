import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createAccessLinksRepo, type AccessLinkPurpose } from '../../repos/operator-access-links.repo';
import { createOperatorSessionsRepo } from '../../repos/operator-sessions.repo';
import { createOperatorsRepo, type OperatorRole, type OperatorRow } from '../../repos/operators.repo';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { parseInput } from '../../validation';
import { recordAudit, type AuditActor, type AuditClient } from '../common/audit-log';
import { operatorEmailSchema, operatorRoleSchema } from './operators';
import { chosenPasswordSchema } from './password-policy';
import { hashPassword } from './passwords';

/**
 * nobody ever sees another's password. An invited operator is *pending* (no usable
 * password) until they open a one-time link and choose one; an OWNER's (or the CLI's) reset makes the
 * password unusable, ends the operator's sessions and issues such a link too. Only the SHA-256 of a
 * link's token is stored; a link works once, expires after OPERATOR_LINK_TTL_S, and issuing a new one
 * kills the old.
 */

/** Stored instead of a scrypt hash: never matches (verifyPassword refuses anything not `scrypt$...`). */
const PENDING_HASH: Record<AccessLinkPurpose, string> = { invite: '!invited', reset: '!reset' };

/** True while the operator has no usable password (invited and not yet accepted, or reset). */
export function isPendingOperator(row: Pick<OperatorRow, 'password_hash'>): boolean {
  return !row.password_hash.startsWith('scrypt$');
}

export function accessLinkTokenHash(token: string): Buffer {
  return crypto.createHash('sha256').update(token, 'utf8').digest();
}

/** The portal page a link opens; the token is in the fragment, so it never reaches a log or a Referer. */
export function accessLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/set-password#${token}`;
}

export interface AccessLink {
  operator: OperatorRow;
  token: string;
  expiresAt: Date;
}

export interface LinkOptions {
  nowMs: number;
  /** OPERATOR_LINK_TTL_S */
  ttlS: number;
}

/** Who made a change, for the audit entry written in its transaction (omit for GraphQL: its guard audits). */
export interface AccessAudit {
  operator: { id: string; email: string } | null;
  actor?: AuditActor;
  client?: AuditClient;
}

async function issueLink(
  trx: DbOrTrx,
  operator: OperatorRow,
  purpose: AccessLinkPurpose,
  options: LinkOptions,
): Promise<AccessLink> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.nowMs + options.ttlS * 1000);
  await createAccessLinksRepo(trx).replace({
    token_hash: accessLinkTokenHash(token),
    tenant_id: operator.tenant_id,
    operator_id: operator.id,
    purpose,
    expires_at: expiresAt,
  });
  return { operator, token, expiresAt };
}

/** Adds a pending operator (within MAX_OPERATORS_PER_TENANT) and answers their one-time link. */
export async function inviteOperator(
  db: Db,
  input: { tenantId: string; email: string; role: OperatorRole; maxOperators?: number },
  options: LinkOptions,
): Promise<AccessLink> {
  const { email, role } = parseInput(z.object({ email: operatorEmailSchema, role: operatorRoleSchema }), {
    email: input.email,
    role: input.role,
  });
  return db.transaction(async (trx) => {
    const repo = createOperatorsRepo(trx);
    if (input.maxOperators !== undefined && (await repo.countLocked(input.tenantId)) >= input.maxOperators) {
      throw new AppError('TOO_MANY_OPERATORS', `A tenant has at most ${input.maxOperators} operators`);
    }
    const operator = await repo.insert({
      tenantId: input.tenantId,
      email,
      passwordHash: PENDING_HASH.invite,
      role,
    });
    if (!operator) throw new AppError('OPERATOR_EXISTS', `An operator with e-mail "${email}" exists`);
    return issueLink(trx, operator, 'invite', options);
  });
}

async function findLocked(trx: DbOrTrx, tenantId: string, email: string): Promise<OperatorRow> {
  const row = await trx<OperatorRow>('operators').where({ tenant_id: tenantId, email }).forUpdate().first();
  if (!row) throw new AppError('NOT_FOUND', `No operator with e-mail "${email}"`);
  return row;
}

/** A new link for a pending invitee; the old link stops working. 409 when they already set a password. */
export async function reissueInvitation(
  db: Db,
  input: { tenantId: string; email: string },
  options: LinkOptions,
): Promise<AccessLink> {
  const { email } = parseInput(z.object({ email: operatorEmailSchema }), { email: input.email });
  return db.transaction(async (trx) => {
    const operator = await findLocked(trx, input.tenantId, email);
    if (!isPendingOperator(operator)) {
      throw new AppError(
        'OPERATOR_NOT_PENDING',
        `"${email}" has accepted the invitation: reset their access instead`,
      );
    }
    return issueLink(
      trx,
      operator,
      operator.password_hash === PENDING_HASH.reset ? 'reset' : 'invite',
      options,
    );
  });
}

/**
 * Resets an operator's access: their password stops working, every session of theirs ends, and a new
 * one-time link is answered (shown once to whoever reset). Audited in the same transaction when `audit`
 * is given (REST and CLI; the GraphQL guard audits its own mutations).
 */
export async function resetOperatorAccess(
  db: Db,
  input: { tenantId: string; email: string; audit?: AccessAudit },
  options: LinkOptions,
): Promise<AccessLink> {
  const { email } = parseInput(z.object({ email: operatorEmailSchema }), { email: input.email });
  return db.transaction(async (trx) => {
    const locked = await findLocked(trx, input.tenantId, email);
    const operator = (await createOperatorsRepo(trx).update(input.tenantId, locked.id, {
      password_hash: PENDING_HASH.reset,
    }))!;
    await createOperatorSessionsRepo(trx).revokeAllForOperator(
      input.tenantId,
      operator.id,
      new Date(options.nowMs),
      null,
    );
    if (input.audit) {
      await recordAudit(trx, {
        tenantId: input.tenantId,
        ...input.audit,
        action: 'operator.reset',
        target: email,
      });
    }
    return issueLink(trx, operator, 'reset', options);
  });
}

/**
 * Sets a password with a one-time link: the link is consumed, the operator becomes active, and any
 * session of theirs that was still open ends. A password refused by the policy leaves the link usable;
 * an unknown, used or expired link is 410 ACCESS_LINK_INVALID (expired ones are removed).
 */
export async function setPasswordWithLink(
  db: Db,
  input: { token: string; password: string; client?: AuditClient },
  nowMs: number,
): Promise<{ operator: OperatorRow; tenantAlias: string }> {
  const { password } = parseInput(z.object({ password: chosenPasswordSchema }), { password: input.password });
  const passwordHash = await hashPassword(password);
  const dead = () =>
    new AppError('ACCESS_LINK_INVALID', 'This link is no longer valid: ask an OWNER for a new one');
  if (input.token.length === 0 || input.token.length > 200) throw dead();
  const operator = await db.transaction(async (trx) => {
    const link = await createAccessLinksRepo(trx).take(accessLinkTokenHash(input.token));
    if (!link || link.expires_at.getTime() <= nowMs) return null;
    const updated = await createOperatorsRepo(trx).update(link.tenant_id, link.operator_id, {
      password_hash: passwordHash,
    });
    if (!updated) return null;
    await createOperatorSessionsRepo(trx).revokeAllForOperator(
      link.tenant_id,
      updated.id,
      new Date(nowMs),
      null,
    );
    await recordAudit(trx, {
      tenantId: link.tenant_id,
      operator: { id: updated.id, email: updated.email },
      client: input.client,
      action: link.purpose === 'invite' ? 'operator.acceptInvitation' : 'operator.resetPassword',
      target: updated.email,
    });
    return updated;
  });
  if (!operator) throw dead();
  const tenant = await createTenantsRepo(db).findById(operator.tenant_id);
  return { operator, tenantAlias: tenant!.alias };
}

/**
 * Sets an operator's password directly (the `operator:reset` CLI with a password on stdin, for the
 * last OWNER who lost theirs): the policy applies, every session of theirs ends, any open link dies.
 */
export async function resetOperatorPassword(
  db: Db,
  input: { tenantId: string; email: string; password: string; audit: AccessAudit },
  nowMs: number,
): Promise<OperatorRow> {
  const { email, password } = parseInput(
    z.object({ email: operatorEmailSchema, password: chosenPasswordSchema }),
    { email: input.email, password: input.password },
  );
  const passwordHash = await hashPassword(password);
  return db.transaction(async (trx) => {
    const locked = await findLocked(trx, input.tenantId, email);
    const operator = (await createOperatorsRepo(trx).update(input.tenantId, locked.id, {
      password_hash: passwordHash,
    }))!;
    await createOperatorSessionsRepo(trx).revokeAllForOperator(
      input.tenantId,
      operator.id,
      new Date(nowMs),
      null,
    );
    await createAccessLinksRepo(trx).removeForOperator(operator.id);
    await recordAudit(trx, {
      tenantId: input.tenantId,
      ...input.audit,
      action: 'operator.resetPassword',
      target: email,
    });
    return operator;
  });
}

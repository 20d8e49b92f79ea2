import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createOperatorSessionsRepo } from '../../repos/operator-sessions.repo';
import { createOperatorsRepo } from '../../repos/operators.repo';
import { parseInput } from '../../validation';
import { recordAudit, type AuditClient } from '../common/audit-log';
import { chosenPasswordSchema } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';

/** The signed-in operator a change applies to (from the session, never from the request). */
export interface SignedInOperator {
  tenantId: string;
  operatorId: string;
  email: string;
}

/**
 * A signed-in operator changes their own password: the current one is required (a stolen session alone
 * cannot take the account), and every other session of theirs ends; the one used here stays open.
 */
export async function changeOwnPassword(
  db: Db,
  who: SignedInOperator,
  input: { currentPassword: string; newPassword: string; keepTokenHash: Buffer; client?: AuditClient },
  nowMs: number,
): Promise<{ endedSessions: number }> {
  const { newPassword } = parseInput(z.object({ newPassword: chosenPasswordSchema }), {
    newPassword: input.newPassword,
  });
  const operators = createOperatorsRepo(db);
  const row = await operators.findById(who.tenantId, who.operatorId);
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    throw new AppError('WRONG_PASSWORD', 'The current password is wrong', {
      validationErrors: [{ path: 'currentPassword', message: 'is wrong' }],
    });
  }
  if (newPassword === input.currentPassword) {
    throw new AppError('VALIDATION_FAILED', 'Invalid input: newPassword', {
      validationErrors: [{ path: 'newPassword', message: 'must differ from the current password' }],
    });
  }
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (trx) => {
    await createOperatorsRepo(trx).update(who.tenantId, who.operatorId, { password_hash: passwordHash });
    const endedSessions = await createOperatorSessionsRepo(trx).revokeAllForOperator(
      who.tenantId,
      who.operatorId,
      new Date(nowMs),
      input.keepTokenHash,
    );
    await recordAudit(trx, {
      tenantId: who.tenantId,
      operator: { id: who.operatorId, email: who.email },
      client: input.client,
      action: 'operator.changePassword',
      target: who.email,
      details: { endedSessions },
    });
    return { endedSessions };
  });
}

/** "Sign out everywhere": ends every session of the operator, this one included. */
export async function signOutEverywhere(
  db: Db,
  who: SignedInOperator,
  input: { client?: AuditClient },
  nowMs: number,
): Promise<{ endedSessions: number }> {
  return db.transaction(async (trx) => {
    const endedSessions = await createOperatorSessionsRepo(trx).revokeAllForOperator(
      who.tenantId,
      who.operatorId,
      new Date(nowMs),
      null,
    );
    await recordAudit(trx, {
      tenantId: who.tenantId,
      operator: { id: who.operatorId, email: who.email },
      client: input.client,
      action: 'operator.signOutEverywhere',
      target: who.email,
      details: { endedSessions },
    });
    return { endedSessions };
  });
}

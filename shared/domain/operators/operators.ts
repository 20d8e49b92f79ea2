import { z } from 'zod';
import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { createOperatorsRepo, type OperatorRole, type OperatorRow } from '../../repos/operators.repo';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { parseInput } from '../../validation';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from './passwords';
import { chosenPasswordSchema } from './password-policy';

export type { OperatorRole, OperatorRow };

export const OPERATOR_ROLES = ['OWNER', 'ADMIN', 'VIEWER'] as const satisfies readonly OperatorRole[];

export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

/** An operator's e-mail as stored and matched: trimmed and lower-case. */
export const operatorEmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

/** Every chosen password follows password-policy.ts (length, and not a common or breached one). */
const givenPasswordSchema = chosenPasswordSchema;

/** An operator as the portal and the API show it (never the password hash). */
export interface OperatorView {
  id: string;
  email: string;
  role: OperatorRole;
  dateCreated: number;
}

export function presentOperator(row: OperatorRow): OperatorView {
  return { id: row.id, email: row.email, role: row.role, dateCreated: row.created_at.getTime() };
}

/**
 * Adds an operator to the tenant. Without a password one is generated; either way the password is
 * returned once, to be shown to whoever creates the operator, and only its hash is kept.
 */
export async function createOperator(
  db: Db,
  input: { tenantId: string; email: string; password?: string; role: OperatorRole; maxOperators?: number },
): Promise<{ operator: OperatorRow; password: string }> {
  const { email, password, role } = parseInput(
    z.object({
      email: operatorEmailSchema,
      password: givenPasswordSchema.optional(),
      role: operatorRoleSchema,
    }),
    { email: input.email, password: input.password, role: input.role },
  );
  const chosen = password ?? generatePassword();
  const passwordHash = await hashPassword(chosen);
  const operator = await db.transaction(async (trx) => {
    const repo = createOperatorsRepo(trx);
    if (input.maxOperators !== undefined && (await repo.countLocked(input.tenantId)) >= input.maxOperators) {
      throw new AppError('TOO_MANY_OPERATORS', `A tenant has at most ${input.maxOperators} operators`);
    }
    return repo.insert({ tenantId: input.tenantId, email, passwordHash, role });
  });
  if (!operator) throw new AppError('OPERATOR_EXISTS', `An operator with e-mail "${email}" exists`);
  return { operator, password: chosen };
}

/** createOperator for the tenant with this alias (the CLI and the launcher name tenants by alias). */
export async function createOperatorForAlias(
  db: Db,
  input: { alias: string; email: string; password?: string; role: OperatorRole },
): Promise<{ operator: OperatorRow; password: string }> {
  const tenant = await createTenantsRepo(db).findByAlias(input.alias);
  if (!tenant) throw new AppError('NOT_FOUND', `No tenant with alias "${input.alias}"`);
  return createOperator(db, {
    tenantId: tenant.id,
    email: input.email,
    password: input.password,
    role: input.role,
  });
}

/**
 * The operator whose e-mail and password these are, or null. An unknown or malformed e-mail is
 * checked against a dummy hash, so it takes as long as a wrong password and reveals nothing.
 */
export async function checkOperatorPassword(
  db: Db,
  input: { tenantId: string | null; email: string; password: string },
): Promise<OperatorRow | null> {
  const email = operatorEmailSchema.safeParse(input.email);
  const operator =
    email.success && input.tenantId !== null
      ? await createOperatorsRepo(db).findByEmail(input.tenantId, email.data)
      : undefined;
  const ok = await verifyPassword(input.password, operator?.password_hash ?? (await dummyPasswordHash()));
  return ok && operator ? operator : null;
}

export async function getOperator(db: Db, tenantId: string, operatorId: string): Promise<OperatorRow | null> {
  return (await createOperatorsRepo(db).findById(tenantId, operatorId)) ?? null;
}

export async function listOperators(db: Db, tenantId: string): Promise<OperatorRow[]> {
  return createOperatorsRepo(db).list(tenantId);
}

function notFound(email: string): AppError {
  return new AppError('NOT_FOUND', `No operator with e-mail "${email}"`);
}

function lastOwner(): AppError {
  return new AppError('LAST_OWNER', 'A tenant keeps at least one OWNER');
}

/** Changes an operator's role; demoting the tenant's only OWNER is refused (409 LAST_OWNER). */
export async function changeOperatorRole(
  db: Db,
  input: { tenantId: string; email: string; role: OperatorRole },
): Promise<OperatorRow> {
  const { email, role } = parseInput(
    z.object({ email: operatorEmailSchema, role: operatorRoleSchema }),
    input,
  );
  return db.transaction(async (trx) => {
    const repo = createOperatorsRepo(trx);
    const owners = await repo.lockOwnerIds(input.tenantId);
    const operator = await repo.findByEmail(input.tenantId, email);
    if (!operator) throw notFound(email);
    if (operator.role === role) return operator;
    if (operator.role === 'OWNER' && owners.length <= 1) throw lastOwner();
    return (await repo.update(input.tenantId, operator.id, { role }))!;
  });
}

/** Removes an operator and ends their sessions; removing the tenant's only OWNER is refused. */
export async function removeOperator(
  db: Db,
  input: { tenantId: string; email: string },
): Promise<OperatorRow> {
  const { email } = parseInput(z.object({ email: operatorEmailSchema }), input);
  return db.transaction(async (trx) => {
    const repo = createOperatorsRepo(trx);
    const owners = await repo.lockOwnerIds(input.tenantId);
    const operator = await repo.findByEmail(input.tenantId, email);
    if (!operator) throw notFound(email);
    if (operator.role === 'OWNER' && owners.length <= 1) throw lastOwner();
    await repo.remove(input.tenantId, operator.id);
    return operator;
  });
}

/** Sets a new password (the demo operator's, when the launcher lost the file that kept it). */
export async function setOperatorPassword(
  db: Db,
  input: { tenantId: string; email: string; password: string },
): Promise<OperatorRow> {
  const { email, password } = parseInput(
    z.object({ email: operatorEmailSchema, password: givenPasswordSchema }),
    input,
  );
  const repo = createOperatorsRepo(db);
  const operator = await repo.findByEmail(input.tenantId, email);
  if (!operator) throw notFound(email);
  return (await repo.update(input.tenantId, operator.id, { password_hash: await hashPassword(password) }))!;
}

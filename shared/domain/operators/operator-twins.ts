import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createOperatorsRepo, type OperatorRole, type OperatorRow } from '../../repos/operators.repo';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { createOperator, createOperatorForAlias, operatorEmailSchema } from './operators';
import { twinAlias } from '../tenants/tenants';

/**
 * Twins (`acme` and `test_acme`) are separate tenants with separate operators. An operator may move
 * between them without signing in again only when their two rows are *linked*:
 * matching e-mails are not enough, since anyone who can invite an operator into one twin (a test-mode
 * key, say) could otherwise plant the other twin's OWNER's e-mail and walk across. Links are made by
 * the service when it makes both rows (the demo, `operator:create`) or by the operator proving the other
 * row's password (use-cases/operator-twin-link.ts).
 */
export interface TenantTwin {
  tenant: { id: string; alias: string; mode: 'live' | 'test' };
  operator: OperatorRow;
}

async function twinTenant(db: DbOrTrx, alias: string) {
  const other = twinAlias(alias);
  return other === null ? undefined : createTenantsRepo(db).findByAlias(other);
}

function view(tenant: { id: string; alias: string; mode: 'live' | 'test' }) {
  return { id: tenant.id, alias: tenant.alias, mode: tenant.mode };
}

/**
 * The twin tenant and the operator row there linked to this one (both rows naming each other), or
 * null: no twin, not linked, or the link points into another tenant.
 */
export async function findLinkedTwin(
  db: DbOrTrx,
  current: { tenantId: string; alias: string; operatorId: string },
): Promise<TenantTwin | null> {
  const repo = createOperatorsRepo(db);
  const self = await repo.findById(current.tenantId, current.operatorId);
  if (!self?.twin_operator_id) return null;
  const tenant = await twinTenant(db, current.alias);
  const operator = tenant && (await repo.findById(tenant.id, self.twin_operator_id));
  if (!tenant || !operator || operator.twin_operator_id !== self.id) return null;
  return { tenant: view(tenant), operator };
}

/** The twin tenant's operator with this e-mail (a link candidate, never a principal by itself). */
export async function findTwinCandidate(
  db: DbOrTrx,
  alias: string,
  email: string,
): Promise<TenantTwin | null> {
  const parsed = operatorEmailSchema.safeParse(email);
  const tenant = parsed.success ? await twinTenant(db, alias) : undefined;
  const operator = tenant && (await createOperatorsRepo(db).findByEmail(tenant.id, parsed.data!));
  if (!tenant || !operator) return null;
  return { tenant: view(tenant), operator };
}

/** Links two operator rows of twin tenants (the caller has established they are the same person). */
export async function linkTwinOperators(
  db: DbOrTrx,
  a: Pick<OperatorRow, 'id' | 'tenant_id'>,
  b: Pick<OperatorRow, 'id' | 'tenant_id'>,
): Promise<void> {
  await createOperatorsRepo(db).linkTwins(a, b);
}

/**
 * The service made this operator on `alias` and on its twin with the same password in one act (the demo,
 * the CLI): links the two rows. False when either is missing.
 */
export async function linkServiceMadeTwins(db: Db, alias: string, email: string): Promise<boolean> {
  const tenant = await createTenantsRepo(db).findByAlias(alias);
  const parsed = operatorEmailSchema.safeParse(email);
  if (!tenant || !parsed.success) return false;
  const here = await createOperatorsRepo(db).findByEmail(tenant.id, parsed.data);
  const there = await findTwinCandidate(db, alias, parsed.data);
  if (!here || !there) return false;
  await db.transaction((trx) => linkTwinOperators(trx, here, there.operator));
  return true;
}

/**
 * `operator:create --with-twin`: the operator on `alias` and on its twin, with the same password and
 * role, linked. When the twin already has an operator with this e-mail, that row is someone's own
 * account (perhaps planted there by whoever could invite into the twin): it is left alone and not
 * linked; the operator can link it from the portal by proving its password.
 */
export async function createOperatorWithTwin(
  db: Db,
  input: { alias: string; email: string; password?: string; role: OperatorRole },
): Promise<{ operator: OperatorRow; password: string; twin: { alias: string; linked: boolean } | null }> {
  const made = await createOperatorForAlias(db, input);
  const other = twinAlias(input.alias);
  const tenant = other === null ? undefined : await createTenantsRepo(db).findByAlias(other);
  if (!tenant) return { ...made, twin: null };
  const twinMade = await createOperator(db, {
    tenantId: tenant.id,
    email: made.operator.email,
    password: made.password,
    role: input.role,
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.apiErrorCode === 'OPERATOR_EXISTS') return null;
    throw err;
  });
  if (twinMade) await db.transaction((trx) => linkTwinOperators(trx, made.operator, twinMade.operator));
  return { ...made, twin: { alias: tenant.alias, linked: twinMade !== null } };
}

import type { Db } from '../../db/knex';
import { AppError } from '../../errors';
import { tenantAliasSchema } from '../../ids';
import { createTenantsRepo } from '../../repos/tenants.repo';
import { API_KEY_SCOPES } from './api-key-scopes';
import { generateApiKey, hashApiKey, keyPrefix } from './api-keys';

/** Aliases beginning `test_` are test-mode tenants (payment processor sandbox); the rest are live. */
export function modeForAlias(alias: string): 'live' | 'test' {
  return alias.startsWith('test_') ? 'test' : 'live';
}

/**
 * The alias of a tenant's twin in the other mode: `test_acme` for `acme` and back. Null when the twin's
 * alias could not be a tenant's (too long).
 */
export function twinAlias(alias: string): string | null {
  const twin = modeForAlias(alias) === 'test' ? alias.slice('test_'.length) : `test_${alias}`;
  return tenantAliasSchema.safeParse(twin).success ? twin : null;
}

export interface IssuedKey {
  alias: string;
  mode: 'live' | 'test';
  apiKey: string;
}

export async function createTenant(db: Db, input: { alias: string; name?: string }): Promise<IssuedKey> {
  const alias = tenantAliasSchema.parse(input.alias);
  const mode = modeForAlias(alias);
  const apiKey = generateApiKey(mode);
  await db.transaction(async (trx) => {
    const repo = createTenantsRepo(trx);
    const existing = await repo.findByAliasIgnoringCase(alias);
    if (existing) throw new AppError('CONFLICT', `Tenant alias "${alias}" is taken`);
    const tenant = await repo.insert({ alias, mode, name: input.name ?? alias });
    // The key the CLI prints is the tenant's root credential: every scope (api-key-scopes.ts).
    await repo.insertKey({
      tenantId: tenant.id,
      keyHash: hashApiKey(apiKey),
      keyPrefix: keyPrefix(apiKey),
      scopes: API_KEY_SCOPES,
      createdBy: 'cli:tenant:create',
    });
  });
  return { alias, mode, apiKey };
}

/**
 * Issues a new key for the tenant. Old keys are revoked in the same transaction unless keepExisting is
 * set, which allows a zero-downtime rotation (revoke later by rotating again without it).
 */
export async function rotateApiKey(
  db: Db,
  alias: string,
  options: { keepExisting?: boolean } = {},
): Promise<IssuedKey> {
  return db.transaction(async (trx) => {
    const repo = createTenantsRepo(trx);
    const tenant = await repo.lockByAlias(alias);
    if (!tenant) throw new AppError('NOT_FOUND', `No tenant with alias "${alias}"`);
    const apiKey = generateApiKey(tenant.mode);
    const key = await repo.insertKey({
      tenantId: tenant.id,
      keyHash: hashApiKey(apiKey),
      keyPrefix: keyPrefix(apiKey),
      scopes: API_KEY_SCOPES,
      createdBy: 'cli:tenant:rotate-key',
    });
    if (!options.keepExisting) await repo.revokeKeysExcept(tenant.id, key.id);
    return { alias: tenant.alias, mode: tenant.mode, apiKey };
  });
}

/** A tenant's mode as the API names it. */
const API_MODE = { live: 'LIVE', test: 'TEST' } as const;

/** The authenticated tenant as the API shows it (GraphQL `tenant`). */
export async function describeTenant(db: Db, alias: string) {
  const row = await createTenantsRepo(db).findByAlias(alias);
  if (!row) throw new Error('authenticated tenant vanished');
  return {
    alias: row.alias,
    name: row.name,
    mode: API_MODE[row.mode],
    dateCreated: row.created_at.getTime(),
  };
}

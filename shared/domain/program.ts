import { z } from 'zod';
import type { Db } from '../db/knex';
import { AppError } from '../errors';
import { createTenantsRepo, type TenantRow } from '../repos/tenants.repo';

export const programPatchSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  landingUrl: z
    .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
    .max(2048)
    .nullable()
    .optional(),
});

export type ProgramPatch = z.output<typeof programPatchSchema>;

export function presentProgram(row: TenantRow) {
  return {
    alias: row.alias,
    name: row.name,
    mode: row.mode,
    landingUrl: row.landing_url,
    dateCreated: row.created_at.getTime(),
  };
}

export async function getProgram(db: Db, tenantId: string) {
  const row = await createTenantsRepo(db).findById(tenantId);
  if (!row) throw new AppError('NOT_FOUND', 'Program not found');
  return presentProgram(row);
}

export async function updateProgram(db: Db, tenantId: string, patch: ProgramPatch) {
  const changes: Partial<Pick<TenantRow, 'name' | 'landing_url'>> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.landingUrl !== undefined) changes.landing_url = patch.landingUrl;
  if (Object.keys(changes).length === 0) return getProgram(db, tenantId);
  const row = await createTenantsRepo(db).update(tenantId, changes);
  if (!row) throw new AppError('NOT_FOUND', 'Program not found');
  return presentProgram(row);
}

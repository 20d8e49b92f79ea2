import { z } from 'zod';
import type { DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { createProgramsRepo } from '../../repos/programs.repo';
import { DEFAULT_PROGRAM_ID } from '../../types/program';

/**
 * Whether a program takes new referrals and codes: the default program always, another until it is
 * archived. No query for the default program, so a tenant with one program pays nothing for programs.
 */
export async function programOpen(db: DbOrTrx, tenantId: string, programId: string): Promise<boolean> {
  if (programId === DEFAULT_PROGRAM_ID) return true;
  const row = await createProgramsRepo(db).find(tenantId, programId, db);
  return row !== undefined && row.archived_at === null;
}

/** `default`, or the id createProgram gave. */
export const programIdSchema = z
  .string()
  .regex(/^(default|prg_[0-9a-f]{16})$/, 'must be a program id (default or prg_ and 16 hex digits)');

/** A `programId` input naming an open program of the tenant; 400 naming the field otherwise. */
export async function requireOpenProgram(db: DbOrTrx, tenantId: string, programId: string): Promise<void> {
  if (await programOpen(db, tenantId, programId)) return;
  throw new AppError('VALIDATION_FAILED', 'Invalid input: programId', {
    validationErrors: [{ path: 'programId', message: 'no open program has this id' }],
  });
}

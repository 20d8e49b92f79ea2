import { AppError } from '../../errors';
import type { CodeOwner } from '../../repos/referral-codes.repo';
import { DEFAULT_PROGRAM_ID, type ProgramSettings } from '../../types/program';
import { fullName } from '../accounts/account-view';
import { couldBeShareCode } from './share-codes';

export interface CodeLookup {
  code: string;
  couponCode: string;
  discountId: string;
  discountPercentage: number;
  dateCreated: number;
  referrerName: string | null;
}

/** Finds a code (case-insensitive) with its owner's name: the gateway cache, or the repo's findOwner. */
export type FindCodeOwner = (
  tenantId: string,
  code: string,
) => Promise<Pick<CodeOwner, 'code' | 'created_at' | 'first_name' | 'last_name' | 'program_id'> | undefined>;

/** Where a lookup reads the program and the code: the gateway cache, so a warm lookup does no I/O. */
export interface CodeDirectory {
  /** The default program's without `programId`; undefined for an unknown program. */
  programSettings: (
    tenant: { id: string; alias: string },
    programId?: string,
  ) => Promise<ProgramSettings | undefined>;
  /** Another program's settings, and whether it is archived (its codes no longer refer anyone). */
  findProgram: (
    alias: string,
    programId?: string,
  ) => Promise<{ archived: boolean; settings: ProgramSettings } | undefined>;
  findCodeOwner: FindCodeOwner;
}

/**
 * GET /code/{code}: what a referred customer gets, looked up before the subscription is created at the
 * processor. Case-insensitive; anything that cannot be a code is a 404 without a lookup.
 */
export async function lookupCode(
  codes: CodeDirectory,
  tenant: { id: string; alias: string },
  code: string,
): Promise<CodeLookup> {
  const tenantProgram = await codes.programSettings(tenant);
  if (!tenantProgram) throw new AppError('NOT_FOUND', 'Program not found');
  const owner = couldBeShareCode(code) ? await codes.findCodeOwner(tenant.id, code) : undefined;
  const unknown = () =>
    new AppError('REFERRAL_CODE_NOT_FOUND', `Unknown referral code "${code.slice(0, 64)}"`);
  if (!owner) throw unknown();
  // The code's own program's offer; the discount the processor applies is the tenant's.
  const ownProgram = owner.program_id === DEFAULT_PROGRAM_ID ? undefined : owner.program_id;
  const found = ownProgram
    ? await codes.findProgram(tenant.alias, ownProgram)
    : { archived: false, settings: tenantProgram };
  if (!found || found.archived) throw unknown();
  const program = found.settings;
  return {
    code: owner.code,
    couponCode: owner.code,
    discountId: program.discountId,
    discountPercentage: program.referredDiscountPercent,
    dateCreated: owner.created_at.getTime(),
    referrerName: fullName(owner.first_name, owner.last_name),
  };
}

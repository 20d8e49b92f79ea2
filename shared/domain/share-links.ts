import type { Db } from '../db/knex';
import { AppError } from '../errors';
import { tenantAliasSchema } from '../ids';
import { createReferralCodesRepo } from '../repos/referral-codes.repo';
import { createTenantsRepo } from '../repos/tenants.repo';
import { couldBeShareCode } from './share-codes';

/** Looked up in place of an unknown tenant's id: no tenant has it, so the query finds nothing. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/**
 * Where a share link /r/{tenant}/{code} leads: the program's landing URL with rsCode={code} added to its
 * query (the browser library reads it). An unknown tenant and an unknown code are the same 404 after the
 * same two queries (the code is looked up under a tenant id nobody has), so codes cannot be probed tenant
 * by tenant, by content or by timing.
 */
export async function shareLinkTarget(db: Db, tenantAlias: string, code: string): Promise<string> {
  const alias = tenantAliasSchema.safeParse(tenantAlias);
  const tenant = alias.success ? await createTenantsRepo(db).findByAlias(alias.data) : undefined;
  const owner = couldBeShareCode(code)
    ? await createReferralCodesRepo(db).findOwner(tenant?.id ?? NO_TENANT, code)
    : undefined;
  if (!tenant || !owner) throw new AppError('NOT_FOUND', 'Unknown share link');
  if (!tenant.landing_url) throw new AppError('NOT_FOUND', 'This program has no landing URL yet');
  const target = new URL(tenant.landing_url);
  target.searchParams.set('rsCode', owner.code);
  return target.toString();
}

import { tenantKnown } from './cookie';
import { env } from './env';

/** Resolves the tenant of a call and tells the cookie about it (its lifetime is a program setting). */
export function tenantFor(alias: string | undefined): string | undefined {
  const tenant = alias || env.tenant;
  if (tenant) tenantKnown(tenant);
  return tenant;
}

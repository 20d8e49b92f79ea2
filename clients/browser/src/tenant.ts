import { tenantKnown } from './cookie';
import { env } from './env';

/** The tenant a page's `init` named: it wins over data-tenant and any later call's own option. */
let initTenant: string | undefined;

/** `init` was called with `tenant_alias`: later calls (the widget, checkCode, friend-offer) use it too. */
export function rememberInitTenant(alias: string | undefined): void {
  if (alias) initTenant = alias;
}

/**
 * Resolves the tenant of a call, in this order: `init`'s `tenant_alias`, the script tag's `data-tenant`,
 * the call's own option; and tells the cookie about it (its lifetime is a program setting).
 */
export function tenantFor(alias: string | undefined): string | undefined {
  const tenant = initTenant || env.tenant || alias;
  if (tenant) tenantKnown(tenant);
  return tenant;
}

import Router from '@koa/router';
import { createReferralCodesRepo } from '../../../shared/repos/referral-codes.repo';
import { createTenantsRepo } from '../../../shared/repos/tenants.repo';
import { tenantAliasSchema } from '../../../shared/domain/tenants';
import { AppError } from '../../../shared/errors';
import type { GatewayDeps, GatewayState } from '../context';
import { couldBeShareCode } from '../../../shared/domain/share-codes';

/**
 * Public share links, no credentials: /r/{tenant}/{code} answers 302 to the program's landing URL with
 * rsCode={code} added to its query (the browser library reads it), 404 for an unknown code.
 */
export function shareLinkRoutes(deps: GatewayDeps): Router<GatewayState> {
  const router = new Router<GatewayState>();
  const tenants = createTenantsRepo(deps.db);
  const codes = createReferralCodesRepo(deps.db);
  router.get('/r/:tenantAlias/:code', async (ctx) => {
    const alias = tenantAliasSchema.safeParse(ctx.params.tenantAlias);
    const code = ctx.params.code ?? '';
    const tenant = alias.success ? await tenants.findByAlias(alias.data) : undefined;
    const owner = tenant && couldBeShareCode(code) ? await codes.findOwner(tenant.id, code) : undefined;
    if (!tenant || !owner) throw new AppError('NOT_FOUND', 'Unknown share link');
    if (!tenant.landing_url) throw new AppError('NOT_FOUND', 'This program has no landing URL yet');
    const target = new URL(tenant.landing_url);
    target.searchParams.set('rsCode', owner.code);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(target.toString());
  });
  return router;
}

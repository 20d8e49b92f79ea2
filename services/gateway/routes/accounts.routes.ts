import type Router from '@koa/router';
import { presentSyncedAccount } from '../../../shared/domain/accounts/account-sync';
import { lookupCode } from '../../../shared/domain/referrals/code-lookup';
import type { GatewayDeps, GatewayState } from '../context';
import { syncAccountAndSettle } from '../../../shared/use-cases/sync-account';
import { answerAccountRewards, stripeCodeIds } from '../../../shared/use-cases/stripe-answers';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';
import {
  accountPathSchema,
  accountSyncBodySchema,
  codePathSchema,
  rewardQuerySchema,
} from './accounts.schema';

/**
 * The code lookup: a hot path, whose program and code come from the gateway cache (shared/cache), so a
 * warm lookup does no I/O. It is in the gateway's router of hot routes (app.ts).
 */
export function codeLookupRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.get(
    '/code/:code',
    authenticate(deps),
    validate({ params: codePathSchema }, 'authenticated'),
    async (ctx) => {
      const { tenant } = ctx.state;
      const found = await lookupCode(deps.cache, tenant, ctx.state.input.params.code);
      // For a Stripe tenant (the cached tenant row says), Stripe's coupon and promotion code too.
      const processor = (await deps.cache.findTenant(tenant.alias))?.processor ?? null;
      const stripe = processor === 'STRIPE' ? await stripeCodeIds(deps, tenant, found.code, processor) : null;
      ctx.body = stripe ? { ...found, ...stripe } : found;
    },
  );
}

/** Account sync and account rewards; the tenant API key. */
export function accountRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.post(
    '/accountsync',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: accountSyncBodySchema }, 'authenticated'),
    async (ctx) => {
      const { account, referral, refused } = await syncAccountAndSettle(
        deps,
        ctx.state.tenant,
        ctx.state.input.body,
      );
      ctx.body = presentSyncedAccount(account, referral, refused);
    },
  );

  router.get(
    '/account/:accountId/reward',
    authenticate(deps),
    validate({ params: accountPathSchema, query: rewardQuerySchema }, 'authenticated'),
    async (ctx) => {
      const { accountId } = ctx.state.input.params;
      ctx.body = await answerAccountRewards(
        deps,
        ctx.state.tenant,
        accountId,
        ctx.state.input.query.couponCode,
      );
    },
  );
}

import type Router from '@koa/router';
import { z } from 'zod';
import {
  accountIdSchema,
  accountSyncSchema,
  presentSyncedAccount,
  syncAccount,
} from '../../../shared/domain/account-sync';
import { getAccountRewards } from '../../../shared/domain/account-view';
import { lookupCode } from '../../../shared/domain/code-lookup';
import { referralCodeInputSchema } from '../../../shared/domain/share-codes';
import { AppError } from '../../../shared/errors';
import { idSchema } from '../../../shared/validation';
import type { GatewayDeps, GatewayState } from '../context';
import { settleLifecycle } from '../lifecycle';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';

const codePathSchema = z.object({ tenantAlias: z.string(), code: idSchema(255) });
const accountPathSchema = z.object({ tenantAlias: z.string(), accountId: accountIdSchema });
const rewardQuerySchema = z.object({ couponCode: referralCodeInputSchema.optional() });

/** Account sync, code lookup and account rewards; the tenant API key. */
export function accountRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  router.post(
    '/accountsync',
    authenticate(deps),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ body: accountSyncSchema }),
    async (ctx) => {
      const tenant = ctx.state.tenant!;
      const outcome = await syncAccount(deps.db, tenant.id, ctx.state.input.body);
      const referral = await settleLifecycle(deps, tenant, outcome);
      ctx.body = presentSyncedAccount(outcome.account, referral);
    },
  );

  // Hot path: program and code come from the gateway cache (shared/cache), so a warm lookup does no I/O.
  router.get('/code/:code', authenticate(deps), validate({ params: codePathSchema }), async (ctx) => {
    const tenant = ctx.state.tenant!;
    const program = await deps.cache.programSettings(tenant);
    if (!program) throw new AppError('NOT_FOUND', 'Program not found');
    ctx.body = await lookupCode(deps.cache.findCodeOwner, tenant.id, program, ctx.state.input.params.code);
  });

  router.get(
    '/account/:accountId/reward',
    authenticate(deps),
    validate({ params: accountPathSchema, query: rewardQuerySchema }),
    async (ctx) => {
      const { accountId } = ctx.state.input.params;
      ctx.body = await getAccountRewards(
        deps.db,
        ctx.state.tenant!.id,
        accountId,
        ctx.state.input.query.couponCode,
      );
    },
  );
}

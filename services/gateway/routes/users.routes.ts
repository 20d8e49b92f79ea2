import type Router from '@koa/router';
import { z } from 'zod';
import { identifyBodySchema, identifyUser, type IdentifyBody } from '../../../shared/domain/identification';
import { AppError } from '../../../shared/errors';
import { idSchema } from '../../../shared/validation';
import { createAccountsRepo, type AccountRow } from '../../../shared/repos/accounts.repo';
import { createReferralsRepo, type ReferralRow } from '../../../shared/repos/referrals.repo';
import { createUsersRepo, type UserRow } from '../../../shared/repos/users.repo';
import type { GatewayDeps, GatewayState, Principal } from '../context';
import { settleLifecycle } from '../lifecycle';
import { authenticate } from '../middleware/auth';
import { jsonBody } from '../middleware/body';
import { validate } from '../middleware/validate';

export const userPathSchema = z.object({
  tenantAlias: z.string(),
  accountId: idSchema(),
  userId: idSchema(),
});

export function shareLink(publicUrl: string, tenantAlias: string, code: string | null): string | null {
  return code ? `${publicUrl}/r/${encodeURIComponent(tenantAlias)}/${encodeURIComponent(code)}` : null;
}

export function presentUser(
  user: UserRow,
  account: AccountRow | undefined,
  referral: ReferralRow | null | undefined,
  link: string | null,
) {
  return {
    id: user.id,
    accountId: user.account_id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    locale: user.locale,
    paymentProviderId: account?.payment_provider_id ?? null,
    shareCode: user.share_code,
    shareLink: link,
    referredBy: referral ? { code: referral.referral_code_used, status: referral.status } : null,
    dateCreated: user.created_at.getTime(),
  };
}

/**
 * A user JWT is the browser's credential, so it may not decide money on its own: accountStatus and
 * paymentProviderId are taken from the token's signed claims, and a body value that disagrees is 403.
 */
function withSignedClaims(body: IdentifyBody, principal: Principal): IdentifyBody {
  if (principal.kind !== 'user') return body;
  const result = { ...body };
  for (const field of ['accountStatus', 'paymentProviderId'] as const) {
    const signed = principal.signed[field];
    if (body[field] !== undefined && body[field] !== signed) {
      throw new AppError(
        'FORBIDDEN',
        `${field} can only be set with the API key or inside the signed user token`,
      );
    }
    if (signed !== undefined) {
      const parsed = identifyBodySchema.shape[field].safeParse(signed);
      if (!parsed.success) throw new AppError('FORBIDDEN', `The user token's ${field} claim is invalid`);
      Object.assign(result, { [field]: parsed.data });
    }
  }
  return result;
}

/** Identification (browser library `init`) and user reads; the tenant API key or that user's own JWT. */
export function userRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const users = createUsersRepo(deps.db);
  const accounts = createAccountsRepo(deps.db);
  const referrals = createReferralsRepo(deps.db);
  const link = (alias: string, code: string | null) => shareLink(deps.config.publicUrl, alias, code);

  router.get(
    '/open/account/:accountId/user/:userId',
    authenticate(deps, { allowUserJwt: true }),
    validate({ params: userPathSchema }),
    async (ctx) => {
      const { accountId, userId } = ctx.state.input.params;
      const tenant = ctx.state.tenant!;
      const user = await users.find(tenant.id, accountId, userId);
      if (!user) throw new AppError('USER_NOT_FOUND', 'No such user in this account');
      const [account, referral] = await Promise.all([
        accounts.find(tenant.id, accountId),
        referrals.findByReferredAccount(tenant.id, accountId),
      ]);
      ctx.body = presentUser(user, account, referral, link(tenant.alias, user.share_code));
    },
  );

  router.put(
    '/open/account/:accountId/user/:userId',
    authenticate(deps, { allowUserJwt: true }),
    jsonBody({ limit: deps.config.BODY_LIMIT_BYTES }),
    validate({ params: userPathSchema, body: identifyBodySchema.default({}) }),
    async (ctx) => {
      const { accountId, userId } = ctx.state.input.params;
      const tenant = ctx.state.tenant!;
      const body = withSignedClaims(ctx.state.input.body, ctx.state.principal!);
      const outcome = await identifyUser(deps.db, tenant.id, { accountId, userId }, body);
      const referral = await settleLifecycle(deps, tenant, outcome);
      ctx.body = presentUser(
        outcome.user,
        outcome.account,
        referral,
        link(tenant.alias, outcome.user.share_code),
      );
    },
  );
}

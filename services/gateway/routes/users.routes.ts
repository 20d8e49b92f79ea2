import type Router from '@koa/router';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { createUsersRepo, type UserRow } from '../../../shared/repos/users.repo';
import type { GatewayDeps, GatewayState } from '../context';
import { authenticate } from '../middleware/auth';
import { validate } from '../middleware/validate';

export const userPathSchema = z.object({
  tenantAlias: z.string(),
  accountId: z.string().min(1).max(255),
  userId: z.string().min(1).max(255),
});

export function presentUser(row: UserRow) {
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    dateCreated: row.created_at.getTime(),
  };
}

/** User reads; the tenant API key or that user's own JWT. */
export function userRoutes(router: Router<GatewayState>, deps: GatewayDeps): void {
  const users = createUsersRepo(deps.db);
  router.get(
    '/open/account/:accountId/user/:userId',
    authenticate(deps, { allowUserJwt: true }),
    validate({ params: userPathSchema }),
    async (ctx) => {
      const { accountId, userId } = ctx.state.input.params;
      const row = await users.find(ctx.state.tenant!.id, accountId, userId);
      if (!row) throw new AppError('USER_NOT_FOUND', 'No such user in this account');
      ctx.body = presentUser(row);
    },
  );
}

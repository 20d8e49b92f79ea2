import { z } from 'zod';
import { identifyBodySchema } from '../../../shared/domain/accounts/identification';
import { accountIdSchema, tenantAliasSchema, userIdSchema } from '../../../shared/ids';

/** /open/account/{accountId}/user/{userId}, and the routes under it (events.schema.ts). */
export const userPathSchema = z.object({
  tenantAlias: tenantAliasSchema,
  accountId: accountIdSchema,
  userId: userIdSchema,
});

/** PUT /open/account/{accountId}/user/{userId}: identification; an absent body is `{}`. */
export const identifyRequestBodySchema = identifyBodySchema.default({});

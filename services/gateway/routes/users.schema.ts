import { z } from 'zod';
import { identifyBodySchema } from '../../../shared/domain/accounts/identification';
import { programIdSchema } from '../../../shared/domain/programs/program-state';
import { accountIdSchema, tenantAliasSchema, userIdSchema } from '../../../shared/ids';

/** /open/account/{accountId}/user/{userId}, and the routes under it (events.schema.ts). */
export const userPathSchema = z.object({
  tenantAlias: tenantAliasSchema,
  accountId: accountIdSchema,
  userId: userIdSchema,
});

/** GET /open/account/{accountId}/user/{userId}: `programId` shows the user's code in that program. */
export const userQuerySchema = z.object({ programId: programIdSchema.optional() });

/** PUT /open/account/{accountId}/user/{userId}: identification; an absent body is `{}`. */
export const identifyRequestBodySchema = identifyBodySchema.default({});

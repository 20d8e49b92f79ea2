import { z } from 'zod';
import { accountSyncSchema } from '../../../shared/domain/accounts/account-sync';
import {
  accountIdSchema,
  codeLookupSchema,
  referralCodeInputSchema,
  tenantAliasSchema,
} from '../../../shared/ids';

/** POST /accountsync: the spec's Account. */
export const accountSyncBodySchema = accountSyncSchema;

/** GET /code/{code}. */
export const codePathSchema = z.object({ tenantAlias: tenantAliasSchema, code: codeLookupSchema });

/** GET /account/{accountId}/reward?couponCode= */
export const accountPathSchema = z.object({ tenantAlias: tenantAliasSchema, accountId: accountIdSchema });
export const rewardQuerySchema = z.object({ couponCode: referralCodeInputSchema.optional() });

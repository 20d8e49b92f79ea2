import { z } from 'zod';

/**
 * GET /open/codes/{code}: bounded strings only. A malformed alias or code is not a 400: it is answered
 * like an unknown code (404), so the answer never tells a bad shape from a missing tenant or code.
 */
export const publicCodePathSchema = z.object({
  tenantAlias: z.string().max(256).meta({ description: 'The tenant alias.' }),
  code: z
    .string()
    .max(256)
    .meta({ description: 'A referral code, in any letter case.', example: 'MAYALOPEZ' }),
});

import { z } from 'zod';
import { tenantAliasSchema } from '../../../shared/ids';
import { textSchema } from '../../../shared/validation';

/**
 * POST /admin/api/login. Only the shape is checked here: whether the tenant, the e-mail and the
 * password are right is one answer (401 INVALID_LOGIN), so a malformed e-mail is not told apart.
 */
export const loginBodySchema = z.object({
  tenantAlias: tenantAliasSchema,
  email: textSchema(320, { min: 1 }),
  password: textSchema(1024, { min: 1 }),
});

/** POST /admin/api/link-twin: the password of the operator's account in the twin tenant. */
export const linkTwinBodySchema = z.object({
  password: textSchema(1024, { min: 1 }),
});

/** POST /admin/api/login/two-factor: the first step's challenge and a 6-digit code or a recovery code. */
export const twoFactorLoginBodySchema = z.object({
  challenge: textSchema(100, { min: 1 }),
  code: textSchema(40, { min: 1 }),
});

/** POST /admin/api/two-factor/confirm and /disable. */
export const twoFactorCodeBodySchema = z.object({
  code: textSchema(40, { min: 1 }),
});

/** POST /admin/api/two-factor/require (OWNER). */
export const requireTwoFactorBodySchema = z.object({
  required: z.boolean(),
});

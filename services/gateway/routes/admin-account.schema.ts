import { z } from 'zod';
import { textSchema } from '../../../shared/validation';

/** POST /admin/api/set-password: a one-time link's token (the page's URL fragment) and the new password. */
export const setPasswordBodySchema = z.object({
  token: textSchema(200, { min: 1 }),
  password: textSchema(1024, { min: 1 }),
});

/** POST /admin/api/change-password: the signed-in operator's current and new password. */
export const changePasswordBodySchema = z.object({
  currentPassword: textSchema(1024, { min: 1 }),
  newPassword: textSchema(1024, { min: 1 }),
});

import { z } from 'zod';
import { tenantAliasSchema } from '../../../shared/ids';

/** POST /open/clicks: the tenant in the path. */
export const clickBeaconPathSchema = z.object({ tenantAlias: tenantAliasSchema });

/** The body: the share code as text/plain (what navigator.sendBeacon sends for a string). */
export const clickBeaconBodySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a share code: 1-64 letters, digits, _ or -');

import { z } from 'zod';
import { tenantAliasSchema } from '../../../shared/ids';

/** GET /open/browser-settings: only the tenant in the path. */
export const browserSettingsPathSchema = z.object({ tenantAlias: tenantAliasSchema });

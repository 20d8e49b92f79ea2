import { z } from 'zod';
import { tenantAliasSchema } from '../../../../shared/ids';
import { cause } from '../errors';
import { bytes, CONFIG_DEFAULTS } from '../limits';

/** The API's prefix, /api/v1/{tenantAlias}. */
export const API = '/api/v1/{tenantAlias}';

/**
 * The path of routes that validate no parameter themselves: authenticate() (middleware/auth.ts) checks
 * the alias with tenantAliasSchema, and an alias that breaks it is the same 401 as an unknown tenant.
 */
export const tenantPathSchema = z.object({ tenantAlias: tenantAliasSchema });

/** A route reading a JSON body with jsonBody() (middleware/body.ts). */
export const JSON_BODY = {
  limit: `BODY_LIMIT_BYTES (default ${bytes(CONFIG_DEFAULTS.BODY_LIMIT_BYTES)})`,
  types: 'application/json',
};

export const invalidBody = cause(
  'VALIDATION_FAILED',
  'a body member breaks its rule, or an unknown member (validationErrors name them)',
);

export const invalidJson = cause(
  'INVALID_JSON',
  'the body is not JSON, not UTF-8, or holds a number too large for a double',
);

/** A change that waits for the referral's lifecycle workflow (shared/use-cases/settle-lifecycle.ts). */
export const lifecycleOutage = cause(
  'SERVICE_UNAVAILABLE',
  `the change is saved, but the referral's lifecycle workflow could not confirm it within LIFECYCLE_WAIT_MS (default ${CONFIG_DEFAULTS.LIFECYCLE_WAIT_MS} ms): retry the same request (it is idempotent), or leave it to the reconciler`,
);

import { z } from 'zod';
import { idempotencyKeySchema } from './idempotency';
import { idSchema, withIdRule } from './validation';

/*
 * The API's ids, one rule each, for every REST route, GraphQL resolver, connector and import row: all
 * bounded, all refusing NUL, unpaired surrogates and control characters (shared/validation.ts), so no id
 * reaches PostgreSQL as a driver error.
 */

/** A tenant's alias, as in /api/v1/{tenantAlias} and /r/{tenantAlias}/{code}. */
export const tenantAliasSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-" only');

/** A client-chosen account id. */
export const accountIdSchema = idSchema(255);

/** A client-chosen user id (unique within its account). */
export const userIdSchema = idSchema(255);

/** A referral code as clients send it (looked up, not created): trimmed, bounded, any case. */
export const referralCodeInputSchema = withIdRule(z.string().trim().min(1).max(64));

/**
 * A code in a lookup path (GET /code/{code}), taken as it is: up to 255 characters, so that a value
 * which cannot be a code is an unknown code (404) rather than a 400.
 */
export const codeLookupSchema = idSchema(255);

/** An import job's id (ours, a UUID: any other value is simply not found). */
export const jobIdSchema = idSchema(100);

/**
 * The workflow ID of the lifecycle of a tenant's referral: one per referred account, ever
 * (`referral/{tenantAlias}/{referredAccountId}`). shared/temporal starts and signals it under this ID;
 * the admin portal links to it in the Temporal UI.
 */
export function referralWorkflowId(tenantAlias: string, referredAccountId: string): string {
  return `referral/${encodeURIComponent(tenantAlias)}/${encodeURIComponent(referredAccountId)}`;
}

/** A client idempotency key (its format and retention: shared/idempotency.ts). */
export { idempotencyKeySchema };

/**
 * The workflow ID of a payout run (`payout-run/{tenantAlias}/{runId}`): shared/temporal starts and signals
 * it; the portal links to it in the Temporal UI.
 */
export function payoutRunWorkflowId(tenantAlias: string, runId: string): string {
  return `payout-run/${encodeURIComponent(tenantAlias)}/${encodeURIComponent(runId)}`;
}

/** Where Temporal's Web UI is and the namespace the workflows run in (TEMPORAL_UI_URL, TEMPORAL_NAMESPACE). */
export interface TemporalUi {
  url: string;
  namespace: string;
}

/** A workflow's page in Temporal's Web UI: the portal's "Open in Temporal UI" links (referrals, payout runs). */
export function temporalWorkflowUrl(ui: TemporalUi, workflowId: string): string {
  const base = ui.url.replace(/\/+$/, '');
  return `${base}/namespaces/${encodeURIComponent(ui.namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}

import { clientError, request, userPath } from './http';
import { tenantFor } from './tenant';

/** The spec's user event input: logged for the user the JWT names. */
export interface UserEventInput {
  accountId: string;
  userId: string;
  idempotencyKey?: string | null;
  events: { key: string; fields?: Record<string, unknown> | null; dateTriggered?: number | null }[];
}

/** events.track(input, { jwt }): POST /open/account/{a}/user/{u}/events. */
export async function track(
  input: UserEventInput,
  options: { jwt?: string; tenant_alias?: string } = {},
): Promise<unknown> {
  const tenant = tenantFor(options.tenant_alias);
  if (!tenant) throw clientError('tenant_alias is required (or data-tenant on the script tag)');
  if (!input || !input.accountId || !input.userId) throw clientError('accountId and userId are required');
  return request('POST', `${userPath(tenant, input.accountId, input.userId)}/events`, {
    jwt: options.jwt,
    body: input,
  });
}

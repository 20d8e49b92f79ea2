import { trackingCode } from './cookie';
import { deviceId } from './device';
import { clientError, request, userPath } from './http';
import { jwtUser } from './jwt';
import { tenantFor } from './tenant';

/** `init`'s fields in the spec's spelling (User identification fields), plus the user JWT. */
export interface InitFields {
  tenant_alias?: string;
  account_id?: string;
  user_id?: string;
  payment_provider_id?: string | null;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  locale?: string | null;
  referral_code?: string | null;
  account_status?: string | null;
  jwt?: string;
}

/**
 * Identifies the user through PUT /open/account/{a}/user/{u} with their JWT: a typed referral code or
 * the tracking cookie attributes, a signed PAID converts, exactly as the API's rules say. Without a JWT
 * it only settles the tracking cookie and resolves to null.
 */
export async function init(fields: InitFields = {}): Promise<unknown> {
  const tenant = tenantFor(fields.tenant_alias);
  if (!fields.jwt) {
    await trackingCode();
    return null;
  }
  if (!tenant) throw clientError('tenant_alias is required (or data-tenant on the script tag)');
  const claims = jwtUser(fields.jwt);
  const accountId = fields.account_id || claims.accountId;
  const userId = fields.user_id || claims.id;
  if (!accountId || !userId) throw clientError('account_id and user_id are required');
  const cookieCode = (await trackingCode()) ?? undefined;
  // Undefined fields are left out of the JSON: the route changes only what is sent.
  const body = {
    email: fields.email,
    firstName: fields.first_name,
    lastName: fields.last_name,
    locale: fields.locale,
    paymentProviderId: fields.payment_provider_id,
    accountStatus: fields.account_status || undefined,
    referredByCode: fields.referral_code || undefined,
    cookieCode,
    deviceId: deviceId(),
  };
  return request('PUT', userPath(tenant, accountId, userId), { jwt: fields.jwt, body });
}

import { CODE_SHAPE } from './codes';
import { trackingCode } from './cookie';
import { deviceId } from './device';
import { clientError, request, userPath, type ApiError } from './http';
import { jwtUser } from './jwt';
import { rememberInitTenant, tenantFor } from './tenant';

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
  /** The program the user shares in (default: the tenant's default program); the answer shows its code. */
  program_id?: string;
  jwt?: string;
}

/** What became of a typed `referral_code`: applied, or left out (INVALID: not a code; NOT_FOUND: unknown). */
export type ReferralCodeOutcome =
  { applied: true; code: string } | { applied: false; reason: 'NOT_FOUND' | 'INVALID' };

/**
 * Identifies the user through PUT /open/account/{a}/user/{u} with their JWT: a typed referral code or
 * the tracking cookie attributes, a signed PAID converts, exactly as the API's rules say. A typed code the
 * API does not know (400 INVALID_REFERRAL_CODE, nothing stored) never loses the sign-up: the user is
 * identified again without it (the cookie's code still goes along: the API ignores an unknown one), the
 * answer carries `referralCode: { applied: false, reason }`, and a console warning says so. Without a JWT
 * it only settles the tracking cookie and resolves to null.
 */
export async function init(fields: InitFields = {}): Promise<unknown> {
  rememberInitTenant(fields.tenant_alias);
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
  const typed = typeof fields.referral_code === 'string' ? fields.referral_code.trim() : '';
  let outcome: ReferralCodeOutcome | undefined =
    typed && !CODE_SHAPE.test(typed) ? { applied: false, reason: 'INVALID' } : undefined;
  // Undefined fields are left out of the JSON: the route changes only what is sent.
  const body = {
    email: fields.email,
    firstName: fields.first_name,
    lastName: fields.last_name,
    locale: fields.locale,
    paymentProviderId: fields.payment_provider_id,
    accountStatus: fields.account_status || undefined,
    referredByCode: typed && !outcome ? typed : undefined,
    cookieCode,
    deviceId: deviceId(),
    programId: fields.program_id || undefined,
  };
  const path = userPath(tenant, accountId, userId);
  let user: Record<string, unknown>;
  try {
    user = await request('PUT', path, { jwt: fields.jwt, body });
    if (body.referredByCode) outcome = { applied: true, code: body.referredByCode };
  } catch (err) {
    if (!body.referredByCode || (err as ApiError).apiErrorCode !== 'INVALID_REFERRAL_CODE') throw err;
    outcome = { applied: false, reason: 'NOT_FOUND' };
    user = await request('PUT', path, { jwt: fields.jwt, body: { ...body, referredByCode: undefined } });
  }
  if (outcome && !outcome.applied) {
    console.warn(
      `referral: init: the referral code "${typed.slice(0, 64)}" was ${outcome.reason === 'NOT_FOUND' ? 'not found' : 'not a valid code'}; ` +
        'the user was identified without it (check a typed code first with referral.checkCode)',
    );
  }
  return outcome ? { ...user, referralCode: outcome } : user;
}

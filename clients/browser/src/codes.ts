import { clientError, request, tenantPath, type ApiError } from './http';
import { tenantFor } from './tenant';

/** What a referral code may look like (as in the tracking cookie): 1 to 64 letters, digits, _ or -. */
export const CODE_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** The public code endpoint's answer (GET /open/codes/{code}). */
export interface CodeOffer {
  code: string;
  referrerName: string | null;
  offer: { programName: string; discountPercent: number };
}

export type CodeCheck = ({ valid: true } & CodeOffer) | { valid: false; reason: 'NOT_FOUND' | 'INVALID' };

/** Answers per tenant and code for this page: a code checked twice (checkCode, friend-offer) is asked once. */
const answers = new Map<string, Promise<CodeCheck>>();

/**
 * Checks a typed code before sign-up against the public code endpoint (no JWT, any origin): resolves
 * `{ valid: true, code, referrerName, offer }`, or `{ valid: false, reason }` with INVALID for something
 * that cannot be a code (nothing is sent) and NOT_FOUND for an unknown one. Other failures (rate limit,
 * network) reject with the API error.
 */
export async function checkCode(code: string, options: { tenant_alias?: string } = {}): Promise<CodeCheck> {
  const typed = typeof code === 'string' ? code.trim() : '';
  if (!CODE_SHAPE.test(typed)) return { valid: false, reason: 'INVALID' };
  const tenant = tenantFor(options.tenant_alias);
  if (!tenant) throw clientError('tenant_alias is required (or data-tenant on the script tag)');
  const key = `${tenant} ${typed.toUpperCase()}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = request<CodeOffer>('GET', `${tenantPath(tenant)}/open/codes/${encodeURIComponent(typed)}`).then(
      (found): CodeCheck => ({ valid: true, ...found }),
      (err: ApiError): CodeCheck => {
        if (err.statusCode === 404) return { valid: false, reason: 'NOT_FOUND' };
        answers.delete(key); // a transient failure is asked again next time
        throw err;
      },
    );
    answers.set(key, answer);
  }
  return answer;
}

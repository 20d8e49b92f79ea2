import { createHash } from 'node:crypto';
import { referrerShownName } from './display-names';
import { findCodeInProgram, type ShareLinkDirectory } from './share-links';

/** What anyone may learn about a code: who gave it (first name or initial) and the friend's offer. */
export interface PublicCodeView {
  /** The code as it was issued (lookups are case-insensitive). */
  code: string;
  /** The referrer's first name, else the last name's initial ("M."), else null. Never an e-mail address. */
  referrerName: string | null;
  offer: { programName: string; discountPercent: number };
}

/**
 * GET /open/codes/{code} (public, browser library's checkCode and friend-offer): the same two cached
 * lookups as a share link, so an unknown tenant, an unknown code and something that cannot be a code
 * are one answer (undefined), by content and by timing. Reveals no id and no e-mail address.
 */
export async function findPublicCode(
  directory: ShareLinkDirectory,
  tenantAlias: string,
  code: string,
): Promise<{ tenantId: string; view: PublicCodeView } | undefined> {
  const found = await findCodeInProgram(directory, tenantAlias, code);
  if (!found) return undefined;
  const { program: tenant, owner } = found;
  return {
    tenantId: tenant.id,
    view: {
      code: owner.code,
      referrerName: referrerShownName(owner.first_name, owner.last_name),
      offer: { programName: tenant.name, discountPercent: tenant.settings.referredDiscountPercent },
    },
  };
}

/** A strong validator of an answer's JSON: the same view is the same ETag on every gateway. */
export function viewEtag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
}

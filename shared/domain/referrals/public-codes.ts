import { createHash } from 'node:crypto';
import { tenantAliasSchema } from '../../ids';
import { referrerShownName } from './display-names';
import { couldBeShareCode } from './share-codes';
import type { ShareLinkDirectory } from './share-links';

/** Looked up in place of an unknown tenant's id (as share links do): no tenant has it. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

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
  const alias = tenantAliasSchema.safeParse(tenantAlias);
  const tenant = alias.success ? await directory.findProgram(alias.data) : undefined;
  const owner = couldBeShareCode(code)
    ? await directory.findCodeOwner(tenant?.id ?? NO_TENANT, code)
    : undefined;
  if (!tenant || !owner) return undefined;
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

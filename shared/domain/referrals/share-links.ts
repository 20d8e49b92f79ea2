import type { CodeOwnerSummary, TenantProgram } from '../../cache/tenant-cache';
import { tenantAliasSchema } from '../../ids';
import type { ProgramSettings } from '../../types/program';
import { shownFirstName } from './display-names';
import { couldBeShareCode } from './share-codes';

/** Looked up in place of an unknown tenant's id: no tenant has it, so the query finds nothing. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/** Where share links read tenants and codes: the gateway cache, so a warm visit does no I/O. */
export interface ShareLinkDirectory {
  /** The default program without `programId`. */
  findProgram(alias: string, programId?: string): Promise<TenantProgram | undefined>;
  /** Case-insensitive; `code` has the shape of a code. */
  findCodeOwner(tenantId: string, code: string): Promise<CodeOwnerSummary | undefined>;
}

/** What the hosted landing page shows a friend (services/gateway/pages/landing-page.ts renders it). */
export interface LandingPageView {
  programName: string;
  /** The referrer's first name; null when unknown or not fit to show. */
  referrerFirstName: string | null;
  referredDiscountPercent: number;
  code: string;
  websiteUrl: string | null;
  /** Hosted pages: the program's alias, the continue link (carries rsCode) and the brand. */
  tenantAlias: string;
  /** signupUrl, else websiteUrl, with rsCode={code} added to its query; null when neither is set. */
  continueUrl: string | null;
  brand: PageBrand;
}

/** What a program sets of its hosted pages' look (landing page and 404). */
export interface PageBrand {
  brandColor: string | null;
  landingHeadline: string | null;
  landingText: string | null;
  landingButtonText: string | null;
  logoHash: string | null;
}

export function pageBrand(settings: ProgramSettings): PageBrand {
  return {
    brandColor: settings.brandColor,
    landingHeadline: settings.landingHeadline,
    landingText: settings.landingText,
    landingButtonText: settings.landingButtonText,
    logoHash: settings.logoHash,
  };
}

/** The merchant's page with rsCode={code} added to its query (kept), which the browser library reads. */
export function withRsCode(url: string, code: string): string {
  const target = new URL(url);
  target.searchParams.set('rsCode', code);
  return target.toString();
}

/**
 * A code and the program it shares (its own offer, texts and landing URL), after the same two cached
 * lookups for an unknown tenant, an unknown code and a known one; undefined for all of those and for a
 * code of an archived program. The code's program, when not the default, is a third lookup in the same
 * cached tenant row (no I/O).
 */
export async function findCodeInProgram(
  directory: ShareLinkDirectory,
  tenantAlias: string,
  code: string,
): Promise<{ program: TenantProgram; owner: CodeOwnerSummary } | undefined> {
  const alias = tenantAliasSchema.safeParse(tenantAlias);
  const tenant = alias.success ? await directory.findProgram(alias.data) : undefined;
  const owner = couldBeShareCode(code)
    ? await directory.findCodeOwner(tenant?.id ?? NO_TENANT, code)
    : undefined;
  if (!tenant || !owner) return undefined;
  if (owner.program_id === tenant.programId) return { program: tenant, owner };
  const program = await directory.findProgram(tenant.alias, owner.program_id);
  return program && !program.archived ? { program, owner } : undefined;
}

/** A visit to a known share link: counted for the code, then redirected or shown the hosted page. */
export type ShareLinkVisit =
  | { kind: 'redirect'; tenantId: string; code: string; location: string }
  | { kind: 'landing'; tenantId: string; code: string; page: LandingPageView };

/**
 * Where a share link /r/{tenant}/{code} leads: the program's landing URL with rsCode={code} added to its
 * query (the browser library reads it), or, without a landing URL, the hosted landing page; undefined
 * for an unknown link. An unknown tenant and an unknown code are the same answer after the same two
 * lookups (the code is looked up under a tenant id nobody has), so codes cannot be probed tenant by
 * tenant, by content or by timing. Both lookups go through the gateway cache, which keeps "unknown"
 * answers as it keeps known ones, so a warm visit does no I/O either way.
 */
export async function visitShareLink(
  directory: ShareLinkDirectory,
  tenantAlias: string,
  code: string,
): Promise<ShareLinkVisit | undefined> {
  const found = await findCodeInProgram(directory, tenantAlias, code);
  if (!found) return undefined;
  const { program: tenant, owner } = found;
  const { settings } = tenant;
  if (!settings.landingUrl) {
    const continueUrl = settings.signupUrl ?? settings.websiteUrl;
    return {
      kind: 'landing',
      tenantId: tenant.id,
      code: owner.code,
      page: {
        programName: tenant.name,
        referrerFirstName: shownFirstName(owner.first_name),
        referredDiscountPercent: settings.referredDiscountPercent,
        code: owner.code,
        websiteUrl: settings.websiteUrl,
        tenantAlias: tenant.alias,
        continueUrl: continueUrl ? withRsCode(continueUrl, owner.code) : null,
        brand: pageBrand(settings),
      },
    };
  }
  const location = withRsCode(settings.landingUrl, owner.code);
  return { kind: 'redirect', tenantId: tenant.id, code: owner.code, location };
}

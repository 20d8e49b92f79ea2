import { z } from 'zod';
import { textSchema, withIdRule } from '../../validation';
import type { ProgramColumns } from '../../repos/tenants.repo';

/**
 * The program settings of the default share path and the branded hosted pages: where the
 * hosted page continues, share links on the merchant's domain or on a custom host of ours, and the brand.
 * programPatchSchema (./program.ts) spreads these fields; hostedPageChanges maps them to columns.
 */

const httpUrl = withIdRule(
  z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(2048),
);

/** The variables a landing text may use; anything else in braces is refused, naming it. */
export const LANDING_VARIABLES = ['name', 'offer', 'program'] as const;

const landingText = (max: number) =>
  textSchema(max, { trim: true })
    .superRefine((text, ctx) => {
      for (const match of text.matchAll(/\{([^{}]*)\}/g)) {
        if (!(LANDING_VARIABLES as readonly string[]).includes(match[1]!)) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown variable {${match[1]}}: use {name}, {offer} or {program}`,
          });
          return;
        }
      }
    })
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();

/** A query parameter name safe in any URL; `rsCode` is always accepted besides it. */
export const SHARE_PARAM_FORMAT = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** A DNS host name (no port, no scheme), lower-cased. */
const hostName = z
  .string()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
    'must be a host name such as refer.shop.example',
  )
  .transform((host) => host.toLowerCase());

export const hostedPagePatchFields = {
  /** Where the hosted page's continue link goes, with rsCode (null: websiteUrl). */
  signupUrl: httpUrl.nullable().optional(),
  /** Users' share links on the merchant's domain: this URL with ?{shareParam}=CODE (null: /r/{tenant}/{code}). */
  shareLinkUrl: httpUrl.nullable().optional(),
  shareParam: z
    .string()
    .regex(SHARE_PARAM_FORMAT, 'must be a letter then up to 31 letters, digits, _ or -')
    .optional(),
  /** A host name of ours for the hosted pages (a CNAME to the gateway); unique across tenants. */
  customHost: hostName.nullable().optional(),
  brandColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb')
    .transform((c) => c.toLowerCase())
    .nullable()
    .optional(),
  landingHeadline: landingText(120),
  landingText: landingText(400),
  landingButtonText: landingText(60),
};

type HostedPatch = {
  [K in keyof typeof hostedPagePatchFields]?: z.output<(typeof hostedPagePatchFields)[K]>;
};

export function hostedPageChanges(patch: HostedPatch): Partial<ProgramColumns> {
  const changes: Partial<ProgramColumns> = {};
  if (patch.signupUrl !== undefined) changes.signup_url = patch.signupUrl;
  if (patch.shareLinkUrl !== undefined) changes.share_link_url = patch.shareLinkUrl;
  if (patch.shareParam !== undefined) changes.share_param = patch.shareParam;
  if (patch.customHost !== undefined) changes.custom_host = patch.customHost;
  if (patch.brandColor !== undefined) changes.brand_color = patch.brandColor;
  if (patch.landingHeadline !== undefined) changes.landing_headline = patch.landingHeadline;
  if (patch.landingText !== undefined) changes.landing_text = patch.landingText;
  if (patch.landingButtonText !== undefined) changes.landing_button_text = patch.landingButtonText;
  return changes;
}

/** Fills {name}, {offer} and {program} (the values are text; the page escapes the result). */
export function fillLandingText(text: string, values: Record<(typeof LANDING_VARIABLES)[number], string>) {
  return text.replace(/\{(name|offer|program)\}/g, (_, key: keyof typeof values) => values[key]);
}

/** The gateway path of a program's logo: content-hashed, so it may be cached for a year. */
export function logoPath(tenantAlias: string, hash: string): string {
  return `/logos/${encodeURIComponent(tenantAlias)}/${hash}.png`;
}

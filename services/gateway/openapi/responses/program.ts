import 'zod-openapi';
import { z } from 'zod';
import type { Program } from '../../../../shared/domain/tenants/program';
import type { BrowserSettings } from '../../../../shared/domain/tenants/browser-settings';
import { epochMillis, referrerRewardViewSchema } from './common';
import { sameShape } from './shape-check';
import { FRAUD_ACTIONS, FRAUD_SIGNALS } from '../../../../shared/types/fraud';

/** GET and PATCH /program (shared/domain/tenants/program.ts presentProgram). */
export const programSchema = z
  .object({
    alias: z.string(),
    name: z.string(),
    mode: z
      .enum(['live', 'test'])
      .meta({ description: 'test for tenants whose alias begins test_ (processor sandbox).' }),
    referredDiscountPercent: z
      .int()
      .meta({ description: 'The discount a referred account gets at attribution.' }),
    referrerReward: referrerRewardViewSchema,
    maxReferrerDiscountPercent: z
      .int()
      .meta({ description: "Cap on a referrer's summed percent discounts." }),
    discountId: z.string().meta({ description: "The processor's discount the percentages are applied as." }),
    landingUrl: z
      .string()
      .nullable()
      .meta({ description: 'Where share links redirect (with rsCode); null: the hosted landing page.' }),
    conversionEventKey: z
      .string()
      .nullable()
      .meta({ description: 'A user event with this key converts a referred account.' }),
    paymentEventKey: z.string().nullable().meta({
      description: 'A user event with this key, `revenue` and `currency` is a payment of the account.',
    }),
    allowedOrigins: z
      .array(z.string())
      .meta({ description: 'Origins allowed to call the user-JWT routes from a browser (CORS).' }),
    referralCookieDays: z.int(),
    referralCookieLastClickWins: z.boolean(),
    websiteUrl: z.string().nullable(),
    widgetHeadline: z.string().nullable(),
    widgetSubheadline: z.string().nullable(),
    fraudPolicy: z.array(z.object({ signal: z.enum(FRAUD_SIGNALS), action: z.enum(FRAUD_ACTIONS) })).meta({
      description:
        'What each fraud signal does to an attribution: ALLOW (nothing), REVIEW (the referral proceeds, its rewards wait as PENDING_REVIEW for an operator) or BLOCK (no referral is made). A signal not listed is ALLOW.',
    }),
    rewardHoldDays: z.int().meta({
      description:
        "Days a referrer's reward stays PENDING after its referral converts; cancelled instead if the referred account cancels meanwhile. 0: AVAILABLE at once.",
    }),
    creditExpiryDays: z.int().nullable().meta({
      description:
        'Days after which unredeemed CREDIT expires, counted from when it becomes AVAILABLE; null: never.',
    }),
    maxAttributionsPerReferrerPerHour: z.int().nullable().meta({
      description:
        'More attributions to one referrer within an hour raise the VELOCITY fraud signal; null: no limit.',
    }),
    requireUserJwtExp: z.boolean().meta({ description: 'User JWTs without `exp` are refused (401).' }),
    dateCreated: epochMillis,
    // Hosted pages.
    signupUrl: z.string().nullable().meta({
      description: "Where the hosted page's continue link goes, with rsCode={code} (null: websiteUrl).",
    }),
    shareLinkUrl: z.string().nullable().meta({
      description:
        "Users' share links on the merchant's domain: this URL with ?{shareParam}={code} (null: /r/{tenant}/{code}).",
    }),
    shareParam: z.string().meta({
      description:
        'The query parameter of share links on shareLinkUrl (default ref; rsCode is always read too).',
    }),
    customHost: z.string().nullable().meta({
      description: "A host name (CNAME to the gateway) serving /{code} as this program's share links.",
    }),
    brandColor: z.string().nullable().meta({ description: "The hosted pages' accent colour, #rrggbb." }),
    landingHeadline: z.string().nullable().meta({ description: 'Variables: {name}, {offer}, {program}.' }),
    landingText: z.string().nullable(),
    landingButtonText: z.string().nullable(),
    logoHash: z.string().nullable().meta({ description: "The uploaded logo's content hash (null: none)." }),
    logoUrl: z
      .string()
      .nullable()
      .meta({ description: "The logo's path on the gateway, content-hashed (null: none)." }),
    // Share texts.
    shareMessage: z.string().nullable().meta({
      description:
        "The widget's share message: a template with {program}, {offer}, {link} and {name} (the referrer's first name). A message without {link} gets the link at its end. null: the default for the friend's locale.",
    }),
    shareEmailSubject: z
      .string()
      .nullable()
      .meta({ description: "The widget's e-mail subject, a template like shareMessage; null: the default." }),
    leaderboardEnabled: z.boolean().meta({
      description:
        "The widget shows the program's top referrers this month and overall, by first name or initial.",
    }),
  })
  .meta({ id: 'Program', description: "The tenant's referral program settings." });

sameShape<z.output<typeof programSchema>, Program>(true);

/** GET /open/browser-settings (shared/domain/tenants/browser-settings.ts). */
export const browserSettingsSchema = z
  .object({
    cookieDays: z.int().meta({ description: "The tracking cookie's lifetime in days." }),
    lastClickWins: z.boolean().meta({ description: "Whether a later share link's code replaces the first." }),
    shareParam: z.string().meta({
      description: "The query parameter of share links on the merchant's domain (rsCode is always read too).",
    }),
  })
  .meta({ id: 'BrowserSettings' });

sameShape<z.output<typeof browserSettingsSchema>, BrowserSettings>(true);

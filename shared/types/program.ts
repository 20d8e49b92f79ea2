import { z } from 'zod';
import type { RewardType } from '../contract/enums';
import { fraudPolicySchema, type FraudPolicy } from './fraud';

/**
 * A tenant's program settings as the referral rules use them, read from the tenant row's columns with
 * the stored JSON validated. Pure and at the base, so the gateway's tenant cache (which parses each
 * cached row once) and the program domain share it without the cache depending on the domain.
 */

/** What a referrer earns when a referral converts: a percent discount, or credit in a unit (e.g. USD cents). */
export const referrerRewardSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('PCT_DISCOUNT' satisfies RewardType),
    discountPercent: z.int().min(1).max(100),
  }),
  z.strictObject({
    type: z.literal('CREDIT' satisfies RewardType),
    amountCents: z.int().min(1).max(1_000_000_000),
    unit: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'must be 1-32 upper-case letters, digits or _ (e.g. USD)'),
  }),
]);
export type ReferrerReward = z.output<typeof referrerRewardSchema>;

/** The program settings the referral rules use, with the stored JSON validated on read. */
export interface ProgramSettings {
  referredDiscountPercent: number;
  referrerReward: ReferrerReward;
  maxReferrerDiscountPercent: number;
  discountId: string;
  landingUrl: string | null;
  conversionEventKey: string | null;
  /** A user event with this key, `revenue` and `currency` is a payment of the account (PAYMENT rules). */
  paymentEventKey: string | null;
  /** Merchant origins allowed to call the user-JWT routes from a browser (CORS), normalised. */
  allowedOrigins: string[];
  /** The browser library's tracking cookie: its lifetime, and whether a later code replaces the first. */
  referralCookieDays: number;
  referralCookieLastClickWins: boolean;
  /** The program's website, linked from the hosted landing page. */
  websiteUrl: string | null;
  /** The widget's headline texts (null: the library's locale text). */
  widgetHeadline: string | null;
  widgetSubheadline: string | null;
  /** Attributions to one referrer within an hour beyond which the VELOCITY signal fires; null: no limit. */
  maxAttributionsPerReferrerPerHour: number | null;
  /** What each fraud signal does to an attribution (a signal not listed: ALLOW). */
  fraudPolicy: FraudPolicy;
  /** Days a referrer's reward stays PENDING after its referral converts (0: AVAILABLE at once). */
  rewardHoldDays: number;
  /** Days until a CREDIT reward's unredeemed part expires once AVAILABLE (null: never). */
  creditExpiryDays: number | null;
  /** Hosted pages: the signup URL, share links on the merchant's domain, custom host, brand. */
  signupUrl: string | null;
  shareLinkUrl: string | null;
  shareParam: string;
  customHost: string | null;
  brandColor: string | null;
  landingHeadline: string | null;
  landingText: string | null;
  landingButtonText: string | null;
  /** The uploaded logo's content hash (its URL is /logos/{tenant}/{hash}.png); null: none. */
  logoHash: string | null;
  /** Share texts: templates with {program} {offer} {link} {name}; null: the locale's default. */
  shareMessage: string | null;
  shareEmailSubject: string | null;
  /** The widget shows the program's top referrers (first names or initials only). */
  leaderboardEnabled: boolean;
}

/** The tenant row's program columns (shared/repos/tenants.repo.ts TenantRow has them). */
export interface ProgramSettingsColumns {
  referred_discount_percent: number;
  /** JSON, validated on read (referrerRewardSchema). */
  referrer_reward: unknown;
  max_referrer_discount_percent: number;
  discount_id: string;
  landing_url: string | null;
  conversion_event_key: string | null;
  payment_event_key: string | null;
  /** Browser settings: CORS origins, the tracking cookie, the landing page and widget texts. */
  allowed_origins: string[];
  referral_cookie_days: number;
  referral_cookie_last_click_wins: boolean;
  website_url: string | null;
  widget_headline: string | null;
  widget_subheadline: string | null;
  /** Reward integrity. */
  max_attributions_per_referrer_per_hour: number | null;
  /** JSON, validated on read (fraudPolicySchema). */
  fraud_policy: unknown;
  reward_hold_days: number;
  credit_expiry_days: number | null;
  /** Hosted pages. */
  signup_url: string | null;
  share_link_url: string | null;
  share_param: string;
  custom_host: string | null;
  brand_color: string | null;
  landing_headline: string | null;
  landing_text: string | null;
  landing_button_text: string | null;
  logo_hash: string | null;
  /** Share texts (migration 024). */
  share_message: string | null;
  share_email_subject: string | null;
  /** Several programs (migration 032). */
  leaderboard_enabled: boolean;
}

/** The stored policy; rules this version cannot apply (an action it does not know) are dropped. */
function storedFraudPolicy(stored: unknown): FraudPolicy {
  const parsed = fraudPolicySchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

export function programSettings(row: ProgramSettingsColumns): ProgramSettings {
  return {
    referredDiscountPercent: row.referred_discount_percent,
    referrerReward: referrerRewardSchema.parse(row.referrer_reward),
    maxReferrerDiscountPercent: row.max_referrer_discount_percent,
    discountId: row.discount_id,
    landingUrl: row.landing_url,
    conversionEventKey: row.conversion_event_key,
    paymentEventKey: row.payment_event_key,
    allowedOrigins: row.allowed_origins,
    referralCookieDays: row.referral_cookie_days,
    referralCookieLastClickWins: row.referral_cookie_last_click_wins,
    websiteUrl: row.website_url,
    widgetHeadline: row.widget_headline,
    widgetSubheadline: row.widget_subheadline,
    maxAttributionsPerReferrerPerHour: row.max_attributions_per_referrer_per_hour,
    fraudPolicy: storedFraudPolicy(row.fraud_policy),
    rewardHoldDays: row.reward_hold_days,
    creditExpiryDays: row.credit_expiry_days,
    // Hosted pages.
    signupUrl: row.signup_url,
    shareLinkUrl: row.share_link_url,
    shareParam: row.share_param,
    customHost: row.custom_host,
    brandColor: row.brand_color,
    landingHeadline: row.landing_headline,
    landingText: row.landing_text,
    landingButtonText: row.landing_button_text,
    logoHash: row.logo_hash,
    // Share texts.
    shareMessage: row.share_message ?? null,
    shareEmailSubject: row.share_email_subject ?? null,
    leaderboardEnabled: row.leaderboard_enabled ?? false,
  };
}

/** The id of a tenant's first program, whose settings are the tenant row's (migration 032). */
export const DEFAULT_PROGRAM_ID = 'default';

/**
 * The settings each program has of its own; the others (origins, hosts, the processor discount, the
 * conversion event, the brand) are the tenant's and every program shares them.
 */
export const PER_PROGRAM_SETTINGS = [
  'referredDiscountPercent',
  'referrerReward',
  'landingUrl',
  'referralCookieDays',
  'referralCookieLastClickWins',
  'widgetHeadline',
  'widgetSubheadline',
  'maxAttributionsPerReferrerPerHour',
  'fraudPolicy',
  'rewardHoldDays',
  'creditExpiryDays',
  'landingHeadline',
  'landingText',
  'landingButtonText',
  'shareMessage',
  'shareEmailSubject',
  'leaderboardEnabled',
] as const satisfies readonly (keyof ProgramSettings)[];

export type PerProgramSetting = (typeof PER_PROGRAM_SETTINGS)[number];
export type OwnProgramSettings = Partial<Pick<ProgramSettings, PerProgramSetting>>;

const OWN_SETTING_CHECKS: Record<PerProgramSetting, (value: unknown) => boolean> = {
  referredDiscountPercent: (v) => Number.isInteger(v),
  referrerReward: (v) => referrerRewardSchema.safeParse(v).success,
  landingUrl: (v) => v === null || typeof v === 'string',
  referralCookieDays: (v) => Number.isInteger(v),
  referralCookieLastClickWins: (v) => typeof v === 'boolean',
  widgetHeadline: (v) => v === null || typeof v === 'string',
  widgetSubheadline: (v) => v === null || typeof v === 'string',
  maxAttributionsPerReferrerPerHour: (v) => v === null || Number.isInteger(v),
  fraudPolicy: (v) => fraudPolicySchema.safeParse(v).success,
  rewardHoldDays: (v) => Number.isInteger(v),
  creditExpiryDays: (v) => v === null || Number.isInteger(v),
  landingHeadline: (v) => v === null || typeof v === 'string',
  landingText: (v) => v === null || typeof v === 'string',
  landingButtonText: (v) => v === null || typeof v === 'string',
  shareMessage: (v) => v === null || typeof v === 'string',
  shareEmailSubject: (v) => v === null || typeof v === 'string',
  leaderboardEnabled: (v) => typeof v === 'boolean',
};

/**
 * A program's stored own settings (validated by the program schema when written): a value this version
 * cannot read is dropped, so the program falls back to the tenant's setting rather than failing.
 */
export function ownProgramSettings(stored: unknown): OwnProgramSettings {
  if (stored === null || typeof stored !== 'object') return {};
  const own: Record<string, unknown> = {};
  for (const key of PER_PROGRAM_SETTINGS) {
    const value = (stored as Record<string, unknown>)[key];
    if (value !== undefined && OWN_SETTING_CHECKS[key](value)) own[key] = value;
  }
  return own as OwnProgramSettings;
}

/** A program's settings: the tenant's, with the program's own in place of the per-program ones. */
export function settingsOfProgram(tenant: ProgramSettings, own: OwnProgramSettings): ProgramSettings {
  return { ...tenant, ...own };
}

/** The per-program part of a program's settings (what a new program copies from the default). */
export function perProgramPart(settings: ProgramSettings): OwnProgramSettings {
  return Object.fromEntries(PER_PROGRAM_SETTINGS.map((key) => [key, settings[key]])) as OwnProgramSettings;
}

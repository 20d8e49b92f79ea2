import { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/knex';
import { AppError } from '../../errors';
import { textSchema, withIdRule } from '../../validation';
import { createTenantsRepo, type ProgramColumns, type TenantRow } from '../../repos/tenants.repo';
import { fraudPolicySchema } from '../../types/fraud';
import {
  DEFAULT_PROGRAM_ID,
  ownProgramSettings,
  programSettings,
  referrerRewardSchema,
  settingsOfProgram,
  type ProgramSettings,
} from '../../types/program';
import { createProgramsRepo } from '../../repos/programs.repo';
import { hostedPageChanges, hostedPagePatchFields, logoPath } from './hosted-page-settings';
import { allowedOriginsSchema } from './origins';
import { eventKeySchema } from '../events/user-events.schema';
import { shareTemplateSchema } from '../referrals/share-texts';

const percent = z.int().min(0).max(100);
const httpUrl = withIdRule(
  z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(2048),
);
/** A widget text; blank is null (the library's own text). */
const widgetText = textSchema(200, { trim: true })
  .transform((text) => (text === '' ? null : text))
  .nullable()
  .optional();

export const programPatchSchema = z.strictObject({
  name: textSchema(200, { min: 1, trim: true }).optional(),
  landingUrl: httpUrl.nullable().optional(),
  referredDiscountPercent: percent.optional(),
  referrerReward: referrerRewardSchema.optional(),
  maxReferrerDiscountPercent: percent.optional(),
  discountId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')
    .optional(),
  /** An accepted user event with this key converts a referred account's referral (null: none). */
  conversionEventKey: eventKeySchema.nullable().optional(),
  /** A user event with this key, `revenue` and `currency` is a payment of the account (PAYMENT rules); null: none. */
  paymentEventKey: eventKeySchema.nullable().optional(),
  /** User JWTs without `exp` are refused (401); off by default, as the API family's clients may omit it. */
  requireUserJwtExp: z.boolean().optional(),
  /** Origins allowed to call the user-JWT routes from a browser (CORS); [] allows none. */
  allowedOrigins: allowedOriginsSchema.optional(),
  /** The browser library's tracking cookie: lifetime in days, and whether a later code replaces the first. */
  referralCookieDays: z.int().min(1).max(730).optional(),
  referralCookieLastClickWins: z.boolean().optional(),
  /** Linked from the hosted landing page. */
  websiteUrl: httpUrl.nullable().optional(),
  widgetHeadline: widgetText,
  widgetSubheadline: widgetText,
  /** More attributions to one referrer within an hour raise the VELOCITY fraud signal; null: no limit. */
  maxAttributionsPerReferrerPerHour: z.int().min(1).max(100_000).nullable().optional(),
  /** What each fraud signal does to an attribution: [{ signal, action }], a signal not listed is ALLOW. */
  fraudPolicy: fraudPolicySchema.optional(),
  /** Days a referrer's reward stays PENDING after conversion, cancelled if the account cancels meanwhile. */
  rewardHoldDays: z.int().min(0).max(365).optional(),
  /** Days until unredeemed CREDIT expires once available; null: never. */
  creditExpiryDays: z.int().min(1).max(3650).nullable().optional(),
  /** Hosted pages: signupUrl, shareLinkUrl, shareParam, customHost, brand colour and texts. */
  ...hostedPagePatchFields,
  /** Share texts: templates with {program} {offer} {link} {name}; blank or null: the default. */
  shareMessage: shareTemplateSchema(500),
  shareEmailSubject: shareTemplateSchema(200),
  /** The widget shows the program's top referrers this month and overall (first names or initials). */
  leaderboardEnabled: z.boolean().optional(),
});

export type ProgramPatch = z.output<typeof programPatchSchema>;

export function presentProgram(row: TenantRow) {
  const settings = programSettings(row);
  return {
    alias: row.alias,
    name: row.name,
    mode: row.mode,
    ...settings,
    referrerReward: {
      type: settings.referrerReward.type,
      discountPercent:
        settings.referrerReward.type === 'PCT_DISCOUNT' ? settings.referrerReward.discountPercent : null,
      amountCents: settings.referrerReward.type === 'CREDIT' ? settings.referrerReward.amountCents : null,
      unit: settings.referrerReward.type === 'CREDIT' ? settings.referrerReward.unit : null,
    },
    requireUserJwtExp: row.require_user_jwt_exp,
    dateCreated: row.created_at.getTime(),
    // Hosted pages: the logo's path on the gateway.
    logoUrl: row.logo_hash ? logoPath(row.alias, row.logo_hash) : null,
  };
}

export type Program = ReturnType<typeof presentProgram>;

/**
 * A program's settings: the default program's (the tenant row's), or another's own settings over the
 * tenant's shared ones (an archived program's too: its referrals run to their end).
 */
export async function loadProgramSettings(
  db: DbOrTrx,
  tenantId: string,
  programId: string = DEFAULT_PROGRAM_ID,
): Promise<ProgramSettings> {
  const row = await createTenantsRepo(db).findById(tenantId);
  if (!row) throw new AppError('NOT_FOUND', 'Program not found');
  const settings = programSettings(row);
  if (programId === DEFAULT_PROGRAM_ID) return settings;
  const program = await createProgramsRepo(db).find(tenantId, programId);
  return program ? settingsOfProgram(settings, ownProgramSettings(program.settings)) : settings;
}

export async function getProgram(db: Db, tenantId: string): Promise<Program> {
  const row = await createTenantsRepo(db).findById(tenantId);
  if (!row) throw new AppError('NOT_FOUND', 'Program not found');
  return presentProgram(row);
}

export async function updateProgram(db: Db, tenantId: string, patch: ProgramPatch): Promise<Program> {
  const changes: Partial<ProgramColumns> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.landingUrl !== undefined) changes.landing_url = patch.landingUrl;
  if (patch.referredDiscountPercent !== undefined)
    changes.referred_discount_percent = patch.referredDiscountPercent;
  if (patch.referrerReward !== undefined) changes.referrer_reward = patch.referrerReward;
  if (patch.maxReferrerDiscountPercent !== undefined) {
    changes.max_referrer_discount_percent = patch.maxReferrerDiscountPercent;
  }
  if (patch.discountId !== undefined) changes.discount_id = patch.discountId;
  if (patch.conversionEventKey !== undefined) changes.conversion_event_key = patch.conversionEventKey;
  if (patch.paymentEventKey !== undefined) changes.payment_event_key = patch.paymentEventKey;
  if (patch.requireUserJwtExp !== undefined) changes.require_user_jwt_exp = patch.requireUserJwtExp;
  if (patch.allowedOrigins !== undefined) changes.allowed_origins = patch.allowedOrigins;
  if (patch.referralCookieDays !== undefined) changes.referral_cookie_days = patch.referralCookieDays;
  if (patch.referralCookieLastClickWins !== undefined) {
    changes.referral_cookie_last_click_wins = patch.referralCookieLastClickWins;
  }
  if (patch.websiteUrl !== undefined) changes.website_url = patch.websiteUrl;
  if (patch.widgetHeadline !== undefined) changes.widget_headline = patch.widgetHeadline;
  if (patch.widgetSubheadline !== undefined) changes.widget_subheadline = patch.widgetSubheadline;
  if (patch.maxAttributionsPerReferrerPerHour !== undefined) {
    changes.max_attributions_per_referrer_per_hour = patch.maxAttributionsPerReferrerPerHour;
  }
  if (patch.fraudPolicy !== undefined) changes.fraud_policy = patch.fraudPolicy;
  if (patch.rewardHoldDays !== undefined) changes.reward_hold_days = patch.rewardHoldDays;
  if (patch.creditExpiryDays !== undefined) changes.credit_expiry_days = patch.creditExpiryDays;
  // Hosted pages.
  Object.assign(changes, hostedPageChanges(patch));
  // Share texts.
  if (patch.shareMessage !== undefined) changes.share_message = patch.shareMessage;
  if (patch.shareEmailSubject !== undefined) changes.share_email_subject = patch.shareEmailSubject;
  if (patch.leaderboardEnabled !== undefined) changes.leaderboard_enabled = patch.leaderboardEnabled;
  if (Object.keys(changes).length === 0) return getProgram(db, tenantId);
  const row = await createTenantsRepo(db)
    .update(tenantId, changes)
    .catch((err: unknown) => {
      if ((err as { constraint?: string }).constraint === 'tenants_custom_host_unique')
        throw new AppError('CONFLICT', 'customHost: another program already uses this host');
      throw err;
    });
  if (!row) throw new AppError('NOT_FOUND', 'Program not found');
  return presentProgram(row);
}

/**
 * The Program page's form state: the program as the API answers it, the form's values (text as typed),
 * the patch of only the changed fields, and the server's validation errors mapped onto the form's
 * fields. The rules themselves (ranges, URL and origin shapes) are the server's; the form only turns
 * typed text into the API's types (a whole number, a list of lines, blank as "none").
 */
import type { FieldError } from '../../api';
import { FRAUD_SIGNALS, type FraudSignal } from '../referrals/referral-signals';
import { graphql } from '../../gql';
import type { ProgramFieldsFragment } from '../../gql/graphql';
import type { FraudAction, RewardType } from '../../../../../shared/contract/enums';
export type { FraudAction, RewardType };

/** `program` as the API answers it. */
export type Program = ProgramFieldsFragment;

export const PROGRAM_FIELDS = graphql(`
  fragment ProgramFields on Program {
    id
    isDefault
    archivedAt
    name
    referredDiscountPercent
    referrerReward {
      type
      discountPercent
      amountCents
      unit
    }
    maxReferrerDiscountPercent
    discountId
    landingUrl
    conversionEventKey
    requireUserJwtExp
    allowedOrigins
    referralCookieDays
    referralCookieLastClickWins
    leaderboardEnabled
    websiteUrl
    widgetHeadline
    widgetSubheadline
    maxAttributionsPerReferrerPerHour
    fraudPolicy {
      signal
      action
    }
    rewardHoldDays
    creditExpiryDays
    # Share page
    signupUrl
    shareLinkUrl
    shareParam
    customHost
    brandColor
    landingHeadline
    landingText
    landingButtonText
    logoUrl
    shareMessage
    shareEmailSubject
  }
`);

/** What the form holds: text as typed, booleans for the checkboxes. */
export interface ProgramValues {
  name: string;
  referredDiscountPercent: string;
  rewardType: RewardType;
  rewardDiscountPercent: string;
  rewardAmountCents: string;
  rewardUnit: string;
  maxReferrerDiscountPercent: string;
  discountId: string;
  landingUrl: string;
  conversionEventKey: string;
  requireUserJwtExp: boolean;
  allowedOrigins: string;
  referralCookieDays: string;
  referralCookieLastClickWins: boolean;
  websiteUrl: string;
  widgetHeadline: string;
  widgetSubheadline: string;
  /** Blank: no limit. */
  maxAttributionsPerReferrerPerHour: string;
  /** What each fraud signal does (a signal the policy does not list is ALLOW). */
  fraudActions: Record<FraudSignal, FraudAction>;
  rewardHoldDays: string;
  /** Blank: credit never expires. */
  creditExpiryDays: string;
  /** Share page; blank is none (the defaults), shareParam blank is refused by the server. */
  signupUrl: string;
  shareLinkUrl: string;
  shareParam: string;
  customHost: string;
  brandColor: string;
  landingHeadline: string;
  landingText: string;
  landingButtonText: string;
  /** Share texts; blank: the widget's default in the friend's language. */
  shareMessage: string;
  shareEmailSubject: string;
  leaderboardEnabled: boolean;
}

/** The form's field names (Field `name`: ids `field-<name>`, errors `error-<name>`). */
export const REWARD_FIELDS = {
  type: 'referrerReward.type',
  discountPercent: 'referrerReward.discountPercent',
  amountCents: 'referrerReward.amountCents',
  unit: 'referrerReward.unit',
} as const;

const text = (value: string | null) => value ?? '';

export function valuesFromProgram(p: Program): ProgramValues {
  return {
    name: p.name,
    referredDiscountPercent: String(p.referredDiscountPercent),
    rewardType: p.referrerReward.type,
    rewardDiscountPercent:
      p.referrerReward.discountPercent === null ? '' : String(p.referrerReward.discountPercent),
    rewardAmountCents: p.referrerReward.amountCents === null ? '' : String(p.referrerReward.amountCents),
    rewardUnit: text(p.referrerReward.unit),
    maxReferrerDiscountPercent: String(p.maxReferrerDiscountPercent),
    discountId: p.discountId,
    landingUrl: text(p.landingUrl),
    conversionEventKey: text(p.conversionEventKey),
    requireUserJwtExp: p.requireUserJwtExp,
    allowedOrigins: p.allowedOrigins.join('\n'),
    referralCookieDays: String(p.referralCookieDays),
    referralCookieLastClickWins: p.referralCookieLastClickWins,
    leaderboardEnabled: p.leaderboardEnabled,
    websiteUrl: text(p.websiteUrl),
    widgetHeadline: text(p.widgetHeadline),
    widgetSubheadline: text(p.widgetSubheadline),
    maxAttributionsPerReferrerPerHour:
      p.maxAttributionsPerReferrerPerHour === null ? '' : String(p.maxAttributionsPerReferrerPerHour),
    fraudActions: Object.fromEntries(
      FRAUD_SIGNALS.map((signal) => [
        signal,
        p.fraudPolicy.find((r) => r.signal === signal)?.action ?? 'ALLOW',
      ]),
    ) as Record<FraudSignal, FraudAction>,
    rewardHoldDays: String(p.rewardHoldDays),
    creditExpiryDays: p.creditExpiryDays === null ? '' : String(p.creditExpiryDays),
    // Share page.
    signupUrl: text(p.signupUrl),
    shareLinkUrl: text(p.shareLinkUrl),
    shareParam: p.shareParam,
    customHost: text(p.customHost),
    brandColor: text(p.brandColor),
    landingHeadline: text(p.landingHeadline),
    landingText: text(p.landingText),
    landingButtonText: text(p.landingButtonText),
    // Share texts.
    shareMessage: text(p.shareMessage),
    shareEmailSubject: text(p.shareEmailSubject),
  };
}

/** The policy's rules for the signals that do something, in the signals' order. */
function policyOf(actions: Record<FraudSignal, FraudAction>): { signal: FraudSignal; action: FraudAction }[] {
  return FRAUD_SIGNALS.filter((signal) => actions[signal] !== 'ALLOW').map((signal) => ({
    signal,
    action: actions[signal],
  }));
}

/** Errors by field name. */
export type FieldErrors = Record<string, string>;

export type ProgramPatch = Record<string, unknown>;

const WHOLE = /^-?\d+$/;

/** Blank is "none" (null) for the optional texts. */
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The lines of the origins box, trimmed, blank lines dropped. */
export function originLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const INT_FIELDS = [
  'referredDiscountPercent',
  'maxReferrerDiscountPercent',
  'referralCookieDays',
  'rewardHoldDays',
] as const;
/** Whole numbers where blank means none (null). */
const NULLABLE_INT_FIELDS = ['maxAttributionsPerReferrerPerHour', 'creditExpiryDays'] as const;
const TEXT_FIELDS = ['name', 'discountId', /* Share page */ 'shareParam'] as const;
const NULLABLE_FIELDS = [
  'landingUrl',
  'conversionEventKey',
  'websiteUrl',
  'widgetHeadline',
  'widgetSubheadline',
  // Share page.
  'signupUrl',
  'shareLinkUrl',
  'customHost',
  'brandColor',
  'landingHeadline',
  'landingText',
  'landingButtonText',
  // Share texts.
  'shareMessage',
  'shareEmailSubject',
] as const;
const BOOLEAN_FIELDS = ['requireUserJwtExp', 'referralCookieLastClickWins', 'leaderboardEnabled'] as const;

function rewardChanged(a: ProgramValues, b: ProgramValues): boolean {
  if (a.rewardType !== b.rewardType) return true;
  return b.rewardType === 'PCT_DISCOUNT'
    ? a.rewardDiscountPercent.trim() !== b.rewardDiscountPercent.trim()
    : a.rewardAmountCents.trim() !== b.rewardAmountCents.trim() ||
        a.rewardUnit.trim() !== b.rewardUnit.trim();
}

/**
 * The ProgramInput with only the fields that differ from `initial`, or the problems that keep it from
 * being sent (a number that is not a whole number). The server checks everything else.
 */
export function buildPatch(
  initial: ProgramValues,
  current: ProgramValues,
): { patch: ProgramPatch; errors: FieldErrors } {
  const patch: ProgramPatch = {};
  const errors: FieldErrors = {};
  const whole = (field: string, value: string): number | undefined => {
    if (WHOLE.test(value.trim())) return Number(value.trim());
    errors[field] = 'Enter a whole number';
    return undefined;
  };

  for (const field of TEXT_FIELDS) {
    if (current[field].trim() !== initial[field].trim()) patch[field] = current[field].trim();
  }
  for (const field of INT_FIELDS) {
    if (current[field].trim() !== initial[field].trim()) patch[field] = whole(field, current[field]);
  }
  for (const field of NULLABLE_FIELDS) {
    if (current[field].trim() !== initial[field].trim()) patch[field] = orNull(current[field]);
  }
  for (const field of BOOLEAN_FIELDS) {
    if (current[field] !== initial[field]) patch[field] = current[field];
  }
  for (const field of NULLABLE_INT_FIELDS) {
    const value = current[field].trim();
    if (value !== initial[field].trim()) patch[field] = value === '' ? null : whole(field, value);
  }
  const policy = policyOf(current.fraudActions);
  if (JSON.stringify(policy) !== JSON.stringify(policyOf(initial.fraudActions))) patch.fraudPolicy = policy;
  const origins = originLines(current.allowedOrigins);
  if (origins.join('\n') !== originLines(initial.allowedOrigins).join('\n')) patch.allowedOrigins = origins;

  if (rewardChanged(initial, current)) {
    patch.referrerReward =
      current.rewardType === 'PCT_DISCOUNT'
        ? {
            type: 'PCT_DISCOUNT',
            discountPercent: whole(REWARD_FIELDS.discountPercent, current.rewardDiscountPercent),
          }
        : {
            type: 'CREDIT',
            amountCents: whole(REWARD_FIELDS.amountCents, current.rewardAmountCents),
            unit: current.rewardUnit.trim(),
          };
  }
  return { patch, errors };
}

/** The names of the settings in a patch, for the success notice. */
export function changedCount(patch: ProgramPatch): number {
  return Object.keys(patch).length;
}

/**
 * The server's validation errors (paths such as `input.referredDiscountPercent`,
 * `input.allowedOrigins.2`, `input.referrerReward.unit`) as errors on the form's fields; what names no
 * field of the form is returned apart.
 */
export function mapServerErrors(
  issues: FieldError[],
  known: ReadonlySet<string>,
  submittedOrigins: string[],
): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  const add = (field: string, message: string) => {
    fields[field] = fields[field] ? `${fields[field]}; ${message}` : message;
  };
  for (const issue of issues) {
    const parts = issue.field.replace(/^input\.?/, '').split('.');
    const [head = '', second] = parts;
    if (head === 'allowedOrigins' && second !== undefined && /^\d+$/.test(second)) {
      const line = Number(second);
      const origin = submittedOrigins[line];
      add('allowedOrigins', `Line ${line + 1}${origin ? ` (${origin})` : ''}: ${issue.message}`);
    } else if (head === 'referrerReward') {
      const name =
        second && known.has(`referrerReward.${second}`) ? `referrerReward.${second}` : REWARD_FIELDS.type;
      add(name, issue.message);
    } else if (known.has(head)) {
      add(head, issue.message);
    } else {
      other.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
    }
  }
  return { fields, other };
}

import { z } from 'zod';
import { textSchema } from '../../validation';
import { eventKeySchema } from '../events/user-events.schema';

/**
 * A program's reward rules: an ordered list, each naming a trigger, a recipient, a reward (or tiers of
 * rewards by the referrer's converted count) and its limits. Validation refuses contradictory and
 * unbounded rules with the field named (`rules.2.tiers.1.fromConversions`), so what is stored can always
 * be evaluated (rule-evaluation.ts).
 */

const MAX_AMOUNT_CENTS = 1_000_000_000;
/** A whole number in [min, max], refused in words an operator reads in the rule editor. */
const between = (min: number, max: number) =>
  z
    .int('must be a whole number')
    .min(min, `must be at least ${min.toLocaleString('en')}`)
    .max(max, `must be at most ${max.toLocaleString('en')}`);
const amountCents = between(1, MAX_AMOUNT_CENTS);
/** An ISO 4217 code (USD, EUR) for money; a credit's unit may also be the merchant's own (POINTS). */
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code (e.g. USD)');
const creditUnit = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'must be 1-32 upper-case letters, digits or _ (e.g. USD)');

export const RULE_TRIGGERS = ['CONVERSION', 'PAYMENT', 'EVENT', 'MILESTONE'] as const;
export const RULE_RECIPIENTS = ['REFERRER', 'REFERRED'] as const;
export const RULE_REWARD_TYPES = ['PCT_DISCOUNT', 'CREDIT', 'FIXED_DISCOUNT', 'CASH'] as const;
export const LIMIT_PERIODS = ['MONTH', 'YEAR', 'LIFETIME'] as const;

export const ruleRewardSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PCT_DISCOUNT'), discountPercent: between(1, 100) }),
  z.strictObject({ type: z.literal('CREDIT'), amountCents, unit: creditUnit }),
  z.strictObject({ type: z.literal('FIXED_DISCOUNT'), amountCents, currency }),
  /** Money owed to the referrer: a fixed amount, or a percentage of the payment that triggered it. */
  z.strictObject({
    type: z.literal('CASH'),
    amountCents: amountCents.optional(),
    percentOfPayment: z
      .number('must be a number')
      .gt(0, 'must be more than 0')
      .max(100, 'must be at most 100')
      .optional(),
    currency,
  }),
]);
export type RuleReward = z.output<typeof ruleRewardSchema>;

export const ruleTriggerSchema = z.discriminatedUnion('type', [
  /** The referral's first PAID (today's conversion). */
  z.strictObject({ type: z.literal('CONVERSION') }),
  /** Each payment reported for the referred account, for forMonths months after conversion (null or absent: for life). */
  z.strictObject({ type: z.literal('PAYMENT'), forMonths: between(1, 120).nullable().default(null) }),
  /** A user event of the referred account with this key, optionally where a numeric field is at least a value. */
  z.strictObject({
    type: z.literal('EVENT'),
    eventKey: eventKeySchema,
    field: textSchema(100, { min: 1 }).optional(),
    atLeast: z.number('must be a number').finite('must be a finite number').optional(),
  }),
  /** The referrer's converted referrals in the program reach this count. */
  z.strictObject({ type: z.literal('MILESTONE'), conversions: between(1, 100_000) }),
]);
export type RuleTrigger = z.output<typeof ruleTriggerSchema>;

/** A tier: the reward while the referrer's converted count (this conversion included) is in the range. */
export const ruleTierSchema = z.strictObject({
  fromConversions: between(1, 100_000),
  /** The last count of the range; null or absent: no end. */
  toConversions: between(1, 100_000).nullable().optional(),
  reward: ruleRewardSchema,
});
export type RuleTier = z.output<typeof ruleTierSchema>;

/** At most maxCount rewards, and/or at most maxAmountCents of the reward's currency, per referrer and period. */
export const ruleLimitSchema = z.strictObject({
  period: z.enum(LIMIT_PERIODS),
  maxCount: between(1, 1_000_000).optional(),
  maxAmountCents: amountCents.optional(),
});
export type RuleLimit = z.output<typeof ruleLimitSchema>;

export const ruleEligibilitySchema = z.strictObject({
  /** The referred account's subscription value must be at least this (in the reward's currency). */
  minSubscriptionValueCents: amountCents.optional(),
  /** Only a referred account that never paid before its attribution. */
  newCustomersOnly: z.boolean().optional(),
});

export const ruleSchema = z.strictObject({
  /** Stable within the program: a reward names the rule (and version) that gave it. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'must be 1-48 lower-case letters, digits or -'),
  name: textSchema(200, { min: 1, trim: true }),
  trigger: ruleTriggerSchema,
  recipient: z.enum(RULE_RECIPIENTS),
  reward: ruleRewardSchema.optional(),
  tiers: z.array(ruleTierSchema).min(1).max(20).optional(),
  limits: z.array(ruleLimitSchema).max(3).default([]),
  eligibility: ruleEligibilitySchema.default({}),
});
export type Rule = z.output<typeof ruleSchema>;

type Issue = { path: (string | number)[]; message: string };

/** The money unit of a reward (null for a percent discount, which has no amount). */
export function rewardCurrency(reward: RuleReward): string | null {
  if (reward.type === 'PCT_DISCOUNT') return null;
  return reward.type === 'CREDIT' ? reward.unit : reward.currency;
}

function rewardIssues(rule: Rule, reward: RuleReward, path: (string | number)[]): Issue[] {
  const issues: Issue[] = [];
  if (reward.type === 'CASH') {
    if ((reward.amountCents === undefined) === (reward.percentOfPayment === undefined)) {
      issues.push({ path: [...path, 'amountCents'], message: 'give either amountCents or percentOfPayment' });
    }
    if (reward.percentOfPayment !== undefined && rule.trigger.type !== 'PAYMENT') {
      issues.push({
        path: [...path, 'percentOfPayment'],
        message: 'a percentage of the payment needs a PAYMENT trigger',
      });
    }
    if (rule.recipient !== 'REFERRER') {
      issues.push({ path: [...path, 'type'], message: 'CASH is owed to the referrer only' });
    }
  }
  return issues;
}

function tierIssues(rule: Rule, tiers: RuleTier[]): Issue[] {
  const issues: Issue[] = [];
  let previousEnd = 0;
  tiers.forEach((tier, i) => {
    const at = ['tiers', i];
    if (tier.fromConversions <= previousEnd) {
      issues.push({
        path: [...at, 'fromConversions'],
        message: `must start after the previous tier (above ${previousEnd})`,
      });
    }
    const end = tier.toConversions ?? null;
    if (end !== null && end < tier.fromConversions) {
      issues.push({ path: [...at, 'toConversions'], message: 'must not be below fromConversions' });
    }
    if (end === null && i < tiers.length - 1) {
      issues.push({ path: [...at, 'toConversions'], message: 'only the last tier may be open-ended' });
    }
    // An open tier before the last is reported once, not again by the tier after it.
    previousEnd = end ?? (i < tiers.length - 1 ? tier.fromConversions : Number.MAX_SAFE_INTEGER);
    issues.push(...rewardIssues(rule, tier.reward, [...at, 'reward']));
  });
  return issues;
}

function ruleIssues(rule: Rule): Issue[] {
  const issues: Issue[] = [];
  if ((rule.reward === undefined) === (rule.tiers === undefined)) {
    issues.push({ path: ['reward'], message: 'give either reward or tiers' });
  }
  if (rule.reward) issues.push(...rewardIssues(rule, rule.reward, ['reward']));
  if (rule.tiers) issues.push(...tierIssues(rule, rule.tiers));
  if (rule.trigger.type === 'MILESTONE' && rule.recipient !== 'REFERRER') {
    issues.push({ path: ['recipient'], message: 'a MILESTONE rewards the referrer who reached it' });
  }
  if (
    rule.trigger.type === 'EVENT' &&
    (rule.trigger.field === undefined) !== (rule.trigger.atLeast === undefined)
  ) {
    issues.push({ path: ['trigger', 'atLeast'], message: 'give field and atLeast together' });
  }
  const rewards = rule.reward ? [rule.reward] : (rule.tiers ?? []).map((t) => t.reward);
  const currencies = new Set(rewards.map(rewardCurrency));
  const periods = new Set<string>();
  rule.limits.forEach((limit, i) => {
    if (periods.has(limit.period)) {
      issues.push({ path: ['limits', i, 'period'], message: `${limit.period} is limited twice` });
    }
    periods.add(limit.period);
    if (limit.maxCount === undefined && limit.maxAmountCents === undefined) {
      issues.push({ path: ['limits', i], message: 'give maxCount or maxAmountCents' });
    }
    if (limit.maxAmountCents !== undefined && (currencies.has(null) || currencies.size > 1)) {
      issues.push({
        path: ['limits', i, 'maxAmountCents'],
        message: 'an amount limit needs rewards with an amount in one currency',
      });
    }
  });
  if (
    rule.eligibility.minSubscriptionValueCents !== undefined &&
    (currencies.has(null) || currencies.size > 1)
  ) {
    issues.push({
      path: ['eligibility', 'minSubscriptionValueCents'],
      message: 'a minimum subscription value needs rewards in one currency (it is compared in that currency)',
    });
  }
  return issues;
}

/** The ordered rules of a program version: 1 to 50, ids unique. */
export const ruleSetSchema = z
  .array(ruleSchema)
  .min(1)
  .max(50)
  .superRefine((rules, ctx) => {
    const ids = new Set<string>();
    rules.forEach((rule, i) => {
      if (ids.has(rule.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${rule.id} is used twice` });
      ids.add(rule.id);
      for (const issue of ruleIssues(rule)) {
        ctx.addIssue({ code: 'custom', path: [i, ...issue.path], message: issue.message });
      }
    });
  });
export type RuleSet = z.output<typeof ruleSetSchema>;

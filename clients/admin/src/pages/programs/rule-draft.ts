/**
 * The rule editor's form state: a program's rules as the API answers them, the editor's drafts (text as
 * typed), the `ProgramRuleInput`s sent to `updateProgram`, and the server's field errors
 * (`input.rules.<i>.<path>`) mapped onto the editor's controls. The rules themselves (ranges, tiers that
 * ascend, which reward needs which trigger) are the server's: the editor only turns typed text into
 * numbers, a blank into "none", and says which control an error belongs to.
 */
import type {
  ProgramRuleInput,
  RuleFieldsFragment,
  RuleLimitPeriod,
  RuleRecipient,
  RuleRewardInput,
  RuleRewardType,
  RuleTriggerType,
} from '../../gql/graphql';

export type Rule = RuleFieldsFragment;
type Reward = NonNullable<Rule['reward']>;

export const TRIGGER_TYPES: RuleTriggerType[] = ['CONVERSION', 'PAYMENT', 'EVENT', 'MILESTONE'];
export const RECIPIENTS: RuleRecipient[] = ['REFERRER', 'REFERRED'];
export const REWARD_TYPES: RuleRewardType[] = ['PCT_DISCOUNT', 'CREDIT', 'FIXED_DISCOUNT', 'CASH'];
export const LIMIT_PERIODS: RuleLimitPeriod[] = ['MONTH', 'YEAR', 'LIFETIME'];

export interface RewardDraft {
  type: RuleRewardType;
  discountPercent: string;
  amountCents: string;
  /** CREDIT's unit, or FIXED_DISCOUNT's and CASH's currency. */
  unit: string;
  /** CASH only: a fixed amount or a share of the payment. */
  cashBy: 'AMOUNT' | 'PERCENT';
  percentOfPayment: string;
}

export interface TierDraft {
  key: number;
  fromConversions: string;
  toConversions: string;
  reward: RewardDraft;
}

export interface LimitDraft {
  key: number;
  period: RuleLimitPeriod;
  maxCount: string;
  maxAmountCents: string;
}

export interface RuleDraft {
  /** A key for lists (rules move; their ids may be edited). */
  key: number;
  id: string;
  name: string;
  trigger: {
    type: RuleTriggerType;
    forMonths: string;
    eventKey: string;
    field: string;
    atLeast: string;
    conversions: string;
  };
  recipient: RuleRecipient;
  useTiers: boolean;
  reward: RewardDraft;
  tiers: TierDraft[];
  limits: LimitDraft[];
  eligibility: { minSubscriptionValueCents: string; newCustomersOnly: boolean };
}

/** Errors by control name (`rules.<i>.<path>`, as the server names them without `input.`). */
export type FieldErrors = Record<string, string>;

let nextKey = 1;
export const newKey = () => nextKey++;

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function rewardDraft(reward?: Reward | null): RewardDraft {
  return {
    type: reward?.type ?? 'CREDIT',
    discountPercent: text(reward?.discountPercent),
    amountCents: text(reward?.amountCents),
    unit: reward?.unit ?? reward?.currency ?? 'USD',
    cashBy: reward?.percentOfPayment != null ? 'PERCENT' : 'AMOUNT',
    percentOfPayment: text(reward?.percentOfPayment),
  };
}

export const newTier = (fromConversions = ''): TierDraft => ({
  key: newKey(),
  fromConversions,
  toConversions: '',
  reward: rewardDraft(),
});

export const newLimit = (period: RuleLimitPeriod = 'YEAR'): LimitDraft => ({
  key: newKey(),
  period,
  maxCount: '',
  maxAmountCents: '',
});

export function draftFromRule(rule: Rule): RuleDraft {
  return {
    key: newKey(),
    id: rule.id,
    name: rule.name,
    trigger: {
      type: rule.trigger.type,
      forMonths: text(rule.trigger.forMonths),
      eventKey: rule.trigger.eventKey ?? '',
      field: rule.trigger.field ?? '',
      atLeast: text(rule.trigger.atLeast),
      conversions: text(rule.trigger.conversions),
    },
    recipient: rule.recipient,
    useTiers: !!rule.tiers?.length,
    reward: rewardDraft(rule.reward),
    tiers: (rule.tiers ?? []).map((t) => ({
      key: newKey(),
      fromConversions: text(t.fromConversions),
      toConversions: text(t.toConversions),
      reward: rewardDraft(t.reward),
    })),
    limits: rule.limits.map((l) => ({
      key: newKey(),
      period: l.period,
      maxCount: text(l.maxCount),
      maxAmountCents: text(l.maxAmountCents),
    })),
    eligibility: {
      minSubscriptionValueCents: text(rule.eligibility.minSubscriptionValueCents),
      newCustomersOnly: rule.eligibility.newCustomersOnly ?? false,
    },
  };
}

/** A new rule: a credit for the referrer at each conversion, with an id not used yet. */
export function newRule(taken: string[]): RuleDraft {
  let n = taken.length + 1;
  while (taken.includes(`rule-${n}`)) n += 1;
  return {
    key: newKey(),
    id: `rule-${n}`,
    name: '',
    trigger: { type: 'CONVERSION', forMonths: '', eventKey: '', field: '', atLeast: '', conversions: '' },
    recipient: 'REFERRER',
    useTiers: false,
    reward: rewardDraft(),
    tiers: [],
    limits: [],
    eligibility: { minSubscriptionValueCents: '', newCustomersOnly: false },
  };
}

/** Turns typed text into the API's values, noting the ones that are not numbers. */
class Reader {
  readonly errors: FieldErrors = {};
  /** A number, or undefined when blank; `whole` refuses fractions. Required blanks are errors. */
  number(value: string, name: string, opts: { whole?: boolean; required?: boolean } = {}) {
    const trimmed = value.trim();
    if (trimmed === '') {
      if (opts.required) this.errors[name] = 'Enter a number.';
      return undefined;
    }
    const n = Number(trimmed);
    const ok = opts.whole ? /^-?\d+$/.test(trimmed) : /^-?\d+(\.\d+)?$/.test(trimmed) && Number.isFinite(n);
    if (!ok) {
      this.errors[name] = opts.whole ? 'Enter a whole number.' : 'Enter a number.';
      return undefined;
    }
    return n;
  }
}

function rewardInput(r: RewardDraft, at: string, read: Reader): RuleRewardInput {
  switch (r.type) {
    case 'PCT_DISCOUNT':
      return {
        type: r.type,
        discountPercent: read.number(r.discountPercent, `${at}.discountPercent`, {
          whole: true,
          required: true,
        }),
      };
    case 'CREDIT':
    case 'FIXED_DISCOUNT': {
      const amountCents = read.number(r.amountCents, `${at}.amountCents`, { whole: true, required: true });
      const unit = r.unit.trim().toUpperCase();
      return r.type === 'CREDIT'
        ? { type: r.type, amountCents, unit }
        : { type: r.type, amountCents, currency: unit };
    }
    case 'CASH':
      return r.cashBy === 'PERCENT'
        ? {
            type: r.type,
            percentOfPayment: read.number(r.percentOfPayment, `${at}.percentOfPayment`, { required: true }),
            currency: r.unit.trim().toUpperCase(),
          }
        : {
            type: r.type,
            amountCents: read.number(r.amountCents, `${at}.amountCents`, { whole: true, required: true }),
            currency: r.unit.trim().toUpperCase(),
          };
  }
}

function triggerInput(d: RuleDraft, at: string, read: Reader): ProgramRuleInput['trigger'] {
  const t = d.trigger;
  switch (t.type) {
    case 'CONVERSION':
      return { type: t.type };
    case 'PAYMENT':
      return {
        type: t.type,
        forMonths: read.number(t.forMonths, `${at}.forMonths`, { whole: true }) ?? null,
      };
    case 'EVENT': {
      const field = t.field.trim();
      return {
        type: t.type,
        eventKey: t.eventKey.trim(),
        ...(field ? { field } : {}),
        atLeast: read.number(t.atLeast, `${at}.atLeast`),
      };
    }
    case 'MILESTONE':
      return {
        type: t.type,
        conversions: read.number(t.conversions, `${at}.conversions`, { whole: true, required: true }),
      };
  }
}

function ruleInput(d: RuleDraft, i: number, read: Reader): ProgramRuleInput {
  const at = `rules.${i}`;
  const minValue = read.number(
    d.eligibility.minSubscriptionValueCents,
    `${at}.eligibility.minSubscriptionValueCents`,
    { whole: true },
  );
  return {
    id: d.id.trim(),
    name: d.name.trim(),
    trigger: triggerInput(d, `${at}.trigger`, read),
    recipient: d.recipient,
    ...(d.useTiers
      ? {
          tiers: d.tiers.map((t, j) => ({
            fromConversions:
              read.number(t.fromConversions, `${at}.tiers.${j}.fromConversions`, {
                whole: true,
                required: true,
              }) ?? 0,
            toConversions:
              read.number(t.toConversions, `${at}.tiers.${j}.toConversions`, { whole: true }) ?? null,
            reward: rewardInput(t.reward, `${at}.tiers.${j}.reward`, read),
          })),
        }
      : { reward: rewardInput(d.reward, `${at}.reward`, read) }),
    limits: d.limits.map((l, k) => ({
      period: l.period,
      maxCount: read.number(l.maxCount, `${at}.limits.${k}.maxCount`, { whole: true }),
      maxAmountCents: read.number(l.maxAmountCents, `${at}.limits.${k}.maxAmountCents`, { whole: true }),
    })),
    eligibility: {
      ...(minValue !== undefined ? { minSubscriptionValueCents: minValue } : {}),
      ...(d.eligibility.newCustomersOnly ? { newCustomersOnly: true } : {}),
    },
  };
}

/** The rules to publish, or the controls whose text is not a number (nothing is sent then). */
export function buildRules(drafts: RuleDraft[]): { rules: ProgramRuleInput[]; errors: FieldErrors } {
  const read = new Reader();
  const rules = drafts.map((d, i) => ruleInput(d, i, read));
  return { rules, errors: read.errors };
}

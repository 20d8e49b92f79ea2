import {
  buildRules,
  draftFromRule,
  newRule,
  type Rule,
} from '../../clients/admin/src/pages/programs/rule-draft';
import { controlNames, firstError, mapRuleErrors } from '../../clients/admin/src/pages/programs/rule-errors';
import { ruleSetSchema } from '../../shared/domain/programs/rules.schema';

/**
 * The portal's rule editor without a browser: every kind of trigger, reward, tier, limit and eligibility
 * in the schema goes through the editor's drafts and back unchanged (and the schema accepts what it
 * sends); typed text that is not a number is named before anything is sent; the server's errors land on
 * the control they name (the rules in words are checked in test/browser/portal-rules.test.ts).
 */

const reward = (r: Partial<NonNullable<Rule['reward']>> & Pick<NonNullable<Rule['reward']>, 'type'>) => ({
  discountPercent: null,
  amountCents: null,
  unit: null,
  currency: null,
  percentOfPayment: null,
  ...r,
});
const trigger = (t: Partial<Rule['trigger']> & Pick<Rule['trigger'], 'type'>) => ({
  forMonths: null,
  eventKey: null,
  field: null,
  atLeast: null,
  conversions: null,
  ...t,
});
const rule = (r: Partial<Rule> & Pick<Rule, 'id' | 'trigger'>): Rule => ({
  name: `Rule ${r.id}`,
  recipient: 'REFERRER',
  reward: null,
  tiers: null,
  limits: [],
  eligibility: { minSubscriptionValueCents: null, newCustomersOnly: null },
  ...r,
});

/** One rule of every kind the schema has, as the API answers them. */
const EVERY_KIND: Rule[] = [
  rule({
    id: 'recurring',
    trigger: trigger({ type: 'PAYMENT', forMonths: 12 }),
    reward: reward({ type: 'CASH', percentOfPayment: 20, currency: 'USD' }),
  }),
  rule({
    id: 'for-life',
    trigger: trigger({ type: 'PAYMENT' }),
    reward: reward({ type: 'CASH', amountCents: 500, currency: 'EUR' }),
    limits: [{ period: 'MONTH', maxCount: 3, maxAmountCents: 1500 }],
  }),
  rule({
    id: 'big-order',
    trigger: trigger({ type: 'EVENT', eventKey: 'order', field: 'revenue', atLeast: 99.5 }),
    recipient: 'REFERRED',
    reward: reward({ type: 'FIXED_DISCOUNT', amountCents: 1000, currency: 'USD' }),
    eligibility: { minSubscriptionValueCents: 2000, newCustomersOnly: true },
  }),
  rule({
    id: 'any-event',
    trigger: trigger({ type: 'EVENT', eventKey: 'signup' }),
    reward: reward({ type: 'PCT_DISCOUNT', discountPercent: 10 }),
  }),
  rule({
    id: 'tiers',
    trigger: trigger({ type: 'CONVERSION' }),
    tiers: [
      {
        fromConversions: 1,
        toConversions: 4,
        reward: reward({ type: 'CREDIT', amountCents: 1000, unit: 'USD' }),
      },
      {
        fromConversions: 5,
        toConversions: null,
        reward: reward({ type: 'CREDIT', amountCents: 2000, unit: 'USD' }),
      },
    ],
    limits: [
      { period: 'YEAR', maxCount: null, maxAmountCents: 50_000 },
      { period: 'LIFETIME', maxCount: 100, maxAmountCents: null },
    ],
  }),
  rule({
    id: 'three-friends',
    trigger: trigger({ type: 'MILESTONE', conversions: 3 }),
    reward: reward({ type: 'PCT_DISCOUNT', discountPercent: 100 }),
  }),
];

/** What the API answers for what was sent: absent fields as null, empty eligibility as nulls. */
function asAnswered(input: ReturnType<typeof buildRules>['rules'][number]): Rule {
  const out = JSON.parse(JSON.stringify(input)) as Record<string, any>;
  const r = (x: Record<string, unknown>) => reward(x as never);
  return {
    ...rule({ id: out.id, trigger: trigger(out.trigger) }),
    name: out.name,
    recipient: out.recipient,
    reward: out.reward ? r(out.reward) : null,
    tiers: out.tiers
      ? out.tiers.map((t: any) => ({ ...t, toConversions: t.toConversions ?? null, reward: r(t.reward) }))
      : null,
    limits: out.limits.map((l: any) => ({ maxCount: null, maxAmountCents: null, ...l })),
    eligibility: {
      minSubscriptionValueCents: out.eligibility.minSubscriptionValueCents ?? null,
      newCustomersOnly: out.eligibility.newCustomersOnly ?? null,
    },
  };
}

test('every kind of rule goes through the editor and back unchanged, and the schema accepts what it sends', () => {
  const { rules, errors } = buildRules(EVERY_KIND.map(draftFromRule));
  expect(errors).toEqual({});
  expect(ruleSetSchema.safeParse(JSON.parse(JSON.stringify(rules))).success).toBe(true);
  const answered = rules.map(asAnswered);
  // newCustomersOnly false is sent as absent: the API answers null for both.
  expect(answered).toEqual(EVERY_KIND);
  expect(rules[0]!.trigger).toEqual({ type: 'PAYMENT', forMonths: 12 });
  expect(rules[1]!.trigger).toEqual({ type: 'PAYMENT', forMonths: null });
  expect(rules[0]!.reward).toEqual({ type: 'CASH', percentOfPayment: 20, currency: 'USD' });
  expect(rules[3]!.trigger).toEqual({ type: 'EVENT', eventKey: 'signup', atLeast: undefined });
});

test('a new rule gets an unused id; typed text that is not a number is named, per control', () => {
  const draft = newRule(['rule-1', 'rule-3']);
  expect(draft.id).toBe('rule-4');
  const bad = {
    ...draft,
    reward: { ...draft.reward, amountCents: '10.5' },
    limits: [{ key: 1, period: 'YEAR' as const, maxCount: 'ten', maxAmountCents: '' }],
    eligibility: { minSubscriptionValueCents: '1e3', newCustomersOnly: false },
  };
  const percent = { ...draft, useTiers: false, reward: { ...draft.reward, type: 'PCT_DISCOUNT' as const } };
  expect(buildRules([bad, percent]).errors).toEqual({
    'rules.0.reward.amountCents': 'Enter a whole number.',
    'rules.0.limits.0.maxCount': 'Enter a whole number.',
    'rules.0.eligibility.minSubscriptionValueCents': 'Enter a whole number.',
    'rules.1.reward.discountPercent': 'Enter a number.',
  });
});

test.each([
  ['input.rules.3.reward.discountPercent', 'rules.3.reward.discountPercent'],
  ['input.rules.0.reward.percentOfPayment', 'rules.0.reward.percentOfPayment'],
  ['input.rules.4.tiers.1.fromConversions', 'rules.4.tiers.1.fromConversions'],
  ['input.rules.4.limits.0', 'rules.4.limits.0.period'],
  ['input.rules.0.reward', 'rules.0.reward.type'],
  ['input.rules.2.reward.currency', 'rules.2.reward.unit'],
  ['input.rules.0.trigger.type', 'rules.0.trigger.type'],
  ['input.rules.2.trigger.atLeast', 'rules.2.trigger.atLeast'],
  ['input.rules.5.recipient', 'rules.5.recipient'],
  ['input.rules.1.eligibility.minSubscriptionValueCents', 'rules.1.eligibility.minSubscriptionValueCents'],
])('the server’s %s shows under the control %s', (path, control) => {
  const names = controlNames(EVERY_KIND.map(draftFromRule));
  const mapped = mapRuleErrors([{ field: path, message: 'no' }], names);
  expect(mapped).toEqual({ fields: { [control]: 'no' }, other: [] });
  expect(firstError(mapped.fields, names)).toBe(control);
});

test('an error no control holds is listed with its rule; the first error is the first in the editor', () => {
  const names = controlNames(EVERY_KIND.map(draftFromRule));
  // Rule 5 has tiers: a reward error names a control it does not show.
  expect(
    mapRuleErrors([{ field: 'input.rules.4.reward.type', message: 'CASH rewards are not given yet' }], names),
  ).toEqual({
    fields: {},
    other: ['Rule 5: CASH rewards are not given yet'],
  });
  expect(mapRuleErrors([{ field: 'input.rules', message: 'too many' }], names).other).toEqual(['too many']);
  const fields = { 'rules.3.reward.discountPercent': 'x', 'rules.1.trigger.forMonths': 'y' };
  expect(firstError(fields, names)).toBe('rules.1.trigger.forMonths');
});

import { ruleSetSchema } from '../../shared/domain/programs/rules.schema';
import { toValidationIssues } from '../../shared/validation';

/** The field-named problems of a rule set, or [] when it is valid. */
function problems(rules: unknown): { field: string; message: string }[] {
  const parsed = ruleSetSchema.safeParse(rules);
  if (parsed.success) return [];
  return toValidationIssues(parsed.error, 'rules').map((i) => ({ field: i.path, message: i.message }));
}

const credit = { type: 'CREDIT', amountCents: 1000, unit: 'USD' } as const;
const rule = (overrides: Record<string, unknown> = {}) => ({
  id: 'friend',
  name: 'Per friend',
  trigger: { type: 'CONVERSION' },
  recipient: 'REFERRER',
  reward: credit,
  ...overrides,
});

describe('program rules: what is refused, with the field named', () => {
  test("bounds are refused in words an operator reads, not the validator's", () => {
    expect(
      problems([
        rule({
          trigger: { type: 'PAYMENT', forMonths: 500 },
          reward: { type: 'CASH', percentOfPayment: 0, currency: 'USD' },
          limits: [{ period: 'YEAR', maxCount: 1.5 }],
        }),
      ]),
    ).toEqual([
      { field: 'rules.0.trigger.forMonths', message: 'must be at most 120' },
      { field: 'rules.0.reward.percentOfPayment', message: 'must be more than 0' },
      { field: 'rules.0.limits.0.maxCount', message: 'must be a whole number' },
    ]);
    expect(problems([rule({ reward: { type: 'CREDIT', amountCents: 0, unit: 'USD' } })])).toEqual([
      { field: 'rules.0.reward.amountCents', message: 'must be at least 1' },
    ]);
  });

  test('the three worked examples of the guide are valid', () => {
    expect(
      problems([
        rule({
          id: 'recurring',
          name: '20 % of every payment for 12 months',
          trigger: { type: 'PAYMENT', forMonths: 12 },
          reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
        }),
        rule({
          id: 'per-friend',
          name: '$10 per friend up to $500 a year',
          limits: [{ period: 'YEAR', maxAmountCents: 50_000 }],
        }),
        rule({
          id: 'three-friends',
          name: 'A free month at three friends',
          trigger: { type: 'MILESTONE', conversions: 3 },
          reward: { type: 'PCT_DISCOUNT', discountPercent: 100 },
        }),
      ]),
    ).toEqual([]);
  });

  test('a percentage over 100, and a tier that starts below the previous one', () => {
    expect(problems([rule({ reward: { type: 'PCT_DISCOUNT', discountPercent: 120 } })])).toEqual([
      { field: 'rules.0.reward.discountPercent', message: expect.stringMatching(/100/) },
    ]);
    expect(
      problems([
        rule({
          reward: undefined,
          tiers: [
            { fromConversions: 1, toConversions: 4, reward: credit },
            { fromConversions: 3, reward: { ...credit, amountCents: 2000 } },
          ],
        }),
      ]),
    ).toEqual([
      { field: 'rules.0.tiers.1.fromConversions', message: 'must start after the previous tier (above 4)' },
    ]);
  });

  test.each([
    [
      'neither reward nor tiers',
      rule({ reward: undefined }),
      'rules.0.reward',
      'give either reward or tiers',
    ],
    [
      'both reward and tiers',
      rule({ tiers: [{ fromConversions: 1, reward: credit }] }),
      'rules.0.reward',
      'give either reward or tiers',
    ],
    [
      'an open tier before the last',
      rule({
        reward: undefined,
        tiers: [
          { fromConversions: 1, reward: credit },
          { fromConversions: 5, reward: credit },
        ],
      }),
      'rules.0.tiers.0.toConversions',
      'only the last tier may be open-ended',
    ],
    [
      'a tier that ends before it starts',
      rule({ reward: undefined, tiers: [{ fromConversions: 5, toConversions: 2, reward: credit }] }),
      'rules.0.tiers.0.toConversions',
      'must not be below fromConversions',
    ],
    [
      'cash as both an amount and a percentage',
      rule({
        trigger: { type: 'PAYMENT', forMonths: null },
        reward: { type: 'CASH', amountCents: 100, percentOfPayment: 5, currency: 'USD' },
      }),
      'rules.0.reward.amountCents',
      'give either amountCents or percentOfPayment',
    ],
    [
      'a percentage of a payment on a conversion',
      rule({ reward: { type: 'CASH', percentOfPayment: 5, currency: 'USD' } }),
      'rules.0.reward.percentOfPayment',
      'a percentage of the payment needs a PAYMENT trigger',
    ],
    [
      'cash for the referred friend',
      rule({ recipient: 'REFERRED', reward: { type: 'CASH', amountCents: 100, currency: 'USD' } }),
      'rules.0.reward.type',
      'CASH is owed to the referrer only',
    ],
    [
      'a milestone for the friend',
      rule({ recipient: 'REFERRED', trigger: { type: 'MILESTONE', conversions: 3 } }),
      'rules.0.recipient',
      'a MILESTONE rewards the referrer who reached it',
    ],
    [
      'an event threshold without its field',
      rule({ trigger: { type: 'EVENT', eventKey: 'order', atLeast: 50 } }),
      'rules.0.trigger.atLeast',
      'give field and atLeast together',
    ],
    [
      'a limit that limits nothing',
      rule({ limits: [{ period: 'MONTH' }] }),
      'rules.0.limits.0',
      'give maxCount or maxAmountCents',
    ],
    [
      'the same period limited twice',
      rule({
        limits: [
          { period: 'MONTH', maxCount: 3 },
          { period: 'MONTH', maxCount: 5 },
        ],
      }),
      'rules.0.limits.1.period',
      'MONTH is limited twice',
    ],
    [
      'an amount limit on a percent discount',
      rule({
        reward: { type: 'PCT_DISCOUNT', discountPercent: 10 },
        limits: [{ period: 'YEAR', maxAmountCents: 100 }],
      }),
      'rules.0.limits.0.maxAmountCents',
      'an amount limit needs rewards with an amount in one currency',
    ],
    [
      'an amount limit over tiers of two currencies',
      rule({
        reward: undefined,
        tiers: [
          { fromConversions: 1, toConversions: 2, reward: credit },
          { fromConversions: 3, reward: { type: 'CASH', amountCents: 100, currency: 'EUR' } },
        ],
        limits: [{ period: 'YEAR', maxAmountCents: 100 }],
      }),
      'rules.0.limits.0.maxAmountCents',
      'an amount limit needs rewards with an amount in one currency',
    ],
  ])('%s', (_name, given, field, message) => {
    expect(problems([given])).toEqual([{ field, message }]);
  });

  test('rule ids are unique, and a program has 1 to 50 rules', () => {
    expect(problems([rule(), rule({ name: 'Again' })])).toEqual([
      { field: 'rules.1.id', message: 'friend is used twice' },
    ]);
    expect(problems([])).toEqual([{ field: 'rules', message: expect.stringMatching(/>=1|at least 1/i) }]);
    expect(problems(Array.from({ length: 51 }, (_, i) => rule({ id: `r${i}` })))).toEqual([
      { field: 'rules', message: expect.stringMatching(/<=50|at most 50/i) },
    ]);
  });

  test('unknown fields, triggers and currencies are refused by name', () => {
    expect(problems([rule({ bonus: true })])).toEqual([
      { field: 'rules.0', message: expect.stringMatching(/bonus/) },
    ]);
    expect(problems([rule({ trigger: { type: 'BIRTHDAY' } })])[0]!.field).toBe('rules.0.trigger.type');
    expect(
      problems([rule({ reward: { type: 'FIXED_DISCOUNT', amountCents: 500, currency: 'usd' } })]),
    ).toEqual([
      { field: 'rules.0.reward.currency', message: 'must be a three-letter ISO 4217 code (e.g. USD)' },
    ]);
  });
});

import {
  addMonthsUtc,
  evaluateRules,
  type EvaluationFacts,
  type Occurrence,
  type PriorGrant,
  type RuleDecision,
} from '../../shared/domain/programs/rule-evaluation';
import { ruleSetSchema, type RuleSet } from '../../shared/domain/programs/rules.schema';

const rules = (given: unknown[]): RuleSet => ruleSetSchema.parse(given);
const at = (iso: string) => new Date(iso);
const CONVERTED = at('2026-03-15T10:00:00Z');

function facts(overrides: Partial<EvaluationFacts> = {}): EvaluationFacts {
  return {
    referralId: 'ref-1',
    referrerId: 'acct-rita',
    convertedAt: CONVERTED,
    referrerConversions: 1,
    referred: { subscriptionValueCents: 4900, currency: 'USD', paidBeforeAttribution: false },
    prior: [],
    ...overrides,
  };
}
const conversion: Occurrence = { type: 'CONVERSION', at: CONVERTED };
const payment = (id: string, iso: string, amountCents = 10_000): Occurrence => ({
  type: 'PAYMENT',
  paymentId: id,
  amountCents,
  currency: 'USD',
  at: at(iso),
});
const grant = (ruleId: string, key: string, iso: string, amountCents: number | null = 1000): PriorGrant => ({
  ruleId,
  key,
  at: at(iso),
  amountCents,
});
/** The one decision, with `reason` and `key` readable whichever its outcome (undefined where absent). */
const only = (decisions: RuleDecision[]): RuleDecision & { reason?: unknown; key?: string } => {
  expect(decisions).toHaveLength(1);
  return decisions[0]!;
};

const PER_FRIEND = {
  id: 'per-friend',
  name: '$10 per friend up to $500 a year',
  trigger: { type: 'CONVERSION' },
  recipient: 'REFERRER',
  reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' },
  limits: [{ period: 'YEAR', maxAmountCents: 50_000 }],
};
const RECURRING = {
  id: 'recurring',
  name: '20 % of every payment for 12 months',
  trigger: { type: 'PAYMENT', forMonths: 12 },
  recipient: 'REFERRER',
  reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
};
const THREE_FRIENDS = {
  id: 'three-friends',
  name: 'A free month at three friends',
  trigger: { type: 'MILESTONE', conversions: 3 },
  recipient: 'REFERRER',
  reward: { type: 'PCT_DISCOUNT', discountPercent: 100 },
};

describe('CONVERSION rules', () => {
  test('grant once per referral, keyed by rule and referral, and explain it', () => {
    const decision = only(evaluateRules(rules([PER_FRIEND]), facts(), conversion));
    expect(decision).toMatchObject({
      outcome: 'GRANTED',
      key: 'rule:per-friend:referral:ref-1',
      reward: { type: 'CREDIT', amountCents: 1000, currency: 'USD' },
      recipient: 'REFERRER',
      tier: null,
      reducedBy: null,
    });
    expect(decision.explanation).toBe(
      '"$10 per friend up to $500 a year" gave the referrer 10.00 USD of credit: the referral converted on 2026-03-15.',
    );
    const again = only(
      evaluateRules(
        rules([PER_FRIEND]),
        facts({ prior: [grant('per-friend', 'rule:per-friend:referral:ref-1', '2026-03-15T10:00:00Z')] }),
        conversion,
      ),
    );
    expect(again).toMatchObject({ outcome: 'NOT_GRANTED', reason: { code: 'ALREADY_GRANTED' } });
    expect(again.explanation).toMatch(/already gave its reward for this referral/);
  });

  test('a rule for the friend and one for the referrer both answer the same conversion', () => {
    const decisions = evaluateRules(
      rules([
        {
          ...PER_FRIEND,
          id: 'friend-discount',
          recipient: 'REFERRED',
          reward: { type: 'FIXED_DISCOUNT', amountCents: 500, currency: 'USD' },
          limits: [],
        },
        PER_FRIEND,
      ]),
      facts(),
      conversion,
    );
    expect(decisions.map((d) => [d.ruleId, d.recipient, d.outcome])).toEqual([
      ['friend-discount', 'REFERRED', 'GRANTED'],
      ['per-friend', 'REFERRER', 'GRANTED'],
    ]);
    expect(decisions[0]!.explanation).toMatch(/gave the referred friend a 5.00 USD discount/);
  });

  test('a referral that has not converted gets nothing yet', () => {
    const decision = only(evaluateRules(rules([PER_FRIEND]), facts({ convertedAt: null }), conversion));
    expect(decision).toMatchObject({ outcome: 'NOT_GRANTED', reason: { code: 'NOT_CONVERTED' } });
  });
});

describe('limits', () => {
  test('a yearly amount cap cuts the last reward down, then refuses, and a new year starts afresh', () => {
    const paidThisYear = Array.from({ length: 49 }, (_, i) =>
      grant('per-friend', `rule:per-friend:referral:old-${i}`, '2026-02-01T00:00:00Z', 1000),
    );
    paidThisYear.push(grant('per-friend', 'rule:per-friend:referral:half', '2026-02-02T00:00:00Z', 400));
    const reduced = only(evaluateRules(rules([PER_FRIEND]), facts({ prior: paidThisYear }), conversion));
    expect(reduced).toMatchObject({
      outcome: 'GRANTED',
      reward: { amountCents: 600 },
      reducedBy: { fullAmountCents: 1000, limit: { period: 'YEAR' } },
    });
    expect(reduced.explanation).toMatch(/reduced from 10.00 USD by the yearly limit of 500.00 USD/);

    paidThisYear.push(grant('per-friend', 'rule:per-friend:referral:last', '2026-03-01T00:00:00Z', 600));
    const capped = only(evaluateRules(rules([PER_FRIEND]), facts({ prior: paidThisYear }), conversion));
    expect(capped).toMatchObject({ outcome: 'NOT_GRANTED', reason: { code: 'CAPPED' } });
    expect(capped.explanation).toBe(
      '"$10 per friend up to $500 a year" gave nothing: the referrer reached the yearly limit of 500.00 USD.',
    );

    const nextYear = only(
      evaluateRules(rules([PER_FRIEND]), facts({ prior: paidThisYear }), {
        type: 'CONVERSION',
        at: at('2027-01-01T00:00:00Z'),
      }),
    );
    expect(nextYear).toMatchObject({ outcome: 'GRANTED', reward: { amountCents: 1000 } });
  });

  test('a monthly count and a lifetime count, each named when reached', () => {
    const limited = rules([
      {
        ...PER_FRIEND,
        limits: [
          { period: 'MONTH', maxCount: 2 },
          { period: 'LIFETIME', maxCount: 3 },
        ],
      },
    ]);
    const march = [1, 2].map((i) => grant('per-friend', `k${i}`, '2026-03-0' + i + 'T00:00:00Z'));
    const monthly = only(evaluateRules(limited, facts({ prior: march }), conversion));
    expect(monthly.explanation).toMatch(/the monthly limit of 2 rewards/);
    const april: Occurrence = { type: 'CONVERSION', at: at('2026-04-02T00:00:00Z') };
    expect(only(evaluateRules(limited, facts({ prior: march }), april)).outcome).toBe('GRANTED');
    const three = [...march, grant('per-friend', 'k3', '2026-04-01T00:00:00Z')];
    expect(only(evaluateRules(limited, facts({ prior: three }), april)).explanation).toMatch(
      /the lifetime limit of 3 rewards/,
    );
  });

  test("only the rule's own rewards count against its limits", () => {
    const other = Array.from({ length: 60 }, (_, i) =>
      grant('recurring', `p${i}`, '2026-03-01T00:00:00Z', 5000),
    );
    expect(only(evaluateRules(rules([PER_FRIEND]), facts({ prior: other }), conversion)).outcome).toBe(
      'GRANTED',
    );
  });
});

describe('PAYMENT rules', () => {
  test('a share of each payment, once per payment id, for forMonths months after the conversion', () => {
    const set = rules([RECURRING]);
    const first = only(evaluateRules(set, facts(), payment('in_1', '2026-04-15T00:00:00Z', 4900)));
    expect(first).toMatchObject({
      outcome: 'GRANTED',
      key: 'rule:recurring:payment:in_1',
      reward: { type: 'CASH', amountCents: 980, currency: 'USD' },
    });
    expect(first.explanation).toMatch(
      /gave the referrer 9.80 USD in cash: 20 % of the payment of 49.00 USD on 2026-04-15 \(in_1\)/,
    );
    const repeated = evaluateRules(
      set,
      facts({ prior: [grant('recurring', 'rule:recurring:payment:in_1', '2026-04-15T00:00:00Z', 980)] }),
      payment('in_1', '2026-04-15T00:00:00Z', 4900),
    );
    expect(only(repeated).reason).toEqual({ code: 'ALREADY_GRANTED', key: 'rule:recurring:payment:in_1' });

    expect(only(evaluateRules(set, facts(), payment('in_12', '2027-03-15T09:59:59Z'))).outcome).toBe(
      'GRANTED',
    );
    const late = only(evaluateRules(set, facts(), payment('in_13', '2027-03-15T10:00:00Z')));
    expect(late).toMatchObject({ outcome: 'NOT_GRANTED', reason: { code: 'OUTSIDE_WINDOW', forMonths: 12 } });
    expect(late.explanation).toMatch(
      /payments for 12 months after the conversion, which ended on 2027-03-15/,
    );
  });

  test('for life, and a payment before the conversion waits for it', () => {
    const forLife = rules([{ ...RECURRING, trigger: { type: 'PAYMENT', forMonths: null } }]);
    expect(only(evaluateRules(forLife, facts(), payment('in_99', '2036-01-01T00:00:00Z'))).outcome).toBe(
      'GRANTED',
    );
    expect(
      only(evaluateRules(forLife, facts({ convertedAt: null }), payment('in_0', '2026-03-01T00:00:00Z')))
        .reason,
    ).toEqual({ code: 'NOT_CONVERTED' });
  });

  test('a payment of nothing gives nothing', () => {
    expect(
      only(evaluateRules(rules([RECURRING]), facts(), payment('in_0', '2026-04-01T00:00:00Z', 0))).reason,
    ).toEqual({
      code: 'NOTHING_TO_GIVE',
    });
  });

  test('payment rules ignore conversions and events', () => {
    expect(evaluateRules(rules([RECURRING]), facts(), conversion)).toEqual([]);
  });
});

describe('EVENT rules', () => {
  const ORDER = {
    id: 'big-order',
    name: 'A big first order',
    trigger: { type: 'EVENT', eventKey: 'order_placed', field: 'total', atLeast: 50 },
    recipient: 'REFERRER',
    reward: { type: 'CREDIT', amountCents: 500, unit: 'USD' },
  };
  const event = (fields: Record<string, unknown>, key = 'order_placed'): Occurrence => ({
    type: 'EVENT',
    eventId: 'ev-1',
    key,
    fields,
    at: at('2026-03-20T00:00:00Z'),
  });

  test('its key, with a numeric field at least the value, once per referral', () => {
    expect(only(evaluateRules(rules([ORDER]), facts(), event({ total: 50 }))).outcome).toBe('GRANTED');
    const small = only(evaluateRules(rules([ORDER]), facts(), event({ total: 49.99 })));
    expect(small.explanation).toMatch(/the event's total was 49.99, below 50/);
    expect(only(evaluateRules(rules([ORDER]), facts(), event({ total: '80' }))).reason).toMatchObject({
      code: 'BELOW_THRESHOLD',
      value: null,
    });
    expect(evaluateRules(rules([ORDER]), facts(), event({ total: 80 }, 'signup'))).toEqual([]);
    expect(only(evaluateRules(rules([ORDER]), facts(), event({ total: 80 }))).key).toBe(
      'rule:big-order:referral:ref-1',
    );
  });

  test('does not need a conversion', () => {
    expect(
      only(evaluateRules(rules([ORDER]), facts({ convertedAt: null }), event({ total: 80 }))).outcome,
    ).toBe('GRANTED');
  });
});

describe('MILESTONE rules', () => {
  test('once per referrer when the converted count reaches N, whichever conversion (or race) gets there', () => {
    const set = rules([THREE_FRIENDS]);
    const two = only(evaluateRules(set, facts({ referrerConversions: 2 }), conversion));
    expect(two.explanation).toMatch(/has 2 of the 3 converted referrals it needs/);
    const three = only(
      evaluateRules(set, facts({ referrerConversions: 3, referralId: 'ref-3' }), conversion),
    );
    const threeElsewhere = only(
      evaluateRules(set, facts({ referrerConversions: 3, referralId: 'ref-4' }), conversion),
    );
    // Two conversions committed at once both see three: one key, so the store keeps one reward.
    expect(three).toMatchObject({
      outcome: 'GRANTED',
      key: 'rule:three-friends:referrer:acct-rita:milestone:3',
    });
    expect(threeElsewhere.outcome === 'GRANTED' && threeElsewhere.key).toBe(
      three.outcome === 'GRANTED' && three.key,
    );
    expect(three.explanation).toMatch(
      /gave the referrer a 100 % discount: the referrer reached 3 converted referrals/,
    );
    const later = only(
      evaluateRules(
        set,
        facts({
          referrerConversions: 5,
          prior: [
            grant(
              'three-friends',
              'rule:three-friends:referrer:acct-rita:milestone:3',
              '2026-03-01T00:00:00Z',
              null,
            ),
          ],
        }),
        conversion,
      ),
    );
    expect(later.reason).toMatchObject({ code: 'ALREADY_GRANTED' });
    expect(later.explanation).toMatch(/already gave its reward for this milestone/);
  });
});

describe('tiers', () => {
  const TIERED = {
    id: 'tiered',
    name: '$10 each, $20 from the fifth friend',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRER',
    tiers: [
      { fromConversions: 1, toConversions: 4, reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' } },
      { fromConversions: 5, reward: { type: 'CREDIT', amountCents: 2000, unit: 'USD' } },
    ],
  };

  test('the first tier whose range holds the referrer’s converted count', () => {
    const fourth = only(evaluateRules(rules([TIERED]), facts({ referrerConversions: 4 }), conversion));
    expect(fourth).toMatchObject({ reward: { amountCents: 1000 }, tier: 0 });
    const fifth = only(evaluateRules(rules([TIERED]), facts({ referrerConversions: 5 }), conversion));
    expect(fifth).toMatchObject({ reward: { amountCents: 2000 }, tier: 1 });
    expect(fifth.explanation).toMatch(/20.00 USD of credit \(tier 2: from conversion 5\)/);
  });

  test('a count no tier covers gives nothing, and says so', () => {
    const gap = rules([{ ...TIERED, tiers: [{ ...TIERED.tiers[1] }] }]);
    const decision = only(evaluateRules(gap, facts({ referrerConversions: 2 }), conversion));
    expect(decision).toMatchObject({ outcome: 'NOT_GRANTED', reason: { code: 'NO_TIER', conversions: 2 } });
    expect(decision.explanation).toMatch(/no tier covers a referrer with 2 converted referrals/);
  });
});

describe('eligibility', () => {
  test('new customers only, and a minimum subscription value in the reward’s currency', () => {
    const newOnly = rules([{ ...PER_FRIEND, eligibility: { newCustomersOnly: true } }]);
    const returning = facts({
      referred: { subscriptionValueCents: 4900, currency: 'USD', paidBeforeAttribution: true },
    });
    expect(only(evaluateRules(newOnly, returning, conversion)).explanation).toMatch(/new customers only/);

    const minimum = rules([{ ...PER_FRIEND, eligibility: { minSubscriptionValueCents: 5000 } }]);
    const decision = only(evaluateRules(minimum, facts(), conversion));
    expect(decision.reason).toEqual({ code: 'NOT_ELIGIBLE', requirement: 'MIN_SUBSCRIPTION_VALUE' });
    expect(decision.explanation).toMatch(/below the rule's minimum of 50.00 USD/);
    const euros = facts({
      referred: { subscriptionValueCents: 9900, currency: 'EUR', paidBeforeAttribution: false },
    });
    expect(only(evaluateRules(minimum, euros, conversion)).outcome).toBe('NOT_GRANTED');
    const enough = facts({
      referred: { subscriptionValueCents: 5000, currency: 'USD', paidBeforeAttribution: false },
    });
    expect(only(evaluateRules(minimum, enough, conversion)).outcome).toBe('GRANTED');
  });
});

test('months are calendar months in UTC, the day clamped to the month', () => {
  expect(addMonthsUtc(at('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
  expect(addMonthsUtc(at('2026-03-15T10:00:00Z'), 12).toISOString()).toBe('2027-03-15T10:00:00.000Z');
  expect(addMonthsUtc(at('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
});

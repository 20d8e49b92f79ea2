import { ProgramReplay } from '../../shared/domain/programs/simulation-replay';
import type { ReplayedConversion } from '../../shared/repos/program-simulation.repo';
import {
  evaluateRules,
  type EvaluationFacts,
  type PriorGrant,
} from '../../shared/domain/programs/rule-evaluation';
import { ruleSetSchema } from '../../shared/domain/programs/rules.schema';

/**
 * The replay's indexed limits and keys (ReferrerGrants) against the plain evaluation over a list of
 * prior grants, conversion by conversion: the same rewards, so the index is only faster.
 */
const RULES = ruleSetSchema.parse([
  {
    id: 'tiers',
    name: '$10, $20 from the fifth, $150 a month',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRER',
    tiers: [
      { fromConversions: 1, toConversions: 4, reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' } },
      { fromConversions: 5, reward: { type: 'CREDIT', amountCents: 2000, unit: 'USD' } },
    ],
    limits: [
      { period: 'MONTH', maxAmountCents: 15_000 },
      { period: 'YEAR', maxCount: 40 },
    ],
  },
  {
    id: 'friend',
    name: 'Welcome credit for new customers',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRED',
    reward: { type: 'CREDIT', amountCents: 500, unit: 'EUR' },
    eligibility: { newCustomersOnly: true },
    limits: [{ period: 'LIFETIME', maxCount: 25 }],
  },
  ...[2, 7, 30].map((n) => ({
    id: `m${n}`,
    name: `At ${n}`,
    trigger: { type: 'MILESTONE', conversions: n },
    recipient: 'REFERRER',
    reward: { type: 'PCT_DISCOUNT', discountPercent: 10 },
  })),
]);

/** A deterministic stream: 3,000 conversions of 40 referrers over two years. */
function conversions(): ReplayedConversion[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 3000 }, (_, i) => {
    const paid = new Date(Date.UTC(2025, 0, 1) + i * 6 * 3_600_000);
    return {
      id: `ref-${i}`,
      referrer_account_id: `r${Math.floor(40 * next() ** 2)}`,
      paid_ms: paid.getTime(),
      subscription_value: '49.0000',
      currency: 'USD',
      // A fifth had paid before they were attributed (not new customers).
      paid_before_attribution: next() < 0.2,
    };
  });
}

test('the replay gives what evaluating against the list of prior grants gives', () => {
  const rows = conversions();
  const before = new Map([
    ['r0', 8],
    ['r1', 3],
  ]);
  const replay = new ProgramReplay(RULES, before);
  for (const row of rows) replay.conversion(row);

  // The plain way: every referrer's grants in a list, scanned by every decision.
  const prior = new Map<string, PriorGrant[]>();
  const counts = new Map(before);
  for (const [referrer, n] of before) {
    prior.set(
      referrer,
      [2, 7, 30]
        .filter((m) => m <= n)
        .map((m) => ({
          ruleId: `m${m}`,
          key: `rule:m${m}:referrer:${referrer}:milestone:${m}`,
          amountCents: null,
          at: new Date(0),
        })),
    );
  }
  const expected = new Map<string, number>();
  for (const row of rows) {
    const referrer = row.referrer_account_id;
    counts.set(referrer, (counts.get(referrer) ?? 0) + 1);
    const grants = prior.get(referrer) ?? [];
    prior.set(referrer, grants);
    const facts: EvaluationFacts = {
      referralId: row.id,
      referrerId: referrer,
      convertedAt: new Date(row.paid_ms),
      referrerConversions: counts.get(referrer)!,
      referred: {
        subscriptionValueCents: 4900,
        currency: 'USD',
        paidBeforeAttribution: row.paid_before_attribution,
      },
      prior: grants,
    };
    for (const d of evaluateRules(RULES, facts, { type: 'CONVERSION', at: new Date(row.paid_ms) })) {
      if (d.outcome !== 'GRANTED') continue;
      const amount = 'amountCents' in d.reward ? d.reward.amountCents : d.reward.discountPercent;
      grants.push({
        ruleId: d.ruleId,
        key: d.key,
        amountCents: 'amountCents' in d.reward ? amount : null,
        at: new Date(row.paid_ms),
      });
      const key = `${d.ruleId} ${new Date(row.paid_ms).toISOString().slice(0, 7)}`;
      expected.set(key, (expected.get(key) ?? 0) + amount);
    }
  }
  const replayed = new Map<string, number>();
  for (const rule of replay.result().rules) {
    for (const t of rule.totals) replayed.set(`${rule.ruleId} ${t.month}`, t.amount);
  }
  expect(replayed).toEqual(expected);
  // The limits were reached (a cap that never binds would prove nothing).
  const tiers = [...expected].filter(([k]) => k.startsWith('tiers ')).map(([, v]) => v);
  expect(Math.max(...tiers)).toBeGreaterThan(0);
  expect([...expected.keys()].some((k) => k.startsWith('m30 '))).toBe(true);
  expect([...expected.keys()].some((k) => k.startsWith('m2 '))).toBe(true);
});

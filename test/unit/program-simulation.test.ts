import { ProgramReplay } from '../../shared/domain/programs/simulation-replay';
import type { ReplayedConversion, ReplayedOccurrence } from '../../shared/repos/program-simulation.repo';
import {
  evaluateRules,
  type EvaluationFacts,
  type PriorGrant,
} from '../../shared/domain/programs/rule-evaluation';
import { ruleSetSchema } from '../../shared/domain/programs/rules.schema';

/**
 * The replay's indexed limits and keys (ReferrerGrants) against the plain evaluation over a list of
 * prior grants, conversion by conversion, then with payments and events among the conversions: the same
 * rewards, so the index is only faster.
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

const OCCURRENCE_RULES = ruleSetSchema.parse([
  ...RULES,
  {
    id: 'recurring',
    name: '20 % for 3 months, $30 a month, 30 a year',
    trigger: { type: 'PAYMENT', forMonths: 3 },
    recipient: 'REFERRER',
    reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
    limits: [
      { period: 'MONTH', maxAmountCents: 3000 },
      { period: 'YEAR', maxCount: 30 },
    ],
  },
  {
    id: 'onboarded',
    name: '$15 from 3 seats, 20 in all',
    trigger: { type: 'EVENT', eventKey: 'onboarded', field: 'seats', atLeast: 3 },
    recipient: 'REFERRER',
    reward: { type: 'CREDIT', amountCents: 1500, unit: 'USD' },
    limits: [{ period: 'LIFETIME', maxCount: 20 }],
  },
]);

type Item = { due: number; conversion: ReplayedConversion } | { due: number; occurrence: ReplayedOccurrence };

/** The conversions with each referral's payments (one the day before it converted) and two events, in due order. */
function withOccurrences(): Item[] {
  const DAY = 86_400_000;
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const items: Item[] = [];
  for (const c of conversions()) {
    items.push({ due: c.paid_ms, conversion: c });
    const base = {
      referral_id: c.id,
      referrer_account_id: c.referrer_account_id,
      paid_ms: c.paid_ms,
      subscription_value: c.subscription_value,
      account_currency: c.currency,
      paid_before_attribution: c.paid_before_attribution,
    };
    for (const k of [-1, 0, 1, 2, 3, 4]) {
      const at = c.paid_ms + k * 31 * DAY + 3_600_000;
      const occurrence: ReplayedOccurrence = {
        ...base,
        kind: 'PAYMENT',
        occurrence_id: `pay-${c.id}-${k}`,
        amount_cents: String(1000 + Math.floor(next() * 9000)),
        currency: 'USD',
        event_key: null,
        fields: null,
        occurred_ms: at,
        due_ms: Math.max(at, c.paid_ms),
      };
      items.push({ due: occurrence.due_ms, occurrence });
    }
    for (const days of [2, 9]) {
      const at = c.paid_ms + days * DAY;
      const occurrence: ReplayedOccurrence = {
        ...base,
        kind: 'EVENT',
        occurrence_id: `ev-${c.id}-${days}`,
        amount_cents: null,
        currency: null,
        event_key: 'onboarded',
        fields: { seats: Math.floor(next() * 6) },
        occurred_ms: at,
        due_ms: at,
      };
      items.push({ due: at, occurrence });
    }
  }
  // A conversion before a payment due at the same instant, as the replay merges them.
  return items.sort((a, b) => a.due - b.due || Number('occurrence' in a) - Number('occurrence' in b));
}

test('with payments and events among the conversions, the replay gives what the plain evaluation gives', () => {
  const items = withOccurrences();
  const replay = new ProgramReplay(OCCURRENCE_RULES, new Map());
  for (const item of items) {
    if ('conversion' in item) replay.conversion(item.conversion);
    else replay.occurrence(item.occurrence);
  }

  const prior = new Map<string, PriorGrant[]>();
  const counts = new Map<string, number>();
  const expected = new Map<string, number>();
  const refused = new Set<string>();
  for (const item of items) {
    const row = 'conversion' in item ? item.conversion : item.occurrence;
    const referrer = row.referrer_account_id;
    if ('conversion' in item) counts.set(referrer, (counts.get(referrer) ?? 0) + 1);
    const grants = prior.get(referrer) ?? [];
    prior.set(referrer, grants);
    const facts: EvaluationFacts = {
      referralId: 'conversion' in item ? item.conversion.id : item.occurrence.referral_id,
      referrerId: referrer,
      convertedAt: new Date(row.paid_ms!),
      referrerConversions: counts.get(referrer) ?? 0,
      referred: {
        subscriptionValueCents: 4900,
        currency: 'USD',
        paidBeforeAttribution: row.paid_before_attribution,
      },
      prior: grants,
    };
    const o = 'occurrence' in item ? item.occurrence : null;
    const occurrence =
      o === null
        ? ({ type: 'CONVERSION', at: new Date(item.due) } as const)
        : o.kind === 'PAYMENT'
          ? ({
              type: 'PAYMENT',
              paymentId: o.occurrence_id,
              amountCents: Number(o.amount_cents),
              currency: 'USD',
              at: new Date(o.occurred_ms),
            } as const)
          : ({
              type: 'EVENT',
              eventId: o.occurrence_id,
              key: 'onboarded',
              fields: o.fields!,
              at: new Date(o.occurred_ms),
            } as const);
    for (const d of evaluateRules(OCCURRENCE_RULES, facts, occurrence)) {
      if (d.outcome !== 'GRANTED') {
        refused.add(`${d.ruleId} ${d.reason.code}`);
        continue;
      }
      const amount = 'amountCents' in d.reward ? d.reward.amountCents : d.reward.discountPercent;
      const at = new Date(item.due);
      grants.push({
        ruleId: d.ruleId,
        key: d.key,
        amountCents: 'amountCents' in d.reward ? amount : null,
        at,
      });
      const key = `${d.ruleId} ${at.toISOString().slice(0, 7)}`;
      expected.set(key, (expected.get(key) ?? 0) + amount);
    }
  }
  const replayed = new Map<string, number>();
  for (const rule of replay.result().rules) {
    for (const t of rule.totals) replayed.set(`${rule.ruleId} ${t.month}`, t.amount);
  }
  expect(replayed).toEqual(expected);
  const result = replay.result();
  expect([result.conversions, result.payments, result.events]).toEqual([3000, 18_000, 6000]);
  // Both rules gave, and what stops them happened: caps, the window, a referral's second event.
  expect(expected.get('recurring 2025-03')).toBeGreaterThan(0);
  expect(expected.get('onboarded 2025-03')).toBeGreaterThan(0);
  expect([...refused].sort()).toEqual(
    expect.arrayContaining([
      'onboarded ALREADY_GRANTED',
      'onboarded BELOW_THRESHOLD',
      'onboarded CAPPED',
      'recurring CAPPED',
      'recurring OUTSIDE_WINDOW',
    ]),
  );
});

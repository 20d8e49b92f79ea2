import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../shared/config';
import { evaluateRules, type EvaluationFacts } from '../../shared/domain/programs/rule-evaluation';
import { ruleSetSchema } from '../../shared/domain/programs/rules.schema';

const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'programs.md'), 'utf8');
/** The guide's ```json rules blocks, each a whole rule set. */
const examples = [...guide.matchAll(/```json rules\n([\s\S]*?)```/g)].map(
  (m) => JSON.parse(m[1]!) as unknown,
);

const facts = (conversions: number, prior: EvaluationFacts['prior'] = []): EvaluationFacts => ({
  referralId: 'ref-1',
  referrerId: 'acct-1',
  convertedAt: new Date('2026-03-15T10:00:00Z'),
  referrerConversions: conversions,
  referred: { subscriptionValueCents: 4900, currency: 'USD', paidBeforeAttribution: false },
  prior,
});

describe('docs/programs.md', () => {
  test('its three worked examples are valid rule sets', () => {
    expect(examples).toHaveLength(3);
    for (const example of examples) expect(ruleSetSchema.safeParse(example).error).toBeUndefined();
  });

  test('recurring 20 % for 12 months: a share of a payment inside the months, nothing after', () => {
    const rules = ruleSetSchema.parse(examples[0]);
    const pay = (id: string, at: string) =>
      evaluateRules(rules, facts(1), {
        type: 'PAYMENT',
        paymentId: id,
        amountCents: 5000,
        currency: 'USD',
        at: new Date(at),
      });
    expect(pay('in_1', '2026-04-15T00:00:00Z')[0]).toMatchObject({
      outcome: 'GRANTED',
      reward: { amountCents: 1000 },
    });
    expect(pay('in_13', '2027-04-15T00:00:00Z')[0]).toMatchObject({ outcome: 'NOT_GRANTED' });
  });

  test('$10 per friend, $20 from the fifth, capped at $500 a year', () => {
    const rules = ruleSetSchema.parse(examples[1]);
    const convert = (n: number, prior: EvaluationFacts['prior'] = []) =>
      evaluateRules(rules, facts(n, prior), { type: 'CONVERSION', at: new Date('2026-03-15T10:00:00Z') })[0]!;
    expect(convert(1)).toMatchObject({ reward: { amountCents: 1000 } });
    expect(convert(5)).toMatchObject({ reward: { amountCents: 2000 } });
    const given = Array.from({ length: 25 }, (_, i) => ({
      ruleId: 'per-friend',
      key: `k${i}`,
      amountCents: 2000,
      at: new Date('2026-02-01T00:00:00Z'),
    }));
    expect(convert(30, given)).toMatchObject({ outcome: 'NOT_GRANTED', reason: { code: 'CAPPED' } });
  });

  test('a free month at three friends, once', () => {
    const rules = ruleSetSchema.parse(examples[2]);
    const at = { type: 'CONVERSION', at: new Date('2026-03-15T10:00:00Z') } as const;
    expect(evaluateRules(rules, facts(2), at)[0]!.outcome).toBe('NOT_GRANTED');
    expect(evaluateRules(rules, facts(3), at)[0]).toMatchObject({
      outcome: 'GRANTED',
      reward: { discountPercent: 100 },
    });
  });
});

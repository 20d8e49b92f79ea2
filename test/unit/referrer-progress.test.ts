import { referrerProgress } from '../../shared/domain/programs/referrer-progress';
import { ruleSetSchema } from '../../shared/domain/programs/rules.schema';

const credit = (amountCents: number) => ({ type: 'CREDIT', amountCents, unit: 'USD' });
const RULES = ruleSetSchema.parse([
  {
    id: 'tiers',
    name: 'Per friend',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRER',
    tiers: [
      { fromConversions: 1, toConversions: 4, reward: credit(1000) },
      { fromConversions: 5, toConversions: 9, reward: credit(2000) },
      { fromConversions: 10, reward: credit(3000) },
    ],
  },
  {
    id: 'm3',
    name: 'Three friends',
    trigger: { type: 'MILESTONE', conversions: 3 },
    recipient: 'REFERRER',
    reward: { type: 'PCT_DISCOUNT', discountPercent: 100 },
  },
  {
    id: 'friend-tiers',
    name: 'Not the referrer',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRED',
    tiers: [
      { fromConversions: 1, toConversions: 1, reward: credit(100) },
      { fromConversions: 2, reward: credit(200) },
    ],
  },
]);

test.each([
  [0, 'Three friends', 3, 3],
  [2, 'Three friends', 3, 1],
  [3, 'Per friend', 5, 2],
  // The fifth friend is next and already gets the $20 tier: the $30 one is ahead.
  [4, 'Per friend', 10, 6],
  [8, 'Per friend', 10, 2],
])('at %i conversions the next is %s at %i (%i to go)', (conversions, ruleName, at, remaining) => {
  expect(referrerProgress(RULES, conversions).next).toMatchObject({ ruleName, at, remaining });
});

test('nothing ahead after the last tier and milestone; rewards shown flat', () => {
  expect(referrerProgress(RULES, 9)).toEqual({ conversions: 9, next: null });
  expect(referrerProgress(RULES, 0).next!.reward).toEqual({
    type: 'PCT_DISCOUNT',
    discountPercent: 100,
    amountCents: null,
    currency: null,
  });
  expect(referrerProgress(RULES, 3).next!.reward).toEqual({
    type: 'CREDIT',
    discountPercent: null,
    amountCents: 2000,
    currency: 'USD',
  });
});

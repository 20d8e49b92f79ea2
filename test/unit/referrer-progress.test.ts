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
  expect(referrerProgress(RULES, 9)).toEqual({
    conversions: 9,
    next: null,
    perFriend: { ruleName: 'Per friend', reward: expect.objectContaining({ amountCents: 3000 }) },
  });
  expect(referrerProgress(RULES, 0).next!.reward).toEqual({
    type: 'PCT_DISCOUNT',
    discountPercent: 100,
    amountCents: null,
    currency: null,
    percentOfPayment: null,
  });
  expect(referrerProgress(RULES, 3).next!.reward).toEqual({
    type: 'CREDIT',
    discountPercent: null,
    amountCents: 2000,
    currency: 'USD',
    percentOfPayment: null,
  });
});

test("the next friend's reward: the referrer's conversion rule at that friend's tier, else its payment rule", () => {
  const perFriend = (rules: unknown[], conversions: number) =>
    referrerProgress(ruleSetSchema.parse(rules), conversions).perFriend;
  expect(perFriend([RULES[0]], 0)!.reward).toMatchObject({ type: 'CREDIT', amountCents: 1000 });
  expect(perFriend([RULES[0]], 4)!.reward).toMatchObject({ type: 'CREDIT', amountCents: 2000 });
  expect(perFriend([RULES[0]], 12)!.reward).toMatchObject({ type: 'CREDIT', amountCents: 3000 });
  const recurring = {
    id: 'recurring',
    name: '20 % of every payment',
    trigger: { type: 'PAYMENT', forMonths: 12 },
    recipient: 'REFERRER',
    reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
  };
  expect(perFriend([RULES[2], recurring], 0)).toEqual({
    ruleName: '20 % of every payment',
    reward: { type: 'CASH', discountPercent: null, amountCents: null, currency: 'USD', percentOfPayment: 20 },
  });
  // A milestone alone, or the friend's own rules: nothing per friend (the program's fixed reward is shown).
  expect(perFriend([RULES[1], RULES[2]], 0)).toBeNull();
});

/** Rule sets the program-rules tests publish: the guide's per-friend tiers with a yearly cap, and a milestone. */

export const PER_FRIEND = {
  id: 'per-friend',
  name: '$10 each, $20 from the fifth friend, up to $500 a year',
  trigger: { type: 'CONVERSION' },
  recipient: 'REFERRER',
  tiers: [
    { fromConversions: 1, toConversions: 4, reward: { type: 'CREDIT', amountCents: 1000, unit: 'USD' } },
    { fromConversions: 5, reward: { type: 'CREDIT', amountCents: 2000, unit: 'USD' } },
  ],
  limits: [{ period: 'YEAR', maxAmountCents: 50_000 }],
};
export const THREE_FRIENDS = {
  id: 'three-friends',
  name: 'A free month at three friends',
  trigger: { type: 'MILESTONE', conversions: 3 },
  recipient: 'REFERRER',
  reward: { type: 'PCT_DISCOUNT', discountPercent: 100 },
};

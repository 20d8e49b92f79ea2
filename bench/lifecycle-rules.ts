/**
 * The rule set bench/lifecycle.ts publishes for its "ten rules" phase: a program as a merchant would
 * run it. Each conversion evaluates all ten (tiers, a yearly cap, a friend reward, eight milestones at
 * rising counts) and is given two or three rewards.
 */
const credit = (amountCents: number) => ({ type: 'CREDIT', amountCents, unit: 'USD' });
const MILESTONES = [3, 5, 10, 25, 50, 100, 250, 500];

export const TEN_RULES = [
  {
    id: 'per-friend',
    name: '$10 per friend, $20 from the fifth, up to $5,000 a year',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRER',
    tiers: [
      { fromConversions: 1, toConversions: 4, reward: credit(1000) },
      { fromConversions: 5, reward: credit(2000) },
    ],
    limits: [{ period: 'YEAR', maxAmountCents: 500_000_000 }],
  },
  {
    id: 'friend-welcome',
    name: 'A welcome credit for the friend',
    trigger: { type: 'CONVERSION' },
    recipient: 'REFERRED',
    reward: credit(500),
    limits: [{ period: 'MONTH', maxCount: 1_000_000 }],
  },
  ...MILESTONES.map((conversions) => ({
    id: `milestone-${conversions}`,
    name: `A bonus at ${conversions} friends`,
    trigger: { type: 'MILESTONE', conversions },
    recipient: 'REFERRER',
    reward: credit(conversions * 100),
  })),
];

export const PUBLISH_RULES = /* GraphQL */ `
  mutation ($input: ProgramInput!) {
    updateProgram(input: $input) {
      ruleVersion
    }
  }
`;

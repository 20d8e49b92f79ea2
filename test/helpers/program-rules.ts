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
/** The guide's recurring rule: 20 % of every payment for 12 months, in cash to the referrer. */
export const RECURRING = {
  id: 'recurring',
  name: '20 % of every payment for 12 months',
  trigger: { type: 'PAYMENT', forMonths: 12 },
  recipient: 'REFERRER',
  reward: { type: 'CASH', percentOfPayment: 20, currency: 'USD' },
};
/** An amount off for the friend when the referral converts. */
export const FRIEND_FIVE_OFF = {
  id: 'friend-five-off',
  name: '$5 off for the friend',
  trigger: { type: 'CONVERSION' },
  recipient: 'REFERRED',
  reward: { type: 'FIXED_DISCOUNT', amountCents: 500, currency: 'USD' },
};
/** Credit for the referrer when the friend finishes onboarding with at least 3 seats. */
export const ONBOARDED = {
  id: 'onboarded',
  name: '$15 when the friend onboards 3 seats',
  trigger: { type: 'EVENT', eventKey: 'onboarded', field: 'seats', atLeast: 3 },
  recipient: 'REFERRER',
  reward: { type: 'CREDIT', amountCents: 1500, unit: 'USD' },
};
/** $3 of credit per payment, for life. */
export const PER_PAYMENT_CREDIT = {
  id: 'per-payment',
  name: '$3 of credit per payment',
  trigger: { type: 'PAYMENT', forMonths: null },
  recipient: 'REFERRER',
  reward: { type: 'CREDIT', amountCents: 300, unit: 'USD' },
};

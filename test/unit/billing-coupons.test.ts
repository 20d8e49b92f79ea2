import { dueCoupons } from '../../shared/domain/rewards/billing-coupons';
import type { RewardWithProgram } from '../../shared/repos/processor-billing.repo';
import type { ReferralRow } from '../../shared/repos/referrals.repo';

/** The coupons a Stripe tenant's account is due, derived from its rewards (billing-coupons.ts). */

let n = 0;
function reward(fields: Partial<RewardWithProgram>): RewardWithProgram {
  n += 1;
  return {
    id: `w${n}`,
    tenant_id: 't',
    account_id: 'a',
    user_id: 'u',
    referral_id: 'ref-1',
    reward_source: 'REFERRED',
    type: 'PCT_DISCOUNT',
    discount_percent: 20,
    amount_cents: null,
    unit: null,
    redeemed_cents: '0',
    status: 'AVAILABLE',
    date_given: new Date(0),
    date_cancelled: null,
    date_redeemed: null,
    hold_until: null,
    expiry_ms: null,
    expires_at: null,
    date_expired: null,
    grant_no: 0,
    fulfilled_at: null,
    fulfilment_reference: null,
    program_id: 'default',
    ...fields,
  };
}

const live: Pick<ReferralRow, 'id' | 'status' | 'program_id'> = {
  id: 'ref-1',
  status: 'CONVERTED',
  program_id: 'prg_00000000000000aa',
};
const cap = () => 30;
const ids = (rows: RewardWithProgram[], referral = live) =>
  dueCoupons(rows, referral, cap).map((c) => c.spec.id);

test("the friend's percent is its referral program's coupon, forever, while the reward is AVAILABLE", () => {
  const [coupon] = dueCoupons([reward({})], live, cap);
  expect(coupon).toEqual({
    currency: null,
    spec: {
      id: 'referral-prg_00000000000000aa-p20',
      name: 'Referral: 20% off (friend)',
      percentOff: 20,
      duration: 'forever',
      metadata: { referral_program_id: 'prg_00000000000000aa', referral_side: 'friend' },
    },
  });
  expect(ids([reward({ status: 'CANCELLED' })])).toEqual([]);
  expect(ids([reward({})], { ...live, status: 'ENDED' })).toEqual([]);
  expect(ids([reward({ referral_id: 'another' })])).toEqual([]);
});

test("a referrer's percent rewards of a program are summed and capped; amounts are coupons in their unit", () => {
  const referrer = (fields: Partial<RewardWithProgram>) =>
    reward({ reward_source: 'FRIEND_SIGNUP', referral_id: `r${n}`, ...fields });
  const rows = [
    referrer({ discount_percent: 20 }),
    referrer({ discount_percent: 20 }),
    referrer({ type: 'FIXED_DISCOUNT', discount_percent: null, amount_cents: '300', unit: 'USD' }),
    referrer({ type: 'FIXED_DISCOUNT', discount_percent: null, amount_cents: '200', unit: 'USD' }),
    referrer({ type: 'CREDIT', discount_percent: null, amount_cents: '999', unit: 'USD' }),
    referrer({ discount_percent: 5, program_id: null }),
  ];
  const due = dueCoupons(rows, undefined, cap);
  expect(due.map((c) => [c.spec.id, c.currency])).toEqual([
    ['referral-default-rp30', null],
    ['referral-default-ra500usd', 'USD'],
  ]);
  expect(due[1]!.spec).toMatchObject({ amountOffCents: 500, currency: 'USD' });
});

test('rows reversing a reward never make a coupon', () => {
  expect(ids([reward({ reverses_reward_id: 'w0' })])).toEqual([]);
});

/** A partial refund's share of a reward: floor(reward × refunded ÷ payment), exact, never more than the reward. */
import { refundShareCents } from '../../shared/domain/programs/reward-reversals';

test('a refund reverses its share of the reward, rounded down to the cent', () => {
  // $5 of a $20 charge: a quarter of a $4 cash reward and of $3 of credit.
  expect(refundShareCents(400, 500, 2000)).toBe(100);
  expect(refundShareCents(300, 500, 2000)).toBe(75);
  // $1 of $3: a third of $1 is 33 cents, not 34.
  expect(refundShareCents(100, 100, 300)).toBe(33);
  expect(refundShareCents(1, 1, 3)).toBe(0);
});

test('refunded in full (or more) is the whole reward; nothing refunded, or nothing paid, is none', () => {
  expect(refundShareCents(300, 2000, 2000)).toBe(300);
  expect(refundShareCents(300, 2500, 2000)).toBe(300);
  expect(refundShareCents(300, 0, 2000)).toBe(0);
  expect(refundShareCents(300, 500, 0)).toBe(0);
  expect(refundShareCents(0, 500, 2000)).toBe(0);
});

test('shares are exact for amounts past the doubles’ exact integers, and grow with the refunded total', () => {
  // 9e9 × 8e9 is beyond 2^53: integer arithmetic gives the exact floor.
  expect(refundShareCents(9_000_000_001, 8_000_000_003, 9_999_999_999)).toBe(7_200_000_004);
  let last = 0;
  for (let refunded = 0; refunded <= 2000; refunded += 7) {
    const share = refundShareCents(333, refunded, 2000);
    expect(share).toBeGreaterThanOrEqual(last);
    expect(share).toBeLessThanOrEqual(333);
    last = share;
  }
});

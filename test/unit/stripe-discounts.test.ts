/**
 * The update setSubscriptionCoupons sends: our coupons set among a subscription's discounts (API
 * 2024-09-30's `discounts`), the merchant's kept, and the older single `coupon` for a server without them.
 */
import type Stripe from 'stripe';
import { ProcessorRejectedError } from '../../shared/processors/payment-processor';
import { singleCouponUpdate, subscriptionDiscountUpdate } from '../../shared/processors/stripe-discounts';
import { appliedDiscounts } from '../../shared/processors/stripe-mapping';
import { stripeFixture as fixture } from '../fixtures/stripe/fixture';

describe('the discounts update of setSubscriptionCoupons', () => {
  const applied = appliedDiscounts(fixture<Stripe.Subscription>('subscription')) ?? [];

  test('nothing to do when ours are already the ones wanted', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', ['ref-prog1-p20'])).toBeNull();
  });

  test('a new coupon of ours replaces the old; the merchant’s is kept by its discount id', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', ['ref-prog1-p30'])).toEqual([
      { discount: 'di_1MerchantSpring' },
      { coupon: 'ref-prog1-p30' },
    ]);
  });

  test('one of ours that stays is kept by id, so its duration does not start over', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', ['ref-prog1-p20', 'ref-prog2-a500'])).toEqual([
      { discount: 'di_1MerchantSpring' },
      { discount: 'di_1OursFriend' },
      { coupon: 'ref-prog2-a500' },
    ]);
  });

  test('removing ours leaves the merchant’s; removing everything clears the list', () => {
    expect(subscriptionDiscountUpdate(applied, 'ref-', [])).toEqual([{ discount: 'di_1MerchantSpring' }]);
    expect(subscriptionDiscountUpdate(applied.slice(1), 'ref-', [])).toBe('');
    expect(subscriptionDiscountUpdate([], 'ref-', [])).toBeNull();
  });
});

describe('the older single-coupon update (a server without discounts)', () => {
  const ours = [{ discountId: 'di_1', couponId: 'ref-a' }];
  const merchants = [{ discountId: 'di_2', couponId: 'SPRING' }];

  test('set, replaced, kept, removed', () => {
    expect(singleCouponUpdate('sub_1', [], 'ref-', ['ref-a'])).toEqual({ coupon: 'ref-a' });
    expect(singleCouponUpdate('sub_1', ours, 'ref-', ['ref-b'])).toEqual({ coupon: 'ref-b' });
    expect(singleCouponUpdate('sub_1', ours, 'ref-', ['ref-a'])).toBeNull();
    expect(singleCouponUpdate('sub_1', ours, 'ref-', [])).toEqual({ coupon: '' });
    expect(singleCouponUpdate('sub_1', [], 'ref-', [])).toBeNull();
  });

  test('the merchant’s coupon is never removed, so ours cannot be added beside it', () => {
    expect(singleCouponUpdate('sub_1', merchants, 'ref-', [])).toBeNull();
    expect(() => singleCouponUpdate('sub_1', merchants, 'ref-', ['ref-a'])).toThrow(ProcessorRejectedError);
    expect(() => singleCouponUpdate('sub_1', [], 'ref-', ['ref-a', 'ref-b'])).toThrow(ProcessorRejectedError);
  });
});

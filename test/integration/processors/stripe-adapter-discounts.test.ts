/**
 * The Stripe adapter's coupons and promotion codes against the Stripe stand-in: each ensured twice, and
 * twice at once, is made once; a code re-pointed to another coupon, and deactivated.
 */
import type Stripe from 'stripe';
import { ProcessorRejectedError } from '../../../shared/processors/payment-processor';
import {
  merchantCouponId as couponId,
  postsOf,
  rejection,
  stripeAdapter,
} from '../../helpers/stripe-adapter';
import { newStripeKey, startStripeStandIn, type StripeStandIn } from '../../helpers/stripe-stand-in';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

const adapter = (key: string) => stripeAdapter(standIn, key);
const posts = (key: string, path: RegExp) => postsOf(standIn, key, path);

describe('coupons', () => {
  test('ensured twice (and twice at once): one coupon, created once, with its terms', async () => {
    const key = newStripeKey();
    const processor = adapter(key);
    const [p20, p30] = [couponId(key, 'p20'), couponId(key, 'p30')];
    const spec = {
      id: p20,
      name: 'Referred friend 20 %',
      percentOff: 20,
      duration: 'forever' as const,
      metadata: { program: 'prog1' },
    };
    await processor.ensureCoupon(spec);
    await processor.ensureCoupon(spec);
    await Promise.all([
      processor.ensureCoupon({ ...spec, id: p30 }),
      processor.ensureCoupon({ ...spec, id: p30 }),
    ]);
    const coupon = await standIn.stripe(key).coupons.retrieve(p20);
    expect(coupon).toMatchObject({
      percent_off: 20,
      duration: 'forever',
      name: spec.name,
      metadata: { program: 'prog1' },
    });
    expect(posts(key, /^\/v1\/coupons$/).filter((c) => c.status === 200)).toHaveLength(2);
    expect((await standIn.stripe(key).coupons.list()).data.map((c) => c.id).sort()).toEqual(
      [p20, p30].sort(),
    );
  });

  test('an amount-off coupon in its currency', async () => {
    const key = newStripeKey();
    await adapter(key).ensureCoupon({
      id: couponId(key, 'a500'),
      name: '5 off',
      amountOffCents: 500,
      currency: 'EUR',
      duration: 'once',
      metadata: {},
    });
    expect(await standIn.stripe(key).coupons.retrieve(couponId(key, 'a500'))).toMatchObject({
      amount_off: 500,
      currency: 'eur',
      duration: 'once',
    });
  });
});

describe('promotion codes', () => {
  async function withCoupons(key: string) {
    const processor = adapter(key);
    for (const id of [couponId(key, 'p20'), couponId(key, 'p30')]) {
      await processor.ensureCoupon({ id, name: id, percentOff: 20, duration: 'forever', metadata: {} });
    }
    return processor;
  }

  const active = async (key: string, code: string) =>
    (await standIn.stripe(key).promotionCodes.list({ code, active: true })).data;

  test('created, then found (whatever the case), re-pointed to another coupon, deactivated', async () => {
    const key = newStripeKey();
    const processor = await withCoupons(key);
    const created = await processor.ensurePromotionCode('JANEDOE', couponId(key, 'p20'), {
      account: 'acct-1',
    });
    expect(created.id).toMatch(/^promo_/);
    expect(await active(key, 'JANEDOE')).toEqual([
      expect.objectContaining({
        id: created.id,
        code: 'JANEDOE',
        coupon: expect.objectContaining({ id: couponId(key, 'p20') }),
        metadata: { account: 'acct-1' },
      }),
    ]);
    await expect(processor.ensurePromotionCode('janedoe', couponId(key, 'p20'), {})).resolves.toEqual(
      created,
    );
    expect(posts(key, /^\/v1\/promotion_codes$/)).toHaveLength(1);

    const repointed = await processor.ensurePromotionCode('JANEDOE', couponId(key, 'p30'), {
      account: 'acct-1',
    });
    expect(repointed.id).not.toBe(created.id);
    expect((await standIn.stripe(key).promotionCodes.retrieve(created.id)).active).toBe(false);
    expect((await active(key, 'JANEDOE')).map((p) => [p.id, (p.coupon as Stripe.Coupon).id])).toEqual([
      [repointed.id, couponId(key, 'p30')],
    ]);

    await processor.deactivatePromotionCode('JaneDoe');
    expect(await active(key, 'JANEDOE')).toEqual([]);
    await expect(processor.deactivatePromotionCode('JANEDOE')).resolves.toBeUndefined();
    await expect(processor.deactivatePromotionCode('NEVERMADE')).resolves.toBeUndefined();
  });

  test('ensured twice at once: one active code, both answer its id', async () => {
    const key = newStripeKey();
    const processor = await withCoupons(key);
    const [a, b] = await Promise.all([
      processor.ensurePromotionCode('RACE1', couponId(key, 'p20'), {}),
      processor.ensurePromotionCode('RACE1', couponId(key, 'p20'), {}),
    ]);
    expect(a).toEqual(b);
    expect((await active(key, 'RACE1')).map((p) => p.id)).toEqual([a.id]);
  });

  test('a coupon that does not exist is a refusal', async () => {
    const error = await rejection(adapter(newStripeKey()).ensurePromotionCode('NOCOUPON', 'ref-missing', {}));
    expect(error).toBeInstanceOf(ProcessorRejectedError);
  });
});

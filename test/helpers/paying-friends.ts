/** Referred customers paying through the Braintree stand-in, for the PAYMENT-rule and refund tests. */
import type { Delivery, ProcessorApi } from './processor';
import { uid } from './referrals';

/** Delivers a notification and waits until its workflow applied it; the notification row. */
export async function deliverAndProcess(api: ProcessorApi, delivery: Delivery) {
  const res = await api.deliver(delivery);
  expect(res.status).toBe(200);
  return api.processed(res.body.notificationId);
}

/** A friend of the referrer whose customer subscribes ($20) and is charged: the charge notification applied. */
export async function payingFriend(api: ProcessorApi, referrer: { code: string }) {
  const friend = uid('acct-f');
  await api.identify(friend, uid('user'));
  const sub = await api.subscribe({ priceCents: 2000 });
  const attributed = await api.call('POST', '/discount', {
    accountId: friend,
    paymentProviderId: sub.customerId,
    couponCode: referrer.code,
  });
  expect(attributed.status).toBe(200);
  const paid = await deliverAndProcess(
    api,
    api.sample('subscription_charged_successfully', sub.subscriptionId),
  );
  expect(paid.outcome).toMatchObject({ accountId: friend, accountStatus: 'PAID' });
  return { friend, ...sub };
}

/** Referred customers paying through the Braintree stand-in, for the PAYMENT-rule and refund tests. */
import { publishRuleVersion } from '../../shared/domain/programs/rule-versions';
import { startProcessorApi, type Delivery, type ProcessorApi } from './processor';
import { PER_PAYMENT_CREDIT, RECURRING } from './program-rules';
import { uid } from './referrals';
import { until } from './wait';

/** A tenant on the Braintree stand-in whose rules pay 20 % cash and $3 of credit per payment. */
export async function startPaymentRulesApi(): Promise<ProcessorApi> {
  const api = await startProcessorApi();
  await publishRuleVersion(api.gw.deps.db, api.tenantId, [RECURRING, PER_PAYMENT_CREDIT], {
    publishedBy: 'test',
  });
  return api;
}

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

/**
 * A paying friend (payingFriend) whose charge settled and got the friend's discount back: the discount
 * sync's own refund ($2 of the $20) is done before the test refunds anything, so a merchant's refund never
 * races it (whichever came first would decide how much of the charge the merchant's refund covers).
 */
export async function settledPayingFriend(api: ProcessorApi, referrer: { code: string }) {
  const sub = await payingFriend(api, referrer);
  await api.bt.testing.settle(sub.transactionId);
  const again = { accountId: sub.friend, paymentProviderId: sub.customerId, couponCode: referrer.code };
  expect((await api.call('POST', '/discount', again)).status).toBe(200);
  await until(
    () =>
      api.gw.deps
        .db('processor_refunds')
        .where({ tenant_id: api.tenantId, transaction_id: sub.transactionId }),
    (refunds) => refunds.length === 1,
  );
  return sub;
}

/**
 * The delivery plan of bench:stripe-webhooks (bench/stripe-webhooks-plan.ts): what the bench claims to
 * send (10 % duplicates, 10 % out of order, each event at least once) is what it sends.
 */
import {
  countOutOfOrder,
  customerEvents,
  EVENTS_PER_CUSTOMER,
  expectedRowStatus,
  planCustomers,
  planDeliveries,
  type CustomerObjects,
} from '../../bench/stripe-webhooks-plan';

const objectsOf = (i: number): CustomerObjects => ({
  customer: { id: `cus_${i}` },
  subscription: { id: `sub_${i}` },
  endedSubscription: { id: `sub_${i}`, status: 'canceled' },
  invoice: { id: `in_${i}` },
  charge: { id: `ch_${i}` },
  refundId: `re_${i}`,
});

function plan(customerCount: number, disordered: number) {
  const customers = planCustomers(customerCount);
  const stories = customers.map((c) => customerEvents(c, objectsOf(c.index), customerCount, 1_000, 'run'));
  return { customers, stories, plan: planDeliveries(stories, customers, { disordered, duplicateEvery: 10 }) };
}

test('600 customers: 3,600 events each sent, 400 re-sent, 400 out of order', () => {
  const { stories, plan: p } = plan(600, 400);
  const events = stories.flat();
  expect(events).toHaveLength(600 * EVENTS_PER_CUSTOMER);
  expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  expect(p.deliveries).toHaveLength(events.length + p.duplicates);
  expect(p.duplicates).toBe(400);
  expect(p.outOfOrder).toBe(400);
  expect(events.every((e) => (p.times.get(e.id) ?? 0) >= 1)).toBe(true);
  expect([...p.times.values()].reduce((a, b) => a + b, 0)).toBe(p.deliveries.length);
  // Every tenth delivery repeats one delivered before it.
  p.deliveries.forEach((d, n) => {
    if (n % 10 === 9) expect(p.deliveries.slice(0, n)).toContain(d);
  });
});

test('each story is ordered by created; a disordered one has exactly one later event first', () => {
  const { customers, stories } = plan(20, 20);
  for (const story of stories) {
    expect(story.map((e) => e.created)).toEqual([...story.map((e) => e.created)].sort((a, b) => a - b));
  }
  const cancelled = customers.find((c) => c.ending === 'CANCELLED')!;
  expect(stories[cancelled.index]!.at(-1)!.type).toBe('customer.subscription.deleted');
  expect(countOutOfOrder([...stories[0]!].reverse())).toBe(EVENTS_PER_CUSTOMER - 1);
  expect(countOutOfOrder(stories[0]!)).toBe(0);
});

test("an untied customer's customer events are processed; its others wait", () => {
  const untied = planCustomers(20)[19]!;
  expect(untied.accountId).toBeNull();
  expect(expectedRowStatus(untied, 'customer.created')).toBe('PROCESSED');
  expect(expectedRowStatus(untied, 'customer.subscription.updated')).toBe('WAITING');
  expect(expectedRowStatus(untied, 'invoice.paid')).toBe('WAITING');
  expect(expectedRowStatus(planCustomers(1)[0]!, 'invoice.paid')).toBe('PROCESSED');
});

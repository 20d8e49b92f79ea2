/** Stripe events (API 2024-09-30.acacia) mapped to BillingEvent: the effect of each type, the ids it names. */
import { ProcessorRejectedError } from '../../shared/processors/payment-processor';
import { eventEffect, mapEvent, STRIPE_WEBHOOK_EVENTS } from '../../shared/processors/stripe-events';
import { stripeFixture as fixture } from '../fixtures/stripe/fixture';

describe('events', () => {
  test('the nine event types, each with its effect', () => {
    expect([...STRIPE_WEBHOOK_EVENTS].sort()).toEqual(
      [
        'customer.created',
        'customer.updated',
        'checkout.session.completed',
        'invoice.paid',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'charge.refunded',
        'charge.dispute.created',
        'charge.dispute.closed',
      ].sort(),
    );
    expect(STRIPE_WEBHOOK_EVENTS.map(eventEffect)).not.toContain('IGNORE');
    expect(eventEffect('invoice.created')).toBe('IGNORE');
    expect(eventEffect('constructor')).toBe('IGNORE');
  });

  test('invoice.paid names its invoice and customer', () => {
    expect(mapEvent(fixture('event-invoice-paid'))).toEqual({
      id: 'evt_1MtHbHLkdIwHu7ixAb3ddTqQ',
      type: 'invoice.paid',
      effect: 'INVOICE_PAID',
      createdAt: new Date(1680644470 * 1000),
      objectId: 'in_1MtHbELkdIwHu7ixl4OzzPMv',
      customerId: 'cus_NffrFeUfNV2Hib',
      livemode: false,
    });
  });

  const event = (type: string, object: Record<string, unknown>) => ({
    id: 'evt_1',
    object: 'event',
    type,
    created: 1700000000,
    livemode: true,
    data: { object },
  });

  test.each([
    ['customer.created', { id: 'cus_1', object: 'customer' }, 'CUSTOMER', 'cus_1'],
    ['customer.updated', { id: 'cus_1', object: 'customer' }, 'CUSTOMER', 'cus_1'],
    ['checkout.session.completed', { id: 'cs_1', customer: 'cus_1' }, 'CHECKOUT', 'cus_1'],
    ['checkout.session.completed', { id: 'cs_1', customer: null }, 'CHECKOUT', null],
    ['customer.subscription.updated', { id: 'sub_1', customer: 'cus_1' }, 'SUBSCRIPTION', 'cus_1'],
    ['customer.subscription.deleted', { id: 'sub_1', customer: { id: 'cus_2' } }, 'SUBSCRIPTION', 'cus_2'],
    ['charge.refunded', { id: 'ch_1', customer: 'cus_1' }, 'REFUND', 'cus_1'],
    ['charge.dispute.created', { id: 'du_1', charge: 'ch_1' }, 'DISPUTE', null],
    ['charge.dispute.closed', { id: 'du_1', charge: 'ch_1' }, 'DISPUTE', null],
    ['product.created', { id: 'prod_1' }, 'IGNORE', null],
  ])('%s → %s', (type, object, effect, customerId) => {
    const objectId = (object as { id: string }).id;
    expect(mapEvent(event(type, object))).toEqual({
      id: 'evt_1',
      type,
      effect,
      createdAt: new Date(1700000000 * 1000),
      objectId,
      customerId,
      livemode: true,
    });
  });

  test.each([
    ['no id', { type: 'invoice.paid', created: 1 }],
    ['no type', { id: 'evt_1', created: 1 }],
    ['an empty id', { id: '', type: 'invoice.paid', created: 1 }],
    ['no created', { id: 'evt_1', type: 'invoice.paid' }],
    ['an array', []],
    ['a string', 'evt_1'],
    ['null', null],
  ])('a payload with %s is not an event', (_, payload) => {
    expect(() => mapEvent(payload)).toThrow(ProcessorRejectedError);
  });
});

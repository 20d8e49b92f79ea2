import { encodeForm, metadataOf, parseForm } from '../../services/processor-sandbox/stripe/form';
import { IdempotencyStore } from '../../services/processor-sandbox/stripe/idempotency';
import { signatureHeader, verifySignature } from '../../services/processor-sandbox/stripe/signing';

describe('the Stripe front: form encoding, idempotency, signatures', () => {
  test("Stripe's bracketed form parameters parse into objects and arrays, and back", () => {
    const raw =
      'customer=cus_1&items[0][price]=price_1&items[0][quantity]=2&items[1][price]=price_2&metadata[a]=1&expand[0]=latest_invoice&enabled_events[]=x';
    const params = parseForm(raw);
    expect(params).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_1', quantity: '2' }, { price: 'price_2' }],
      metadata: { a: '1' },
      expand: ['latest_invoice'],
      enabled_events: ['x'],
    });
    expect(parseForm(encodeForm(params))).toEqual(params);
    expect(metadataOf(parseForm('metadata[a]=&metadata[b]=2'), { a: '1', c: '3' })).toEqual({
      b: '2',
      c: '3',
    });
  });

  test('an idempotency key replays its answer, refuses other parameters, and frees itself after a 5xx', () => {
    const store = new IdempotencyStore();
    expect(store.begin('sk', 'k1', 'POST', '/v1/customers', 'a=1')).toBeNull();
    expect(() => store.begin('sk', 'k1', 'POST', '/v1/customers', 'a=1')).toThrow(/in-progress/);
    store.finish('sk', 'k1', { status: 200, body: { id: 'cus_1' } });
    expect(store.begin('sk', 'k1', 'POST', '/v1/customers', 'a=1')).toEqual({
      status: 200,
      body: { id: 'cus_1' },
    });
    expect(() => store.begin('sk', 'k1', 'POST', '/v1/customers', 'a=2')).toThrow(/same parameters/);
    expect(store.begin('sk_other', 'k1', 'POST', '/v1/customers', 'a=2')).toBeNull();
    expect(store.begin('sk', 'k2', 'POST', '/v1/refunds', '')).toBeNull();
    store.finish('sk', 'k2', { status: 503, body: {} });
    expect(store.begin('sk', 'k2', 'POST', '/v1/refunds', '')).toBeNull();
    store.abandon('sk', 'k2');
    expect(store.begin('sk', 'k2', 'POST', '/v1/refunds', '')).toBeNull();
  });

  test('signatures are t=…,v1=… over "t.payload"', () => {
    const header = signatureHeader('{"id":"evt_1"}', 'whsec_x', 1700000000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('{"id":"evt_1"}', header, 'whsec_x')).toBe(true);
    expect(verifySignature('{"id":"evt_2"}', header, 'whsec_x')).toBe(false);
    expect(verifySignature('{"id":"evt_1"}', header, 'whsec_y')).toBe(false);
  });
});

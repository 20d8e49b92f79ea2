import { createTestTenant } from '../../helpers/harness';
import { startReferralApi, type ReferralApi } from '../../helpers/referrals';
import {
  seedStripeConnection,
  stripeEvent,
  stripeSignature,
  TEST_WEBHOOK_SECRET,
} from '../../helpers/stripe-events';

/**
 * The Stripe webhook door: `POST /processor/stripe/webhook` verifies `Stripe-Signature` with the official
 * library (timestamp tolerance included) against the tenant's stored signing secret, and stores the event
 * by its id before answering. The connection is written through the repo here (connecting, which asks
 * Stripe, is tested against the stand-in in stripe-connection.test.ts): this file needs no Stripe at all.
 */

let api: ReferralApi;
const SECRET = TEST_WEBHOOK_SECRET;
const connect = (tenantId: string, secret: string | null) =>
  seedStripeConnection(api.gw.deps.db, api.gw.deps.secretBox!, tenantId, secret);
const event = stripeEvent;
const sign = stripeSignature;

async function deliver(alias: string, payload: string, signature?: string, type = 'application/json') {
  const res = await fetch(`${api.gw.api(alias)}/processor/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': type, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const rows = (tenantId: string) =>
  api.gw.deps.db('processor_notifications').where({ tenant_id: tenantId, processor: 'STRIPE' });

beforeAll(async () => {
  api = await startReferralApi();
  await connect(api.tenantId, SECRET);
});
afterAll(() => api.close());

test('a signed event is stored by its id before the answer; a redelivery is counted, not stored again', async () => {
  const payload = event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_A1' });
  const id = JSON.parse(payload).id;
  const first = await deliver(api.tenant.alias, payload, sign(payload));
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ status: 'RECEIVED', duplicate: false });
  const again = await deliver(api.tenant.alias, payload, sign(payload));
  expect(again.body).toEqual({ ...first.body, duplicate: true });
  const stored = await rows(api.tenantId).where({ notification_key: id });
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    kind: 'invoice.paid',
    subject_id: 'in_1',
    customer_id: 'cus_A1',
    deliveries: 2,
    payload,
  });
});

test('an event type we do not act on is stored IGNORED, visible in the portal', async () => {
  const payload = event('product.created', { id: 'prod_1', object: 'product' });
  const res = await deliver(api.tenant.alias, payload, sign(payload));
  expect(res.body.status).toBe('IGNORED');
  const listed = await api.gqlOk(`{ processorNotifications(first: 5) { kind status processor customerId } }`);
  expect(listed.processorNotifications[0]).toEqual({
    kind: 'product.created',
    status: 'IGNORED',
    processor: 'STRIPE',
    customerId: null,
  });
});

test('a tampered body, an old timestamp, a missing header or a foreign secret: 400 and nothing stored', async () => {
  const before = (await rows(api.tenantId)).length;
  const payload = event('invoice.paid', { id: 'in_2', object: 'invoice', customer: 'cus_A2' });
  const tampered = payload.replace('cus_A2', 'cus_XX');
  const old = Math.floor(Date.now() / 1000) - 10 * 60;
  const otherSecret = 'whsec_' + 'Z'.repeat(32);
  for (const [body, header] of [
    [tampered, sign(payload)],
    [payload, sign(payload, SECRET, old)],
    [payload, undefined],
    [payload, sign(payload, otherSecret)],
    [payload, 't=1,v1=' + 'ab'.repeat(32)],
  ] as const) {
    const res = await deliver(api.tenant.alias, body, header);
    expect(res.status).toBe(400);
    expect(res.body.apiErrorCode).toBe('SIGNATURE_REJECTED');
    expect(JSON.stringify(res.body)).not.toContain('whsec_');
  }
  expect(await rows(api.tenantId)).toHaveLength(before);
});

test("another tenant's signature does not verify here, and an unknown tenant is the same 400", async () => {
  const other = await createTestTenant(api.gw.deps.db, 'stripe-other');
  const { id: otherId } = await api.gw.deps.db('tenants').where({ alias: other.alias }).first('id');
  const otherSecret = 'whsec_' + 'Q'.repeat(32);
  await connect(otherId, otherSecret);
  const payload = event('invoice.paid', { id: 'in_3', object: 'invoice', customer: 'cus_A3' });
  // Signed for the other tenant, delivered here: refused; delivered there: stored there only.
  expect((await deliver(api.tenant.alias, payload, sign(payload, otherSecret))).status).toBe(400);
  expect((await deliver(other.alias, payload, sign(payload, otherSecret))).status).toBe(200);
  expect(await rows(api.tenantId).where({ subject_id: 'in_3' })).toHaveLength(0);
  expect(await rows(otherId).where({ subject_id: 'in_3' })).toHaveLength(1);
  const unknown = await deliver('nobody_here', payload, sign(payload));
  expect(unknown).toMatchObject({ status: 400, body: { apiErrorCode: 'SIGNATURE_REJECTED' } });
});

test('a connection whose signing secret is not given yet verifies nothing', async () => {
  const pending = await createTestTenant(api.gw.deps.db, 'stripe-pending');
  const { id } = await api.gw.deps.db('tenants').where({ alias: pending.alias }).first('id');
  await connect(id, null);
  const payload = event('invoice.paid', { id: 'in_4', object: 'invoice', customer: 'cus_A4' });
  expect((await deliver(pending.alias, payload, sign(payload))).status).toBe(400);
});

test('an authentic payload that is not an event is stored REJECTED (Stripe stops retrying); bad media is 415', async () => {
  const notJson = '{"id": "evt_x", ';
  const res = await deliver(api.tenant.alias, notJson, sign(notJson));
  expect(res.body).toMatchObject({ status: 'REJECTED', duplicate: false });
  const [row] = await rows(api.tenantId).where({ id: res.body.notificationId });
  expect(row.outcome.reason).toMatch(/unparsable event/);
  const payload = event('invoice.paid', { id: 'in_5', object: 'invoice', customer: 'cus_A5' });
  const form = await deliver(api.tenant.alias, payload, sign(payload), 'application/x-www-form-urlencoded');
  expect(form.status).toBe(415);
});

test('a body over the limit is 413 before it is read whole', async () => {
  const huge = event('invoice.paid', { id: 'in_6', object: 'invoice', lines: 'x'.repeat(600 * 1024) });
  const res = await deliver(api.tenant.alias, huge, sign(huge));
  expect(res.status).toBe(413);
});

/**
 * processorNotifications(first) for the Install page: the tenant's latest processor notifications,
 * newest first, with their outcome read through the column's schema; another tenant's never show; a
 * malformed stored outcome is an internal error that shows nothing of the row.
 */
import crypto from 'node:crypto';
import { createProcessorNotificationsRepo } from '../../../shared/repos/processor-notifications.repo';
import type { NotificationOutcome } from '../../../shared/types/processors';
import {
  adminApi,
  createPortalTenant,
  signedInOperator,
  type AdminSession,
  type Json,
  type PortalTenant,
} from '../../helpers/admin-api';
import { basic, postJson, startTestGateway, type TestGateway } from '../../helpers/harness';

const QUERY = `query N($first: Int) {
  processorNotifications(first: $first) { id kind subjectId status receivedAt processedAt outcome }
}`;
const APPLIED: NotificationOutcome = {
  status: 'PROCESSED',
  accountId: 'acct-1',
  customerId: 'cus-1',
  result: 'APPLIED',
  accountStatus: 'PAID',
  attributedBy: null,
  syncDiscount: false,
};

let gw: TestGateway;
let a: PortalTenant;
let b: PortalTenant;
let viewer: AdminSession;
/** Tenant A's notifications as stored, oldest first. */
const ids: string[] = [];

async function store(
  tenant: PortalTenant,
  receivedAt: Date,
  fields: { kind: string; status: 'RECEIVED' | 'IGNORED' | 'REJECTED'; outcome?: { reason: string } },
): Promise<string> {
  const row = await createProcessorNotificationsRepo(gw.deps.db).record({
    tenant_id: tenant.id,
    processor: 'BRAINTREE',
    notification_key: `test:${crypto.randomUUID()}`,
    kind: fields.kind,
    subject_id: fields.kind === 'unreadable' ? null : `sub-${ids.length}`,
    notified_at: receivedAt,
    signature: 'sig',
    payload: 'payload',
    status: fields.status,
    outcome: fields.outcome,
  });
  await gw.deps.db('processor_notifications').where({ id: row.id }).update({ received_at: receivedAt });
  return row.id;
}

beforeAll(async () => {
  gw = await startTestGateway();
  const db = gw.deps.db;
  a = await createPortalTenant(db);
  b = await createPortalTenant(db);
  viewer = await signedInOperator(gw, a, 'VIEWER');

  const base = Date.parse('2030-03-01T00:00:00Z');
  for (let i = 0; i < 23; i += 1) {
    ids.push(
      await store(a, new Date(base + i * 60_000), { kind: 'subscription_trial_ended', status: 'IGNORED' }),
    );
  }
  const applied = await store(a, new Date(base + 30 * 60_000), {
    kind: 'subscription_went_active',
    status: 'RECEIVED',
  });
  await db.transaction((trx) =>
    createProcessorNotificationsRepo(trx).finish(applied, 'PROCESSED', APPLIED, trx),
  );
  ids.push(applied);
  ids.push(
    await store(a, new Date(base + 31 * 60_000), {
      kind: 'unreadable',
      status: 'REJECTED',
      outcome: { reason: 'unparsable payload' },
    }),
  );
  await store(b, new Date(base + 40 * 60_000), { kind: 'subscription_canceled', status: 'RECEIVED' });
});

afterAll(async () => {
  await gw?.close();
});

const notifications = async (first?: number) => {
  const res = await adminApi(gw).graphql(viewer, QUERY, first === undefined ? {} : { first });
  expect(res.status).toBe(200);
  return res.json;
};

test('newest first, 20 by default, with the outcome as stored; never another tenant’s', async () => {
  const { data } = await notifications();
  const list = data.processorNotifications as Json[];
  expect(list.map((n) => n.id)).toEqual(ids.slice().reverse().slice(0, 20));
  expect(list[0]).toEqual({
    id: ids[ids.length - 1],
    kind: 'unreadable',
    subjectId: null,
    status: 'REJECTED',
    receivedAt: Date.parse('2030-03-01T00:31:00Z'),
    processedAt: expect.any(Number),
    outcome: { reason: 'unparsable payload' },
  });
  expect(list[1]).toMatchObject({
    kind: 'subscription_went_active',
    status: 'PROCESSED',
    outcome: APPLIED,
    processedAt: expect.any(Number),
  });
  expect(list[2]).toMatchObject({ status: 'IGNORED', outcome: null });

  expect(((await notifications(2)).data.processorNotifications as Json[]).map((n) => n.id)).toEqual(
    ids.slice(-2).reverse(),
  );
  expect((await notifications(100)).data.processorNotifications).toHaveLength(ids.length);

  const viaKey = await postJson(
    `${gw.api(b.alias)}/graphql`,
    { query: QUERY },
    { authorization: basic(b.apiKey) },
  );
  expect(viaKey.json.data.processorNotifications).toEqual([
    expect.objectContaining({ kind: 'subscription_canceled', status: 'RECEIVED', processedAt: null }),
  ]);
});

test('first outside 1..100 is VALIDATION_FAILED', async () => {
  for (const first of [0, 101, -1]) {
    const res = await notifications(first);
    expect(res.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      validationErrors: [expect.objectContaining({ path: 'first' })],
    });
  }
});

test('a malformed stored outcome is INTERNAL_ERROR, naming nothing of the row', async () => {
  const c = await createPortalTenant(gw.deps.db);
  const id = await store(c, new Date(), { kind: 'subscription_went_active', status: 'RECEIVED' });
  await gw.deps
    .db('processor_notifications')
    .where({ id })
    .update({ status: 'PROCESSED', outcome: JSON.stringify({ status: 'PROCESSED', result: 'MAYBE' }) });
  const res = await postJson(
    `${gw.api(c.alias)}/graphql`,
    { query: QUERY },
    { authorization: basic(c.apiKey) },
  );
  expect(res.json.errors).toEqual([
    expect.objectContaining({ message: 'Internal server error', extensions: { code: 'INTERNAL_ERROR' } }),
  ]);
  expect(res.text).not.toContain(id);
  expect(res.text).not.toContain('MAYBE');
});

/**
 * A processor webhook that verifies but cannot be read (unparsable XML, a missing kind, an unreadable
 * date, a subject id PostgreSQL-unsafe) is answered 200 and stored as REJECTED, so the processor stops
 * retrying it; a redelivery only counts, and no workflow is started. Before the hardening work these were 500s.
 */
import { signPayload } from '../../../services/processor-sandbox/notifications';
import { startProcessorApi, type ProcessorApi } from '../../helpers/processor';

let api: ProcessorApi;
beforeAll(async () => {
  api = await startProcessorApi();
});
afterAll(async () => {
  await api?.close();
});

/** A real sample notification's XML with `edit` applied, signed with the tenant's keys. */
function signedXml(edit: (xml: string) => string) {
  const sample = api.sample('subscription_went_active', 'sub-1');
  const xml = edit(Buffer.from(sample.bt_payload, 'base64').toString('utf8'));
  const payload = `${Buffer.from(xml).toString('base64')}\n`;
  return { bt_signature: signPayload(payload, api.keys), bt_payload: payload };
}

test.each([
  ['not XML at all', () => 'not xml <<<'],
  ['no kind', (xml: string) => xml.replace(/<kind>[^<]*<\/kind>/, '')],
  ['an unreadable date', (xml: string) => xml.replace(/(<timestamp[^>]*>)[^<]*/, '$1yesterday')],
  [
    'a control character in the subject id',
    (xml: string) => xml.replace('<id>sub-1</id>', '<id>sub\u00011</id>'),
  ],
])('%s: 200 and stored as REJECTED, once', async (_name, edit) => {
  const delivery = signedXml(edit);
  const first = await api.deliver(delivery);
  expect(first).toEqual({
    status: 200,
    body: { notificationId: expect.any(String), status: 'REJECTED', duplicate: false },
  });
  const again = await api.deliver(delivery);
  expect(again).toEqual({
    status: 200,
    body: { notificationId: first.body.notificationId, status: 'REJECTED', duplicate: true },
  });
  const row = await api.notification(first.body.notificationId);
  expect(row).toMatchObject({
    tenant_id: api.tenantId,
    status: 'REJECTED',
    kind: 'unreadable',
    subject_id: null,
    deliveries: 2,
    dispatched_at: null,
    payload: delivery.bt_payload,
    outcome: { reason: expect.any(String) },
  });
  expect(row.processed_at).not.toBeNull();
  expect((await fetch(`${api.gw.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${api.gw.url}/readyz`)).status).toBe(200);
});

test('a forged delivery is still 401 and stored nowhere', async () => {
  const forged = signedXml(() => 'forged: not xml either');
  const res = await api.deliver({ ...forged, bt_signature: `${api.keys.publicKey}|${'0'.repeat(40)}` });
  expect(res).toMatchObject({ status: 401, body: { apiErrorCode: 'INVALID_SIGNATURE' } });
  const rows = await api.gw.deps.db('processor_notifications').where({ payload: forged.bt_payload });
  expect(rows).toEqual([]);
});

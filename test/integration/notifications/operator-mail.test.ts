/**
 * The deployment's mail to operators (docs/notifications.md): invitation and password-reset links
 * mailed from MAIL_FROM (the digest: notification-delivery.test.ts); and tenants apart: one tenant's unsubscribe token never
 * suppresses in another, and another tenant's operator reads none of this tenant's notification data.
 * Without SMTP_URL a message is recorded NOT_SENT.
 */
import { sendTestNotification } from '../../../shared/use-cases/notification-test-send';
import {
  adminApi,
  createPortalTenant,
  signedInOperator,
  type AdminSession,
  type PortalTenant,
} from '../../helpers/admin-api';
import { startNotificationStack, type NotificationStack } from '../../helpers/notifications';

let s: NotificationStack;
let a: PortalTenant;
let b: PortalTenant;
let owner: AdminSession;
let ownerB: AdminSession;
beforeAll(async () => {
  s = await startNotificationStack({}, { notifier: false });
  a = await createPortalTenant(s.gw.deps.db);
  b = await createPortalTenant(s.gw.deps.db);
  owner = await signedInOperator(s.gw, a, 'OWNER');
  ownerB = await signedInOperator(s.gw, b, 'OWNER');
}, 90_000);
afterAll(() => s?.close());

const gql = async (session: AdminSession, query: string, variables?: Record<string, unknown>) => {
  const res = await adminApi(s.gw).graphql(session, query, variables);
  if (!res.json.data && !res.json.errors) throw new Error(`${res.status} ${res.text}`);
  return res.json;
};

test('an invitation and a password reset are mailed to the operator, from MAIL_FROM, with the link answered', async () => {
  const invited = await gql(
    owner,
    `mutation { inviteOperator(email: "new.op@example.com", role: ADMIN) { link } }`,
  );
  const link = invited.data.inviteOperator.link as string;
  const [invitation] = await s.sink.waitForMail('new.op@example.com');
  expect(invitation!.envelopeFrom).toBe('no-reply@mail.test');
  expect(invitation!.parsed.from?.value[0]).toMatchObject({
    name: 'Referrals',
    address: 'no-reply@mail.test',
  });
  expect(invitation!.parsed.subject).toBe(`You are invited to ${a.alias}’s referral program`);
  expect(invitation!.parsed.text).toContain(link);
  expect(invitation!.parsed.html).toContain(`<a href="${link}"`);

  await signedInOperator(s.gw, a, 'VIEWER');
  const viewer = `viewer@${a.alias.replace(/_/g, '-')}.test`;
  const reset = await gql(owner, `mutation R($e: String!) { resetOperatorAccess(email: $e) { link } }`, {
    e: viewer,
  });
  const [resetMail] = await s.sink.waitForMail(viewer);
  expect(resetMail!.parsed.subject).toBe(`Set a new password for ${a.alias}`);
  expect(resetMail!.parsed.text).toContain(reset.data.resetOperatorAccess.link);
  const listed = await gql(owner, `{ notificationDeliveries { kind status } }`);
  expect(listed.errors).toBeUndefined();
  const kinds = listed.data.notificationDeliveries;
  expect(kinds).toEqual(
    expect.arrayContaining([
      { kind: 'OPERATOR_INVITATION', status: 'SENT' },
      { kind: 'OPERATOR_PASSWORD_RESET', status: 'SENT' },
    ]),
  );
});

test('tenants apart: A’s unsubscribe token suppresses in A only; B reads none of A’s data', async () => {
  const sent = await gql(
    owner,
    `mutation { sendTestNotification(kind: REWARD_EARNED, locale: "en", to: "both@example.com") { status } }`,
  );
  expect(sent.data.sendTestNotification.status).toBe('SENT');
  const [fromA] = await s.sink.waitForMail('both@example.com');
  const url = /^<(.+)>$/
    .exec(fromA!.header('list-unsubscribe')!)![1]!
    .replace('https://refer.example', s.gw.url);
  const posted = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);
  expect((await gql(owner, `{ mailSuppressions { email } }`)).data.mailSuppressions).toEqual([
    { email: 'both@example.com' },
  ]);
  expect((await gql(ownerB, `{ mailSuppressions { email } }`)).data.mailSuppressions).toEqual([]);
  const fromB = await gql(
    ownerB,
    `mutation { sendTestNotification(kind: REWARD_EARNED, locale: "en", to: "both@example.com") { status } }`,
  );
  expect(fromB.data.sendTestNotification.status).toBe('SENT');

  // B's operator sees B's own deliveries, templates and suppressions only; B's changes stay in B.
  const bDeliveries = (await gql(ownerB, `{ notificationDeliveries { recipient } }`)).data
    .notificationDeliveries;
  expect(bDeliveries.map((d: { recipient: string }) => d.recipient)).toEqual(['both@example.com']);
  await gql(
    owner,
    `mutation { updateNotificationTemplate(kind: PAYOUT_SENT, locale: "en", subject: "A only", body: "A body") { customized } }`,
  );
  const bTemplate = await gql(
    ownerB,
    `{ notificationTemplate(kind: PAYOUT_SENT, locale: "en") { subject customized } }`,
  );
  expect(bTemplate.data.notificationTemplate.customized).toBe(false);
  expect(
    (await gql(ownerB, `mutation { removeMailSuppression(email: "both@example.com") }`)).data
      .removeMailSuppression,
  ).toBe(false);
  expect((await gql(owner, `{ mailSuppressions { email } }`)).data.mailSuppressions).toHaveLength(1);
  // A's program ids are not found in B.
  const other = await gql(ownerB, `{ notificationSettings(programId: "prg_0123456789abcdef") { kind } }`);
  expect(other.errors[0].extensions.code).toBe('NOT_FOUND');
});

test('without SMTP_URL a message is recorded NOT_SENT, and nothing fails', async () => {
  const delivery = await sendTestNotification(
    { ...s.gw.deps.mail, db: s.gw.deps.db, transport: null },
    a.id,
    { kind: 'FRIEND_WELCOME', locale: 'de', to: 'nobody@example.com' },
  );
  expect(delivery).toMatchObject({ status: 'NOT_SENT', response: 'SMTP_URL is not set' });
  const rows = await s.gw.deps
    .db('notification_deliveries')
    .where({ tenant_id: a.id, recipient: 'nobody@example.com' });
  expect(rows.map((r: { status: string }) => r.status)).toEqual(['NOT_SENT']);
  expect(s.sink.received.some((m) => m.envelopeTo.includes('nobody@example.com'))).toBe(false);
});

/**
 * Notification e-mails end to end (docs/notifications.md): outbound events → the outbox trigger → the
 * mail notifier → one delivery workflow per (event, recipient) → real SMTP. Each trigger kind reaches
 * the right person with both parts and the headers; a replayed event or workflow sends once; the
 * program's switch, the suppression list, one-click unsubscribe and do-not-track stop mail (recorded);
 * a 550 is REFUSED, a 451 is retried until SENT once; user data is HTML-escaped; an operator who
 * opted in gets the daily digest.
 */
import { keyApi } from '../../helpers/api-client';
import { adminApi, createPortalTenant, signedInOperator } from '../../helpers/admin-api';
import { recordWebhookEvent } from '../../../shared/domain/webhooks/webhook-events';
import { deliverNotification } from '../../../shared/use-cases/notification-deliver';
import type { ReceivedMail } from '../../helpers/smtp-sink';
import { eventually } from '../../helpers/wait';
import {
  deliveriesOf,
  identify,
  startNotificationStack,
  type NotificationStack,
} from '../../helpers/notifications';

let s: NotificationStack;
beforeAll(async () => {
  s = await startNotificationStack({ REWARD_DAY_MS: '1500' });
  const res = await s.api.gql(
    `mutation { updateProgram(input: { name: "Shop Club", referredDiscountPercent: 15, referrerReward: { type: CREDIT, amountCents: 1000, unit: "EUR" }, rewardHoldDays: 1, creditExpiryDays: 30 }) { name } }`,
  );
  expect(res.errors).toBeUndefined();
}, 90_000);
afterAll(() => s?.close());

const mail = (address: string, n = 1) => s.sink.waitForMail(address, n);
const bySubject = (mails: ReceivedMail[], part: string) =>
  mails.find((m) => m.parsed.subject?.includes(part));

/** A referrer and a friend signed up with its code. */
async function referral(referrer: Record<string, unknown>, friend: Record<string, unknown>) {
  const r = await identify(s.api, referrer);
  const f = await identify(s.api, { ...friend, referredByCode: r.code });
  return { r, f };
}

test('a friend signs up: the referrer is told, the friend welcomed in their language, with both parts and RFC 8058 headers', async () => {
  const { r } = await referral(
    { email: 'rita@example.com', firstName: 'Rita' },
    { email: 'ann@example.com', firstName: '<img src=x onerror=alert(1)>', locale: 'fr-CA' },
  );
  const [toReferrer] = await mail('rita@example.com');
  expect(toReferrer!.parsed.subject).toBe('<img src=x onerror=alert(1)> joined with your link');
  expect(toReferrer!.envelopeFrom).toBe('no-reply@mail.test');
  expect(toReferrer!.parsed.text).toContain('Hi Rita,');
  expect(toReferrer!.parsed.text).toContain(`https://refer.example/r/${s.alias}/${r.code}`);
  // User data is text in the HTML part: escaped, never markup.
  expect(toReferrer!.parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(toReferrer!.parsed.html).not.toContain('<img src=x');
  expect(toReferrer!.parsed.html).toContain(`<a href="https://refer.example/r/${s.alias}/${r.code}"`);
  const unsubscribe = toReferrer!.header('list-unsubscribe')!;
  expect(unsubscribe).toMatch(/^<https:\/\/refer\.example\/u\/[\w-]+\.[\w-]{43}>$/);
  expect(toReferrer!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const [delivered] = await deliveriesOf(s, 'FRIEND_SIGNED_UP', 'rita@example.com');
  expect(delivered).toMatchObject({ status: 'SENT', attempts: 1 });
  expect(toReferrer!.parsed.messageId).toBe(`<${delivered!.message_id}>`);

  const [welcome] = await mail('ann@example.com');
  expect(welcome!.parsed.subject).toBe('Bienvenue ! Rita vous a invité');
  expect(welcome!.parsed.text).toMatch(/15\s%\sde réduction/);
  expect(welcome!.parsed.text).toContain('Shop Club');
  expect(welcome!.parsed.html).toContain('lang="fr"');
  expect(welcome!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
});

test('a reward earned with a hold, then available, then the credit-expiry reminder: each once, to the referrer', async () => {
  const { f } = await referral(
    { email: 'rob@example.com', firstName: 'Rob' },
    { email: 'bea@example.com', firstName: 'Bea' },
  );
  await mail('rob@example.com'); // FRIEND_SIGNED_UP
  const paid = await s.api.call('POST', '/accountsync', {
    id: f.accountId,
    subscription: { status: 'PAID' },
  });
  expect(paid.status).toBe(200);
  const mails = await mail('rob@example.com', 4);
  expect(bySubject(mails, 'You earned €10.00')!.parsed.text).toContain('Thanks to Bea, you earned €10.00');
  expect(bySubject(mails, 'Your €10.00 reward is ready')).toBeDefined();
  expect(bySubject(mails, 'Your €10.00 credit expires soon')!.parsed.text).toMatch(
    /expires on \w+ \d+, \d{4}/,
  );
  for (const kind of ['REWARD_EARNED', 'REWARD_AVAILABLE', 'CREDIT_EXPIRING']) {
    expect((await deliveriesOf(s, kind, 'rob@example.com')).map((d) => d.status)).toEqual(['SENT']);
  }
});

test('a payout sent is mailed to its referrer', async () => {
  const r = await identify(s.api, { email: 'pat@example.com', firstName: 'Pat' });
  await recordWebhookEvent(s.gw.deps.db, s.tenantId, 'payout.sent', {
    id: '0197b2d0-1a2b-7000-8000-0000000000aa',
    accountId: r.accountId,
    programId: 'default',
    amountCents: 2500,
    currency: 'USD',
    status: 'SENT',
  });
  const [sent] = await mail('pat@example.com');
  expect(sent!.parsed.subject).toBe('Your payout of $25.00 is on its way');
});

test('a replayed event and a retried delivery send once', async () => {
  await referral({ email: 'dup@example.com', firstName: 'Dee' }, { email: 'dup-friend@example.com' });
  await mail('dup@example.com');
  const [row] = await deliveriesOf(s, 'FRIEND_SIGNED_UP', 'dup@example.com');
  const eventId = row!.key.split('/')[0]!;
  // The event again in the outbox (a replay), and the delivery's activity run again (a retried workflow).
  await s.gw.deps
    .db('notification_outbox')
    .insert({ event_id: eventId, tenant_id: s.tenantId, type: 'referral.started' });
  const again = await deliverNotification(
    { ...s.gw.deps.mail, db: s.gw.deps.db },
    { tenantId: s.tenantId, tenantAlias: s.alias, key: row!.key, kind: 'FRIEND_SIGNED_UP', eventId },
  );
  expect(again.status).toBe('SENT');
  await eventually(
    'the replayed outbox row taken',
    async () => (await s.gw.deps.db('notification_outbox').where({ event_id: eventId })).length === 0,
  );
  // A later message to the same person arrives, and the first is still there once.
  await referral({ email: 'dup@example.com', firstName: 'Dee' }, { email: 'dup-friend2@example.com' });
  const mails = await mail('dup@example.com', 2);
  expect(mails.filter((m) => m.parsed.messageId === `<${row!.message_id}>`)).toHaveLength(1);
  expect(s.sink.received.filter((m) => m.envelopeTo.includes('dup@example.com'))).toHaveLength(2);
});

test('the program’s switch turns a kind off: recorded DISABLED, nothing sent', async () => {
  await s.api.gqlOk(
    `mutation { setNotificationEnabled(kind: FRIEND_SIGNED_UP, enabled: false) { enabled } }`,
  );
  try {
    await referral({ email: 'off@example.com', firstName: 'Otto' }, { email: 'off-friend@example.com' });
    await mail('off-friend@example.com'); // the welcome is still on
    expect((await deliveriesOf(s, 'FRIEND_SIGNED_UP', 'off@example.com')).map((d) => d.status)).toEqual([
      'DISABLED',
    ]);
    expect(s.sink.received.some((m) => m.envelopeTo.includes('off@example.com'))).toBe(false);
  } finally {
    await s.api.gqlOk(
      `mutation { setNotificationEnabled(kind: FRIEND_SIGNED_UP, enabled: true) { enabled } }`,
    );
  }
});

test('unsubscribe round trip: GET only asks, POST List-Unsubscribe=One-Click suppresses, the next mail is SUPPRESSED', async () => {
  await referral({ email: 'una@example.com', firstName: 'Una' }, { email: 'una-friend@example.com' });
  const [first] = await mail('una@example.com');
  const url = /^<(.+)>$/.exec(first!.header('list-unsubscribe')!)![1]!;
  const local = url.replace('https://refer.example', s.gw.url);
  const page = await fetch(local);
  expect(page.status).toBe(200);
  const body = await page.text();
  expect(body).toContain('una@example.com');
  expect(body).toContain('<form method="post"');
  expect(body).not.toContain('<script');
  expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
  expect((await s.api.gqlOk(`{ mailSuppressions { email } }`)).mailSuppressions).toEqual([]);

  const posted = await fetch(local, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);
  expect((await s.api.gqlOk(`{ mailSuppressions { email reason } }`)).mailSuppressions).toEqual([
    { email: 'una@example.com', reason: 'UNSUBSCRIBED' },
  ]);
  await referral({ email: 'una@example.com', firstName: 'Una' }, { email: 'una-friend2@example.com' });
  await mail('una-friend2@example.com');
  const rows = await deliveriesOf(
    s,
    'FRIEND_SIGNED_UP',
    'una@example.com',
    (r) => r.length === 2 && r.every((d) => d.status !== 'PENDING'),
  );
  expect(rows.map((d) => d.status).sort()).toEqual(['SENT', 'SUPPRESSED']);
  expect(s.sink.received.filter((m) => m.envelopeTo.includes('una@example.com'))).toHaveLength(1);

  // A forged or altered token unsubscribes nobody; a POST without the RFC 8058 body is refused.
  const forged = await fetch(
    local.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    },
  );
  expect(forged.status).toBe(404);
  const noBody = await fetch(local, { method: 'POST' });
  expect(noBody.status).toBe(400);
});

test('a do-not-track user gets nothing: SUPPRESSED', async () => {
  const { r, f } = await referral(
    { email: 'dnt@example.com', firstName: 'Dan' },
    { email: 'dnt-friend@example.com' },
  );
  await mail('dnt@example.com');
  await s.api.gqlOk(
    `mutation D($a: ID!, $u: ID!) { deleteUser(accountId: $a, userId: $u, doNotTrack: true, preserveEmptyAccount: true, reason: "asked") { __typename } }`,
    { a: r.accountId, u: r.userId },
  );
  await s.api.call('POST', '/accountsync', { id: f.accountId, subscription: { status: 'PAID' } });
  const rows = await deliveriesOf(s, 'REWARD_EARNED', '(no address)');
  expect(rows.map((d) => [d.status, d.response])).toEqual([
    ['SUPPRESSED', 'the user was deleted with do-not-track'],
  ]);
});

test('a 550 is REFUSED (and the address suppressed); a 451 is retried by Temporal, then SENT once', async () => {
  s.sink.refuse('bounce@example.com');
  await referral(
    { email: 'bouncer-ref@example.com', firstName: 'Bo' },
    { email: 'bounce@example.com', firstName: 'Bo' },
  );
  const [refused] = await deliveriesOf(s, 'FRIEND_WELCOME', 'bounce@example.com');
  expect(refused).toMatchObject({ status: 'REFUSED' });
  expect(refused!.response).toMatch(/^550 /);
  const suppressions = (await s.api.gqlOk(`{ mailSuppressions { email reason } }`)).mailSuppressions;
  expect(suppressions).toContainEqual({ email: 'bounce@example.com', reason: 'REFUSED' });

  s.sink.failTemporarily();
  try {
    await referral({ email: 'later@example.com', firstName: 'Lou' }, { email: 'later-friend@example.com' });
    await deliveriesOf(s, 'FRIEND_SIGNED_UP', 'later@example.com', (rows) => rows[0]?.attempts === 1);
  } finally {
    s.sink.heal();
  }
  await mail('later@example.com');
  const [sent] = await deliveriesOf(s, 'FRIEND_SIGNED_UP', 'later@example.com');
  expect(sent).toMatchObject({ status: 'SENT' });
  expect(sent!.attempts).toBeGreaterThanOrEqual(2);
  expect(s.sink.received.filter((m) => m.envelopeTo.includes('later@example.com'))).toHaveLength(1);
});

test('the daily digest goes to an operator who opted in, once a day, when the day had news', async () => {
  const a = await createPortalTenant(s.gw.deps.db);
  const owner = await signedInOperator(s.gw, a, 'ADMIN');
  expect(
    (await adminApi(s.gw).graphql(owner, `mutation { setOperatorDigest(enabled: true) }`)).json.data
      .setOperatorDigest,
  ).toBe(true);
  const api = keyApi(s.gw, a);
  const r = await identify(api, { firstName: 'Rae' });
  const f = await identify(api, { referredByCode: r.code });
  await s.gw.deps
    .db('referrals')
    .where({ tenant_id: a.id, referred_account_id: f.accountId })
    .update({ review_status: 'PENDING' });
  const address = `admin@${a.alias.replace(/_/g, '-')}.test`;
  const [digest] = await s.sink.waitForMail(address);
  expect(digest!.parsed.subject).toBe(
    `${a.alias}: your referral digest for ${new Date().toISOString().slice(0, 10)}`,
  );
  expect(digest!.parsed.text).toContain('New referrals awaiting review: 1');
  expect(digest!.envelopeFrom).toBe('no-reply@mail.test');
  const rows = await s.gw.deps
    .db('notification_deliveries')
    .where({ tenant_id: a.id, kind: 'OPERATOR_DIGEST' });
  expect(rows).toHaveLength(1);
});

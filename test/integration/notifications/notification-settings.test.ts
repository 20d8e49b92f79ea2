/**
 * The notifications API (docs/notifications.md): switches per program, templates per kind and locale
 * with the built-in texts and the tenant's own, the preview, the sender and its domain check, the
 * suppression list, a test send over real SMTP, VIEWERs read-only and tenants kept apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../shared/config';
import { keyApi, type TenantApi } from '../../helpers/api-client';
import { adminApi, createPortalTenant, portalTenants } from '../../helpers/admin-api';
import { startTestGateway, testConfig, type TestGateway } from '../../helpers/harness';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink';

let sink: SmtpSink;
let gw: TestGateway;
let a: TenantApi;
let b: TenantApi;
let tenants: Awaited<ReturnType<typeof portalTenants>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  gw = await startTestGateway({
    config: testConfig({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Referrals <no-reply@mail.test>',
      MAIL_SENDER_DOMAINS: 'mail.test,shop.example',
    }),
  });
  tenants = await portalTenants(gw);
  a = keyApi(gw, tenants.a);
  b = keyApi(gw, tenants.b);
}, 60_000);
afterAll(async () => {
  await gw?.close();
  await sink?.close();
});

const SETTINGS = `query S($p: ID) { notificationSettings(programId: $p) { kind recipient enabled variables } }`;
const TEMPLATE = `query T($k: NotificationKind!, $l: String!) { notificationTemplate(kind: $k, locale: $l) { kind locale subject body customized updatedAt } }`;
const UPDATE = `mutation U($k: NotificationKind!, $l: String!, $s: String!, $b: String!) {
  updateNotificationTemplate(kind: $k, locale: $l, subject: $s, body: $b) { subject body customized updatedAt } }`;
const PREVIEW = `query P($k: NotificationKind!, $l: String!, $s: String!, $b: String!) {
  notificationPreview(kind: $k, locale: $l, subject: $s, body: $b) { subject html text } }`;

test('every kind is on by default with its recipient and variables; a program turns one off', async () => {
  const { notificationSettings } = await a.gqlOk(SETTINGS);
  expect(notificationSettings.map((s: any) => s.kind)).toEqual([
    'FRIEND_SIGNED_UP',
    'REWARD_EARNED',
    'REWARD_AVAILABLE',
    'FRIEND_WELCOME',
    'CREDIT_EXPIRING',
    'PAYOUT_SENT',
  ]);
  expect(notificationSettings.every((s: any) => s.enabled)).toBe(true);
  expect(notificationSettings.find((s: any) => s.kind === 'FRIEND_WELCOME')).toMatchObject({
    recipient: 'FRIEND',
    variables: expect.arrayContaining(['friend.firstName', 'offer', 'unsubscribeUrl']),
  });
  const off = await a.gqlOk(
    `mutation { setNotificationEnabled(kind: PAYOUT_SENT, enabled: false) { kind enabled } }`,
  );
  expect(off.setNotificationEnabled).toEqual({ kind: 'PAYOUT_SENT', enabled: false });
  const after = await a.gqlOk(SETTINGS, { p: 'default' });
  expect(after.notificationSettings.find((s: any) => s.kind === 'PAYOUT_SENT').enabled).toBe(false);
  // Another tenant's switches are its own.
  expect((await b.gqlOk(SETTINGS)).notificationSettings.every((s: any) => s.enabled)).toBe(true);
  // An unknown program is not found.
  const res = await a.gql(SETTINGS, { p: 'prg_0123456789abcdef' });
  expect(res.errors[0].extensions.code).toBe('NOT_FOUND');
});

test('built-in templates in en, fr and de; a saved one is the tenant’s own until reset', async () => {
  const en = (await a.gqlOk(TEMPLATE, { k: 'REWARD_EARNED', l: 'en' })).notificationTemplate;
  expect(en).toMatchObject({ customized: false, updatedAt: null, subject: 'You earned {{reward.amount}}' });
  expect(en.body).toContain('{{unsubscribeUrl}}');
  expect((await a.gqlOk(TEMPLATE, { k: 'REWARD_EARNED', l: 'fr' })).notificationTemplate.subject).toBe(
    'Vous avez gagné {{reward.amount}}',
  );
  expect((await a.gqlOk(TEMPLATE, { k: 'REWARD_EARNED', l: 'de' })).notificationTemplate.subject).toBe(
    'Sie haben {{reward.amount}} verdient',
  );
  const saved = await a.gqlOk(UPDATE, {
    k: 'REWARD_EARNED',
    l: 'de',
    s: 'Prämie: {{reward.amount}}',
    b: 'Hallo {{referrer.firstName}}',
  });
  expect(saved.updateNotificationTemplate).toMatchObject({
    customized: true,
    subject: 'Prämie: {{reward.amount}}',
  });
  expect(typeof saved.updateNotificationTemplate.updatedAt).toBe('number');
  // B sees the built-in text.
  expect((await b.gqlOk(TEMPLATE, { k: 'REWARD_EARNED', l: 'de' })).notificationTemplate.customized).toBe(
    false,
  );
  const reset = await a.gqlOk(
    `mutation { resetNotificationTemplate(kind: REWARD_EARNED, locale: "de") { customized subject } }`,
  );
  expect(reset.resetNotificationTemplate).toEqual({
    customized: false,
    subject: 'Sie haben {{reward.amount}} verdient',
  });
  const badLocale = await a.gql(TEMPLATE, { k: 'REWARD_EARNED', l: 'xx' });
  expect(badLocale.errors[0].extensions.code).toBe('VALIDATION_FAILED');
});

test('an unknown variable is refused, named, on save and on preview', async () => {
  for (const query of [UPDATE, PREVIEW]) {
    const res = await a.gql(query, { k: 'FRIEND_SIGNED_UP', l: 'en', s: 'Hi', b: 'Hello {{referrer.nmae}}' });
    expect(res.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.errors[0])).toContain('unknown variable {{referrer.nmae}}');
  }
  // A variable of another kind is unknown here too.
  const res = await a.gql(PREVIEW, { k: 'PAYOUT_SENT', l: 'en', s: '{{friend.firstName}}', b: 'x' });
  expect(JSON.stringify(res.errors[0])).toContain('unknown variable {{friend.firstName}}');
});

test('the preview fills example values, escapes them in the HTML part and links the URLs', async () => {
  const body = 'Hi {{referrer.firstName}} <b>&</b>\n\nShare: {{shareLink}} or see https://shop.example/faq.';
  const { notificationPreview } = await a.gqlOk(PREVIEW, {
    k: 'FRIEND_SIGNED_UP',
    l: 'en',
    s: '{{friend.firstName}} joined',
    b: body,
  });
  expect(notificationPreview.subject).toBe('Sam joined');
  expect(notificationPreview.text).toBe(
    'Hi Alex <b>&</b>\n\nShare: https://example.com/r/alex or see https://shop.example/faq.\n',
  );
  expect(notificationPreview.html).toContain('Hi Alex &lt;b&gt;&amp;&lt;/b&gt;');
  expect(notificationPreview.html).toContain('<a href="https://example.com/r/alex"');
  expect(notificationPreview.html).toContain('<a href="https://shop.example/faq"');
  expect(notificationPreview.html).not.toMatch(/<script|<style/);
});

test('the sender: MAIL_FROM by default, the tenant’s own within the allowed domains only', async () => {
  const first = (await a.gqlOk(`{ mailSender { name address effective allowedDomains smtpConfigured } }`))
    .mailSender;
  expect(first).toEqual({
    name: null,
    address: null,
    effective: 'Referrals <no-reply@mail.test>',
    allowedDomains: ['mail.test', 'shop.example'],
    smtpConfigured: true,
  });
  const refused = await a.gql(
    `mutation { setMailSender(name: "Shop", address: "rewards@evil.example") { effective } }`,
  );
  expect(refused.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  expect(JSON.stringify(refused.errors[0])).toContain('address');
  const set = await a.gqlOk(
    `mutation { setMailSender(name: "Shop Rewards", address: "Rewards@News.Shop.Example") { effective } }`,
  );
  expect(set.setMailSender.effective).toBe('Shop Rewards <rewards@news.shop.example>');
  expect((await b.gqlOk(`{ mailSender { effective } }`)).mailSender.effective).toBe(
    'Referrals <no-reply@mail.test>',
  );
});

test('a test send arrives over SMTP with both parts and the unsubscribe headers, and is a delivery', async () => {
  await a.gqlOk(
    `mutation { setMailSender(name: "Shop Rewards", address: "rewards@shop.example") { effective } }`,
  );
  const { sendTestNotification } = await a.gqlOk(
    `mutation { sendTestNotification(kind: FRIEND_WELCOME, locale: "fr", to: "tester@example.com") { id kind recipient status sentAt } }`,
  );
  expect(sendTestNotification).toMatchObject({
    kind: 'FRIEND_WELCOME',
    recipient: 'tester@example.com',
    status: 'SENT',
  });
  const [mail] = await sink.waitForMail('tester@example.com');
  expect(mail!.envelopeFrom).toBe('rewards@shop.example');
  expect(mail!.parsed.subject).toBe('Bienvenue ! Alex vous a invité');
  expect(mail!.parsed.text).toContain('Bonjour Sam');
  expect(mail!.parsed.html).toContain('Bonjour Sam');
  expect(mail!.header('list-unsubscribe')).toMatch(/^<http:\/\/[^/]+\/u\/[\w-]+\.[\w-]+>$/);
  expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const deliveries = await a.gqlOk(`{ notificationDeliveries(status: "SENT") { id status recipient } }`);
  expect(deliveries.notificationDeliveries.map((d: any) => d.id)).toContain(sendTestNotification.id);
  expect((await b.gqlOk(`{ notificationDeliveries { id } }`)).notificationDeliveries).toEqual([]);
});

test('the suppression list: added, listed, a suppressed address gets nothing, removed; per tenant', async () => {
  const added = await a.gqlOk(
    `mutation { addMailSuppression(email: "Gone@Example.com") { email reason createdAt } }`,
  );
  expect(added.addMailSuppression).toMatchObject({ email: 'gone@example.com', reason: 'MANUAL' });
  expect((await a.gqlOk(`{ mailSuppressions { email } }`)).mailSuppressions).toEqual([
    { email: 'gone@example.com' },
  ]);
  expect((await b.gqlOk(`{ mailSuppressions { email } }`)).mailSuppressions).toEqual([]);
  const sent = await a.gqlOk(
    `mutation { sendTestNotification(kind: PAYOUT_SENT, locale: "en", to: "gone@example.com") { status } }`,
  );
  expect(sent.sendTestNotification.status).toBe('SUPPRESSED');
  // B removing A's entry changes nothing.
  expect(
    (await b.gqlOk(`mutation { removeMailSuppression(email: "gone@example.com") }`)).removeMailSuppression,
  ).toBe(false);
  expect(
    (await a.gqlOk(`mutation { removeMailSuppression(email: "gone@example.com") }`)).removeMailSuppression,
  ).toBe(true);
  expect((await a.gqlOk(`{ mailSuppressions { email } }`)).mailSuppressions).toEqual([]);
  const bad = await a.gql(`mutation { addMailSuppression(email: "not-an-address") { email } }`);
  expect(bad.errors[0].extensions.code).toBe('VALIDATION_FAILED');
});

test('operators: a VIEWER reads but cannot change; changes are audited; the digest is an operator’s own', async () => {
  const admin = adminApi(gw);
  const read = await admin.graphql(tenants.viewer, SETTINGS);
  expect(read.json.data.notificationSettings).toHaveLength(6);
  const refused = await admin.graphql(
    tenants.viewer,
    `mutation { setNotificationEnabled(kind: REWARD_EARNED, enabled: false) { enabled } }`,
  );
  expect(refused.status).toBe(403);
  const done = await admin.graphql(
    tenants.admin,
    `mutation { setNotificationEnabled(kind: REWARD_EARNED, enabled: false) { enabled } }`,
  );
  expect(done.json.data.setNotificationEnabled.enabled).toBe(false);
  const digest = await admin.graphql(tenants.admin, `mutation { setOperatorDigest(enabled: true) }`);
  expect(digest.json.data.setOperatorDigest).toBe(true);
  const audit = await gw.deps
    .db('audit_log')
    .where({ tenant_id: tenants.a.id })
    .whereIn('action', ['setNotificationEnabled', 'setOperatorDigest']);
  expect(audit.map((r: any) => r.action).sort()).toEqual(
    ['setNotificationEnabled', 'setOperatorDigest', 'setNotificationEnabled'].sort(),
  );
  // The API key has no digest of its own.
  const key = await a.gql(`mutation { setOperatorDigest(enabled: true) }`);
  expect(key.errors[0].extensions.code).toBe('FORBIDDEN');
});

test('docs/notifications.md: its switch, preview and save snippets run as written', async () => {
  const guide = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'notifications.md'), 'utf8');
  const block = (tag: string) => new RegExp('```graphql ' + tag + '\\n([\\s\\S]*?)```').exec(guide)![1]!;
  const guideTenant = keyApi(gw, await createPortalTenant(gw.deps.db));
  const switched = await guideTenant.gqlOk(block('notifications-switch'), {});
  expect(switched.setNotificationEnabled).toMatchObject({
    kind: 'FRIEND_WELCOME',
    recipient: 'FRIEND',
    enabled: false,
  });
  const wording = {
    subject: 'You earned {{reward.amount}}',
    body: 'Thanks {{referrer.firstName}}!\n\n{{unsubscribeUrl}}',
  };
  const preview = await guideTenant.gqlOk(block('notifications-preview'), wording);
  expect(preview.notificationPreview.subject).toBe('You earned $10.00');
  const saved = await guideTenant.gqlOk(block('notifications-save'), wording);
  expect(saved.updateNotificationTemplate).toMatchObject({ ...wording, customized: true });
  const refused = await guideTenant.gql(block('notifications-preview'), {
    ...wording,
    body: 'Hi {{referrer.nmae}}',
  });
  expect(refused.errors[0].extensions.validationErrors).toEqual([
    { path: 'body', message: 'unknown variable {{referrer.nmae}}' },
  ]);
});

test('the unsubscribe route is rate-limited per client address, before any lookup', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i += 1) {
    const res = await fetch(`${gw.url}/u/not-a-token`, { headers: { 'x-forwarded-for': '10.77.0.1' } });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
  expect(statuses).toContain(429);
});

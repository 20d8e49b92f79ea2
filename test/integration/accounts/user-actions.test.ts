/**
 * Hand actions on a user, with the real gateway and PostgreSQL: edit a user (the people search
 * follows), change a share code (the old one keeps resolving for the grace period, then stops), delete a
 * user (the DELETE_USER job's deletion); each with a reason, once per key, audited with a sentence;
 * another tenant can neither act nor see; a VIEWER cannot act.
 */
import { RETIRED_SHARE_CODE_GRACE_DAYS } from '../../../shared/types/hand-actions';
import { notifyTenantChanged } from '../../../shared/db/notify';
import { adminApi, signedInOperator, type PortalTenant } from '../../helpers/admin-api';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';
import { anotherTenant, expectEachNotFound } from '../../helpers/cross-tenant';

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

const RESULT = `outcome action { id kind accountId userId reason actor summary }
  user { id email firstName lastName shareCode } account { id users { id } } accountDeleted`;
const M = {
  update: `mutation U($accountId: ID!, $userId: ID!, $input: UserEditInput!, $reason: String!, $key: String) {
    updateUser(accountId: $accountId, userId: $userId, input: $input, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  code: `mutation C($accountId: ID!, $userId: ID!, $code: String!, $reason: String!, $key: String) {
    changeShareCode(accountId: $accountId, userId: $userId, code: $code, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
  remove: `mutation D($accountId: ID!, $userId: ID!, $reason: String!, $key: String) {
    deleteUser(accountId: $accountId, userId: $userId, reason: $reason, idempotencyKey: $key) { ${RESULT} } }`,
};

async function person(firstName = 'Priya') {
  const accountId = uid('acct-u');
  const userId = uid('user');
  const res = await api.identify(accountId, userId, {
    firstName,
    lastName: 'Sharma',
    email: `${userId}@example.com`,
  });
  expect(res.status).toBe(200);
  return { accountId, userId, code: res.body.shareCode as string };
}

const codeLookup = (code: string) => api.call('GET', `/code/${code}`);
const openCode = (code: string) => api.call('GET', `/open/codes/${code}`);
const shareLink = (code: string) =>
  fetch(`${api.gw.url}/r/${api.tenant.alias}/${code}`, { redirect: 'manual' });

test('updateUser: 10 parallel identical edits apply once; the people search finds the new name', async () => {
  const p = await person();
  const input = { firstName: 'Zoë', email: `${p.userId}@new.example.com` };
  const calls = await Promise.all(
    Array.from({ length: 10 }, () => api.gql(M.update, { ...p, input, reason: 'Customer asked by e-mail' })),
  );
  for (const c of calls) expect(c.errors).toBeUndefined();
  expect(calls.filter((c) => c.data.updateUser.outcome === 'APPLIED')).toHaveLength(1);
  expect(calls[0].data.updateUser.user).toMatchObject({
    firstName: 'Zoë',
    lastName: 'Sharma',
    email: input.email,
  });
  const db = api.gw.deps.db;
  expect(await db('hand_actions').where({ tenant_id: api.tenantId, user_id: p.userId })).toHaveLength(1);
  const row = await db('users').where({ tenant_id: api.tenantId, id: p.userId }).first('search_doc');
  expect(row.search_doc).toContain('zoe');
  expect(row.search_doc).not.toContain('priya sharma');
  const found = await api.gql(`{ accounts(query: "zoe sharma") { items { id } } }`);
  expect(found.data.accounts.items.map((a: { id: string }) => a.id)).toContain(p.accountId);

  const bad = await api.gql(M.update, { ...p, input: { email: 'not-an-email' }, reason: 'typo' });
  expect(bad.errors[0].extensions.validationErrors[0].path).toBe('input.email');
  const empty = await api.gql(M.update, { ...p, input: {}, reason: 'nothing' });
  expect(empty.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  const noReason = await api.gql(M.update, { ...p, input: { lastName: 'X' }, reason: '' });
  expect(noReason.errors[0].extensions.validationErrors[0].path).toBe('reason');
  const missing = await api.gql(M.update, { ...p, userId: 'nobody', input: { lastName: 'X' }, reason: 'r' });
  expect(missing.errors[0].extensions.validationErrors[0].path).toBe('userId');
});

test('changeShareCode: a taken code is refused naming code; the old code resolves to the user for the grace period, then is unknown', async () => {
  const p = await person('Olga');
  const other = await person('Otto');
  const taken = await api.gql(M.code, { ...p, code: other.code.toLowerCase(), reason: 'wants it' });
  expect(taken.errors[0].extensions.code).toBe('CODE_TAKEN');
  expect(taken.errors[0].extensions.validationErrors[0].path).toBe('code');
  const invalid = await api.gql(M.code, { ...p, code: 'no spaces', reason: 'r' });
  expect(invalid.errors[0].extensions.validationErrors[0].path).toBe('code');

  const newCode = `NEW${uid('c')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-10)}`.toUpperCase();
  const done = await api.gql(M.code, { ...p, code: newCode, reason: 'Rebranded' });
  expect(done.errors).toBeUndefined();
  expect(done.data.changeShareCode.user.shareCode).toBe(newCode);
  expect(done.data.changeShareCode.action.summary).toBe(`Share code ${p.code} → ${newCode}`);

  // The new code and, during the grace period, the old one lead to the user.
  expect((await codeLookup(newCode)).status).toBe(200);
  const old = await codeLookup(p.code);
  expect(old.status).toBe(200);
  expect(old.body.referrerName).toBe('Olga Sharma');
  expect((await openCode(p.code)).status).toBe(200);
  expect([200, 302]).toContain((await shareLink(p.code)).status);
  // Someone else cannot take the retired code while it resolves.
  const grab = await api.gql(M.code, { ...other, code: p.code, reason: 'free?' });
  expect(grab.errors[0].extensions.validationErrors[0].path).toBe('code');
  // A friend who types the old code is referred by the user.
  const friend = uid('acct-f');
  const referred = await api.identify(friend, uid('user'), { referredByCode: p.code });
  expect(referred.status).toBe(200);
  expect((await api.account(friend))!.referredBy).toMatchObject({ referrerUserId: p.userId });

  // After the grace period the old code is unknown everywhere.
  const db = api.gw.deps.db;
  await db('retired_share_codes')
    .where({ tenant_id: api.tenantId, user_id: p.userId })
    .update({ retired_at: db.raw(`now() - interval '${RETIRED_SHARE_CODE_GRACE_DAYS} days 1 minute'`) });
  await notifyTenantChanged(db, api.tenantId, 'codes');
  const deadline = Date.now() + 10_000;
  while ((await codeLookup(p.code)).status !== 404 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await codeLookup(p.code)).status).toBe(404);
  expect((await openCode(p.code)).status).toBe(404);
  expect((await shareLink(p.code)).status).toBe(404);
  expect((await codeLookup(newCode)).status).toBe(200);
});

test('deleteUser: the DELETE_USER deletion, once; the account goes with its last user', async () => {
  const p = await person('Dora');
  const calls = await Promise.all(
    Array.from({ length: 5 }, () => api.gql(M.remove, { ...p, reason: 'GDPR erasure request #42' })),
  );
  for (const c of calls) expect(c.errors).toBeUndefined();
  expect(calls.filter((c) => c.data.deleteUser.outcome === 'APPLIED')).toHaveLength(1);
  expect(calls[0].data.deleteUser).toMatchObject({ accountDeleted: true, account: null, user: null });
  expect(await api.account(p.accountId)).toBeNull();
  expect((await codeLookup(p.code)).status).toBe(404);
  const again = await api.gql(M.remove, { ...p, reason: 'GDPR erasure request #42' });
  expect(again.data.deleteUser.outcome).toBe('ALREADY_APPLIED');
  const otherKey = await api.gql(M.remove, { ...p, reason: 'again', key: 'delete-again-1' });
  expect(otherKey.errors[0].extensions.code).toBe('NOT_FOUND');
});

test('another tenant can neither act on nor see the user: not found, nothing changed', async () => {
  const p = await person('Tess');
  const other = await anotherTenant(api.gw);
  const call = other.gql;
  await expectEachNotFound(other, [
    [M.update, { ...p, input: { firstName: 'Mallory' }, reason: 'theirs' }],
    [M.code, { ...p, code: 'MALLORY1', reason: 'theirs' }],
    [M.remove, { ...p, reason: 'theirs' }],
  ] as const);
  const seen = await call(`query A($id: String!) { account(id: $id) { id } }`, { id: p.accountId });
  expect(seen.data?.account).toBeNull();
  const account = await api.account(p.accountId);
  expect(account!.users).toEqual([expect.objectContaining({ id: p.userId, shareCode: p.code })]);
  expect(await api.gw.deps.db('hand_actions').where({ account_id: p.accountId })).toEqual([]);
});

test("in the portal: a VIEWER cannot act; an operator's actions are audited with sentences", async () => {
  const tenant = { ...api.tenant, id: api.tenantId } as PortalTenant;
  const owner = await signedInOperator(api.gw, tenant, 'OWNER');
  const viewer = await signedInOperator(api.gw, tenant, 'VIEWER');
  const portal = adminApi(api.gw);
  const p = await person('Vera');
  const refused = await portal.graphql(viewer, M.remove, { ...p, reason: 'hi' });
  expect(refused.json.errors[0].extensions.code).toBe('FORBIDDEN');
  expect(await api.account(p.accountId)).not.toBeNull();
  const edit = await portal.graphql(owner, M.update, {
    ...p,
    input: { lastName: 'Valdez' },
    reason: 'Married',
  });
  expect(edit.json.errors).toBeUndefined();
  const code = await portal.graphql(owner, M.code, {
    ...p,
    code: `VERA${Date.now() % 100000}`,
    reason: 'Asked',
  });
  expect(code.json.errors).toBeUndefined();
  const gone = await portal.graphql(owner, M.remove, { ...p, reason: 'Erasure' });
  expect(gone.json.errors).toBeUndefined();
  const audit = await portal.graphql(owner, '{ auditLog(first: 3) { entries { action target sentence } } }');
  const who = owner.view.operator.email;
  const user = `user ${p.userId} of account ${p.accountId}`;
  expect(audit.json.data.auditLog.entries).toEqual([
    { action: 'deleteUser', target: p.accountId, sentence: `${who} deleted ${user}: Erasure` },
    {
      action: 'changeShareCode',
      target: p.accountId,
      sentence: expect.stringMatching(
        new RegExp(`^${who} changed the share code of ${user} to VERA\\d+: Asked$`),
      ),
    },
    { action: 'updateUser', target: p.accountId, sentence: `${who} edited ${user} (lastName): Married` },
  ]);
});

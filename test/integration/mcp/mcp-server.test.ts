/**
 * The MCP server (docs/mcp.md) with the MCP SDK's own client over Streamable HTTP, the real gateway,
 * worker, PostgreSQL and Temporal: MCP keys only on /mcp and ordinary keys never there, 401 before any
 * MCP state; the tools a read-only key and a write key list; each read tool's answer; write tools
 * refused without MCP_WRITE; a review, an import and a program change become pending actions with no
 * effect until an OWNER or ADMIN approves (applied once, also under two concurrent approvals) or rejects
 * (never applied); every write audited under the key's prefix; tenant B's key and operators never
 * reach tenant A's data or actions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import { describeAuditEntry } from '../../../shared/domain/common/audit-sentence';
import { createApiKey } from '../../../shared/domain/tenants/api-keys';
import { setTenantRateLimit } from '../../../shared/domain/tenants/tenant-rate-limits';
import { approveMcpAction } from '../../../shared/use-cases/mcp-actions';
import {
  adminApi,
  createPortalTenant,
  signedInOperator,
  type AdminSession,
  type Json,
  type PortalTenant,
} from '../../helpers/admin-api';
import { basic, postJson } from '../../helpers/harness';
import { importClient } from '../../helpers/imports';
import { mcpClient, type McpTestClient } from '../../helpers/mcp-client';
import { startReferralApi, uid, type ReferralApi } from '../../helpers/referrals';

const READ_TOOLS = [
  'agent_action_status',
  'explain_referral_rewards',
  'find_people',
  'job_status',
  'program_statistics',
  'referrals_awaiting_review',
];
const WRITE_TOOLS = ['change_program', 'create_job', 'review_referrals'];

let api: ReferralApi;
let a: PortalTenant;
let b: PortalTenant;
let owner: AdminSession;
let adminOp: AdminSession;
let viewer: AdminSession;
let ownerB: AdminSession;
let readKey: string;
let writeKey: string;
let keyB: string;
let reader: McpTestClient;
let writer: McpTestClient;
let agentB: McpTestClient;

const mcpUrl = (alias: string) => `${api.gw.api(alias)}/mcp`;
const gql = (session: AdminSession, query: string, variables?: Json) =>
  adminApi(api.gw).graphql(session, query, variables);

async function createMcpKey(session: AdminSession, allowChanges: boolean): Promise<string> {
  const res = await gql(
    session,
    'mutation C($w: Boolean) { createApiKey(purpose: MCP, allowChanges: $w) { key purpose allowChanges scopes } }',
    { w: allowChanges },
  );
  expect(res.json.errors).toBeUndefined();
  expect(res.json.data.createApiKey).toMatchObject({ purpose: 'MCP', allowChanges, scopes: [] });
  return res.json.data.createApiKey.key as string;
}

const ACTION = 'id tool summary status requestedBy decidedBy reason result';
const approve = (session: AdminSession, id: string) =>
  gql(session, `mutation A($id: ID!) { approveMcpAction(id: $id) { ${ACTION} } }`, { id });
const reject = (session: AdminSession, id: string, reason = 'Not now') =>
  gql(session, `mutation R($id: ID!, $r: String!) { rejectMcpAction(id: $id, reason: $r) { ${ACTION} } }`, {
    id,
    r: reason,
  });

beforeAll(async () => {
  api = await startReferralApi();
  await api.gqlOk(
    `mutation { updateProgram(input: {
       fraudPolicy: [{ signal: SAME_NAME, action: REVIEW }],
       referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, referredDiscountPercent: 10 }) { name } }`,
  );
  a = { ...api.tenant, id: api.tenantId };
  b = await createPortalTenant(api.gw.deps.db);
  [owner, adminOp, viewer, ownerB] = await Promise.all([
    signedInOperator(api.gw, a, 'OWNER'),
    signedInOperator(api.gw, a, 'ADMIN'),
    signedInOperator(api.gw, a, 'VIEWER'),
    signedInOperator(api.gw, b, 'OWNER'),
  ]);
  [readKey, writeKey, keyB] = await Promise.all([
    createMcpKey(adminOp, false),
    createMcpKey(owner, true),
    createMcpKey(ownerB, true),
  ]);
  [reader, writer, agentB] = await Promise.all([
    mcpClient(mcpUrl(a.alias), readKey),
    mcpClient(mcpUrl(a.alias), writeKey),
    mcpClient(mcpUrl(b.alias), keyB),
  ]);
});

afterAll(async () => {
  await Promise.all([reader?.close(), writer?.close(), agentB?.close()]);
  await api?.close();
});

/** A referrer and a friend of the same name it referred (SAME_NAME: REVIEW), held for review. */
async function heldReferral() {
  const last = uid('Lovelace');
  const referrer = await api.identify(uid('acct-r'), uid('user'), { firstName: 'Ada', lastName: last });
  const friend = uid('acct-f');
  await api.identify(friend, uid('user'), {
    firstName: 'Ada',
    lastName: last,
    referredByCode: referrer.body.shareCode,
  });
  const account = await api.account(friend);
  return { last, referrerAccountId: referrer.body.accountId as string, referralId: account!.referredBy.id };
}

async function reviewOf(referralId: string) {
  const res = await api.gqlOk(
    `query R($id: ID!) { referral(id: $id) { referral { review { status reviewedBy } } } }`,
    {
      id: referralId,
    },
  );
  return res.referral.referral.review as { status: string; reviewedBy: string | null };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const rawMcp = (alias: string, headers: Record<string, string>) =>
  postJson(mcpUrl(alias), INITIALIZE, { accept: 'application/json, text/event-stream', ...headers });

describe('who may use /mcp', () => {
  test("no key, a wrong key or another tenant's key: 401 before any MCP answer, and no session id", async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${readKey}x` },
      { authorization: `Bearer ${keyB}` },
    ] as Record<string, string>[]) {
      const res = await rawMcp(a.alias, headers);
      expect(res.status).toBe(401);
      expect(res.json.apiErrorCode).toBe('UNAUTHORIZED');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.headers.get('mcp-session-id')).toBeNull();
    }
  });

  test('an ordinary API key is refused on /mcp; an MCP key is refused on the REST and GraphQL API', async () => {
    const ordinary = await rawMcp(a.alias, { authorization: `Bearer ${a.apiKey}` });
    expect(ordinary.status).toBe(403);
    const rest = await fetch(`${api.gw.api(a.alias)}/program`, {
      headers: { authorization: basic(readKey) },
    });
    expect(rest.status).toBe(403);
    const graphql = await postJson(
      `${api.gw.api(a.alias)}/graphql`,
      { query: '{ program { name } }' },
      { authorization: basic(writeKey) },
    );
    expect(graphql.status).toBe(403);
  });

  test('only OWNERs and ADMINs create MCP keys; an MCP key carries no TEAM or KEYS, an API key no changes', async () => {
    const create =
      'mutation C($p: ApiKeyPurpose, $w: Boolean, $s: [ApiKeyScope!]) { createApiKey(purpose: $p, allowChanges: $w, scopes: $s) { id } }';
    const rootKey = await api.gql(create, { p: 'MCP' });
    expect(rootKey.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect((await gql(viewer, create, { p: 'MCP' })).json.errors[0].extensions.code).toBe('FORBIDDEN');
    const withScopes = await gql(owner, create, { p: 'MCP', s: ['TEAM'] });
    expect(withScopes.json.errors[0].message).toMatch(/^scopes: /);
    const apiWithChanges = await gql(owner, create, { p: 'API', w: true });
    expect(apiWithChanges.json.errors[0].message).toMatch(/^allowChanges: /);
    const listed = await gql(owner, '{ apiKeys { prefix purpose allowChanges } }');
    expect(listed.json.data.apiKeys).toEqual(
      expect.arrayContaining([
        { prefix: readKey.slice(0, 16), purpose: 'MCP', allowChanges: false },
        { prefix: writeKey.slice(0, 16), purpose: 'MCP', allowChanges: true },
        { prefix: a.apiKey.slice(0, 16), purpose: 'API', allowChanges: false },
      ]),
    );
  });

  test("the tenant's rate limit counts MCP requests like API requests (429 RATE_LIMITED)", async () => {
    const limited = await createPortalTenant(api.gw.deps.db);
    await setTenantRateLimit(api.gw.deps.db, limited.alias, { rps: 1, burst: 2 });
    const { key } = await createApiKey(api.gw.deps.db, limited, {
      actor: { kind: 'cli', command: 'test' },
      purpose: 'MCP',
      maxKeys: 20,
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => rawMcp(limited.alias, { authorization: `Bearer ${key}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
    expect(statuses).toContain(429);
    expect(answers.find((r) => r.status === 429)!.json.apiErrorCode).toBe('RATE_LIMITED');
  });

  test('stateless: the answer carries no session id', async () => {
    const res = await rawMcp(a.alias, { authorization: `Bearer ${readKey}` });
    expect(res.status).toBe(200);
    expect(res.json.result.serverInfo.name).toBe('referral-service');
    expect(res.headers.get('mcp-session-id')).toBeNull();
  });
});

describe('tools', () => {
  test('a read-only key lists the read tools; a key allowed changes lists the write tools too', async () => {
    expect(await reader.tools()).toEqual(READ_TOOLS);
    expect(await writer.tools()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
  });

  test('the read tools answer what the portal shows', async () => {
    const held = await heldReferral();
    const people = await reader.call('find_people', { query: held.last });
    expect(people.isError).toBe(false);
    expect(people.json.accounts.map((p: Json) => p.id)).toContain(held.referrerAccountId);

    const day = new Date().toISOString().slice(0, 10);
    const stats = await reader.call('program_statistics', { from: day, to: day });
    expect(stats.isError).toBe(false);
    expect(stats.json).toHaveProperty('leaderboard');

    const queue = await reader.call('referrals_awaiting_review', { query: held.last });
    expect(queue.json.referrals).toEqual([
      expect.objectContaining({
        id: held.referralId,
        fraudSignals: [expect.objectContaining({ signal: 'SAME_NAME' })],
      }),
    ]);

    const explained = await reader.call('explain_referral_rewards', { referralId: held.referralId });
    expect(explained.isError).toBe(false);
    expect(explained.json.length).toBeGreaterThan(0);
    expect(explained.json[0]).toHaveProperty('text');

    const jobs = await reader.call('job_status', {});
    expect(jobs.json).toHaveProperty('jobs');
  });

  test('bad input is a tool error naming the field, never a stack trace or SQL', async () => {
    const stats = await reader.call('program_statistics', { from: 'yesterday', to: '2026-01-01' });
    expect(stats.isError).toBe(true);
    expect(stats.text).toMatch(/from/);
    const explained = await reader.call('explain_referral_rewards', { referralId: "1' OR 1=1" });
    expect(explained).toMatchObject({ isError: true });
    expect(explained.text).toMatch(/referralId/);
    for (const text of [stats.text, explained.text]) expect(text).not.toMatch(/\bat \w+ \(|select |knex/i);
    const missing = await reader.call('job_status', { jobId: 'no-such-job' });
    expect(missing).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
  });

  test('without MCP_WRITE the write tools are refused', async () => {
    const held = await heldReferral();
    for (const [name, args] of [
      ['review_referrals', { ids: [held.referralId], decision: 'APPROVE', reason: 'ok' }],
      ['change_program', { changes: { referredDiscountPercent: 50 } }],
      ['create_job', { fileRef: 'x', type: 'MUTATION/USER' }],
    ] as const) {
      const answer = await reader
        .call(name, args)
        .catch((err: Error) => ({ isError: true, text: err.message }));
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/not found|disabled/i);
    }
    expect((await reviewOf(held.referralId)).status).toBe('PENDING');
    const actions = await gql(owner, '{ mcpPendingActions { id } }');
    expect(actions.json.data.mcpPendingActions).toEqual([]);
  });
});

test("docs/mcp.md's tool table is the server's list, and its configuration snippets are JSON", async () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'mcp.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `([a-z_]+)` +\| (read|write) +\|/gm)].map((m) => [m[1], m[2]]);
  expect(
    rows
      .filter(([, kind]) => kind === 'read')
      .map(([name]) => name)
      .sort(),
  ).toEqual(READ_TOOLS);
  expect(rows.map(([name]) => name).sort()).toEqual(await writer.tools());
  const configs = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));
  expect(configs).toHaveLength(2);
  for (const config of configs) expect(JSON.stringify(config)).toMatch(/\/api\/v1\/acme\/mcp/);
});

describe('pending actions', () => {
  test('a review decision waits for approval, is audited, and is applied once under two concurrent approvals', async () => {
    const held = await heldReferral();
    const asked = await writer.call('review_referrals', {
      ids: [held.referralId],
      decision: 'APPROVE',
      reason: 'Checked by the agent',
    });
    expect(asked.isError).toBe(false);
    const actionId = asked.json.actionId as string;
    expect(asked.json.message).toBe(
      `pending action ${actionId} awaits approval by an owner or admin in the portal (Agent actions); nothing has changed yet`,
    );
    // No effect yet.
    expect(await reviewOf(held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });
    const listed = await gql(adminOp, `{ mcpPendingActions { ${ACTION} } }`);
    expect(listed.json.data.mcpPendingActions).toContainEqual({
      id: actionId,
      tool: 'REVIEW_REFERRALS',
      summary: `Approve 1 referral awaiting review (${held.referralId}): "Checked by the agent"`,
      status: 'PENDING',
      requestedBy: writeKey.slice(0, 16),
      decidedBy: null,
      reason: null,
      result: null,
    });
    const audit = await listAuditLog(api.gw.deps.db, api.tenantId, { action: 'mcp.reviewReferrals' });
    const asking = audit.entries.find((e) => e.target === actionId)!;
    expect(asking).toMatchObject({ actorKind: 'apiKey', actorLabel: writeKey.slice(0, 16) });
    expect(describeAuditEntry(asking)).toMatch(
      new RegExp(`asked to approve 1 referral \\(pending action ${actionId}\\): Checked by the agent$`),
    );

    // Neither a VIEWER, nor another tenant's OWNER, nor an API key decides it.
    expect((await approve(viewer, actionId)).json.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await approve(ownerB, actionId)).json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await reject(ownerB, actionId)).json.errors[0].extensions.code).toBe('NOT_FOUND');
    const byKey = await api.gql('mutation A($id: ID!) { approveMcpAction(id: $id) { id } }', {
      id: actionId,
    });
    expect(byKey.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await reviewOf(held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });

    const [one, two] = await Promise.all([approve(owner, actionId), approve(adminOp, actionId)]);
    const answers = [one.json, two.json];
    const applied = answers.filter((r) => r.data?.approveMcpAction);
    const refused = answers.filter((r) => r.errors);
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].errors[0].extensions.code).toBe('CONFLICT');
    expect(applied[0].data.approveMcpAction).toMatchObject({
      status: 'APPLIED',
      result: [{ id: held.referralId, outcome: 'DECIDED' }],
    });
    const review = await reviewOf(held.referralId);
    expect(review.status).toBe('APPROVED');
    expect(review.reviewedBy).toMatch(/^(owner|admin)@.* \(asked by agent key rsk_live_/);
    const status = await writer.call('agent_action_status', { actionId });
    expect(status.json.status).toBe('APPLIED');
    const after = await listAuditLog(api.gw.deps.db, api.tenantId, { first: 50 });
    expect(
      after.entries.filter((e) => e.action === 'approveMcpAction' && e.target === actionId),
    ).toHaveLength(1);
  });

  test('a rejected action never runs', async () => {
    const held = await heldReferral();
    const asked = await writer.call('review_referrals', {
      ids: [held.referralId],
      decision: 'DENY',
      reason: 'Looks odd',
    });
    const actionId = asked.json.actionId as string;
    const rejected = await reject(owner, actionId, 'Siblings, really');
    expect(rejected.json.data.rejectMcpAction).toMatchObject({
      status: 'REJECTED',
      reason: 'Siblings, really',
    });
    expect((await approve(owner, actionId)).json.errors[0].extensions.code).toBe('CONFLICT');
    expect(await reviewOf(held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });
  });

  test('a program change waits for approval; a bad change is refused naming the field', async () => {
    const bad = await writer.call('change_program', { changes: { referredDiscountPercent: 500 } });
    expect(bad).toMatchObject({
      isError: true,
      text: expect.stringMatching(/changes\.referredDiscountPercent/),
    });

    const asked = await writer.call('change_program', { changes: { referredDiscountPercent: 25 } });
    expect(asked.json.summary).toBe('Change program default: referredDiscountPercent → 25');
    const program = () => api.gqlOk('{ program { referredDiscountPercent } }');
    expect((await program()).program.referredDiscountPercent).toBe(10);
    const approved = await approve(owner, asked.json.actionId);
    expect(approved.json.data.approveMcpAction.status).toBe('APPLIED');
    expect((await program()).program.referredDiscountPercent).toBe(25);

    // Refused when it runs (no such program): FAILED with the reason, nothing changed.
    const missing = await writer.call('change_program', {
      programId: 'prg_00000000000000ff',
      changes: { name: 'Renamed' },
    });
    const failed = await approve(owner, missing.json.actionId);
    expect(failed.json.data.approveMcpAction).toMatchObject({
      status: 'FAILED',
      result: { code: 'NOT_FOUND' },
    });
  });

  test('an import job from an uploaded file waits for approval; approved, its job runs', async () => {
    const jobs = importClient({ base: api.gw.api(a.alias), auth: api.auth });
    const accountId = uid('imported');
    const fileRef = await jobs.upload(
      'users.csv',
      `id,accountId,email\n${uid('u')},${accountId},x@example.com\n`,
    );
    const notAFile = await writer.call('create_job', { fileRef: 'imports/nope.csv', type: 'MUTATION/USER' });
    expect(notAFile).toMatchObject({ isError: true, text: expect.stringMatching(/fileRef/) });

    // An export (QUERY/…) is no pending action: it goes straight to createJob (which knows no such type here).
    const pendingBefore = (await gql(owner, '{ mcpPendingActions { id } }')).json.data.mcpPendingActions;
    const exported = await writer.call('create_job', {
      fileRef,
      type: 'QUERY/REFERRALS',
      outputFormat: 'CSV',
    });
    expect(exported).toMatchObject({ isError: true, text: expect.stringMatching(/type: unknown job type/) });
    expect((await gql(owner, '{ mcpPendingActions { id } }')).json.data.mcpPendingActions).toEqual(
      pendingBefore,
    );

    const asked = await writer.call('create_job', { fileRef, type: 'MUTATION/USER', name: 'From the agent' });
    expect(asked.json.status).toBe('PENDING');
    expect((await jobs.gql('{ jobs { totalCount } }')).data.jobs.totalCount).toBe(0);

    // Temporal away while it runs: the approver gets the error, and the action is PENDING again.
    const down = new Proxy(
      {},
      {
        get: () => {
          throw new Error('Temporal is down');
        },
      },
    );
    const brokenDeps = { ...api.gw.deps, temporal: { ...api.gw.deps.temporal, client: down as never } };
    await expect(approveMcpAction(brokenDeps, a, asked.json.actionId, 'owner@test')).rejects.toMatchObject({
      apiErrorCode: 'SERVICE_UNAVAILABLE',
    });
    expect((await writer.call('agent_action_status', { actionId: asked.json.actionId })).json).toMatchObject({
      status: 'PENDING',
      decidedBy: null,
    });

    const approved = await approve(owner, asked.json.actionId);
    const action = approved.json.data.approveMcpAction;
    expect(action.status).toBe('APPLIED');
    const job = await jobs.waitFor(action.result.id);
    expect(job).toMatchObject({ status: 'COMPLETED', name: 'From the agent' });
    // One job, though it was started twice (the failed attempt and the approval).
    expect((await jobs.gql('{ jobs { totalCount } }')).data.jobs.totalCount).toBe(1);
    expect(await api.account(accountId)).not.toBeNull();
    const status = await writer.call('job_status', { jobId: job.id });
    expect(status.json).toMatchObject({ id: job.id, status: 'COMPLETED' });
  });
});

describe('tenants apart', () => {
  test("tenant B's MCP key never reaches A's people, referrals, jobs or actions", async () => {
    const held = await heldReferral();
    const asked = await writer.call('review_referrals', {
      ids: [held.referralId],
      decision: 'DENY',
      reason: 'x',
    });
    const jobs = await writer.call('job_status', {});
    const aJob = (jobs.json.jobs as Json[])[0]!;
    expect(aJob).toBeDefined();

    expect((await agentB.call('find_people', { query: held.last })).json.accounts).toEqual([]);
    expect((await agentB.call('referrals_awaiting_review', {})).json.referrals).toEqual([]);
    const explained = await agentB.call('explain_referral_rewards', { referralId: held.referralId });
    expect(explained).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
    const job = await agentB.call('job_status', { jobId: aJob.id });
    expect(job).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
    expect((await agentB.call('job_status', {})).json.jobs).toEqual([]);
    const action = await agentB.call('agent_action_status', { actionId: asked.json.actionId });
    expect(action).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
    // B's agent asks to decide A's referral: stored for B, and when B's owner approves, A's referral is NOT_FOUND.
    const crossing = await agentB.call('review_referrals', {
      ids: [held.referralId],
      decision: 'APPROVE',
      reason: 'y',
    });
    const approved = await approve(ownerB, crossing.json.actionId);
    expect(approved.json.data.approveMcpAction.result).toEqual([
      { id: held.referralId, outcome: 'NOT_FOUND' },
    ]);
    expect(await reviewOf(held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });
    expect(
      (await gql(ownerB, '{ mcpPendingActions(status: PENDING) { id } }')).json.data.mcpPendingActions,
    ).toEqual([]);
  });
});

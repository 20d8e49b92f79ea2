/**
 * The MCP server (docs/mcp.md) with the MCP SDK's own client over Streamable HTTP, the real gateway,
 * worker, PostgreSQL and Temporal: who may use it (MCP keys only on /mcp and ordinary keys never there,
 * 401 before any MCP state, who creates MCP keys, the tenant's rate limit); the tools a read-only key
 * and a write key list; each read tool's answer; bad input named; write tools refused without
 * MCP_WRITE; the docs' tool table; tenant B's key and operators never reach tenant A's data or actions.
 * Pending actions: mcp-pending-actions.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createApiKey, revokeApiKey } from '../../../shared/domain/tenants/api-keys';
import { setTenantRateLimit } from '../../../shared/domain/tenants/tenant-rate-limits';
import { createPortalTenant, type Json } from '../../helpers/admin-api';
import { basic, postJson } from '../../helpers/harness';
import { importClient } from '../../helpers/imports';
import {
  approve,
  gql,
  heldReferral,
  mcpUrl,
  rawMcp,
  rootMcpUrl,
  INITIALIZE_REQUEST,
  READ_TOOLS,
  reviewOf,
  useMcpStack,
  WRITE_TOOLS,
} from '../../helpers/mcp-stack';
import { uid, userToken } from '../../helpers/referrals';
import { until } from '../../helpers/wait';

const m = useMcpStack();

describe('who may use /mcp', () => {
  test("no key, a wrong key or another tenant's key: 401 before any MCP answer, and no session id", async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${m.readKey}x` },
      { authorization: `Bearer ${m.keyB}` },
    ] as Record<string, string>[]) {
      const res = await rawMcp(m, m.a.alias, headers);
      expect(res.status).toBe(401);
      expect(res.json.apiErrorCode).toBe('UNAUTHORIZED');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.headers.get('mcp-session-id')).toBeNull();
    }
  });

  test('at the root /mcp the key names its tenant: no key, a wrong key or a revoked one is 401; an ordinary key 403', async () => {
    const { key, id } = await createApiKey(m.api.gw.deps.db, m.a, {
      actor: { kind: 'cli', command: 'test' },
      purpose: 'MCP',
      maxKeys: 20,
    });
    expect((await rawMcp(m, null, { authorization: `Bearer ${key}` })).status).toBe(200);
    await revokeApiKey(m.api.gw.deps.db, m.a.id, id);
    for (const headers of [
      {},
      { authorization: `Bearer ${m.readKey}x` },
      { authorization: `Basic ${Buffer.from(`${m.readKey}:`).toString('base64')}` },
      { authorization: `Bearer ${key}` },
    ] as Record<string, string>[]) {
      const res = await until(
        () => rawMcp(m, null, headers),
        (r) => r.status === 401,
        10_000,
      );
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect((await rawMcp(m, null, { authorization: `Bearer ${m.a.apiKey}` })).status).toBe(403);
    expect((await fetch(rootMcpUrl(m))).status).toBe(405);
  });

  test('an ordinary API key is refused on /mcp; an MCP key is refused on the REST and GraphQL API', async () => {
    const ordinary = await rawMcp(m, m.a.alias, { authorization: `Bearer ${m.a.apiKey}` });
    expect(ordinary.status).toBe(403);
    const rest = await fetch(`${m.api.gw.api(m.a.alias)}/program`, {
      headers: { authorization: basic(m.readKey) },
    });
    expect(rest.status).toBe(403);
    const graphql = await postJson(
      `${m.api.gw.api(m.a.alias)}/graphql`,
      { query: '{ program { name } }' },
      { authorization: basic(m.writeKey) },
    );
    expect(graphql.status).toBe(403);
  });

  test('a user JWT signed with an MCP key is refused; signed with an ordinary key it works', async () => {
    const [accountId, userId] = [uid('acct'), uid('user')];
    await m.api.identify(accountId, userId);
    const user = (key: string) =>
      fetch(`${m.api.gw.api(m.a.alias)}/open/account/${accountId}/user/${userId}`, {
        headers: { authorization: `Bearer ${userToken(key, accountId, userId)}` },
      }).then((r) => r.status);
    expect(await user(m.writeKey)).toBe(401);
    expect(await user(m.a.apiKey)).toBe(200);
  });

  test('only OWNERs and ADMINs create MCP keys; an MCP key carries no TEAM or KEYS, an API key no changes', async () => {
    const create =
      'mutation C($p: ApiKeyPurpose, $w: Boolean, $s: [ApiKeyScope!]) { createApiKey(purpose: $p, allowChanges: $w, scopes: $s) { id } }';
    const rootKey = await m.api.gql(create, { p: 'MCP' });
    expect(rootKey.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect((await gql(m, m.viewer, create, { p: 'MCP' })).json.errors[0].extensions.code).toBe('FORBIDDEN');
    const withScopes = await gql(m, m.owner, create, { p: 'MCP', s: ['TEAM'] });
    expect(withScopes.json.errors[0].message).toMatch(/^scopes: /);
    const apiWithChanges = await gql(m, m.owner, create, { p: 'API', w: true });
    expect(apiWithChanges.json.errors[0].message).toMatch(/^allowChanges: /);
    const listed = await gql(m, m.owner, '{ apiKeys { prefix purpose allowChanges } }');
    expect(listed.json.data.apiKeys).toEqual(
      expect.arrayContaining([
        { prefix: m.readKey.slice(0, 16), purpose: 'MCP', allowChanges: false },
        { prefix: m.writeKey.slice(0, 16), purpose: 'MCP', allowChanges: true },
        { prefix: m.a.apiKey.slice(0, 16), purpose: 'API', allowChanges: false },
      ]),
    );
  });

  test("the tenant's rate limit counts MCP requests like API requests (429 RATE_LIMITED)", async () => {
    const limited = await createPortalTenant(m.api.gw.deps.db);
    await setTenantRateLimit(m.api.gw.deps.db, limited.alias, { rps: 1, burst: 2 });
    const { key } = await createApiKey(m.api.gw.deps.db, limited, {
      actor: { kind: 'cli', command: 'test' },
      purpose: 'MCP',
      maxKeys: 20,
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => rawMcp(m, limited.alias, { authorization: `Bearer ${key}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
    expect(statuses).toContain(429);
    expect(answers.find((r) => r.status === 429)!.json.apiErrorCode).toBe('RATE_LIMITED');
  });

  test('stateless: the answer carries no session id', async () => {
    const res = await rawMcp(m, m.a.alias, { authorization: `Bearer ${m.readKey}` });
    expect(res.status).toBe(200);
    expect(res.json.result.serverInfo.name).toBe('referral-service');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    // No server-sent stream or session to end: GET and DELETE are 405, with or without a key.
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl(m, m.a.alias), {
        method,
        headers: { authorization: `Bearer ${m.readKey}` },
      });
      expect(res.status).toBe(405);
      await res.arrayBuffer();
    }
  });
});

describe('tools', () => {
  test('a read-only key lists the read tools; a key allowed changes lists the write tools too', async () => {
    expect(await m.reader.tools()).toEqual(READ_TOOLS);
    expect(await m.writer.tools()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
  });

  test('the read tools answer what the portal shows', async () => {
    const held = await heldReferral(m);
    const people = await m.reader.call('find_people', { query: held.last });
    expect(people.isError).toBe(false);
    expect(people.json.accounts.map((p: Json) => p.id)).toContain(held.referrerAccountId);

    const day = new Date().toISOString().slice(0, 10);
    const stats = await m.reader.call('program_statistics', { from: day, to: day });
    expect(stats.isError).toBe(false);
    expect(stats.json).toHaveProperty('leaderboard');

    const queue = await m.reader.call('referrals_awaiting_review', { query: held.last });
    expect(queue.json.referrals).toEqual([
      expect.objectContaining({
        id: held.referralId,
        fraudSignals: [expect.objectContaining({ signal: 'SAME_NAME' })],
      }),
    ]);

    const explained = await m.reader.call('explain_referral_rewards', { referralId: held.referralId });
    expect(explained.isError).toBe(false);
    expect(explained.json.length).toBeGreaterThan(0);
    expect(explained.json[0]).toHaveProperty('text');

    const jobs = await m.reader.call('job_status', {});
    expect(jobs.json).toHaveProperty('jobs');
  });

  test('bad input is a tool error naming the field, never a stack trace or SQL', async () => {
    const stats = await m.reader.call('program_statistics', { from: 'yesterday', to: '2026-01-01' });
    expect(stats.isError).toBe(true);
    expect(stats.text).toMatch(/from/);
    const explained = await m.reader.call('explain_referral_rewards', { referralId: "1' OR 1=1" });
    expect(explained).toMatchObject({ isError: true });
    expect(explained.text).toMatch(/referralId/);
    for (const text of [stats.text, explained.text]) expect(text).not.toMatch(/\bat \w+ \(|select |knex/i);
    const missing = await m.reader.call('job_status', { jobId: 'no-such-job' });
    expect(missing).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
  });

  test('without MCP_WRITE the write tools are refused', async () => {
    const held = await heldReferral(m);
    for (const [name, args] of [
      ['review_referrals', { ids: [held.referralId], decision: 'APPROVE', reason: 'ok' }],
      ['change_program', { changes: { referredDiscountPercent: 50 } }],
      ['create_job', { fileRef: 'x', type: 'MUTATION/USER' }],
    ] as const) {
      const answer = await m.reader
        .call(name, args)
        .catch((err: Error) => ({ isError: true, text: err.message }));
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/not found|disabled/i);
    }
    expect((await reviewOf(m, held.referralId)).status).toBe('PENDING');
    const actions = await gql(m, m.owner, '{ mcpPendingActions { id } }');
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
  expect(rows.map(([name]) => name).sort()).toEqual(await m.writer.tools());
  const configs = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));
  expect(configs).toHaveLength(2);
  // Both point at the root /mcp, and an agent configured so reaches its tenant with the key alone.
  for (const config of configs) {
    const url = /https:\/\/referrals\.example\.com(\/[^"]*)/.exec(JSON.stringify(config))?.[1];
    expect(url).toBe('/mcp');
    const res = await postJson(`${m.api.gw.url}${url}`, INITIALIZE_REQUEST, {
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${m.readKey}`,
    });
    expect(res.status).toBe(200);
  }
});

describe('tenants apart', () => {
  test("tenant B's MCP key never reaches A's people, referrals, jobs or actions", async () => {
    const held = await heldReferral(m);
    const asked = await m.writer.call('review_referrals', {
      ids: [held.referralId],
      decision: 'DENY',
      reason: 'x',
    });
    const aJobs = importClient({ base: m.api.gw.api(m.a.alias), auth: m.api.auth });
    const aJob = await aJobs.create({
      fileRef: await aJobs.upload('users.csv', `id,accountId\n${uid('u')},${uid('acct')}\n`),
      type: 'MUTATION/USER',
    });
    expect((await m.writer.call('job_status', { jobId: aJob.id })).json.id).toBe(aJob.id);

    expect((await m.agentB.call('find_people', { query: held.last })).json.accounts).toEqual([]);
    expect((await m.agentB.call('referrals_awaiting_review', {})).json.referrals).toEqual([]);
    const explained = await m.agentB.call('explain_referral_rewards', { referralId: held.referralId });
    expect(explained).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
    const job = await m.agentB.call('job_status', { jobId: aJob.id });
    expect(job).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
    expect((await m.agentB.call('job_status', {})).json.jobs).toEqual([]);
    const action = await m.agentB.call('agent_action_status', { actionId: asked.json.actionId });
    expect(action).toMatchObject({ isError: true, text: expect.stringMatching(/^NOT_FOUND/) });
    // B's agent asks to decide A's referral: stored for B, and when B's owner approves, A's referral is NOT_FOUND.
    const crossing = await m.agentB.call('review_referrals', {
      ids: [held.referralId],
      decision: 'APPROVE',
      reason: 'y',
    });
    const approved = await approve(m, m.ownerB, crossing.json.actionId);
    expect(approved.json.data.approveMcpAction.result).toEqual([
      { id: held.referralId, outcome: 'NOT_FOUND' },
    ]);
    expect(await reviewOf(m, held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });
    expect(
      (await gql(m, m.ownerB, '{ mcpPendingActions(status: PENDING) { id } }')).json.data.mcpPendingActions,
    ).toEqual([]);
  });
});

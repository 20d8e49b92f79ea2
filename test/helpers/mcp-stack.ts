import {
  adminApi,
  createPortalTenant,
  signedInOperator,
  type AdminSession,
  type Json,
  type PortalTenant,
} from './admin-api';
import { postJson } from './harness';
import { mcpClient, type McpTestClient } from './mcp-client';
import { startReferralApi, uid, type ReferralApi } from './referrals';

export const READ_TOOLS = [
  'agent_action_status',
  'explain_referral_rewards',
  'find_people',
  'job_status',
  'program_statistics',
  'referrals_awaiting_review',
];
export const WRITE_TOOLS = ['change_program', 'create_job', 'review_referrals'];
export const ACTION_FIELDS = 'id tool summary status requestedBy decidedBy reason result';

export const INITIALIZE_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** What the MCP tests share, filled by useMcpStack's beforeAll. */
export interface McpStack {
  /** Tenant A's API (real gateway and worker); A holds SAME_NAME: REVIEW and rewards on both sides. */
  api: ReferralApi;
  a: PortalTenant;
  b: PortalTenant;
  owner: AdminSession;
  adminOp: AdminSession;
  viewer: AdminSession;
  ownerB: AdminSession;
  /** A's MCP keys: read-only (made by the ADMIN), and allowed changes (made by the OWNER); B's. */
  readKey: string;
  writeKey: string;
  keyB: string;
  reader: McpTestClient;
  writer: McpTestClient;
  agentB: McpTestClient;
}

/** The tenant's own MCP path, where the alias names the tenant. */
export const mcpUrl = (m: McpStack, alias: string) => `${m.api.gw.api(alias)}/mcp`;
/** `/mcp` at the gateway's root (the address docs/mcp.md gives agents), where the key names the tenant. */
export const rootMcpUrl = (m: McpStack) => `${m.api.gw.url}/mcp`;

/** The portal's GraphQL as an operator. */
export const gql = (m: McpStack, session: AdminSession, query: string, variables?: Json) =>
  adminApi(m.api.gw).graphql(session, query, variables);

export const approve = (m: McpStack, session: AdminSession, id: string) =>
  gql(m, session, `mutation A($id: ID!) { approveMcpAction(id: $id) { ${ACTION_FIELDS} } }`, { id });

export const reject = (m: McpStack, session: AdminSession, id: string, reason = 'Not now') =>
  gql(
    m,
    session,
    `mutation R($id: ID!, $r: String!) { rejectMcpAction(id: $id, reason: $r) { ${ACTION_FIELDS} } }`,
    { id, r: reason },
  );

/** An MCP `initialize` posted by hand (status and headers are the test's subject). */
export const rawMcp = (m: McpStack, alias: string | null, headers: Record<string, string>) =>
  postJson(alias === null ? rootMcpUrl(m) : mcpUrl(m, alias), INITIALIZE_REQUEST, {
    accept: 'application/json, text/event-stream',
    ...headers,
  });

async function createMcpKey(m: McpStack, session: AdminSession, allowChanges: boolean): Promise<string> {
  const res = await gql(
    m,
    session,
    'mutation C($w: Boolean) { createApiKey(purpose: MCP, allowChanges: $w) { key purpose allowChanges scopes } }',
    { w: allowChanges },
  );
  expect(res.json.errors).toBeUndefined();
  expect(res.json.data.createApiKey).toMatchObject({ purpose: 'MCP', allowChanges, scopes: [] });
  return res.json.data.createApiKey.key as string;
}

/** A referrer and a friend of the same name it referred (SAME_NAME: REVIEW), held for review. */
export async function heldReferral(m: McpStack) {
  const { api } = m;
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

export async function reviewOf(m: McpStack, referralId: string) {
  const res = await m.api.gqlOk(
    `query R($id: ID!) { referral(id: $id) { referral { review { status reviewedBy } } } }`,
    { id: referralId },
  );
  return res.referral.referral.review as { status: string; reviewedBy: string | null };
}

/**
 * One stack per test file: tenant A (its OWNER, ADMIN and VIEWER signed in, a read-only and a write MCP
 * key, an MCP client for each) and tenant B (its OWNER, a write key and its client).
 */
export function useMcpStack(): McpStack {
  const m = {} as McpStack;
  beforeAll(async () => {
    m.api = await startReferralApi();
    await m.api.gqlOk(
      `mutation { updateProgram(input: {
         fraudPolicy: [{ signal: SAME_NAME, action: REVIEW }],
         referrerReward: { type: CREDIT, amountCents: 500, unit: "USD" }, referredDiscountPercent: 10 }) { name } }`,
    );
    m.a = { ...m.api.tenant, id: m.api.tenantId };
    m.b = await createPortalTenant(m.api.gw.deps.db);
    [m.owner, m.adminOp, m.viewer, m.ownerB] = await Promise.all([
      signedInOperator(m.api.gw, m.a, 'OWNER'),
      signedInOperator(m.api.gw, m.a, 'ADMIN'),
      signedInOperator(m.api.gw, m.a, 'VIEWER'),
      signedInOperator(m.api.gw, m.b, 'OWNER'),
    ]);
    [m.readKey, m.writeKey, m.keyB] = await Promise.all([
      createMcpKey(m, m.adminOp, false),
      createMcpKey(m, m.owner, true),
      createMcpKey(m, m.ownerB, true),
    ]);
    [m.reader, m.writer, m.agentB] = await Promise.all([
      mcpClient(rootMcpUrl(m), m.readKey),
      mcpClient(rootMcpUrl(m), m.writeKey),
      mcpClient(rootMcpUrl(m), m.keyB),
    ]);
  });
  afterAll(async () => {
    await Promise.all([m.reader?.close(), m.writer?.close(), m.agentB?.close()]);
    await m.api?.close();
  });
  return m;
}

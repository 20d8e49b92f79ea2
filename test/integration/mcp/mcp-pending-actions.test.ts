/**
 * MCP pending actions (docs/mcp.md) with the MCP SDK's own client, the real gateway, worker, PostgreSQL
 * and Temporal: a review decision, an import and a program change asked for by an agent have no effect
 * until an OWNER or ADMIN approves (applied once, also under two concurrent approvals; an outage while
 * it runs leaves it PENDING, a refusal ends it FAILED) or rejects (never applied); a VIEWER, another
 * tenant's OWNER and an API key decide nothing; the agent's request is audited under its key's prefix.
 */
import { listAuditLog } from '../../../shared/domain/common/audit-log';
import { describeAuditEntry } from '../../../shared/domain/common/audit-sentence';
import { approveMcpAction } from '../../../shared/use-cases/mcp-actions';
import { importClient } from '../../helpers/imports';
import {
  ACTION_FIELDS,
  approve,
  gql,
  heldReferral,
  reject,
  reviewOf,
  useMcpStack,
} from '../../helpers/mcp-stack';
import { uid } from '../../helpers/referrals';
import { until } from '../../helpers/wait';

const m = useMcpStack();

describe('pending actions', () => {
  test('a review decision waits for approval, is audited, and is applied once under two concurrent approvals', async () => {
    const held = await heldReferral(m);
    const asked = await m.writer.call('review_referrals', {
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
    expect(await reviewOf(m, held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });
    const listed = await gql(m, m.adminOp, `{ mcpPendingActions { ${ACTION_FIELDS} } }`);
    expect(listed.json.data.mcpPendingActions).toContainEqual({
      id: actionId,
      tool: 'REVIEW_REFERRALS',
      summary: `Approve 1 referral awaiting review (${held.referralId}): "Checked by the agent"`,
      status: 'PENDING',
      requestedBy: m.writeKey.slice(0, 16),
      decidedBy: null,
      reason: null,
      result: null,
    });
    const audit = await listAuditLog(m.api.gw.deps.db, m.api.tenantId, { action: 'mcp.reviewReferrals' });
    const asking = audit.entries.find((e) => e.target === actionId)!;
    expect(asking).toMatchObject({ actorKind: 'apiKey', actorLabel: m.writeKey.slice(0, 16) });
    expect(describeAuditEntry(asking)).toMatch(
      new RegExp(`asked to approve 1 referral \\(pending action ${actionId}\\): Checked by the agent$`),
    );

    // Neither a VIEWER, nor another tenant's OWNER, nor an API key decides it.
    expect((await approve(m, m.viewer, actionId)).json.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await approve(m, m.ownerB, actionId)).json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await reject(m, m.ownerB, actionId)).json.errors[0].extensions.code).toBe('NOT_FOUND');
    const byKey = await m.api.gql('mutation A($id: ID!) { approveMcpAction(id: $id) { id } }', {
      id: actionId,
    });
    expect(byKey.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await reviewOf(m, held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });

    const [one, two] = await Promise.all([approve(m, m.owner, actionId), approve(m, m.adminOp, actionId)]);
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
    const review = await reviewOf(m, held.referralId);
    expect(review.status).toBe('APPROVED');
    expect(review.reviewedBy).toMatch(/^(owner|admin)@.* \(asked by agent key rsk_live_/);
    const status = await m.writer.call('agent_action_status', { actionId });
    expect(status.json.status).toBe('APPLIED');
    const after = await listAuditLog(m.api.gw.deps.db, m.api.tenantId, { first: 50 });
    expect(
      after.entries.filter((e) => e.action === 'approveMcpAction' && e.target === actionId),
    ).toHaveLength(1);
  });

  test('a rejected action never runs', async () => {
    const held = await heldReferral(m);
    const asked = await m.writer.call('review_referrals', {
      ids: [held.referralId],
      decision: 'DENY',
      reason: 'Looks odd',
    });
    const actionId = asked.json.actionId as string;
    const rejected = await reject(m, m.owner, actionId, 'Siblings, really');
    expect(rejected.json.data.rejectMcpAction).toMatchObject({
      status: 'REJECTED',
      reason: 'Siblings, really',
    });
    expect((await approve(m, m.owner, actionId)).json.errors[0].extensions.code).toBe('CONFLICT');
    expect(await reviewOf(m, held.referralId)).toEqual({ status: 'PENDING', reviewedBy: null });
  });

  test('a program change waits for approval; a bad change is refused naming the field', async () => {
    const bad = await m.writer.call('change_program', { changes: { referredDiscountPercent: 500 } });
    expect(bad).toMatchObject({
      isError: true,
      text: expect.stringMatching(/changes\.referredDiscountPercent/),
    });

    const asked = await m.writer.call('change_program', { changes: { referredDiscountPercent: 25 } });
    expect(asked.json.summary).toBe('Change program default: referredDiscountPercent → 25');
    const program = () => m.api.gqlOk('{ program { referredDiscountPercent } }');
    expect((await program()).program.referredDiscountPercent).toBe(10);
    const approved = await approve(m, m.owner, asked.json.actionId);
    expect(approved.json.data.approveMcpAction.status).toBe('APPLIED');
    expect((await program()).program.referredDiscountPercent).toBe(25);

    // Refused when it runs (no such program): FAILED with the reason, nothing changed.
    const missing = await m.writer.call('change_program', {
      programId: 'prg_00000000000000ff',
      changes: { name: 'Renamed' },
    });
    const failed = await approve(m, m.owner, missing.json.actionId);
    expect(failed.json.data.approveMcpAction).toMatchObject({
      status: 'FAILED',
      result: { code: 'NOT_FOUND' },
    });
  });

  test('an import job from an uploaded file waits for approval; approved, its job runs', async () => {
    const jobs = importClient({ base: m.api.gw.api(m.a.alias), auth: m.api.auth });
    const accountId = uid('imported');
    const fileRef = await jobs.upload(
      'users.csv',
      `id,accountId,email\n${uid('u')},${accountId},x@example.com\n`,
    );
    const notAFile = await m.writer.call('create_job', {
      fileRef: 'imports/nope.csv',
      type: 'MUTATION/USER',
    });
    expect(notAFile).toMatchObject({ isError: true, text: expect.stringMatching(/fileRef/) });

    // An export (QUERY/…) is no pending action: no file, straight to createJob, and it runs.
    const pendingBefore = (await gql(m, m.owner, '{ mcpPendingActions { id } }')).json.data.mcpPendingActions;
    const exported = await m.writer.call('create_job', {
      type: 'QUERY/REFERRALS',
      outputFormat: 'CSV',
      filters: { status: 'IN_PROGRESS' },
    });
    expect(exported.isError).toBeFalsy();
    expect(exported.json).toMatchObject({ type: 'QUERY/REFERRALS', fileRef: null });
    const exportDone = await until(
      async () => (await m.writer.call('job_status', { jobId: exported.json.id })).json,
      (job) => job.status === 'COMPLETED',
      20_000,
    );
    expect(exportDone).toMatchObject({ status: 'COMPLETED', resultFileRef: expect.any(String) });
    expect((await gql(m, m.owner, '{ mcpPendingActions { id } }')).json.data.mcpPendingActions).toEqual(
      pendingBefore,
    );
    const jobsBefore = (await jobs.gql('{ jobs { totalCount } }')).data.jobs.totalCount;

    const asked = await m.writer.call('create_job', {
      fileRef,
      type: 'MUTATION/USER',
      name: 'From the agent',
    });
    expect(asked.json.status).toBe('PENDING');
    expect((await jobs.gql('{ jobs { totalCount } }')).data.jobs.totalCount).toBe(jobsBefore);

    // Temporal away while it runs: the approver gets the error, and the action is PENDING again.
    const down = new Proxy(
      {},
      {
        get: () => {
          throw new Error('Temporal is down');
        },
      },
    );
    const brokenDeps = { ...m.api.gw.deps, temporal: { ...m.api.gw.deps.temporal, client: down as never } };
    await expect(approveMcpAction(brokenDeps, m.a, asked.json.actionId, 'owner@test')).rejects.toMatchObject({
      apiErrorCode: 'SERVICE_UNAVAILABLE',
    });
    expect(
      (await m.writer.call('agent_action_status', { actionId: asked.json.actionId })).json,
    ).toMatchObject({
      status: 'PENDING',
      decidedBy: null,
    });

    const approved = await approve(m, m.owner, asked.json.actionId);
    const action = approved.json.data.approveMcpAction;
    expect(action.status).toBe('APPLIED');
    const job = await jobs.waitFor(action.result.id);
    expect(job).toMatchObject({ status: 'COMPLETED', name: 'From the agent' });
    // One job, though it was started twice (the failed attempt and the approval).
    expect((await jobs.gql('{ jobs { totalCount } }')).data.jobs.totalCount).toBe(jobsBefore + 1);
    expect(await m.api.account(accountId)).not.toBeNull();
    const status = await m.writer.call('job_status', { jobId: job.id });
    expect(status.json).toMatchObject({ id: job.id, status: 'COMPLETED' });
  });
});

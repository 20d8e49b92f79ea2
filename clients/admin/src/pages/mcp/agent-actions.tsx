import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  ActionDialog,
  Card,
  ChangeOutcome,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  Loading,
  Page,
  type Column,
} from '../../components';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks';
import { graphql } from '../../gql';
import type { McpPendingActionsQuery } from '../../gql/graphql';

type AgentAction = McpPendingActionsQuery['mcpPendingActions'][number];

const PENDING_ACTIONS = graphql(`
  query McpPendingActions {
    mcpPendingActions(status: PENDING) {
      id
      summary
      requestedBy
      dateCreated
    }
  }
`);

const APPROVE = graphql(`
  mutation ApproveMcpAction($id: ID!) {
    approveMcpAction(id: $id) {
      id
      status
      result
    }
  }
`);

const REJECT = graphql(`
  mutation RejectMcpAction($id: ID!, $reason: String!) {
    rejectMcpAction(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

/** Why a FAILED action did not apply, from its result ({ code, message }). */
function failure(result: unknown): string {
  const message = (result as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'it was refused when it ran';
}

/**
 * "Agent actions": the changes AI agents asked for over MCP (docs/mcp.md) that move money or decide a
 * review. Nothing of them has happened; an OWNER or ADMIN approves one (it runs once, then) or rejects
 * it with a reason (it never runs). Both are audited.
 */
export function AgentActionsPage() {
  const { data, error, loading, reload } = useQuery(PENDING_ACTIONS);
  const [approving, setApproving] = useState<AgentAction | null>(null);
  const [rejecting, setRejecting] = useState<AgentAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  async function approve(action: AgentAction) {
    setNotice(null);
    setActionError(null);
    const answer = await gql(APPROVE, { id: action.id });
    if (answer.approveMcpAction.status === 'FAILED') {
      setActionError(`Approved, but it did not apply: ${failure(answer.approveMcpAction.result)}.`);
    } else {
      setNotice(`Approved and applied: ${action.summary}`);
    }
    reload();
  }

  async function reject(action: AgentAction, reason: string) {
    setNotice(null);
    setActionError(null);
    await gql(REJECT, { id: action.id, reason });
    setNotice(`Rejected: ${action.summary}`);
    reload();
  }

  const actions = data?.mcpPendingActions ?? [];
  const columns: Column<AgentAction>[] = [
    {
      key: 'summary',
      header: 'What the agent asks',
      rowHeader: true,
      className: 'wrap-cell',
      render: (a) => a.summary,
    },
    { key: 'key', header: 'Agent key', className: 'mono', render: (a) => `${a.requestedBy}…` },
    { key: 'asked', header: 'Asked', render: (a) => formatDateTime(a.dateCreated) },
    {
      key: 'actions',
      header: <span class="visually-hidden">Actions</span>,
      align: 'right',
      render: (a) => (
        <span class="agent-action-buttons">
          <button
            type="button"
            class="button button-small"
            aria-label={`Approve: ${a.summary}`}
            data-testid="approve-action"
            onClick={() => setApproving(a)}
          >
            Approve
          </button>
          <button
            type="button"
            class="button button-secondary button-small"
            aria-label={`Reject: ${a.summary}`}
            data-testid="reject-action"
            onClick={() => setRejecting(a)}
          >
            Reject
          </button>
        </span>
      ),
    },
  ];

  return (
    <Page
      title="Agent actions"
      description="Changes AI agents asked for over MCP. Nothing has happened yet: approve one to run it once, or reject it."
    >
      <ChangeOutcome error={actionError} notice={notice} testId="agent-actions" />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The agent actions couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the agent actions…" />
      ) : (
        <Card title="Awaiting a decision" titleId="agent-actions-title">
          <DataTable
            caption="Agent actions awaiting a decision, newest first"
            hideCaption
            stackOnPhone
            columns={columns}
            rows={actions}
            rowKey={(a) => a.id}
            testId="agent-actions"
            rowTestId="agent-action-row"
            empty={
              <EmptyState title="Nothing awaits a decision">
                When an agent with an MCP key that may make changes asks to review referrals, import a file or
                change a program, it waits here for you. Create such a key under API keys.
              </EmptyState>
            }
          />
        </Card>
      )}
      <ConfirmDialog
        open={approving !== null}
        title="Approve the agent's action?"
        confirmLabel="Approve and run"
        onConfirm={() => (approving ? approve(approving) : undefined)}
        onClose={() => setApproving(null)}
      >
        <p>{approving?.summary}</p>
        <p>It runs once, now, as if you had made the change yourself; the audit log records your approval.</p>
      </ConfirmDialog>
      <ActionDialog
        open={rejecting !== null}
        title="Reject the agent's action?"
        submitLabel="Reject"
        danger
        intro={<p>{rejecting?.summary}</p>}
        reasonHint="Required. The agent can read it with agent_action_status; the audit log keeps it."
        onSubmit={(reason) => (rejecting ? reject(rejecting, reason) : Promise.resolve())}
        onClose={() => setRejecting(null)}
        testId="reject-dialog"
      />
    </Page>
  );
}

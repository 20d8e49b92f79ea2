import { useState } from 'preact/hooks';
import { gql, type Role } from '../../api';
import {
  Badge,
  Card,
  ChangeOutcome,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  errorMessage,
  Loading,
  Page,
  type Column,
} from '../../components';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks';
import { ROLE_LABELS, useSession } from '../../session';
import { InviteForm, InviteResult, RoleSelect, type InvitedOperator } from './team-invite';
import { graphql } from '../../gql';
import type { OperatorsQuery } from '../../gql/graphql';

type Operator = OperatorsQuery['operators'][number];

const OPERATORS = graphql(`
  query Operators {
    operators {
      email
      role
      dateCreated
      pending
    }
  }
`);

const REISSUE = graphql(`
  mutation ReissueInvitation($email: String!) {
    reissueInvitation(email: $email) {
      email
      role
      link
      expiresAt
    }
  }
`);

const RESET = graphql(`
  mutation ResetOperatorAccess($email: String!) {
    resetOperatorAccess(email: $email) {
      email
      role
      link
      expiresAt
    }
  }
`);

const CHANGE_ROLE = graphql(`
  mutation ChangeOperatorRole($email: String!, $role: OperatorRole!) {
    changeOperatorRole(email: $email, role: $role) {
      email
      role
    }
  }
`);

const REMOVE = graphql(`
  mutation RemoveOperator($email: String!) {
    removeOperator(email: $email) {
      email
    }
  }
`);

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The team (OWNERs only): operators and their roles (pending until they use their one-time link), invite
 * (team-invite.tsx: the link shown once), a new link for a pending invitee, reset another's access,
 * change a role (select, then Save), remove after a confirmation. The signed-in operator changes
 * neither their own role nor removes themselves here; another OWNER does that.
 */
export function TeamPage() {
  const session = useSession();
  const me = session.operator.email;
  const { data, error, loading, reload } = useQuery(OPERATORS);
  const [drafts, setDrafts] = useState<Record<string, Role>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const [invited, setInvited] = useState<InvitedOperator | null>(null);
  const [removing, setRemoving] = useState<Operator | null>(null);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  async function saveRole(op: Operator) {
    const role = drafts[op.email];
    if (!role || role === op.role) return;
    setSaving(op.email);
    setNotice(null);
    setActionError(null);
    try {
      await gql(CHANGE_ROLE, { email: op.email, role });
      setNotice(`${op.email} is now ${ROLE_LABELS[role]}.`);
      setDrafts(({ [op.email]: _saved, ...rest }) => rest);
      reload();
    } catch (err) {
      setActionError(`${op.email}: ${errorMessage(err)}`);
    } finally {
      setSaving(null);
    }
  }

  async function newLink(op: Operator) {
    setNotice(null);
    setActionError(null);
    try {
      const answer = await gql(REISSUE, { email: op.email });
      setInvited(answer.reissueInvitation);
    } catch (err) {
      setActionError(`${op.email}: ${errorMessage(err)}`);
    }
  }

  async function reset(op: Operator) {
    const answer = await gql(RESET, { email: op.email });
    setInvited({ ...answer.resetOperatorAccess, reset: true });
    reload();
  }

  async function remove(op: Operator) {
    await gql(REMOVE, { email: op.email });
    setNotice(`${op.email} is removed and signed out.`);
    reload();
  }

  const columns: Column<Operator>[] = [
    {
      key: 'email',
      header: 'Operator',
      rowHeader: true,
      render: (op) => (
        <span class="operator-cell">
          {op.email}
          {sameEmail(op.email, me) && <Badge tone="info">You</Badge>}
          {op.pending && <Badge tone="warning">Pending</Badge>}
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      render: (op) => {
        if (sameEmail(op.email, me)) return <Badge tone="neutral">{ROLE_LABELS[op.role]}</Badge>;
        const draft = drafts[op.email] ?? op.role;
        return (
          <span class="role-edit">
            <RoleSelect
              label={`Role of ${op.email}`}
              value={draft}
              onChange={(role) => setDrafts((d) => ({ ...d, [op.email]: role }))}
            />
            <button
              type="button"
              class="button button-small"
              aria-label={`Save the role of ${op.email}`}
              disabled={draft === op.role || saving !== null}
              onClick={() => void saveRole(op)}
            >
              {saving === op.email ? 'Saving…' : 'Save'}
            </button>
          </span>
        );
      },
    },
    { key: 'added', header: 'Added', render: (op) => formatDateTime(op.dateCreated) },
    {
      key: 'actions',
      header: <span class="visually-hidden">Actions</span>,
      align: 'right',
      render: (op) =>
        sameEmail(op.email, me) ? (
          <span class="muted-text">That’s you</span>
        ) : (
          <span class="row-actions">
            {op.pending ? (
              <button
                type="button"
                class="button button-secondary button-small"
                aria-label={`New link for ${op.email}`}
                onClick={() => void newLink(op)}
              >
                New link
              </button>
            ) : (
              <button
                type="button"
                class="button button-secondary button-small"
                aria-label={`Reset access of ${op.email}`}
                onClick={() => {
                  setNotice(null);
                  setResetting(op);
                }}
              >
                Reset access
              </button>
            )}
            <button
              type="button"
              class="button button-secondary button-small"
              aria-label={`Remove ${op.email}`}
              onClick={() => {
                setNotice(null);
                setRemoving(op);
              }}
            >
              Remove
            </button>
          </span>
        ),
    },
  ];

  return (
    <Page title="Team" description="Who can sign in to this program’s admin portal, and what each may do.">
      {invited && (
        <InviteResult invited={invited} alias={session.tenant.alias} onDone={() => setInvited(null)} />
      )}
      <InviteForm
        onInvited={(who) => {
          setNotice(null);
          setInvited(who);
          reload();
        }}
      />
      <Card title="Operators" titleId="team-title">
        <ChangeOutcome error={actionError} notice={notice} testId="team" />
        {error !== undefined && !loading ? (
          <ErrorState error={error} onRetry={reload} title="The team couldn't be loaded" />
        ) : !data ? (
          <Loading label="Loading the team…" />
        ) : (
          <>
            <DataTable
              caption="Operators of this program"
              hideCaption
              stackOnPhone
              columns={columns}
              rows={data.operators}
              rowKey={(op) => op.email}
              testId="operators"
              rowTestId="operator-row"
              empty={<EmptyState title="No operators yet">Invite someone with the form above.</EmptyState>}
            />
            <p class="table-note">
              You can’t change your own role or remove yourself; another owner can. A program always keeps at
              least one owner.
            </p>
          </>
        )}
      </Card>
      {resetting && (
        <ConfirmDialog
          open={resetting !== null}
          title={resetting ? `Reset the access of ${resetting.email}?` : 'Reset access?'}
          confirmLabel="Reset access"
          danger
          onConfirm={() => (resetting ? reset(resetting) : undefined)}
          onClose={() => setResetting(null)}
        >
          <p>
            Their password stops working and they are signed out everywhere at once. You get a one-time link
            for them to choose a new password.
          </p>
        </ConfirmDialog>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.email}?` : 'Remove operator?'}
        confirmLabel="Remove operator"
        danger
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      >
        <p>
          They are signed out at once and can no longer sign in to <code>{session.tenant.alias}</code>. Their
          entries in the audit log stay.
        </p>
      </ConfirmDialog>
    </Page>
  );
}

/**
 * The tenant's suppression list: addresses never mailed again (unsubscribed, refused by their server,
 * or added by hand). Add one; remove one after a confirmation.
 */
import { useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  ConfirmDialog,
  DataTable,
  EmptyState,
  errorMessage,
  Field,
  useReadOnly,
  type Column,
} from '../../components';
import { formatDateTime } from '../../format';
import type { MailSettingsQuery } from '../../gql/graphql';
import { ADD_SUPPRESSION, REMOVE_SUPPRESSION } from './notification-queries';

type Suppression = MailSettingsQuery['mailSuppressions'][number];

const REASONS: Record<string, string> = {
  UNSUBSCRIBED: 'Unsubscribed',
  REFUSED: 'Refused by their mail server',
  MANUAL: 'Added by an operator',
};

export function SuppressionsCard({ rows, onChanged }: { rows: Suppression[]; onChanged: () => void }) {
  const readOnly = useReadOnly();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  async function add(event: Event) {
    event.preventDefault();
    setFieldError(null);
    setError(null);
    setNotice(null);
    if (!email.trim()) {
      setFieldError('Enter an e-mail address');
      return;
    }
    setBusy(true);
    try {
      const { addMailSuppression } = await gql(ADD_SUPPRESSION, { email: email.trim() });
      setNotice(`${addMailSuppression.email} is never mailed again.`);
      setEmail('');
      onChanged();
    } catch (err) {
      const issue =
        err instanceof ApiError ? err.validationErrors?.find((e) => e.field === 'email') : undefined;
      if (issue) setFieldError(`This address ${issue.message}`);
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!removing) return;
    await gql(REMOVE_SUPPRESSION, { email: removing });
    setNotice(`${removing} may be mailed again.`);
    setRemoving(null);
    onChanged();
  }

  const columns: Column<Suppression>[] = [
    { key: 'email', header: 'Address', rowHeader: true, className: 'mono', render: (s) => s.email },
    { key: 'reason', header: 'Why', render: (s) => REASONS[s.reason] ?? s.reason },
    { key: 'since', header: 'Since', className: 'nowrap', render: (s) => formatDateTime(s.createdAt) },
  ];
  if (!readOnly) {
    columns.push({
      key: 'remove',
      header: 'Actions',
      render: (s) => (
        <button
          type="button"
          class="button button-secondary button-small"
          data-testid="suppression-remove"
          aria-label={`Remove ${s.email}`}
          onClick={() => setRemoving(s.email)}
        >
          Remove
        </button>
      ),
    });
  }

  return (
    <Card title="Suppression list" titleId="suppressions-title" testId="suppressions-card">
      <p class="table-note">
        No e-mail goes to these addresses. People who unsubscribe and addresses their mail server refuses are
        added on their own.
      </p>
      {!readOnly && (
        <form
          class="inline-form"
          onSubmit={add}
          noValidate
          aria-label="Add an address"
          data-testid="suppression-form"
        >
          <Field
            label="Address to suppress"
            name="email"
            type="email"
            value={email}
            error={fieldError}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <button type="submit" class="button" disabled={busy} data-testid="suppression-add">
            {busy ? 'Adding…' : 'Add'}
          </button>
        </form>
      )}
      <ChangeOutcome error={error} notice={notice} testId="suppressions" />
      <DataTable
        caption="Suppressed addresses"
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(s) => s.email}
        rowTestId="suppression-row"
        stackOnPhone
        empty={
          <EmptyState title="No suppressed addresses">
            Every address may be mailed. Unsubscribes and refused addresses will appear here.
          </EmptyState>
        }
      />
      {!readOnly && (
        <ConfirmDialog
          open={removing !== null}
          title="Mail this address again?"
          confirmLabel="Remove from the list"
          onConfirm={remove}
          onClose={() => setRemoving(null)}
        >
          <p>
            <span class="mono">{removing}</span> will receive the program’s e-mails again. Remove it only if
            they asked for it.
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

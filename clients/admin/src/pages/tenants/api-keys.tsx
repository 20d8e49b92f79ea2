import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  ConfirmDialog,
  CopyableValue,
  DataTable,
  EmptyState,
  ErrorState,
  errorMessage,
  Loading,
  Page,
  SecretCard,
  type Column,
} from '../../components';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { graphql } from '../../gql';
import type { ApiKeysQuery, CreateApiKeyMutation } from '../../gql/graphql';

type ApiKey = ApiKeysQuery['apiKeys'][number];

type CreatedApiKey = CreateApiKeyMutation['createApiKey'];

const API_KEYS = graphql(`
  query ApiKeys {
    apiKeys {
      id
      prefix
      dateCreated
    }
  }
`);

const CREATE_KEY = graphql(`
  mutation CreateApiKey {
    createApiKey {
      id
      prefix
      dateCreated
      key
    }
  }
`);

const REVOKE_KEY = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
    }
  }
`);

/** How a key is named on the page: its prefix, marked as the start of something longer. */
const keyName = (key: { prefix: string }) => `${key.prefix}…`;

/** The new key, shown this once, with a copy button and the warning that it will not come back. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <SecretCard
      title="Your new API key"
      titleId="new-key-title"
      testId="new-key-panel"
      warning="Store it now: it will not be shown again."
      advice="Only its prefix is kept in view; if it is lost, create another key and revoke this one."
      onDone={onDone}
    >
      <CopyableValue value={created.key} copyLabel="Copy key" testId="new-key" copyTestId="copy-key" />
      <p class="secret-help">
        Use it as the user name of HTTP Basic authentication (empty password) on <code>/api/v1/…</code>, or to
        sign your users’ JWTs. The program’s other keys keep working.
      </p>
    </SecretCard>
  );
}

/**
 * The tenant's active API keys by prefix and creation date. OWNERs and ADMINs create keys (the key is
 * shown this once) and revoke them after a confirmation; VIEWERs see the list only.
 */
export function ApiKeysPage() {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { data, error, loading, reload } = useQuery(API_KEYS);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function create() {
    setCreating(true);
    setActionError(null);
    setNotice(null);
    try {
      const answer = await gql(CREATE_KEY);
      setCreated(answer.createApiKey);
      reload();
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setCreating(false);
    }
  }

  async function revoke(key: ApiKey) {
    await gql(REVOKE_KEY, { id: key.id });
    if (created?.id === key.id) setCreated(null);
    setNotice(`Key ${keyName(key)} is revoked: requests that use it are refused from now on.`);
    reload();
  }

  const keys = data?.apiKeys ?? [];
  const columns: Column<ApiKey>[] = [
    { key: 'prefix', header: 'Key', rowHeader: true, className: 'mono', render: (k) => keyName(k) },
    {
      key: 'created',
      header: 'Created',
      className: 'wrap-cell',
      render: (k) => formatDateTime(k.dateCreated),
    },
  ];
  if (mayChange) {
    columns.push({
      key: 'actions',
      header: <span class="visually-hidden">Actions</span>,
      align: 'right',
      render: (k) => (
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={`Revoke key ${keyName(k)}`}
          data-testid="revoke-key"
          onClick={() => {
            setNotice(null);
            setRevoking(k);
          }}
        >
          Revoke
        </button>
      ),
    });
  }

  const createButton = mayChange ? (
    <button type="button" class="button" data-testid="create-key" disabled={creating} onClick={create}>
      {creating ? 'Creating…' : 'Create key'}
    </button>
  ) : undefined;

  return (
    <Page
      title="API keys"
      description={
        mayChange
          ? 'Keys let your servers call the API. Each key is shown once, when it is created.'
          : 'Keys let your servers call the API. Owners and admins create and revoke them.'
      }
      actions={createButton}
    >
      <ChangeOutcome error={actionError} notice={notice} testId="keys" />
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The API keys couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the API keys…" />
      ) : (
        <Card title="Active keys" titleId="keys-title">
          <DataTable
            caption="Active API keys, newest first"
            hideCaption
            stackOnPhone
            columns={columns}
            rows={keys}
            rowKey={(k) => k.id}
            testId="api-keys"
            rowTestId="api-key-row"
            empty={
              <EmptyState title="No active API keys">
                Your servers cannot call the API until the program has a key.{' '}
                {mayChange ? 'Use “Create key” above.' : 'Ask an owner or admin to create one.'}
              </EmptyState>
            }
          />
        </Card>
      )}
      {mayChange && (
        <ConfirmDialog
          open={revoking !== null}
          title={revoking ? `Revoke key ${keyName(revoking)}?` : 'Revoke key?'}
          confirmLabel="Revoke key"
          danger
          onConfirm={() => (revoking ? revoke(revoking) : undefined)}
          onClose={() => setRevoking(null)}
        >
          <p>
            Every request that uses the key <code>{revoking ? keyName(revoking) : ''}</code> is refused at
            once, on every server. This cannot be undone.
          </p>
          {keys.length === 1 && (
            <p class="dialog-warning">
              It is the program’s only key: create another first if your servers need one.
            </p>
          )}
        </ConfirmDialog>
      )}
    </Page>
  );
}

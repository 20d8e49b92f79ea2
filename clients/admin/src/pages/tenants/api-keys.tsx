import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  CheckboxField,
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
import type { ApiKeyPurpose, ApiKeysQuery, CreateApiKeyMutation } from '../../gql/graphql';

type ApiKey = ApiKeysQuery['apiKeys'][number];

type CreatedApiKey = CreateApiKeyMutation['createApiKey'];

const API_KEYS = graphql(`
  query ApiKeys {
    apiKeys {
      id
      prefix
      purpose
      allowChanges
      dateCreated
    }
  }
`);

const CREATE_KEY = graphql(`
  mutation CreateApiKey($purpose: ApiKeyPurpose, $allowChanges: Boolean) {
    createApiKey(purpose: $purpose, allowChanges: $allowChanges) {
      id
      prefix
      purpose
      allowChanges
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
      {created.purpose === 'MCP' ? (
        <p class="secret-help">
          Give it to your AI agent as <code>Authorization: Bearer …</code> for the MCP endpoint{' '}
          <code>/mcp</code> (docs/mcp.md). It works nowhere else.{' '}
          {created.allowChanges
            ? 'The agent may ask for changes; each waits under Agent actions for an owner or admin.'
            : 'It can read only.'}
        </p>
      ) : (
        <p class="secret-help">
          Use it as the user name of HTTP Basic authentication (empty password) on <code>/api/v1/…</code>, or
          to sign your users’ JWTs. The program’s other keys keep working.
        </p>
      )}
    </SecretCard>
  );
}

/** What a key is for, in the list. */
function keyUse(key: ApiKey): string {
  if (key.purpose === 'API') return 'API (servers)';
  return key.allowChanges ? 'MCP agent, may ask for changes' : 'MCP agent, read-only';
}

/** The new key's kind: for the API, or for an AI agent over MCP (read-only unless changes are allowed). */
function KeyKind(props: {
  purpose: ApiKeyPurpose;
  allowChanges: boolean;
  onPurpose: (p: ApiKeyPurpose) => void;
  onAllowChanges: (allow: boolean) => void;
}) {
  return (
    <Card title="New key" titleId="new-key-kind-title">
      <fieldset class="plain-fieldset" data-testid="key-purpose">
        <legend class="field-label">What the next key is for</legend>
        <div class="segmented">
          {(
            [
              ['API', 'For your servers (API)'],
              ['MCP', 'For MCP (AI agents)'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} class="segment">
              <input
                type="radio"
                name="key-purpose"
                value={value}
                checked={props.purpose === value}
                data-testid={`purpose-${value.toLowerCase()}`}
                onChange={() => props.onPurpose(value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {props.purpose === 'MCP' && (
        <CheckboxField
          name="allow-changes"
          label="Allow changes"
          checked={props.allowChanges}
          onChange={props.onAllowChanges}
          hint="The agent may ask to review referrals, import files and change programs. Nothing applies until an owner or admin approves it under Agent actions."
        />
      )}
    </Card>
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
  const [purpose, setPurpose] = useState<ApiKeyPurpose>('API');
  const [allowChanges, setAllowChanges] = useState(false);

  async function create() {
    setCreating(true);
    setActionError(null);
    setNotice(null);
    try {
      const answer = await gql(CREATE_KEY, {
        purpose,
        allowChanges: purpose === 'MCP' && allowChanges,
      });
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
    { key: 'use', header: 'For', render: keyUse },
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
      {mayChange && (
        <KeyKind
          purpose={purpose}
          allowChanges={allowChanges}
          onPurpose={setPurpose}
          onAllowChanges={setAllowChanges}
        />
      )}
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

/**
 * The SFTP section's keys: the generated key pair shown once (the private key with Copy and Download),
 * the form that adds a key the tenant brings, and the table of active keys with Revoke.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import {
  ConfirmDialog,
  CopyButton,
  CopyableValue,
  DataTable,
  EmptyState,
  errorMessage,
  Field,
  SecretCard,
  type Column,
} from '../../components';
import { formatDateTime } from '../../format';
import { graphql } from '../../gql';
import type { GenerateSftpKeyMutation, SftpQuery } from '../../gql/graphql';

export type SftpKey = SftpQuery['sftpKeys'][number];

export type GeneratedSftpKey = GenerateSftpKeyMutation['generateSftpKey'];

const ADD_KEY = graphql(`
  mutation AddSftpKey($publicKey: String!) {
    addSftpKey(publicKey: $publicKey) {
      fingerprint
    }
  }
`);

const REVOKE_KEY = graphql(`
  mutation RevokeSftpKey($fingerprint: String!) {
    revokeSftpKey(fingerprint: $fingerprint) {
      fingerprint
    }
  }
`);

/** The file name a generated private key is saved as, and the `sftp -i` argument that names it. */
export const keyFileName = (alias: string) => `${alias}_sftp_ed25519`;

/** A link that saves `text` as a file (an object URL made for it, released when it goes). */
function DownloadLink({ text, fileName, testId }: { text: string; fileName: string; testId: string }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/octet-stream' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);
  if (!href) return null;
  return (
    <a class="button button-secondary button-small" href={href} download={fileName} data-testid={testId}>
      Download file
    </a>
  );
}

/** A generated key pair: the private key this once, to copy or download, and how to use it. */
export function GeneratedKey({ generated, onDone }: { generated: GeneratedSftpKey; onDone: () => void }) {
  const fileName = keyFileName(generated.username);
  // OpenSSH reads a key file only if it ends with a line break.
  const fileText = generated.privateKey.endsWith('\n') ? generated.privateKey : `${generated.privateKey}\n`;
  return (
    <SecretCard
      title="Your new SFTP key"
      titleId="sftp-new-key-title"
      testId="sftp-new-key"
      warning="Save the private key now: it is not stored and will not be shown again."
      advice="Only its public half is kept. If it is lost, generate another key and revoke this one."
      onDone={onDone}
    >
      <pre
        class="sftp-private-key"
        data-testid="sftp-private-key"
        tabIndex={0}
        aria-labelledby="sftp-new-key-title"
      >
        {generated.privateKey}
      </pre>
      <div class="button-row sftp-key-actions">
        <CopyButton text={fileText} label="Copy" testId="sftp-copy-private-key" />
        <DownloadLink text={fileText} fileName={fileName} testId="sftp-download-private-key" />
      </div>
      <p class="secret-help sftp-help">
        Saved as <code>{fileName}</code>, fingerprint{' '}
        <code data-testid="sftp-new-key-fingerprint">{generated.fingerprint}</code>. Keep the file readable by
        you only (<code>chmod 600 {fileName}</code>), then connect:
      </p>
      <CopyableValue
        value={`sftp -i ${fileName} -P ${generated.port} ${generated.username}@${generated.host}`}
        copyLabel="Copy"
        testId="sftp-new-key-command"
      />
    </SecretCard>
  );
}

/** Adds a key the tenant brings: its .pub file's line, checked by the server (the error under the field). */
export function AddKeyForm({ onAdded }: { onAdded: (fingerprint: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: Event) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await gql(ADD_KEY, { publicKey: text });
      setText('');
      onAdded(answer.addSftpKey.fingerprint);
    } catch (err) {
      const issue =
        err instanceof ApiError ? err.validationErrors?.find((i) => i.field === 'publicKey') : undefined;
      setError(issue ? `This key ${issue.message}` : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="sftp-add-form" onSubmit={add} noValidate aria-label="Add an SSH key">
      <Field
        label="SSH key to add"
        name="sftpPublicKey"
        error={error}
        hint="The one line of your .pub file, e.g. ssh-ed25519 AAAA… you@example.com (Ed25519, ECDSA, or RSA of 2048 bits or more)."
      >
        {(control) => (
          <textarea
            class="input mono sftp-key-input"
            rows={3}
            value={text}
            spellcheck={false}
            autocomplete="off"
            disabled={busy}
            data-testid="sftp-add-key-input"
            onInput={(e) => setText(e.currentTarget.value)}
            {...control}
          />
        )}
      </Field>
      <button type="submit" class="button button-secondary" disabled={busy} data-testid="sftp-add-key">
        {busy ? 'Adding…' : 'Add key'}
      </button>
    </form>
  );
}

export interface KeysTableProps {
  keys: SftpKey[];
  editable: boolean;
  /** After a revocation: the notice, and load the keys again. */
  onRevoked: (key: SftpKey) => void;
}

/** The tenant's active keys, newest first; OWNERs and ADMINs revoke one after a confirmation. */
export function KeysTable({ keys, editable, onRevoked }: KeysTableProps) {
  const [revoking, setRevoking] = useState<SftpKey | null>(null);
  // The dialog is mounted once first asked for, so the page holds no idle second dialog beside the
  // processor's Disconnect (and keeps it after, so focus goes back to the Revoke button on close).
  const [asked, setAsked] = useState(false);
  const columns: Column<SftpKey>[] = [
    {
      key: 'fingerprint',
      header: 'Fingerprint',
      rowHeader: true,
      className: 'mono sftp-fingerprint',
      render: (k) => k.fingerprint,
    },
    { key: 'type', header: 'Type', className: 'mono', render: (k) => k.keyType },
    { key: 'comment', header: 'Comment', className: 'wrap-cell', render: (k) => k.comment ?? '—' },
    {
      key: 'created',
      header: 'Created',
      className: 'wrap-cell',
      render: (k) => formatDateTime(k.dateCreated),
    },
    {
      key: 'used',
      header: 'Last used',
      className: 'wrap-cell',
      render: (k) => (k.dateLastUsed === null ? 'Never' : formatDateTime(k.dateLastUsed)),
    },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      header: <span class="visually-hidden">Actions</span>,
      align: 'right',
      render: (k) => (
        <button
          type="button"
          class="button button-secondary button-small"
          aria-label={`Revoke SFTP key ${k.fingerprint}`}
          data-testid="sftp-revoke-key"
          onClick={() => {
            setAsked(true);
            setRevoking(k);
          }}
        >
          Revoke
        </button>
      ),
    });
  }

  async function revoke(key: SftpKey) {
    await gql(REVOKE_KEY, { fingerprint: key.fingerprint });
    onRevoked(key);
  }

  return (
    <div class="sftp-keys">
      <DataTable
        caption="SFTP keys, newest first"
        hideCaption
        stackOnPhone
        columns={columns}
        rows={keys}
        rowKey={(k) => k.fingerprint}
        testId="sftp-keys"
        rowTestId="sftp-key-row"
        empty={
          <EmptyState title="No SFTP keys">
            Nobody can connect until the program has a key.{' '}
            {editable
              ? 'Generate one, or add the public key of one you have.'
              : 'Ask an owner or admin to add one.'}
          </EmptyState>
        }
      />
      {editable && asked && (
        <ConfirmDialog
          open={revoking !== null}
          title="Revoke this SFTP key?"
          confirmLabel="Revoke key"
          danger
          onConfirm={() => (revoking ? revoke(revoking) : undefined)}
          onClose={() => setRevoking(null)}
        >
          <p>
            The key <code class="sftp-fingerprint">{revoking?.fingerprint ?? ''}</code>
            {revoking?.comment ? ` (${revoking.comment})` : ''} is refused at its next connection, on every
            server. This cannot be undone; you can add the key again later.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

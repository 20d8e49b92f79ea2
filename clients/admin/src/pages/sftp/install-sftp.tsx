/**
 * The Install page's SFTP section (docs/imports.md, "SFTP imports"): the switch, how to connect, the folders,
 * generating a key (its private key shown once) or adding one, and the keys with Revoke. It loads its
 * own data, so a failure here leaves the rest of the page alone.
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Badge,
  Card,
  ChangeOutcome,
  CopyableValue,
  ErrorState,
  errorMessage,
  Field,
  Loading,
} from '../../components';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { AddKeyForm, GeneratedKey, KeysTable, keyFileName, type GeneratedSftpKey } from './install-sftp-keys';
import { graphql } from '../../gql';

const SFTP = graphql(`
  query Sftp {
    sftp {
      enabled
      host
      port
      username
    }
    sftpKeys {
      fingerprint
      keyType
      comment
      dateCreated
      dateLastUsed
    }
  }
`);

const SWITCH = {
  on: graphql(`
    mutation EnableSftp {
      enableSftp {
        enabled
      }
    }
  `),
  off: graphql(`
    mutation DisableSftp {
      disableSftp {
        enabled
      }
    }
  `),
};

const GENERATE = graphql(`
  mutation GenerateSftpKey($comment: String) {
    generateSftpKey(comment: $comment) {
      privateKey
      publicKey
      fingerprint
      username
      host
      port
    }
  }
`);

/** The folders every tenant sees once connected. */
const FOLDERS: [string, string][] = [
  ['/imports/USER/', 'users to create or update'],
  ['/imports/DELETE_USER/', 'users to delete'],
  ['/imports/USER_EVENT/', 'user events (purchases, subscription changes …)'],
  ['/imports/REDEEMABLE_REWARD_BALANCE/', 'reward balances to redeem'],
];

function Folders() {
  return (
    <div class="sftp-folders">
      <h3 class="sftp-subtitle">Folders</h3>
      <p class="card-intro">
        Upload a CSV file (the same columns as on the Import page) into the folder of its job type: when the
        upload is complete it is checked and, if valid, becomes an import job (requester SFTP). The same file
        uploaded twice starts one job.
      </p>
      <ul class="sftp-folder-list" data-testid="sftp-folders">
        {FOLDERS.map(([folder, what]) => (
          <li key={folder}>
            <code>{folder}</code> {what}
          </li>
        ))}
        <li>
          <code>/status/&lt;file&gt;.json</code> each file’s job, status and record counts, or its errors by
          line (read only)
        </li>
        <li>
          <code>/results/&lt;file&gt;.result.csv</code> the job’s result file once it ends (read only)
        </li>
      </ul>
    </div>
  );
}

/** The SFTP section: read by everyone, changed by OWNERs and ADMINs. */
export function SftpSection() {
  const { operator } = useSession();
  const editable = canChange(operator.role);
  const { data, error, loading, reload } = useQuery(SFTP);
  const [busy, setBusy] = useState(false);
  const [comment, setComment] = useState('');
  const [generated, setGenerated] = useState<GeneratedSftpKey | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function change(what: () => Promise<string>) {
    setBusy(true);
    setActionError(null);
    setNotice(null);
    try {
      setNotice(await what());
      reload();
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (on: boolean) =>
    change(async () => {
      if (on) await gql(SWITCH.on);
      else await gql(SWITCH.off);
      return on
        ? 'SFTP is on: its keys can connect and upload.'
        : 'SFTP is off: every key is refused at its next connection.';
    });

  const generate = () =>
    change(async () => {
      const answer = await gql(GENERATE, {
        comment: comment.trim() || null,
      });
      setGenerated(answer.generateSftpKey);
      setComment('');
      return `Key ${answer.generateSftpKey.fingerprint} generated.`;
    });

  let body;
  if (error !== undefined && !loading) {
    body = <ErrorState error={error} onRetry={reload} title="The SFTP settings couldn't be loaded" />;
  } else if (!data) {
    body = <Loading label="Loading the SFTP settings…" />;
  } else {
    const { sftp, sftpKeys } = data;
    const command = `sftp -i ${keyFileName(sftp.username)} -P ${sftp.port} ${sftp.username}@${sftp.host}`;
    body = (
      <>
        <div class="sftp-status" data-testid="sftp-status">
          <Badge tone={sftp.enabled ? 'success' : 'neutral'}>{sftp.enabled ? 'On' : 'Off'}</Badge>
          <span>{sftp.enabled ? 'Keys below can connect and upload.' : 'Every connection is refused.'}</span>
          {editable && (
            <button
              type="button"
              class={sftp.enabled ? 'button button-secondary' : 'button'}
              disabled={busy}
              data-testid={sftp.enabled ? 'sftp-disable' : 'sftp-enable'}
              onClick={() => void toggle(!sftp.enabled)}
            >
              {sftp.enabled ? 'Turn SFTP off' : 'Turn SFTP on'}
            </button>
          )}
        </div>
        <div class="sftp-outcome">
          <ChangeOutcome error={actionError} notice={notice} testId="sftp" />
        </div>
        {generated && <GeneratedKey generated={generated} onDone={() => setGenerated(null)} />}
        <h3 class="sftp-subtitle">Connect</h3>
        <p class="card-intro">
          User <code>{sftp.username}</code> on <code>{sftp.host}</code>, port {sftp.port}, with one of the
          keys below (public-key sign-in only):
        </p>
        <CopyableValue value={command} copyLabel="Copy command" testId="sftp-command" wide />
        <Folders />
        <h3 class="sftp-subtitle">Keys</h3>
        <KeysTable
          keys={sftpKeys}
          editable={editable}
          onRevoked={(key) => {
            setNotice(`Key ${key.fingerprint} is revoked: it is refused from its next connection.`);
            reload();
          }}
        />
        {editable && (
          <div class="sftp-key-forms">
            <form
              class="sftp-generate-form"
              aria-label="Generate an SFTP key"
              onSubmit={(event) => {
                event.preventDefault();
                void generate();
              }}
            >
              <Field
                label="Comment for a new key (optional)"
                name="sftpComment"
                value={comment}
                maxLength={100}
                autocomplete="off"
                hint="e.g. the system that uploads: nightly CRM export."
                onInput={(e) => setComment(e.currentTarget.value)}
              />
              <button type="submit" class="button" disabled={busy} data-testid="sftp-generate">
                Generate key
              </button>
            </form>
            <AddKeyForm
              onAdded={(fingerprint) => {
                setNotice(`Key ${fingerprint} added.`);
                setActionError(null);
                reload();
              }}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <Card title="SFTP" titleId="sftp-title" testId="sftp">
      <p class="card-intro">
        Drop import files over SFTP, e.g. nightly exports from your data warehouse or CRM: each file becomes
        an import job, with its status and result file beside it.
        {!editable && ' Only an Owner or an Admin can turn it on or off and manage its keys.'}
      </p>
      {body}
    </Card>
  );
}

/**
 * The payment-processor connection: its status, the form (merchant ID, public key, and the private key,
 * which is write-only: never shown, cleared after each attempt), Disconnect, and the webhook URL.
 */
import { useState } from 'preact/hooks';
import { ApiError, gql, type Mode } from '../../api';
import { Badge, Card, ConfirmDialog, CopyableValue, errorMessage, Field } from '../../components';
import { formatDateTime } from '../../format';
import { graphql } from '../../gql';
import type { InstallQuery } from '../../gql/graphql';

export type ProcessorConnection = NonNullable<InstallQuery['paymentProcessor']>;

const CONNECT = graphql(`
  mutation Connect($input: ConnectPaymentProcessorInput!) {
    connectPaymentProcessor(input: $input) {
      environment
    }
  }
`);
const DISCONNECT = graphql(`
  mutation Disconnect {
    disconnectPaymentProcessor
  }
`);

const KEY_FIELDS = ['merchantId', 'publicKey', 'privateKey'] as const;
type KeyField = (typeof KEY_FIELDS)[number];
const ENVIRONMENT = { SANDBOX: 'Sandbox', PRODUCTION: 'Production' } as const;

export interface ProcessorCardProps {
  connection: ProcessorConnection | null;
  mode: Mode;
  editable: boolean;
  /** After a connect or disconnect: load the page's state again. */
  onChanged: () => void;
}

export function ProcessorCard({ connection, mode, editable, onChanged }: ProcessorCardProps) {
  const [merchantId, setMerchantId] = useState(connection?.merchantId ?? '');
  const [publicKey, setPublicKey] = useState(connection?.publicKey ?? '');
  const [privateKey, setPrivateKey] = useState('');
  const [errors, setErrors] = useState<Partial<Record<KeyField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const environment = mode === 'test' ? 'sandbox' : 'production';

  async function connect(event: Event) {
    event.preventDefault();
    const input = { merchantId: merchantId.trim(), publicKey: publicKey.trim(), privateKey };
    // The private key leaves the page once: the field is empty again whatever the answer.
    setPrivateKey('');
    const missing: Partial<Record<KeyField, string>> = {};
    for (const field of KEY_FIELDS) if (!input[field]) missing[field] = 'Required';
    setNotice(null);
    setFormError(null);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const data = await gql(CONNECT, { input: { processor: 'BRAINTREE', ...input } });
      setNotice(`Connected to Braintree (${ENVIRONMENT[data.connectPaymentProcessor.environment]}).`);
      onChanged();
    } catch (err) {
      const issues = err instanceof ApiError ? (err.validationErrors ?? []) : [];
      const mapped: Partial<Record<KeyField, string>> = {};
      for (const issue of issues) {
        const field = issue.field.replace(/^input\./, '') as KeyField;
        if (KEY_FIELDS.includes(field)) mapped[field] = issue.message;
      }
      setErrors(mapped);
      setFormError(`Not connected: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  async function disconnect() {
    await gql(DISCONNECT);
    setNotice('Disconnected. The processor’s notifications are refused until you connect again.');
    setMerchantId('');
    setPublicKey('');
    onChanged();
  }

  return (
    <Card title="Payment processor" titleId="processor-title">
      <div class="processor-status" data-testid="processor-status">
        {connection ? (
          <>
            <Badge tone="success">Connected</Badge>
            <span>
              Braintree {ENVIRONMENT[connection.environment]} · merchant <code>{connection.merchantId}</code>{' '}
              · public key <code>{connection.publicKey}</code> · since{' '}
              {formatDateTime(connection.connectedAt)}
            </span>
          </>
        ) : (
          <>
            <Badge tone="warning">Not connected</Badge>
            <span>Notifications from the processor are refused until you connect it.</span>
          </>
        )}
      </div>
      {notice && (
        <p class="notice" role="status" data-testid="processor-notice">
          {notice}
        </p>
      )}
      {formError && (
        <p class="form-error" role="alert" data-testid="processor-error">
          {formError}
        </p>
      )}
      {editable && (
        <form class="processor-form" onSubmit={connect} noValidate aria-label="Processor keys">
          <p class="card-intro">
            {connection ? 'To replace the keys, enter' : 'Enter'} your Braintree {environment} account’s API
            keys (Settings → API in the Braintree control panel).
          </p>
          <fieldset class="plain-fieldset" disabled={busy}>
            <div class="form-grid">
              <Field
                label="Merchant ID"
                name="merchantId"
                value={merchantId}
                error={errors.merchantId}
                autocomplete="off"
                spellcheck={false}
                class="input mono"
                onInput={(e) => setMerchantId(e.currentTarget.value)}
              />
              <Field
                label="Public key"
                name="publicKey"
                value={publicKey}
                error={errors.publicKey}
                autocomplete="off"
                spellcheck={false}
                class="input mono"
                onInput={(e) => setPublicKey(e.currentTarget.value)}
              />
            </div>
            <Field
              label="Private key"
              name="privateKey"
              type="password"
              value={privateKey}
              error={errors.privateKey}
              autocomplete="new-password"
              spellcheck={false}
              class="input mono"
              hint="Write-only: stored encrypted and never shown again, here or in the API."
              onInput={(e) => setPrivateKey(e.currentTarget.value)}
            />
          </fieldset>
          <div class="button-row">
            <button type="submit" class="button" disabled={busy} data-testid="processor-connect">
              {busy ? 'Connecting…' : connection ? 'Replace keys' : 'Connect'}
            </button>
            {connection && (
              <button
                type="button"
                class="button button-secondary button-danger-outline"
                disabled={busy}
                data-testid="processor-disconnect"
                onClick={() => setConfirming(true)}
              >
                Disconnect
              </button>
            )}
          </div>
        </form>
      )}
      <div class="webhook">
        <h3 class="webhook-title">Webhook URL</h3>
        {connection ? (
          <>
            <p class="card-intro">
              Register it at Braintree (Settings → Webhooks) for all subscription notifications.
            </p>
            <CopyableValue
              value={connection.webhookUrl}
              copyLabel="Copy URL"
              testId="webhook-url"
              copyTestId="copy-webhook-url"
              wide
            />
          </>
        ) : (
          <p class="card-intro" data-testid="webhook-url-pending">
            Connect the processor to get the webhook URL: the processor’s notifications are verified with its
            keys.
          </p>
        )}
      </div>
      {editable && (
        <ConfirmDialog
          open={confirming}
          title="Disconnect the payment processor?"
          confirmLabel="Disconnect"
          danger
          onConfirm={disconnect}
          onClose={() => setConfirming(false)}
        >
          The stored keys are deleted. Notifications the processor sends from now on are refused, so referral
          discounts stop following subscriptions until you connect again.
        </ConfirmDialog>
      )}
    </Card>
  );
}

/**
 * Braintree on the Install page: the connection's summary, the keys form (merchant ID, public key, and
 * the private key, which is write-only: never shown, cleared after each attempt) and the webhook URL to
 * register at Braintree.
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { CopyableValue, errorMessage, Field, SecretField } from '../../components';
import { formatDateTime } from '../../format';
import { CONNECT, fieldErrors, type ProcessorConnection, type SectionProps } from './processor-connect';

const KEY_FIELDS = ['merchantId', 'publicKey', 'privateKey'] as const;
type KeyField = (typeof KEY_FIELDS)[number];
const ENVIRONMENT = { SANDBOX: 'Sandbox', PRODUCTION: 'Production' } as const;

export function BraintreeSummary({ connection }: { connection: ProcessorConnection }) {
  return (
    <span>
      Braintree {ENVIRONMENT[connection.environment]} · merchant <code>{connection.merchantId}</code> · public
      key <code>{connection.publicKey}</code> · since {formatDateTime(connection.connectedAt)}
    </span>
  );
}

export function BraintreeSection({ connection, mode, editable, feedback, disconnectButton }: SectionProps) {
  const [merchantId, setMerchantId] = useState(connection?.merchantId ?? '');
  const [publicKey, setPublicKey] = useState(connection?.publicKey ?? '');
  const [privateKey, setPrivateKey] = useState('');
  const [errors, setErrors] = useState<Partial<Record<KeyField, string>>>({});
  const [busy, setBusy] = useState(false);
  const environment = mode === 'test' ? 'sandbox' : 'production';

  async function connect(event: Event) {
    event.preventDefault();
    const input = { merchantId: merchantId.trim(), publicKey: publicKey.trim(), privateKey };
    // The private key leaves the page once: the field is empty again whatever the answer.
    setPrivateKey('');
    const missing: Partial<Record<KeyField, string>> = {};
    for (const field of KEY_FIELDS) if (!input[field]) missing[field] = 'Required';
    feedback.notice(null);
    feedback.error(null);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const data = await gql(CONNECT, { input: { processor: 'BRAINTREE', ...input } });
      feedback.notice(`Connected to Braintree (${ENVIRONMENT[data.connectPaymentProcessor.environment]}).`);
      feedback.changed();
    } catch (err) {
      setErrors(fieldErrors(err, KEY_FIELDS));
      feedback.error(`Not connected: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
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
            <SecretField
              label="Private key"
              name="privateKey"
              value={privateKey}
              error={errors.privateKey}
              hint="Write-only: stored encrypted and never shown again, here or in the API."
              onInput={(e) => setPrivateKey(e.currentTarget.value)}
            />
          </fieldset>
          <div class="button-row">
            <button type="submit" class="button" disabled={busy} data-testid="processor-connect">
              {busy ? 'Connecting…' : connection ? 'Replace keys' : 'Connect'}
            </button>
            {disconnectButton(busy)}
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
    </>
  );
}

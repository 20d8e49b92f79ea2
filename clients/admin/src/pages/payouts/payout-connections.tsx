/**
 * The payout providers' connections on Payouts → Settings: each connected provider with its key's last
 * characters (never the key), whether its webhooks are verified and since when; for OWNERs and ADMINs the
 * forms that connect PayPal (client id, secret, webhook id) and a gift-card provider (API key, campaign,
 * webhook secret). Secrets are write-only: the fields are emptied after each try.
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Badge,
  Card,
  ChangeOutcome,
  errorMessage,
  Field,
  SecretField,
  type FieldProps,
} from '../../components';
import type { PayoutMethodType } from '../../gql/graphql';
import { fieldErrors } from '../processors/processor-connect';
import { CONNECT_PAYOUT_PROVIDER, type PayoutConnection } from './payout-queries';
import { formatIso, METHOD_NAMES } from './payout-words';

type Provider = Exclude<PayoutMethodType, 'STRIPE_CONNECT'>;

interface FieldDef {
  name: string;
  label: string;
  secret?: boolean;
  optional?: boolean;
  hint: string;
}

const FORMS: Record<Provider, FieldDef[]> = {
  PAYPAL: [
    { name: 'clientId', label: 'Client ID', hint: 'Your PayPal app’s client ID (Apps & Credentials).' },
    {
      name: 'secret',
      label: 'Secret',
      secret: true,
      hint: 'The app’s secret. Write-only: stored encrypted.',
    },
    {
      name: 'webhookId',
      label: 'Webhook ID (optional)',
      optional: true,
      hint: 'The id of the app’s webhook for payout events: returns and unclaimed payouts then arrive at once.',
    },
  ],
  GIFT_CARD: [
    {
      name: 'apiKey',
      label: 'API key',
      secret: true,
      hint: 'Write-only: stored encrypted, never shown again.',
    },
    { name: 'campaignId', label: 'Campaign ID', hint: 'The campaign the gift cards are ordered from.' },
    {
      name: 'webhookSecret',
      label: 'Webhook secret (optional)',
      secret: true,
      optional: true,
      hint: 'The webhook’s signing key, to verify its deliveries.',
    },
  ],
};

function ConnectForm({ provider, onSaved }: { provider: Provider; onSaved: () => void }) {
  const defs = FORMS[provider];
  const empty = () => Object.fromEntries(defs.map((d) => [d.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const prefix = provider === 'PAYPAL' ? 'paypal' : 'giftcard';

  async function submit(event: Event) {
    event.preventDefault();
    const input: Record<string, string> = {};
    const missing: Record<string, string> = {};
    for (const d of defs) {
      const v = values[d.name]!.trim();
      if (v) input[d.name] = v;
      else if (!d.optional) missing[d.name] = 'Required';
    }
    // Secrets leave the page once: the secret fields are empty again whatever the answer.
    setValues((old) => ({
      ...old,
      ...Object.fromEntries(defs.filter((d) => d.secret).map((d) => [d.name, ''])),
    }));
    setErrors(missing);
    setNotice(null);
    setError(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const { connectPayoutProvider: c } = await gql(CONNECT_PAYOUT_PROVIDER, {
        input: { provider, ...input },
      });
      setValues(empty());
      setNotice(`${METHOD_NAMES[provider]} is connected (key ${c.keyHint}).`);
      onSaved();
    } catch (err) {
      setErrors(
        fieldErrors(
          err,
          defs.map((d) => d.name),
        ),
      );
      setError(`Not connected: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      class="payout-form"
      onSubmit={submit}
      noValidate
      aria-label={`Connect ${METHOD_NAMES[provider]}`}
      data-testid={`connect-${prefix}`}
    >
      <fieldset class="plain-fieldset" disabled={busy}>
        {defs.map((d) => (
          <ConnectionField
            key={d.name}
            secret={d.secret === true}
            label={d.label}
            name={`${prefix}-${d.name}`}
            value={values[d.name]}
            error={errors[d.name]}
            hint={d.hint}
            onInput={(e) => {
              const v = e.currentTarget.value;
              setValues((old) => ({ ...old, [d.name]: v }));
            }}
          />
        ))}
      </fieldset>
      <ChangeOutcome error={error} notice={notice} testId={`connect-${prefix}`} />
      <button type="submit" class="button" disabled={busy}>
        {busy ? 'Connecting…' : `Connect ${METHOD_NAMES[provider]}`}
      </button>
    </form>
  );
}

function ConnectionList({ connections }: { connections: PayoutConnection[] }) {
  if (connections.length === 0) {
    return (
      <p class="card-intro" data-testid="no-connections">
        No payout provider is connected yet: runs cannot pay anyone by PayPal or gift card until one is.
      </p>
    );
  }
  return (
    <ul class="payout-connections" data-testid="payout-connections">
      {connections.map((c) => (
        <li key={c.provider} data-testid="payout-connection">
          <strong>{METHOD_NAMES[c.provider]}</strong> <span class="mono">key {c.keyHint}</span>{' '}
          {c.webhookVerified ? (
            <Badge tone="success">Webhooks verified</Badge>
          ) : (
            <Badge tone="warning">No webhook: results are polled</Badge>
          )}
          <span class="cell-note"> connected {formatIso(c.connectedAt)}</span>
        </li>
      ))}
    </ul>
  );
}

export function PayoutConnections(props: {
  connections: PayoutConnection[];
  mayChange: boolean;
  onSaved: () => void;
}) {
  const { connections, mayChange, onSaved } = props;
  return (
    <Card title="Payout providers" titleId="payout-providers-title" testId="providers-card">
      <ConnectionList connections={connections} />
      <p class="card-intro">
        Stripe Connect payouts use the Stripe account connected on the <a href="/admin/install">Install</a>{' '}
        page.
      </p>
      {mayChange && (
        <div class="payout-connect-forms">
          {(['PAYPAL', 'GIFT_CARD'] as const).map((p) => (
            <section key={p} aria-labelledby={`connect-${p}-title`}>
              <h3 class="payout-connect-title" id={`connect-${p}-title`}>
                {connections.some((c) => c.provider === p)
                  ? `Replace ${METHOD_NAMES[p]}’s keys`
                  : `Connect ${METHOD_NAMES[p]}`}
              </h3>
              <ConnectForm provider={p} onSaved={onSaved} />
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}

/** A connection's secret (write-only, SecretField) or one of its ids (plain text, monospace). */
function ConnectionField({ secret, ...props }: Omit<FieldProps, 'type'> & { secret: boolean }) {
  if (secret) return <SecretField {...props} />;
  return <Field type="text" autocomplete="off" spellcheck={false} class="input mono" {...props} />;
}

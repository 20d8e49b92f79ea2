/**
 * Stripe's key form. `connect`: a secret or restricted key of the program's mode, and optionally the
 * signing secret of an endpoint the merchant registered at Stripe. `secret`: the signing secret of the
 * endpoint registered by hand (SECRET_NEEDED), which connects again: the key is never shown or sent back,
 * so the operator enters it once more. Both secrets are write-only: the fields are empty after each try.
 */
import { useState } from 'preact/hooks';
import { gql, type Mode } from '../../api';
import { CheckboxField, errorMessage, SecretField } from '../../components';
import { CONNECT, fieldErrors, type SectionProps } from './processor-connect';

const FIELDS = ['secretKey', 'webhookSecret'] as const;
type StripeField = (typeof FIELDS)[number];

export const STRIPE_MODE = { SANDBOX: 'test mode', PRODUCTION: 'live mode' } as const;

/** The mode rule: a test_ program takes test keys, a live one live keys. */
export function keyRule(mode: Mode): string {
  return mode === 'test'
    ? 'This is your test program: it takes test keys only (sk_test_… or rk_test_…).'
    : 'This is your live program: it takes live keys only (sk_live_… or rk_live_…).';
}

export interface StripeKeyFormProps extends Omit<SectionProps, 'editable'> {
  variant: 'connect' | 'secret';
}

const SECRET_HINT =
  'whsec_…: on the endpoint’s page at Stripe (Developers → Webhooks → your endpoint → Signing secret). Write-only, like the key.';

export function StripeKeyForm({ connection, mode, feedback, disconnectButton, variant }: StripeKeyFormProps) {
  const [secretKey, setSecretKey] = useState('');
  const [byHand, setByHand] = useState(false);
  const [webhookSecret, setWebhookSecret] = useState('');
  const [errors, setErrors] = useState<Partial<Record<StripeField, string>>>({});
  const [busy, setBusy] = useState(false);
  const needsSecret = variant === 'secret' || byHand;

  async function submit(event: Event) {
    event.preventDefault();
    const input = { secretKey: secretKey.trim(), webhookSecret: needsSecret ? webhookSecret.trim() : '' };
    // Both secrets leave the page once: the fields are empty again whatever the answer.
    setSecretKey('');
    setWebhookSecret('');
    const missing: Partial<Record<StripeField, string>> = {};
    if (!input.secretKey) missing.secretKey = 'Required';
    if (needsSecret && !input.webhookSecret) missing.webhookSecret = 'Required';
    feedback.notice(null);
    feedback.error(null);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const data = await gql(CONNECT, {
        input: {
          processor: 'STRIPE',
          secretKey: input.secretKey,
          webhookSecret: input.webhookSecret || null,
        },
      });
      const { environment, webhookRegistration } = data.connectPaymentProcessor;
      const connected = `Connected to Stripe (${STRIPE_MODE[environment]}).`;
      feedback.notice(
        variant === 'secret'
          ? 'Signing secret saved: events Stripe sends to your endpoint are verified and applied now.'
          : webhookRegistration === 'AUTOMATIC'
            ? `${connected} We created the webhook endpoint at Stripe.`
            : webhookRegistration === 'SECRET_NEEDED'
              ? `${connected} This key may not create webhook endpoints: register the endpoint at Stripe as shown below, then give its signing secret.`
              : `${connected} Events from the endpoint you registered are verified with its signing secret.`,
      );
      feedback.changed();
    } catch (err) {
      setErrors(fieldErrors(err, FIELDS));
      feedback.error(`${variant === 'secret' ? 'Not saved' : 'Not connected'}: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  const keyField = (
    <SecretField
      label={variant === 'secret' ? 'Your Stripe key, again' : 'Secret or restricted key'}
      name="secretKey"
      value={secretKey}
      error={errors.secretKey}
      hint={
        variant === 'secret'
          ? `We never show or send back the key you connected with (${connection?.keyHint ?? 'stored encrypted'}): enter it again, or a new key. ${keyRule(mode)}`
          : `${keyRule(mode)} Write-only: stored encrypted and never shown again, here or in the API.`
      }
      onInput={(e) => setSecretKey(e.currentTarget.value)}
    />
  );
  const secretField = needsSecret && (
    <SecretField
      label="Signing secret"
      name="webhookSecret"
      value={webhookSecret}
      error={errors.webhookSecret}
      hint={SECRET_HINT}
      onInput={(e) => setWebhookSecret(e.currentTarget.value)}
    />
  );

  return (
    <form
      class={variant === 'secret' ? 'processor-form stripe-secret-form' : 'processor-form'}
      onSubmit={submit}
      noValidate
      aria-label={variant === 'secret' ? undefined : 'Stripe key'}
      aria-labelledby={variant === 'secret' ? 'stripe-secret-title' : undefined}
      data-testid={variant === 'secret' ? 'stripe-secret-form' : 'stripe-key-form'}
    >
      {variant === 'secret' ? (
        <>
          <h4 class="webhook-subtitle" id="stripe-secret-title">
            Give the endpoint’s signing secret
          </h4>
          <p class="card-intro">
            Saving it connects Stripe again with your key, which we keep encrypted and never show. To use a
            key that may create endpoints instead, disconnect and connect with that key.
          </p>
        </>
      ) : (
        <p class="card-intro">
          {connection
            ? 'To replace the key, enter the new one: connecting again replaces the webhook endpoint too.'
            : `Enter a secret key (sk_…) or a restricted key (rk_…) of your Stripe account in ${mode} mode (Developers → API keys in the Stripe Dashboard). We check it with Stripe, then create the webhook endpoint for you.`}
        </p>
      )}
      <fieldset class="plain-fieldset" disabled={busy}>
        {variant === 'secret' ? (
          <>
            {secretField}
            {keyField}
          </>
        ) : (
          <>
            {keyField}
            <CheckboxField
              label="I registered the webhook endpoint at Stripe myself"
              name="byHand"
              checked={byHand}
              onChange={(checked) => {
                setByHand(checked);
                setErrors({});
              }}
              hint="Then give its signing secret. Otherwise we create the endpoint for you, or show you what to register if your key may not."
            />
            {secretField}
          </>
        )}
      </fieldset>
      <div class="button-row">
        <button type="submit" class="button" disabled={busy} data-testid="processor-connect">
          {busy
            ? variant === 'secret'
              ? 'Saving…'
              : 'Connecting…'
            : variant === 'secret'
              ? 'Save signing secret'
              : connection
                ? 'Replace key'
                : 'Connect Stripe'}
        </button>
        {disconnectButton(busy)}
      </div>
    </form>
  );
}

/**
 * The payment-processor card of the Install page: which processor (Braintree or Stripe, chosen while none
 * is connected), the connection's status, each processor's form and webhook section
 * (install-braintree.tsx, install-stripe.tsx), and Disconnect after a confirmation.
 */
import { useState } from 'preact/hooks';
import { gql, type Mode } from '../../api';
import { Badge, Card, ConfirmDialog } from '../../components';
import { graphql } from '../../gql';
import { BraintreeSection, BraintreeSummary } from './install-braintree';
import { StripeSection, StripeSummary } from './install-stripe';
import {
  PROCESSOR_NAME,
  type Feedback,
  type ProcessorConnection,
  type ProcessorKind,
} from './processor-connect';

export type { ProcessorConnection, ProcessorKind } from './processor-connect';

const DISCONNECT = graphql(`
  mutation Disconnect {
    disconnectPaymentProcessor
  }
`);

export interface ProcessorCardProps {
  connection: ProcessorConnection | null;
  mode: Mode;
  editable: boolean;
  /** The processor the form is for while none is connected. */
  chosen: ProcessorKind;
  onChoose: (processor: ProcessorKind) => void;
  /** After a connect or disconnect: load the page's state again. */
  onChanged: () => void;
}

/** Braintree or Stripe: a labelled radio group drawn as a segmented control (arrow keys move the choice). */
function ProcessorChoice({
  value,
  onChange,
}: {
  value: ProcessorKind;
  onChange: (p: ProcessorKind) => void;
}) {
  return (
    <fieldset class="processor-choice" data-testid="processor-choice">
      <legend class="field-label">Your payment processor</legend>
      <div class="segmented">
        {(['BRAINTREE', 'STRIPE'] as const).map((kind) => (
          <label key={kind} class="segment">
            <input
              type="radio"
              name="processor"
              value={kind}
              checked={value === kind}
              data-testid={`choose-${kind.toLowerCase()}`}
              onChange={() => onChange(kind)}
            />
            <span>{PROCESSOR_NAME[kind]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function disconnectWarning(connection: ProcessorConnection): string {
  if (connection.processor === 'BRAINTREE') {
    return 'The stored keys are deleted. Notifications the processor sends from now on are refused, so referral discounts stop following subscriptions until you connect again.';
  }
  const ours = connection.webhookRegistration === 'AUTOMATIC';
  return `${ours ? 'The webhook endpoint we created at Stripe is removed, and the' : 'The'} stored key and signing secret are deleted. Events Stripe sends from now on are refused, so referral rewards and discounts stop following payments until you connect again.`;
}

export function ProcessorCard(props: ProcessorCardProps) {
  const { connection, mode, editable, chosen, onChoose, onChanged } = props;
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const processor = connection?.processor ?? chosen;
  const feedback: Feedback = { notice: setNotice, error: setFormError, changed: onChanged };

  function choose(next: ProcessorKind) {
    setNotice(null);
    setFormError(null);
    onChoose(next);
  }

  async function disconnect() {
    await gql(DISCONNECT);
    const byHand = connection?.processor === 'STRIPE' && connection.webhookRegistration !== 'AUTOMATIC';
    setFormError(null);
    setNotice(
      `Disconnected. The processor’s notifications are refused until you connect again.${
        byHand ? ' Remove the endpoint you registered at Stripe too (Developers → Webhooks).' : ''
      }`,
    );
    onChanged();
  }

  // Drawn by the form in its button row (disabled while it connects).
  const disconnectButton = (busy: boolean) =>
    editable && connection ? (
      <button
        type="button"
        class="button button-secondary button-danger-outline"
        disabled={busy}
        data-testid="processor-disconnect"
        onClick={() => setConfirming(true)}
      >
        Disconnect
      </button>
    ) : null;

  return (
    <Card title="Payment processor" titleId="processor-title">
      <div class="processor-status" data-testid="processor-status">
        {connection ? (
          <>
            <Badge tone="success">Connected</Badge>
            {connection.processor === 'STRIPE' ? (
              <StripeSummary connection={connection} />
            ) : (
              <BraintreeSummary connection={connection} />
            )}
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
      {editable && !connection && <ProcessorChoice value={chosen} onChange={choose} />}
      {editable && connection && (
        <p class="card-intro" data-testid="processor-switch-hint">
          To use {PROCESSOR_NAME[connection.processor === 'STRIPE' ? 'BRAINTREE' : 'STRIPE']} instead,
          disconnect {PROCESSOR_NAME[connection.processor]} first.
        </p>
      )}
      {processor === 'STRIPE' ? (
        <StripeSection
          key={`stripe-${connection?.connectedAt ?? 'none'}`}
          connection={connection}
          mode={mode}
          editable={editable}
          feedback={feedback}
          disconnectButton={disconnectButton}
        />
      ) : (
        <BraintreeSection
          key={`braintree-${connection?.connectedAt ?? 'none'}`}
          connection={connection}
          mode={mode}
          editable={editable}
          feedback={feedback}
          disconnectButton={disconnectButton}
        />
      )}
      {editable && (
        <ConfirmDialog
          open={confirming}
          title="Disconnect the payment processor?"
          confirmLabel="Disconnect"
          danger
          onConfirm={disconnect}
          onClose={() => setConfirming(false)}
        >
          {connection && disconnectWarning(connection)}
        </ConfirmDialog>
      )}
    </Card>
  );
}

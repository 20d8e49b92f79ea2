/**
 * Stripe on the Install page: the connection's summary (key hint, account, mode), the key form, and the
 * webhook: its URL, how it is registered (AUTOMATIC: we created the endpoint; SECRET_NEEDED: the URL and
 * the exact events to register at Stripe, then the signing secret; MANUAL: registered by the merchant).
 */
import { Badge, CopyableValue, CopyButton, type BadgeTone } from '../../components';
import { formatDateTime } from '../../format';
import { StripeKeyForm, STRIPE_MODE } from './install-stripe-form';
import type { ProcessorConnection, SectionProps } from './processor-connect';

type Registration = ProcessorConnection['webhookRegistration'];

export function StripeSummary({ connection }: { connection: ProcessorConnection }) {
  return (
    <span>
      Stripe {STRIPE_MODE[connection.environment]} · key <code>{connection.keyHint ?? '—'}</code>
      {connection.merchantId && (
        <>
          {' '}
          · account <code>{connection.merchantId}</code>
        </>
      )}{' '}
      · since {formatDateTime(connection.connectedAt)}
    </span>
  );
}

const REGISTRATION: Record<Registration, { label: string; tone: BadgeTone; text: string }> = {
  AUTOMATIC: {
    label: 'Created by us',
    tone: 'success',
    text: 'We created the endpoint at Stripe for the events below and keep its signing secret: nothing to do at Stripe. Disconnecting removes it.',
  },
  MANUAL: {
    label: 'Registered by you',
    tone: 'success',
    text: 'You registered the endpoint at Stripe and its signing secret is stored, so Stripe’s events are verified. Keep it sending the events below.',
  },
  SECRET_NEEDED: {
    label: 'Signing secret needed',
    tone: 'warning',
    text: 'This key may not create webhook endpoints, so register ours at Stripe yourself. Until we have its signing secret, Stripe’s events are refused.',
  },
};

function EventList({ events }: { events: string[] }) {
  return (
    <div class="webhook-events">
      <ul class="event-list" data-testid="webhook-events" aria-label="Events to send">
        {events.map((type) => (
          <li key={type}>
            <code>{type}</code>
          </li>
        ))}
      </ul>
      <CopyButton text={events.join('\n')} label="Copy event list" testId="copy-webhook-events" />
    </div>
  );
}

function WebhookUrl({ url }: { url: string }) {
  return (
    <CopyableValue value={url} copyLabel="Copy URL" testId="webhook-url" copyTestId="copy-webhook-url" wide />
  );
}

/** The steps at Stripe for an endpoint registered by hand, with the URL and the exact events. */
function ByHandSteps({ connection }: { connection: ProcessorConnection }) {
  return (
    <ol class="webhook-steps" data-testid="webhook-steps">
      <li>
        In the Stripe Dashboard ({STRIPE_MODE[connection.environment]}), open Developers → Webhooks → Add
        endpoint.
      </li>
      <li>
        <span class="webhook-step-label">Endpoint URL:</span>
        <WebhookUrl url={connection.webhookUrl} />
      </li>
      <li>
        <span class="webhook-step-label">Select exactly these {connection.webhookEvents.length} events:</span>
        <EventList events={connection.webhookEvents} />
      </li>
      <li>Add the endpoint, reveal its signing secret and give it below.</li>
    </ol>
  );
}

export function StripeSection({ connection, mode, editable, feedback, disconnectButton }: SectionProps) {
  const registration = connection?.webhookRegistration;
  const form = (variant: 'connect' | 'secret') => (
    <StripeKeyForm
      connection={connection}
      mode={mode}
      feedback={feedback}
      disconnectButton={disconnectButton}
      variant={variant}
    />
  );
  return (
    <>
      {editable && registration !== 'SECRET_NEEDED' && form('connect')}
      <div class="webhook" data-testid="stripe-webhook">
        <h3 class="webhook-title">Webhook</h3>
        {!connection || !registration ? (
          <p class="card-intro" data-testid="webhook-url-pending">
            Connect Stripe to get the webhook URL: we create the endpoint at Stripe when the key may, or show
            you exactly what to register.
          </p>
        ) : (
          <>
            <p
              class="webhook-registration"
              data-testid="webhook-registration"
              data-registration={registration}
            >
              <Badge tone={REGISTRATION[registration].tone}>{REGISTRATION[registration].label}</Badge>
              <span>{REGISTRATION[registration].text}</span>
            </p>
            {registration === 'SECRET_NEEDED' ? (
              <>
                <ByHandSteps connection={connection} />
                {editable ? (
                  form('secret')
                ) : (
                  <p class="card-intro">An Owner or an Admin gives the signing secret here.</p>
                )}
              </>
            ) : (
              <>
                <WebhookUrl url={connection.webhookUrl} />
                <h4 class="webhook-subtitle">Events it sends</h4>
                <EventList events={connection.webhookEvents} />
              </>
            )}
          </>
        )}
      </div>
    </>
  );
}

/**
 * The Webhooks page's endpoints: each with its URL, description, event types, state (the reason when
 * disabled) and dates, a link to its delivery log, and for OWNERs and ADMINs the change buttons; the
 * one being edited shows the form instead. Also the secret shown once after creation or rotation.
 */
import { useEffect, useRef } from 'preact/hooks';
import { focusUnlessTyping } from '../../hooks';
import { Badge, CopyableValue, SecretCard } from '../../components';
import { formatDateTime } from '../../format';
import { withQuery } from '../../router';
import { WebhookEndpointForm } from './webhook-endpoint-form';
import type { ShownSecret, WebhookEndpoint, WebhookEventType } from './webhook-queries';

export const WEBHOOKS_PATH = '/admin/webhooks';

/** The address of the page with an endpoint's delivery log open. */
export const deliveriesHref = (endpointId: string) => withQuery(WEBHOOKS_PATH, { endpoint: endpointId });

export type EndpointAction = 'edit' | 'toggle' | 'rotate' | 'delete';

export interface WebhookEndpointListProps {
  endpoints: WebhookEndpoint[];
  eventTypes: WebhookEventType[];
  mayChange: boolean;
  /** The endpoint whose log is open. */
  selectedId: string | null;
  /** The endpoint being edited. */
  editingId: string | null;
  /** An enable or disable under way. */
  busyId: string | null;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void;
  onSaved: (endpoint: WebhookEndpoint) => void;
  onCancelEdit: () => void;
}

function EventTypes({ types }: { types: string[] }) {
  if (types.length === 0) return <span data-testid="webhook-all-events">All events</span>;
  return (
    <ul class="webhook-type-list" aria-label="Event types">
      {types.map((type) => (
        <li key={type} class="mono">
          {type}
        </li>
      ))}
    </ul>
  );
}

function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <dl class="webhook-facts">
      <dt>Events</dt>
      <dd>
        <EventTypes types={endpoint.eventTypes} />
      </dd>
      <dt>Created</dt>
      <dd>{formatDateTime(endpoint.dateCreated)}</dd>
      {!endpoint.enabled && (
        <>
          <dt>Disabled</dt>
          <dd data-testid="webhook-disabled-reason">
            {formatDateTime(endpoint.dateDisabled)}
            {endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}
          </dd>
        </>
      )}
      {endpoint.previousSecretExpiresAt !== null && (
        <>
          <dt>Previous secret</dt>
          <dd>Still signs deliveries until {formatDateTime(endpoint.previousSecretExpiresAt)}</dd>
        </>
      )}
    </dl>
  );
}

function EndpointActions(props: {
  endpoint: WebhookEndpoint;
  selected: boolean;
  mayChange: boolean;
  busy: boolean;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void;
}) {
  const { endpoint, selected, mayChange, busy, onAction } = props;
  const button = (action: EndpointAction, text: string, label: string) => (
    <button
      type="button"
      class="button button-secondary button-small"
      aria-label={`${label} ${endpoint.url}`}
      data-testid={`webhook-${action}`}
      disabled={busy}
      onClick={() => onAction(action, endpoint)}
    >
      {text}
    </button>
  );
  return (
    <div class="webhook-actions">
      <a
        class="button button-secondary button-small"
        href={selected ? WEBHOOKS_PATH : deliveriesHref(endpoint.id)}
        aria-label={`${selected ? 'Close deliveries of' : 'Deliveries of'} ${endpoint.url}`}
        aria-current={selected ? 'true' : undefined}
        data-testid="webhook-deliveries-link"
      >
        {selected ? 'Close deliveries' : 'Deliveries'}
      </a>
      {mayChange && (
        <>
          {button('edit', 'Edit', 'Edit endpoint')}
          {endpoint.enabled
            ? button('toggle', busy ? 'Disabling…' : 'Disable', 'Disable endpoint')
            : button('toggle', busy ? 'Enabling…' : 'Enable', 'Enable endpoint')}
          {button('rotate', 'Rotate secret', 'Rotate secret of')}
          {button('delete', 'Delete', 'Delete endpoint')}
        </>
      )}
    </div>
  );
}

export function WebhookEndpointList(props: WebhookEndpointListProps) {
  const { endpoints, eventTypes, mayChange, selectedId, editingId, busyId, onAction } = props;
  return (
    <ul class="webhook-endpoints" data-testid="webhook-endpoints">
      {endpoints.map((endpoint) => {
        const selected = endpoint.id === selectedId;
        const classes = ['webhook-endpoint', selected ? 'webhook-endpoint-selected' : ''];
        return (
          <li key={endpoint.id} class={classes.join(' ').trim()} data-testid="webhook-endpoint-row">
            {editingId === endpoint.id ? (
              <>
                <h3 class="webhook-edit-title">Edit endpoint</h3>
                <WebhookEndpointForm
                  endpoint={endpoint}
                  eventTypes={eventTypes}
                  onSaved={(result) => props.onSaved(result.endpoint)}
                  onCancel={props.onCancelEdit}
                />
              </>
            ) : (
              <>
                <div class="webhook-endpoint-head">
                  <h3 class="webhook-url mono" data-testid="webhook-url">
                    {endpoint.url}
                  </h3>
                  {endpoint.enabled ? (
                    <Badge tone="success">Enabled</Badge>
                  ) : (
                    <Badge tone="danger">Disabled</Badge>
                  )}
                </div>
                {endpoint.description && (
                  <p class="webhook-description" data-testid="webhook-description">
                    {endpoint.description}
                  </p>
                )}
                <EndpointDetails endpoint={endpoint} />
                <EndpointActions
                  endpoint={endpoint}
                  selected={selected}
                  mayChange={mayChange}
                  busy={busyId === endpoint.id}
                  onAction={onAction}
                />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A new endpoint's secret, or a rotated one, shown this once with a copy button. */
export function NewWebhookSecret({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const rotated = shown.kind === 'rotated';
  const copy = useRef<HTMLDivElement>(null);
  // The form that asked for it is gone: the keyboard continues at the secret's Copy button.
  useEffect(() => {
    if (!rotated) focusUnlessTyping(copy.current?.querySelector('button'));
  }, [rotated, shown.secret]);
  return (
    <SecretCard
      title={rotated ? 'The endpoint’s new signing secret' : 'Your new endpoint’s signing secret'}
      titleId="webhook-secret-title"
      testId="webhook-secret-panel"
      warning="Store it now: you will not see it again."
      advice={
        rotated
          ? `The previous secret keeps working for 24 hours (until ${formatDateTime(
              shown.previousSecretExpiresAt,
            )}): deliveries carry both signatures until then, so switch your receiver to the new one now.`
          : 'Your receiver needs it to check that each delivery really comes from us. If it is lost, rotate the secret.'
      }
      onDone={onDone}
    >
      <div ref={copy}>
        <CopyableValue
          value={shown.secret}
          copyLabel="Copy secret"
          testId="webhook-secret"
          copyTestId="copy-webhook-secret"
        />
      </div>
      <p class="secret-help">
        For <span class="mono">{shown.endpoint.url}</span>. Verify each request’s{' '}
        <code>webhook-signature</code> header with it, e.g. with a Standard Webhooks library.
      </p>
    </SecretCard>
  );
}

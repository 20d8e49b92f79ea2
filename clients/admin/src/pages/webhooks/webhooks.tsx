import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  errorMessage,
  Loading,
  Page,
} from '../../components';
import { useQuery } from '../../hooks';
import { navigate, useRoute } from '../../router';
import { canChange, useSession } from '../../session';
import { WebhookDeliveries } from './webhook-deliveries';
import { ExportButton } from '../common/export-button';
import { WebhookEndpointForm } from './webhook-endpoint-form';
import {
  deliveriesHref,
  NewWebhookSecret,
  WebhookEndpointList,
  WEBHOOKS_PATH,
  type EndpointAction,
} from './webhook-endpoint-list';
import {
  DELETE_ENDPOINT,
  ROTATE_SECRET,
  UPDATE_ENDPOINT,
  WEBHOOKS,
  type ShownSecret,
  type WebhookEndpoint,
} from './webhook-queries';

const ABOUT =
  'Webhooks tell your systems, within seconds, what happened in the program — a referral started or converted, a reward was created, redeemed or cancelled — so they can grant seats, credit or swag and update your CRM. Each delivery is signed (Standard Webhooks) and retried for about two days.';

/**
 * Outbound webhooks: the program's endpoints, and the delivery log of the one named by
 * `?endpoint=` in the address. OWNERs and ADMINs add, edit, disable or enable and delete endpoints, and
 * rotate their signing secrets (each secret shown this once); VIEWERs see the list and the logs only.
 */
export function WebhooksPage() {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { query } = useRoute();
  const selectedId = query.get('endpoint');
  const { data, error, loading, reload } = useQuery(WEBHOOKS);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  // The endpoint just added: its log opens before the list's reload brings it.
  const [added, setAdded] = useState<WebhookEndpoint | null>(null);

  const endpoints = data?.webhookEndpoints ?? [];
  const eventTypes = data?.webhookEventTypes ?? [];

  function clearOutcome() {
    setNotice(null);
    setActionError(null);
  }

  async function toggle(endpoint: WebhookEndpoint) {
    setBusyId(endpoint.id);
    clearOutcome();
    try {
      await gql(UPDATE_ENDPOINT, { id: endpoint.id, input: { enabled: !endpoint.enabled } });
      setNotice(
        endpoint.enabled
          ? `${endpoint.url} is disabled: no events are delivered to it until you enable it.`
          : `${endpoint.url} is enabled: new events are delivered to it again.`,
      );
      reload();
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setBusyId(null);
    }
  }

  function onAction(action: EndpointAction, endpoint: WebhookEndpoint) {
    clearOutcome();
    if (action === 'edit') {
      setAdding(false);
      setEditingId(endpoint.id);
    } else if (action === 'toggle') void toggle(endpoint);
    else if (action === 'rotate') setRotating(endpoint);
    else setDeleting(endpoint);
  }

  async function remove(endpoint: WebhookEndpoint) {
    await gql(DELETE_ENDPOINT, { id: endpoint.id });
    if (shown?.endpoint.id === endpoint.id) setShown(null);
    if (editingId === endpoint.id) setEditingId(null);
    if (added?.id === endpoint.id) setAdded(null);
    setNotice(`${endpoint.url} is deleted: no more events are sent to it.`);
    if (selectedId === endpoint.id) navigate(WEBHOOKS_PATH, { replace: true });
    reload();
  }

  async function rotate(endpoint: WebhookEndpoint) {
    const answer = await gql(ROTATE_SECRET, { id: endpoint.id });
    const rotated = answer.rotateWebhookSecret;
    setShown({
      kind: 'rotated',
      endpoint: rotated.endpoint,
      secret: rotated.secret,
      previousSecretExpiresAt: rotated.previousSecretExpiresAt,
    });
    reload();
  }

  const addButton = mayChange ? (
    <button
      type="button"
      class="button"
      data-testid="add-webhook"
      disabled={adding || !data}
      onClick={() => {
        clearOutcome();
        setEditingId(null);
        setAdding(true);
      }}
    >
      Add endpoint
    </button>
  ) : undefined;

  const selected =
    endpoints.find((e) => e.id === selectedId) ?? (added && added.id === selectedId ? added : null);

  return (
    <Page
      title="Webhooks"
      description={
        mayChange
          ? 'Send events to your systems as they happen. Each endpoint has its own signing secret.'
          : 'Events sent to your systems as they happen. Owners and admins add and change endpoints.'
      }
      actions={addButton}
    >
      <ChangeOutcome error={actionError} notice={notice} testId="webhooks" />
      {mayChange && (
        <ExportButton
          type="QUERY/WEBHOOK_DELIVERIES"
          what={['delivery', 'deliveries']}
          filters={{}}
          ignored="The export holds the deliveries to every endpoint."
        />
      )}
      {shown && <NewWebhookSecret shown={shown} onDone={() => setShown(null)} />}
      {adding && data && (
        <Card title="Add an endpoint" titleId="add-webhook-title" testId="add-webhook-card">
          <WebhookEndpointForm
            eventTypes={eventTypes}
            onSaved={({ endpoint, created }) => {
              setAdding(false);
              setAdded(endpoint);
              if (created) setShown(created);
              setNotice(null);
              reload();
              // Its log opens, with "Send test event" at hand.
              navigate(deliveriesHref(endpoint.id), { replace: true });
            }}
            onCancel={() => setAdding(false)}
          />
        </Card>
      )}
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The webhook endpoints couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the webhook endpoints…" />
      ) : (
        <>
          <Card title="Endpoints" titleId="webhook-endpoints-title">
            {endpoints.length === 0 ? (
              <EmptyState
                title="No endpoints yet"
                action={
                  mayChange && !adding ? (
                    <button type="button" class="button" onClick={() => setAdding(true)}>
                      Add your first endpoint
                    </button>
                  ) : undefined
                }
              >
                {ABOUT} {mayChange ? '' : 'Ask an owner or admin to add an endpoint.'}
              </EmptyState>
            ) : (
              <WebhookEndpointList
                endpoints={endpoints}
                eventTypes={eventTypes}
                mayChange={mayChange}
                selectedId={selectedId}
                editingId={editingId}
                busyId={busyId}
                onAction={onAction}
                onSaved={(endpoint) => {
                  setEditingId(null);
                  setNotice(`${endpoint.url} is saved.`);
                  reload();
                }}
                onCancelEdit={() => setEditingId(null)}
              />
            )}
          </Card>
          {selectedId && (
            <WebhookDeliveries
              key={selectedId}
              endpointId={selectedId}
              endpoint={selected}
              mayChange={mayChange}
            />
          )}
        </>
      )}
      {mayChange && (
        <>
          <ConfirmDialog
            open={deleting !== null}
            title="Delete this endpoint?"
            confirmLabel="Delete endpoint"
            danger
            onConfirm={() => (deleting ? remove(deleting) : undefined)}
            onClose={() => setDeleting(null)}
          >
            <p>
              <span class="mono dialog-url">{deleting?.url ?? ''}</span> stops receiving events at once, and
              its delivery log is deleted with it. This cannot be undone.
            </p>
            <p>To stop deliveries for a while instead, disable the endpoint.</p>
          </ConfirmDialog>
          <ConfirmDialog
            open={rotating !== null}
            title="Rotate the signing secret?"
            confirmLabel="Rotate secret"
            onConfirm={() => (rotating ? rotate(rotating) : undefined)}
            onClose={() => setRotating(null)}
          >
            <p>
              <span class="mono dialog-url">{rotating?.url ?? ''}</span> gets a new secret, shown once. The
              previous secret keeps working for 24 hours: deliveries carry both signatures until then.
            </p>
          </ConfirmDialog>
        </>
      )}
    </Page>
  );
}

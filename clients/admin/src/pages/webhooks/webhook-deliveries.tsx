/**
 * One endpoint's delivery log on the Webhooks page: every attempt (time, event, attempt number, outcome,
 * status, latency, the answer's first bytes or the error, as text), newest first, a page at a time.
 * OWNERs and ADMINs send a test event, replay one event, or replay every failed event since a time.
 * After such a change the log refreshes itself for a minute, so the new attempts appear.
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  DataTable,
  EmptyState,
  ErrorState,
  errorMessage,
  Loading,
  Pager,
  useCursorStack,
} from '../../components';
import { formatDateTime, formatNumber } from '../../format';
import { usePolling, useQuery } from '../../hooks';
import { isNotFound } from '../referrals/referral-parts';
import { deliveryColumns } from './webhook-delivery-columns';
import { WEBHOOKS_PATH } from './webhook-endpoint-list';
import {
  DELIVERIES,
  REPLAY_EVENT,
  REPLAY_FAILED,
  SEND_TEST,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhook-queries';

const PAGE_SIZE = 25;
const FOLLOW_MS = 60_000;
const POLL_MS = 1500;

/** A datetime-local value (the operator's time zone) for an instant. */
function localInputValue(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface WebhookDeliveriesProps {
  endpointId: string;
  /** The endpoint, when it is in the list (null: not in this program). */
  endpoint: WebhookEndpoint | null;
  mayChange: boolean;
}

export function WebhookDeliveries({ endpointId, endpoint, mayChange }: WebhookDeliveriesProps) {
  const stack = useCursorStack();
  const query = useQuery(
    DELIVERIES,
    { endpointId, first: PAGE_SIZE, after: stack.after },
    { skip: endpoint === null },
  );
  const { data, error, loading, reload } = query;
  const [followUntil, setFollowUntil] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [since, setSince] = useState(() => localInputValue(Date.now() - 24 * 3600 * 1000));

  usePolling(
    () => {
      if (Date.now() > followUntil) setFollowUntil(0);
      else reload();
    },
    POLL_MS,
    followUntil > 0,
  );

  const title = endpoint ? `Deliveries to ${endpoint.url}` : 'Deliveries';
  if (endpoint === null || isNotFound(error)) {
    return (
      <Card title={title} titleId="deliveries-title" testId="webhook-deliveries">
        <EmptyState
          title="There is no webhook endpoint with this id in this program"
          action={
            <a class="button button-secondary" href={WEBHOOKS_PATH}>
              Show all endpoints
            </a>
          }
        >
          It may have been deleted, or belong to another program (live and test are separate).
        </EmptyState>
      </Card>
    );
  }

  async function act(kind: string, run: () => Promise<string>) {
    setBusy(kind);
    setNotice(null);
    setActionError(null);
    try {
      setNotice(await run());
      stack.reset();
      reload();
      setFollowUntil(Date.now() + FOLLOW_MS);
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const sendTest = () =>
    act('test', async () => {
      await gql(SEND_TEST, { endpointId });
      return 'A webhook.test event is on its way: its attempts appear below.';
    });

  const replay = (delivery: WebhookDelivery) =>
    act(`replay-${delivery.eventId}`, async () => {
      await gql(REPLAY_EVENT, { eventId: delivery.eventId, endpointId });
      return `Event ${delivery.eventId} (${delivery.eventType}) is being delivered again, with the same webhook-id.`;
    });

  const replayFailed = (event: Event) => {
    event.preventDefault();
    const from = new Date(since).getTime();
    if (!since || Number.isNaN(from)) {
      setActionError('Choose the date and time to replay failed events from.');
      return;
    }
    void act('replay-failed', async () => {
      const answer = await gql(REPLAY_FAILED, {
        endpointId,
        since: from,
      });
      const count = answer.replayFailedWebhookEvents.eventIds.length;
      return count === 0
        ? `No failed events since ${formatDateTime(from)}: nothing to replay.`
        : `${formatNumber(count)} failed ${count === 1 ? 'event is' : 'events are'} being delivered again.`;
    });
  };

  const rows = data?.webhookDeliveries.items ?? [];
  const canSend = mayChange && endpoint.enabled;
  const columns = deliveryColumns({
    rows,
    canReplay: canSend,
    busy,
    onReplay: (d) => void replay(d),
  });

  return (
    <Card title={title} titleId="deliveries-title" class="webhook-log" testId="webhook-deliveries">
      {mayChange && !endpoint.enabled && (
        <p class="table-note">This endpoint is disabled: enable it to send a test event or replay events.</p>
      )}
      {canSend && (
        <div class="toolbar webhook-log-toolbar">
          <button
            type="button"
            class="button"
            data-testid="send-test-webhook"
            disabled={busy !== null}
            onClick={() => void sendTest()}
          >
            {busy === 'test' ? 'Sending…' : 'Send test event'}
          </button>
          <form class="replay-failed" onSubmit={replayFailed}>
            <label class="inline-field">
              <span>Replay failed events since</span>
              <input
                class="input"
                type="datetime-local"
                data-testid="replay-since"
                value={since}
                onInput={(e) => setSince(e.currentTarget.value)}
              />
            </label>
            <button
              type="submit"
              class="button button-secondary"
              data-testid="replay-failed"
              disabled={busy !== null}
            >
              {busy === 'replay-failed' ? 'Replaying…' : 'Replay failed'}
            </button>
          </form>
        </div>
      )}
      <ChangeOutcome error={actionError} notice={notice} testId="deliveries" />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The delivery log couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the delivery log…" />
      ) : (
        <>
          <DataTable
            caption={`Delivery attempts to ${endpoint.url}, newest first`}
            hideCaption
            stackOnPhone
            columns={columns}
            rows={rows}
            rowKey={(d) => d.id}
            testId="webhook-delivery-log"
            rowTestId="webhook-delivery-row"
            empty={
              <EmptyState title="No deliveries yet — send a test event">
                Each attempt to deliver an event to this endpoint shows here: when, the answer’s status and
                first bytes, and how long it took.
                {mayChange ? '' : ' Owners and admins can send a test event.'}
              </EmptyState>
            }
          />
          {rows.length > 0 && (
            <p class="table-note">
              A failed attempt is retried on a schedule spanning about two days; after the last one the
              delivery gives up ({mayChange ? 'replay it' : 'an owner or admin can replay it'}). A 410 Gone
              answer disables the endpoint.
            </p>
          )}
          {(stack.pageIndex > 0 || data.webhookDeliveries.hasNextPage) && (
            <Pager
              stack={stack}
              endCursor={data.webhookDeliveries.endCursor}
              hasNextPage={data.webhookDeliveries.hasNextPage}
              busy={loading}
            />
          )}
          <div class="webhook-log-footer">
            <button type="button" class="button button-secondary button-small" onClick={reload}>
              Refresh
            </button>
            {followUntil > 0 && <span class="muted-text">Refreshing by itself for a minute…</span>}
          </div>
        </>
      )}
    </Card>
  );
}

/**
 * The delivery log's columns: time (to the second), event type and id, attempt, outcome, status code,
 * latency, the answer's first bytes or the error (text only), and Replay on each event's newest attempt.
 */
import { Badge, type BadgeTone, type Column } from '../../components';
import { formatDayAndTime, formatNumber } from '../../format';
import type { DeliveryOutcome, WebhookDelivery } from './webhook-queries';

/** Longer answers show their start, and the rest on request. */
const EXCERPT_PREVIEW = 48;

const OUTCOMES: Record<DeliveryOutcome, { label: string; tone: BadgeTone }> = {
  SUCCEEDED: { label: 'Succeeded', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'warning' },
  GONE: { label: 'Gone', tone: 'danger' },
  ABANDONED: { label: 'Gave up', tone: 'danger' },
  UNKNOWN: { label: 'Outcome unknown', tone: 'neutral' },
};

function Answer({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.error) return <span class="delivery-error">{delivery.error}</span>;
  const text = delivery.responseExcerpt ?? '';
  if (!text) return <span class="muted-text">No answer body</span>;
  if (text.length <= EXCERPT_PREVIEW) return <code class="delivery-excerpt">{text}</code>;
  // The start, and the whole excerpt on request (the summary shows one or the other's control).
  return (
    <details class="delivery-more">
      <summary>
        <span class="delivery-preview">
          <code class="delivery-excerpt">{text.slice(0, EXCERPT_PREVIEW)}…</code>{' '}
          <span class="delivery-toggle">Show all</span>
        </span>
        <span class="delivery-toggle delivery-hide">Show less</span>
      </summary>
      <code class="delivery-excerpt">{text}</code>
    </details>
  );
}

function Time({ epochMs }: { epochMs: number }) {
  const { day, time } = formatDayAndTime(epochMs);
  return (
    <span class="delivery-time">
      <span>{day}</span> <span>{time}</span>
    </span>
  );
}

export interface DeliveryColumnsOptions {
  rows: WebhookDelivery[];
  /** OWNERs and ADMINs, on an enabled endpoint: a Replay button per event. */
  canReplay: boolean;
  /** The change under way ("replay-<eventId>", "test", …), if any: the buttons wait. */
  busy: string | null;
  onReplay: (delivery: WebhookDelivery) => void;
}

export function deliveryColumns({ rows, canReplay, busy, onReplay }: DeliveryColumnsOptions) {
  // One Replay per event: on its newest attempt shown.
  const firstOfEvent = new Set(rows.filter((r, i) => rows.findIndex((o) => o.eventId === r.eventId) === i));
  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'time',
      header: 'Time',
      rowHeader: true,
      render: (d) => <Time epochMs={d.dateStarted} />,
    },
    {
      key: 'event',
      header: 'Event',
      render: (d) => (
        <span class="delivery-event">
          <span class="mono">{d.eventType}</span>
          <span class="mono delivery-event-id">{d.eventId}</span>
        </span>
      ),
    },
    { key: 'attempt', header: 'Attempt', align: 'right', render: (d) => formatNumber(d.attempt) },
    {
      key: 'outcome',
      header: 'Outcome',
      render: (d) => (
        <Badge tone={OUTCOMES[d.outcome].tone} testId="delivery-outcome">
          {OUTCOMES[d.outcome].label}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      align: 'right',
      render: (d) => (d.statusCode === null ? '—' : String(d.statusCode)),
    },
    { key: 'latency', header: 'Latency', align: 'right', render: (d) => `${formatNumber(d.latencyMs)} ms` },
    { key: 'answer', header: 'Answer', className: 'delivery-answer', render: (d) => <Answer delivery={d} /> },
  ];
  if (canReplay) {
    columns.push({
      key: 'actions',
      header: <span class="visually-hidden">Actions</span>,
      align: 'right',
      render: (d) =>
        firstOfEvent.has(d) ? (
          <button
            type="button"
            class="button button-secondary button-small"
            aria-label={`Replay event ${d.eventType} ${d.eventId}`}
            data-testid="replay-event"
            disabled={busy !== null}
            onClick={() => onReplay(d)}
          >
            {busy === `replay-${d.eventId}` ? 'Replaying…' : 'Replay'}
          </button>
        ) : null,
    });
  }

  return columns;
}

/** The Install page's last processor notifications: what arrived at the webhook and what it came to. */
import { Fragment } from 'preact';
import {
  Badge,
  DataTable,
  EmptyState,
  ErrorState,
  Loading,
  type BadgeTone,
  type Column,
} from '../../components';
import { formatDateTime } from '../../format';
import type { QueryState } from '../../hooks';
import { graphql } from '../../gql';
import type { NotificationsQuery } from '../../gql/graphql';

export type ProcessorNotification = NotificationsQuery['processorNotifications'][number];

export const NOTIFICATIONS = graphql(`
  query Notifications {
    processorNotifications(first: 20) {
      id
      kind
      subjectId
      status
      receivedAt
      processedAt
      outcome
    }
  }
`);

const STATUS: Record<string, { label: string; tone: BadgeTone; none: string }> = {
  RECEIVED: { label: 'Waiting', tone: 'warning', none: 'Waiting for its workflow' },
  PROCESSED: { label: 'Processed', tone: 'success', none: 'Processed' },
  RECORDED: { label: 'Recorded', tone: 'info', none: 'Recorded; this kind changes no referral' },
  IGNORED: { label: 'Ignored', tone: 'neutral', none: 'Not a kind the service acts on' },
  FAILED: { label: 'Failed', tone: 'danger', none: 'Failed' },
  REJECTED: { label: 'Rejected', tone: 'danger', none: 'Rejected' },
};

const statusOf = (status: string) => STATUS[status] ?? { label: status, tone: 'neutral' as const, none: '' };

type Outcome = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** What a notification came to, in a sentence (the outcome JSON as the API gives it). */
export function describeOutcome(n: ProcessorNotification): string {
  if (!n.outcome || typeof n.outcome !== 'object') return statusOf(n.status).none;
  const o = n.outcome as Outcome;
  const reason = str(o.reason);
  if (reason) return reason;
  const account = str(o.accountId);
  const status = str(o.accountStatus)?.toLowerCase() ?? 'updated';
  const customer = str(o.customerId);
  let text: string;
  switch (o.result) {
    case 'APPLIED':
      text = `Account ${account ?? '—'} is now ${status}`;
      if (str(o.attributedBy)) text += ` (referred with code ${str(o.attributedBy)})`;
      break;
    case 'UNCHANGED':
      text = `Account ${account ?? '—'} was already ${status}`;
      break;
    case 'STALE':
      text = `A newer notification had already updated account ${account ?? '—'}`;
      break;
    case 'NO_ACCOUNT':
      text = customer ? `No account has processor customer ${customer}` : 'No account matches the customer';
      break;
    case 'NO_CUSTOMER':
      text = 'The processor did not name the subscription’s customer';
      break;
    case 'WAITING':
      text = `Waiting for customer ${customer ?? '—'} to be tied to an account`;
      break;
    case 'CUSTOMER_IN_USE':
      text = `Customer ${customer ?? '—'} is tied to another account than ${account ?? '—'}`;
      break;
    case 'DISCONNECTED':
      text = 'The processor was disconnected before it could be applied';
      break;
    default:
      text = statusOf(n.status).none;
  }
  const message = str(o.message);
  return message ? `${text}. ${message}` : text;
}

/** A kind such as subscription_charged_successfully, allowed to wrap after each "_". */
function breakable(kind: string) {
  return kind.split('_').map((part, i, parts) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

const COLUMNS: Column<ProcessorNotification>[] = [
  {
    key: 'kind',
    header: 'Notification',
    rowHeader: true,
    className: 'notification-cell',
    render: (n) => (
      <>
        <span class="mono notification-kind">{breakable(n.kind)}</span>
        <span class="notification-note">
          Subscription <span class="mono">{n.subjectId ?? '—'}</span>
        </span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (n) => (
      <>
        <Badge tone={statusOf(n.status).tone}>{statusOf(n.status).label}</Badge>
        {n.processedAt !== null && <span class="notification-note">{formatDateTime(n.processedAt)}</span>}
      </>
    ),
  },
  { key: 'outcome', header: 'Outcome', render: (n) => describeOutcome(n), className: 'wrap' },
  { key: 'received', header: 'Received', render: (n) => formatDateTime(n.receivedAt) },
];

export function NotificationsCard({
  query,
}: {
  query: QueryState<{ processorNotifications: ProcessorNotification[] }>;
}) {
  const { data, error, loading, reload } = query;
  return (
    <section class="card" aria-labelledby="notifications-title">
      <div class="card-head">
        <h2 class="card-title" id="notifications-title">
          Last processor notifications
        </h2>
        <button
          type="button"
          class="button button-secondary button-small"
          disabled={loading}
          onClick={reload}
        >
          {loading && data ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {error !== undefined && !loading && !data ? (
        <ErrorState error={error} onRetry={reload} title="The notifications couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading notifications…" />
      ) : (
        <DataTable
          caption="The 20 newest notifications from the payment processor, newest first"
          hideCaption
          columns={COLUMNS}
          rows={data.processorNotifications}
          rowKey={(n) => n.id}
          testId="notifications"
          rowTestId="notification-row"
          empty={
            <EmptyState title="No notifications yet">
              They appear here, updated every few seconds, once the processor sends subscription notifications
              to the webhook URL.
            </EmptyState>
          }
        />
      )}
    </section>
  );
}

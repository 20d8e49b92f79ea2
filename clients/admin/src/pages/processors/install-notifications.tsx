/**
 * The Install page's last processor notifications: what arrived at the webhook (the processor, its kind or
 * Stripe event type, what it concerns, the customer) and what it came to, WAITING explained in words.
 */
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
      processor
      subjectId
      customerId
      status
      receivedAt
      processedAt
      outcome
    }
  }
`);

const STATUS: Record<string, { label: string; tone: BadgeTone; none: string }> = {
  RECEIVED: { label: 'Received', tone: 'info', none: 'Being applied by its workflow' },
  WAITING: {
    label: 'Waiting',
    tone: 'warning',
    none: 'Waiting for the customer to be tied to an account: applied as soon as it is',
  },
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
  const status = str(o.accountStatus)?.toLowerCase();
  const customer = str(o.customerId);
  let text: string;
  switch (o.result) {
    case 'APPLIED':
      // A Stripe event may change no subscription status (a customer tied, a payment recorded).
      text = status ? `Account ${account ?? '—'} is now ${status}` : `Applied to account ${account ?? '—'}`;
      if (str(o.attributedBy)) text += ` (referred with code ${str(o.attributedBy)})`;
      break;
    case 'UNCHANGED':
      text = status
        ? `Account ${account ?? '—'} was already ${status}`
        : `Nothing to change${account ? ` for account ${account}` : ''}`;
      break;
    case 'WAITING':
      text = customer
        ? `Waiting for customer ${customer} to be tied to an account: applied as soon as it is`
        : statusOf('WAITING').none;
      break;
    case 'CUSTOMER_IN_USE':
      text = `Customer ${customer ?? '—'} is tied to another account than ${account ?? '—'}`;
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
    case 'DISCONNECTED':
      text = 'The processor was disconnected before it could be applied';
      break;
    default:
      text = statusOf(n.status).none;
  }
  const message = str(o.message);
  return message ? `${text}. ${message}` : text;
}

/** A kind such as subscription_charged_successfully or charge.dispute.created, wrapping after "_" or ".". */
function breakable(kind: string) {
  return (kind.match(/[^_.]+[_.]?|[_.]/g) ?? [kind]).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

const PROCESSOR: Record<string, string> = { BRAINTREE: 'Braintree', STRIPE: 'Stripe' };

/** What a Stripe event's object is, by its type (customer.subscription.updated: a subscription). */
function stripeSubject(kind: string): string {
  if (kind.startsWith('customer.subscription.')) return 'Subscription';
  if (kind.startsWith('checkout.session.')) return 'Checkout session';
  if (kind.startsWith('charge.dispute.')) return 'Dispute';
  const object = kind.split('.')[0] ?? '';
  return object ? object[0]!.toUpperCase() + object.slice(1) : 'Object';
}

/** The processor, the kind, what it concerns and (Stripe) the customer: text only, never HTML. */
function NotificationCell({ n }: { n: ProcessorNotification }) {
  const stripe = n.processor === 'STRIPE';
  // One element per cell: on a phone the cell is a "label value" grid.
  return (
    <div>
      <span class="notification-processor">{PROCESSOR[n.processor] ?? n.processor}</span>
      <span class="mono notification-kind">{breakable(n.kind)}</span>
      {n.subjectId !== null || !stripe ? (
        <span class="notification-note">
          {stripe ? stripeSubject(n.kind) : 'Subscription'} <span class="mono">{n.subjectId ?? '—'}</span>
        </span>
      ) : null}
      {n.customerId !== null && n.customerId !== n.subjectId && (
        <span class="notification-note">
          Customer <span class="mono">{n.customerId}</span>
        </span>
      )}
    </div>
  );
}

const COLUMNS: Column<ProcessorNotification>[] = [
  {
    key: 'kind',
    header: 'Notification',
    rowHeader: true,
    className: 'notification-cell',
    render: (n) => <NotificationCell n={n} />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (n) => (
      <div>
        <Badge tone={statusOf(n.status).tone}>{statusOf(n.status).label}</Badge>
        {n.processedAt !== null && n.status !== 'WAITING' && n.status !== 'RECEIVED' && (
          <span class="notification-note">{formatDateTime(n.processedAt)}</span>
        )}
      </div>
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
          stackOnPhone
          empty={
            <EmptyState title="No notifications yet">
              They appear here, updated every few seconds, once the processor sends its notifications (Stripe:
              its events) to the webhook URL.
            </EmptyState>
          }
        />
      )}
    </section>
  );
}

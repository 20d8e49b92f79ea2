/**
 * Notifications → Deliveries: the newest e-mails, each with its status and the mail server's answer
 * (a refusal or bounce in its own words), filtered by status (kept in the address), 50 a page.
 */
import { Card, DataTable, EmptyState, ErrorState, Loading, Page, type Column } from '../../components';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks';
import { navigate, useRoute, withQuery } from '../../router';
import { NOTIFICATION_DELIVERIES, type NotificationDelivery } from './notification-queries';
import {
  DELIVERIES_PATH,
  DELIVERY_STATUSES,
  DeliveryStatusBadge,
  kindName,
  NotificationTabs,
  statusWord,
} from './notification-words';

const PAGE = 50;

const columns: Column<NotificationDelivery>[] = [
  { key: 'when', header: 'When', className: 'nowrap', render: (d) => formatDateTime(d.createdAt) },
  { key: 'kind', header: 'E-mail', render: (d) => kindName(d.kind) },
  { key: 'to', header: 'To', rowHeader: true, className: 'mono', render: (d) => d.recipient },
  { key: 'status', header: 'Status', render: (d) => <DeliveryStatusBadge status={d.status} /> },
  {
    key: 'answer',
    header: 'Server’s answer',
    render: (d) => <span class="delivery-response">{d.response ?? '—'}</span>,
  },
];

export function DeliveriesPage() {
  const { query } = useRoute();
  const status = query.get('status');
  const page = Math.max(0, Number(query.get('page') ?? 0) || 0);
  const { data, error, loading, reload } = useQuery(NOTIFICATION_DELIVERIES, {
    status: status && DELIVERY_STATUSES.includes(status) ? status : null,
    limit: PAGE + 1,
    offset: page * PAGE,
  });
  const rows = data?.notificationDeliveries.slice(0, PAGE) ?? [];
  const more = (data?.notificationDeliveries.length ?? 0) > PAGE;
  const go = (values: { status?: string | null; page?: number | null }) =>
    navigate(withQuery(DELIVERIES_PATH, { status, page: page || null, ...values }));
  return (
    <Page title="Notifications" description="The e-mails sent lately and what became of each.">
      <NotificationTabs current="deliveries" />
      <Card title="Recent deliveries" titleId="deliveries-title" testId="deliveries-card">
        <div class="field payout-program">
          <label class="field-label" for="delivery-status">
            Status
          </label>
          <select
            id="delivery-status"
            class="input"
            data-testid="delivery-status-filter"
            value={status ?? ''}
            onChange={(e) => go({ status: e.currentTarget.value || null, page: null })}
          >
            <option value="">Every status</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusWord(s)}
              </option>
            ))}
          </select>
        </div>
        {error !== undefined && !loading ? (
          <ErrorState error={error} onRetry={reload} title="The deliveries couldn't be loaded" />
        ) : !data ? (
          <Loading label="Loading the deliveries…" />
        ) : (
          <>
            <DataTable
              caption="Deliveries, newest first"
              hideCaption
              columns={columns}
              rows={rows}
              rowKey={(d) => d.id}
              rowTestId="delivery-row"
              stackOnPhone
              empty={
                <EmptyState title={status ? `No deliveries “${statusWord(status)}”` : 'No e-mails sent yet'}>
                  {status
                    ? 'Choose another status to see more.'
                    : 'Each e-mail the programs send, and each test send, is listed here with the mail server’s answer.'}
                </EmptyState>
              }
            />
            {(page > 0 || more) && (
              <div class="button-row">
                <button
                  type="button"
                  class="button button-secondary"
                  disabled={page === 0}
                  onClick={() => go({ page: page - 1 || null })}
                >
                  Newer
                </button>
                <button
                  type="button"
                  class="button button-secondary"
                  disabled={!more}
                  onClick={() => go({ page: page + 1 })}
                >
                  Older
                </button>
              </div>
            )}
          </>
        )}
      </Card>
    </Page>
  );
}

/** An account's newest user events as a table: kind, when it happened and arrived, its fields as text. */
import { DataTable, EmptyState, type Column } from '../../components';
import { formatDateTime } from '../../format';
import type { AccountDetailQuery } from '../../gql/graphql';

export type AccountEvent = NonNullable<AccountDetailQuery['account']>['recentEvents'][number];

const SHORT = 120;

/** The fields as compact JSON; a long one is cut, with the whole of it behind "Show all". */
function Fields({ fields }: { fields: unknown }) {
  const text = JSON.stringify(fields ?? {});
  if (text === '{}') return <span class="cell-note">No fields</span>;
  if (text.length <= SHORT) return <code class="event-fields">{text}</code>;
  return (
    <details class="event-details">
      <summary>
        <code class="event-fields">{`${text.slice(0, SHORT)}…`}</code>
      </summary>
      <pre class="event-json">{JSON.stringify(fields, null, 2)}</pre>
    </details>
  );
}

const COLUMNS: Column<AccountEvent>[] = [
  { key: 'key', header: 'Event', rowHeader: true, render: (e) => e.key, className: 'mono' },
  { key: 'triggered', header: 'Happened', render: (e) => formatDateTime(e.dateTriggered) },
  { key: 'fields', header: 'Fields', render: (e) => <Fields fields={e.fields} />, className: 'wrap' },
  { key: 'received', header: 'Received', render: (e) => formatDateTime(e.dateReceived) },
];

/** The 20 newest events of the account's users, newest first (GraphQL Account.recentEvents). */
export function AccountEvents({ events }: { events: AccountEvent[] }) {
  return (
    <DataTable
      caption="The account's 20 newest user events, newest first"
      hideCaption
      columns={COLUMNS}
      rows={events}
      rowKey={(e) => e.id}
      testId="account-events"
      rowTestId="event-row"
      empty={
        <EmptyState title="No events yet">
          Events your site logs for this account's users (purchases, plan changes) appear here.
        </EmptyState>
      }
    />
  );
}

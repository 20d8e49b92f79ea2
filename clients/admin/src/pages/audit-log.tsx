import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { gql } from '../api';
import { DataTable, EmptyState, ErrorState, errorMessage, Loading, Page, type Column } from '../components';
import { formatDateTime, formatNumber } from '../format';

interface AuditEntry {
  id: string;
  at: number;
  operatorEmail: string | null;
  actorKind: string;
  actorLabel: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  action: string;
  target: string | null;
  details: unknown;
  /** The entry as a sentence (issue 31). */
  sentence: string;
}

interface AuditLogPage {
  entries: AuditEntry[];
  endCursor: string | null;
  hasNextPage: boolean;
}

const AUDIT_LOG = /* GraphQL */ `
  query AuditLog($first: Int, $after: ID) {
    auditLog(first: $first, after: $after) {
      entries {
        id
        at
        operatorEmail
        actorKind
        actorLabel
        clientAddress
        userAgent
        action
        target
        details
        sentence
      }
      endCursor
      hasNextPage
    }
  }
`;

const PAGE_SIZE = 50;

/** Details as JSON text (rendered as text, never HTML); "—" when there are none. */
function detailsText(details: unknown): string {
  if (details === null || details === undefined) return '—';
  if (typeof details === 'object' && Object.keys(details).length === 0) return '—';
  return JSON.stringify(details);
}

const ACTOR_NAMES: Record<string, string> = {
  API_KEY: 'API key',
  USER: 'User',
  SFTP: 'SFTP',
  CLI: 'CLI',
  SYSTEM: 'Service',
  ANONYMOUS: 'Someone',
};

/** An operator by e-mail; anyone else by kind and label ("API key rsk_live_AbCd…"), as text. */
function whoText(e: AuditEntry): string {
  if (e.operatorEmail) return e.operatorEmail;
  const name = ACTOR_NAMES[e.actorKind] ?? e.actorKind;
  return e.actorLabel ? `${name} ${e.actorLabel}` : name;
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    key: 'at',
    header: 'When',
    render: (e) => <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time>,
  },
  {
    key: 'who',
    header: 'Who',
    className: 'audit-who',
    render: (e) => (e.operatorEmail ? e.operatorEmail : <span class="muted-text">{whoText(e)}</span>),
  },
  {
    key: 'from',
    header: 'From',
    className: 'audit-from',
    render: (e) => <span title={e.userAgent ?? undefined}>{e.clientAddress ?? '—'}</span>,
  },
  {
    key: 'action',
    header: 'What happened',
    rowHeader: true,
    className: 'audit-sentence',
    // The action's name, then the entry as a sentence (issue 31), both as text.
    render: (e) => (
      <>
        <code class="audit-action">{e.action}</code>
        <span class="audit-said" data-testid="audit-sentence">
          {e.sentence}
        </span>
      </>
    ),
  },
  { key: 'target', header: 'Target', className: 'audit-target', render: (e) => e.target ?? '—' },
  {
    key: 'details',
    header: 'Details',
    className: 'audit-details',
    render: (e) => {
      const text = detailsText(e.details);
      return text === '—' ? text : <code>{text}</code>;
    },
  },
];

interface LogState {
  entries: AuditEntry[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** Whether the first page has arrived. */
  loaded: boolean;
}

const EMPTY: LogState = { entries: [], endCursor: null, hasNextPage: false, loaded: false };

/**
 * Every change made in the portal, newest first (OWNERs and ADMINs): when, who, what, to what, and the
 * details as JSON text. "Load more" appends the next page after the last entry's cursor.
 */
export function AuditLogPage() {
  const [log, setLog] = useState<LogState>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(undefined);
  const latest = useRef(0);

  const load = useCallback((after: string | null) => {
    const id = ++latest.current;
    setLoading(true);
    setError(undefined);
    gql<{ auditLog: AuditLogPage }>(AUDIT_LOG, { first: PAGE_SIZE, after }).then(
      ({ auditLog }) => {
        if (id !== latest.current) return;
        setLog((prev) => ({
          entries: after ? [...prev.entries, ...auditLog.entries] : auditLog.entries,
          endCursor: auditLog.endCursor,
          hasNextPage: auditLog.hasNextPage,
          loaded: true,
        }));
        setLoading(false);
      },
      (err: unknown) => {
        if (id !== latest.current) return;
        setError(err);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    load(null);
    return () => {
      latest.current += 1; // unmounted: ignore answers still under way
    };
  }, [load]);

  let body;
  if (!log.loaded) {
    body =
      error !== undefined ? (
        <ErrorState error={error} onRetry={() => load(null)} title="The audit log couldn't be loaded" />
      ) : (
        <Loading label="Loading the audit log…" />
      );
  } else {
    body = (
      <>
        <DataTable
          caption="Changes made in the portal, newest first"
          hideCaption
          stackOnPhone
          columns={COLUMNS}
          rows={log.entries}
          rowKey={(e) => e.id}
          testId="audit-log"
          rowTestId="audit-row"
          empty={
            <EmptyState title="Nothing recorded yet">
              Sign-ins and every change made in the portal appear here.
            </EmptyState>
          }
        />
        <div class="load-more">
          <p class="load-more-count" aria-live="polite">
            {log.entries.length > 0 &&
              `Showing ${formatNumber(log.entries.length)} ${log.entries.length === 1 ? 'entry' : 'entries'}${
                log.hasNextPage ? '' : ' — the whole log'
              }`}
          </p>
          {error !== undefined && (
            <p class="field-error" role="alert">
              {errorMessage(error)}
            </p>
          )}
          {log.hasNextPage && (
            <button
              type="button"
              class="button button-secondary"
              data-testid="load-more"
              disabled={loading}
              onClick={() => load(log.endCursor)}
            >
              {loading ? 'Loading…' : error !== undefined ? 'Try again' : 'Load more'}
            </button>
          )}
        </div>
      </>
    );
  }

  return (
    <Page
      title="Audit log"
      description="Who changed what, newest first. Secrets (keys, passwords) are never recorded."
    >
      <p class="audit-export">
        <a
          class="button button-secondary"
          href="/admin/api/audit-log.csv"
          download
          data-testid="audit-export"
        >
          Export CSV
        </a>
      </p>
      <section class="card" aria-label="Audit log entries">
        {body}
      </section>
    </Page>
  );
}

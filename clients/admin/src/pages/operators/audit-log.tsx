import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { gql } from '../../api';
import { DataTable, EmptyState, ErrorState, errorMessage, Loading, Page } from '../../components';
import { formatDay, formatNumber } from '../../format';
import { navigate, useRoute } from '../../router';
import { AUDIT_COLUMNS, type AuditEntry } from './audit-log-columns';
import {
  AUDIT_PATH,
  AuditFilterFields,
  auditAddress,
  auditCsvHref,
  auditFiltersFrom,
  isAuditFiltered,
  type AuditFilters,
} from './audit-log-filters';
import { graphql } from '../../gql';

interface AuditLogPage {
  entries: AuditEntry[];
  endCursor: string | null;
  hasNextPage: boolean;
}

const AUDIT_LOG = graphql(`
  query AuditLog($first: Int, $after: ID, $actor: String, $action: String, $from: String, $to: String) {
    auditLog(first: $first, after: $after, actor: $actor, action: $action, from: $from, to: $to) {
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
`);

const PAGE_SIZE = 50;

interface LogState {
  entries: AuditEntry[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** Whether the first page has arrived. */
  loaded: boolean;
}

const EMPTY: LogState = { entries: [], endCursor: null, hasNextPage: false, loaded: false };

/**
 * Every change made in the portal, newest first (OWNERs and ADMINs): each entry as a sentence, with
 * when, who, from where, to what and the details as JSON text. Filters by who, action and UTC days live
 * in the address; "Download CSV" exports the entries they select.
 */
export function AuditLogPage() {
  const { query } = useRoute();
  const filters = auditFiltersFrom(query);
  const apply = (changes: Partial<AuditFilters>) =>
    navigate(auditAddress({ ...filters, ...changes }), { replace: true });
  const problem = filters.from && filters.to && filters.from > filters.to;

  return (
    <Page
      title="Audit log"
      description="Who changed what, newest first. Days are UTC. Secrets (keys, passwords) are never recorded."
    >
      <div class="toolbar list-toolbar audit-toolbar">
        <AuditFilterFields filters={filters} apply={apply} />
        <a
          class="button button-secondary audit-export"
          href={auditCsvHref(filters)}
          download
          data-testid="audit-export"
        >
          Download CSV
        </a>
      </div>
      {problem ? (
        <p class="form-error" role="alert" data-testid="filter-error">
          The start date {formatDay(filters.from)} is after the end date {formatDay(filters.to)}.
        </p>
      ) : (
        <AuditResults key={auditAddress(filters)} filters={filters} />
      )}
    </Page>
  );
}

/** One filter's entries, "Load more" appending the next page (the page remounts it when filters change). */
function AuditResults({ filters }: { filters: AuditFilters }) {
  const [log, setLog] = useState<LogState>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(undefined);
  const latest = useRef(0);

  const load = useCallback(
    (after: string | null) => {
      const id = ++latest.current;
      setLoading(true);
      setError(undefined);
      const variables = {
        first: PAGE_SIZE,
        after,
        actor: filters.actor || undefined,
        action: filters.action || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
      };
      gql(AUDIT_LOG, variables).then(
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
    },
    [filters.actor, filters.action, filters.from, filters.to],
  );

  useEffect(() => {
    load(null);
    return () => {
      latest.current += 1; // unmounted: ignore answers still under way
    };
  }, [load]);

  if (!log.loaded) {
    return (
      <section class="card" aria-label="Audit log entries">
        {error !== undefined ? (
          <ErrorState error={error} onRetry={() => load(null)} title="The audit log couldn't be loaded" />
        ) : (
          <Loading label="Loading the audit log…" />
        )}
      </section>
    );
  }
  const empty = isAuditFiltered(filters) ? (
    <EmptyState
      title="No entries match"
      action={
        <a class="button button-secondary" href={AUDIT_PATH} data-testid="empty-clear-filters">
          Clear filters
        </a>
      }
    >
      Who matches an operator's whole e-mail, or an API key's prefix, a user id or an SFTP key's fingerprint,
      in any case; the action its exact name. Check them, or widen the days.
    </EmptyState>
  ) : (
    <EmptyState title="Nothing recorded yet">
      Sign-ins and every change made in the portal appear here.
    </EmptyState>
  );
  return (
    <section class="card" aria-label="Audit log entries">
      <DataTable
        caption="Changes made in the portal, newest first"
        hideCaption
        stackOnPhone
        columns={AUDIT_COLUMNS}
        rows={log.entries}
        rowKey={(e) => e.id}
        testId="audit-log"
        rowTestId="audit-row"
        empty={empty}
      />
      <div class="load-more">
        <p class="load-more-count" aria-live="polite">
          {log.entries.length > 0 &&
            `Showing ${formatNumber(log.entries.length)} ${log.entries.length === 1 ? 'entry' : 'entries'}${
              log.hasNextPage ? '' : isAuditFiltered(filters) ? ' — every match' : ' — the whole log'
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
    </section>
  );
}

/**
 * The referral list: filters (status, start dates, code), a search box (part of the referrer's or the
 * friend's name, e-mail, account or user id, the referral id's start or the code; any case, no accents;
 * best matches first), newest first, a keyset pager. Filters live in the address, so a reload or a shared link keeps
 * them; the pages visited (a cursor stack) start over when a filter changes.
 */
import { DateField, EmptyState, ErrorState, Loading, Page, Pager, useCursorStack } from '../../components';
import { formatDay, isDay } from '../../format';
import { useDraft, useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { BulkActions } from './bulk-actions';
import { selectColumn, useSelection } from '../common/selection';
import { navigate, useRoute, withQuery } from '../../router';
import { PageSizeSelect, pageSizeFrom, SearchBox, sizeParam } from '../common/list-controls';
import { ReferralTable, STATUS_LABELS, type Referral, type ReferralStatus } from './referral-parts';
import { graphql } from '../../gql';
import { dayAfter, ExportButton } from '../common/export-button';

const PATH = '/admin/referrals';

const LIST = graphql(`
  query Referrals($filter: ReferralFilter, $first: Int, $after: String) {
    referrals(filter: $filter, first: $first, after: $after) {
      items {
        ...ReferralFields
      }
      endCursor
      hasNextPage
    }
  }
`);

interface Filters {
  status: ReferralStatus | '';
  from: string;
  to: string;
  code: string;
  search: string;
  size: number;
}

const STATUSES = Object.keys(STATUS_LABELS) as ReferralStatus[];

/** The filters in the address (?status=&from=&to=&code=&q=&size=); values that cannot be one are dropped. */
function filtersFrom(query: URLSearchParams): Filters {
  const status = query.get('status') ?? '';
  const day = (name: string) => {
    const value = query.get(name) ?? '';
    return isDay(value) ? value : '';
  };
  return {
    status: (STATUSES as string[]).includes(status) ? (status as ReferralStatus) : '',
    from: day('from'),
    to: day('to'),
    code: (query.get('code') ?? '').trim(),
    search: (query.get('q') ?? '').trim(),
    size: pageSizeFrom(query),
  };
}

function addressOf(f: Filters): string {
  return withQuery(PATH, {
    status: f.status,
    from: f.from,
    to: f.to,
    code: f.code,
    q: f.search,
    size: sizeParam(f.size),
  });
}

const isFiltered = (f: Filters) => !!(f.status || f.from || f.to || f.code || f.search);

export function ReferralsPage() {
  const { query } = useRoute();
  const filters = filtersFrom(query);
  const apply = (changes: Partial<Filters>) =>
    navigate(addressOf({ ...filters, ...changes }), { replace: true });
  const problem = filters.from && filters.to && filters.from > filters.to;
  const editable = canChange(useSession().operator.role);

  return (
    <Page title="Referrals" description="Newest first. Dates are UTC days on which the referral started.">
      <div class="toolbar list-toolbar">
        <SearchBox
          label="Search"
          hint="Name, e-mail, id or code (or part of one)"
          value={filters.search}
          maxLength={255}
          testId="referral-search"
          onSearch={(search) => apply({ search })}
        />
        <FilterFields filters={filters} apply={apply} />
      </div>
      {editable && !problem && (
        <ExportButton
          type="QUERY/REFERRALS"
          what={['referral', 'referrals']}
          filters={{
            status: filters.status,
            from: filters.from,
            to: filters.to ? dayAfter(filters.to) : undefined,
          }}
          ignored={
            filters.search || filters.code
              ? 'The export takes the status and dates; the search and the code are not applied to it.'
              : undefined
          }
        />
      )}
      {problem ? (
        <p class="form-error" role="alert" data-testid="filter-error">
          The start date {formatDay(filters.from)} is after the end date {formatDay(filters.to)}.
        </p>
      ) : (
        <ReferralResults key={addressOf(filters)} filters={filters} />
      )}
    </Page>
  );
}

function FilterFields({ filters, apply }: { filters: Filters; apply: (c: Partial<Filters>) => void }) {
  const [code, setCode] = useDraft(filters.code);
  const applyCode = () => {
    if (code.trim() !== filters.code) apply({ code: code.trim() });
  };
  return (
    <div class="filters" role="group" aria-label="Filters">
      <label class="inline-field">
        <span>Status</span>
        <select
          class="input"
          data-testid="filter-status"
          value={filters.status}
          onChange={(e) => apply({ status: e.currentTarget.value as Filters['status'] })}
        >
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <DateField
        label="Started from"
        testId="filter-from"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(from) => apply({ from: isDay(from) ? from : '' })}
      />
      <DateField
        label="Started to"
        testId="filter-to"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(to) => apply({ to: isDay(to) ? to : '' })}
      />
      <label class="inline-field">
        <span>Code used</span>
        <input
          class="input input-code"
          type="text"
          data-testid="filter-code"
          value={code}
          maxLength={64}
          autoComplete="off"
          spellcheck={false}
          onInput={(e) => setCode(e.currentTarget.value)}
          onChange={applyCode}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyCode();
          }}
        />
      </label>
      <PageSizeSelect value={filters.size} onChange={(size) => apply({ size })} />
      {isFiltered(filters) && (
        <button
          type="button"
          class="button button-secondary"
          data-testid="clear-filters"
          onClick={() => apply({ status: '', from: '', to: '', code: '', search: '' })}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

/** One filter's results with its own cursor stack (the page remounts it when the filters change). */
function ReferralResults({ filters }: { filters: Filters }) {
  const editable = canChange(useSession().operator.role);
  const { selected, select, clear } = useSelection();
  const stack = useCursorStack();
  const filter = {
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    code: filters.code || undefined,
    query: filters.search || undefined,
  };
  const { data, error, loading, reload } = useQuery(LIST, {
    filter,
    first: filters.size,
    after: stack.after,
  });

  if (error !== undefined && !loading) {
    return <ErrorState error={error} onRetry={reload} title="The referrals couldn't be loaded" />;
  }
  if (!data) return <Loading label="Loading referrals…" />;
  const page = data.referrals;
  if (page.items.length === 0 && stack.pageIndex === 0) {
    return isFiltered(filters) ? (
      <EmptyState
        title="No referrals match"
        action={
          <a class="button button-secondary" href={withQuery(PATH, { size: sizeParam(filters.size) })}>
            Clear filters
          </a>
        }
      >
        The search looks for part of a name, e-mail, id or code of the referrer or the friend, in any case and
        without accents. Check the spelling, or widen the filters.
      </EmptyState>
    ) : (
      <EmptyState title="No referrals yet">
        A referral starts when a new account signs up with a share link or a referral code.
      </EmptyState>
    );
  }
  return (
    <section class="card card-flush" aria-label="Referrals" aria-busy={loading}>
      {editable && (
        <BulkActions
          rows={page.items}
          selected={selected}
          onSelect={select}
          onFinished={() => {
            clear();
            reload();
          }}
        />
      )}
      <ReferralTable
        caption="Referrals, newest first"
        rows={page.items}
        lead={
          editable
            ? [
                selectColumn<Referral>(
                  selected,
                  select,
                  (r) => `Select the referral of ${r.referredAccountId}`,
                  'referral-select',
                ),
              ]
            : []
        }
      />
      <div class="card-footer">
        <Pager
          stack={{
            ...stack,
            next: (cursor) => {
              clear();
              stack.next(cursor);
            },
            prev: () => {
              clear();
              stack.prev();
            },
          }}
          endCursor={page.endCursor}
          hasNextPage={page.hasNextPage}
          busy={loading}
        />
      </div>
    </section>
  );
}

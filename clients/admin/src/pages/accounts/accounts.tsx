/**
 * The account list, newest first: a search box (part of a name, e-mail, account or user id, or share
 * code, in any case and without accents; best matches first), the accounts with their first
 * user's name and e-mail, users and referrals made, and a keyset pager. The search and page size live in
 * the address.
 */
import {
  DataTable,
  EmptyState,
  ErrorState,
  Loading,
  Page,
  Pager,
  useCursorStack,
  type Column,
} from '../../components';
import { formatDateTime, formatNumber } from '../../format';
import { useQuery } from '../../hooks';
import { navigate, useRoute, withQuery } from '../../router';
import { ACCOUNTS, type AccountSummary } from './accounts-query';
import { PageSizeSelect, pageSizeFrom, SearchBox, sizeParam } from '../common/list-controls';
import { PersonLines } from '../common/people-cells';
import { ExportButton } from '../common/export-button';
import { canChange, useSession } from '../../session';

const PATH = '/admin/accounts';

const COLUMNS: Column<AccountSummary>[] = [
  {
    key: 'id',
    header: 'Account',
    rowHeader: true,
    render: (a) => (
      <span class="cell-stack">
        <a class="mono" href={`${PATH}/${encodeURIComponent(a.id)}`} data-testid="account-link">
          {a.id}
        </a>
        <PersonLines
          person={a.name ? { accountId: a.id, userId: null, name: a.name, email: null } : null}
          testId="account-name"
        />
      </span>
    ),
  },
  { key: 'email', header: 'E-mail', render: (a) => a.email ?? '—' },
  { key: 'users', header: 'Users', render: (a) => formatNumber(a.userCount), align: 'right' },
  {
    key: 'referrals',
    header: 'Referrals made',
    render: (a) => formatNumber(a.referralsMade),
    align: 'right',
  },
  { key: 'created', header: 'Created', render: (a) => formatDateTime(a.dateCreated) },
];

export function AccountsPage() {
  const { query } = useRoute();
  const search = (query.get('q') ?? '').trim();
  const size = pageSizeFrom(query);
  const address = (q: string, s: number) => withQuery(PATH, { q, size: sizeParam(s) });
  const editable = canChange(useSession().operator.role);

  return (
    <Page title="Accounts" description="Newest first. Each account is a customer of yours, with its users.">
      <div class="toolbar list-toolbar">
        <SearchBox
          label="Search"
          hint="Name, e-mail, id or share code (or part of one)"
          value={search}
          maxLength={255}
          testId="account-search"
          onSearch={(q) => navigate(address(q, size), { replace: true })}
        />
        <div class="filters">
          <PageSizeSelect value={size} onChange={(s) => navigate(address(search, s), { replace: true })} />
          {search && (
            <button
              type="button"
              class="button button-secondary"
              data-testid="clear-filters"
              onClick={() => navigate(address('', size), { replace: true })}
            >
              Clear search
            </button>
          )}
        </div>
      </div>
      {editable && (
        <ExportButton
          type="QUERY/USERS"
          what={['user', 'users']}
          filters={{}}
          ignored={search ? 'The export holds every user; the search is not applied to it.' : undefined}
        />
      )}
      <AccountResults key={address(search, size)} search={search} size={size} />
    </Page>
  );
}

/** One search's results with its own cursor stack (remounted when the search or size changes). */
function AccountResults({ search, size }: { search: string; size: number }) {
  const stack = useCursorStack();
  const { data, error, loading, reload } = useQuery(ACCOUNTS, {
    query: search || undefined,
    first: size,
    after: stack.after,
  });

  if (error !== undefined && !loading) {
    return <ErrorState error={error} onRetry={reload} title="The accounts couldn't be loaded" />;
  }
  if (!data) return <Loading label="Loading accounts…" />;
  const page = data.accounts;
  if (page.items.length === 0 && stack.pageIndex === 0) {
    return search ? (
      <EmptyState title={`No account matches “${search}”`}>
        The search looks for part of a name, e-mail, account id, user id or share code, in any case and
        without accents; check the spelling or try fewer letters.
      </EmptyState>
    ) : (
      <EmptyState title="No accounts yet">
        Accounts appear when your site identifies its users or syncs its accounts through the API.
      </EmptyState>
    );
  }
  return (
    <section class="card card-flush" aria-label="Accounts" aria-busy={loading}>
      <DataTable
        caption={search ? `Accounts matching “${search}”, best matches first` : 'Accounts, newest first'}
        hideCaption
        columns={COLUMNS}
        rows={page.items}
        rowKey={(a) => a.id}
        testId="accounts-table"
        rowTestId="account-row"
      />
      <div class="card-footer">
        <Pager stack={stack} endCursor={page.endCursor} hasNextPage={page.hasNextPage} busy={loading} />
      </div>
    </section>
  );
}

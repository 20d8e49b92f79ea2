/**
 * Payouts → Runs: the tenant's payout runs, newest first, with their status, payees, who requested and
 * approved them and when, each linked to its page and to its workflow in Temporal's UI. OWNERs and
 * ADMINs approve or cancel a run awaiting approval from here. The list looks again while a run moves.
 */
import { programName } from '../../components/program-picker';
import { useState } from 'preact/hooks';
import {
  Card,
  ChangeOutcome,
  DataTable,
  EmptyState,
  ErrorState,
  Loading,
  Page,
  type Column,
} from '../../components';
import { usePolling, useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { PAYOUT_RUNS, type PayoutRun } from './payout-queries';
import { formatIso, PAYOUTS_PATH, PayoutTabs, RUN_MOVING, runHref, RunStatusBadge } from './payout-words';
import { RunDecisionDialogs, type RunDecision } from './run-actions';
import { TemporalLink } from './temporal-link';
import { ExportButton } from '../common/export-button';

const RUNS_SHOWN = 50;

export function PayoutRunsPage() {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { data, error, loading, reload } = useQuery(PAYOUT_RUNS, { first: RUNS_SHOWN });
  const [deciding, setDeciding] = useState<{ run: PayoutRun; decision: RunDecision } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const runs = data?.payoutRuns ?? [];
  const programs = data?.programs ?? [];
  usePolling(
    reload,
    3000,
    runs.some((r) => RUN_MOVING.includes(r.status)),
  );

  const columns: Column<PayoutRun>[] = [
    {
      key: 'created',
      header: 'Requested',
      rowHeader: true,
      className: 'payout-wrap',
      render: (r) => (
        <span class="cell-stack payout-stack">
          <a href={runHref(r.id)} data-testid="run-link">
            {formatIso(r.createdAt)}
          </a>
          <span class="cell-note">
            by {r.requestedBy}
            {r.trigger === 'SCHEDULE' ? ' (on schedule)' : ''}
          </span>
        </span>
      ),
    },
    ...(programs.length > 1
      ? [{ key: 'program', header: 'Program', render: (r: PayoutRun) => programName(programs, r.programId) }]
      : []),
    { key: 'status', header: 'Status', render: (r) => <RunStatusBadge status={r.status} /> },
    { key: 'payees', header: 'Payees', align: 'right', render: (r) => r.payees },
    {
      key: 'approved',
      header: 'Approved',
      className: 'payout-wrap',
      render: (r) =>
        r.approvedBy ? (
          <span class="cell-stack payout-stack">
            <span>{r.approvedBy}</span>
            <span class="cell-note">{formatIso(r.approvedAt)}</span>
          </span>
        ) : (
          '—'
        ),
    },
    { key: 'finished', header: 'Finished', render: (r) => formatIso(r.finishedAt) },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <span class="payout-row-actions">
          <TemporalLink href={r.workflowUrl} label={`the run of ${formatIso(r.createdAt)}`} small />
          {mayChange && r.status === 'AWAITING_APPROVAL' && (
            <>
              <button
                type="button"
                class="button button-small"
                data-testid="run-approve"
                onClick={() => setDeciding({ run: r, decision: 'approve' })}
              >
                Approve
              </button>
              <button
                type="button"
                class="button button-secondary button-small"
                data-testid="run-cancel"
                onClick={() => setDeciding({ run: r, decision: 'cancel' })}
              >
                Cancel
              </button>
            </>
          )}
        </span>
      ),
    },
  ];

  return (
    <Page
      title="Payout runs"
      description="Each run reserves what is due, waits for approval when the program asks for it, then pays through the providers."
    >
      <PayoutTabs current="runs" />
      {mayChange && <ExportButton type="QUERY/PAYOUTS" what={['payout', 'payouts']} filters={{}} />}
      <ChangeOutcome notice={notice} testId="runs" />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The payout runs couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the payout runs…" />
      ) : (
        <Card title="Runs" titleId="payout-runs-title">
          <DataTable
            caption="Payout runs, newest first"
            hideCaption
            columns={columns}
            rows={runs}
            rowKey={(r) => r.id}
            testId="runs-table"
            rowTestId="run-row"
            stackOnPhone
            empty={
              <EmptyState
                title="No payout runs yet"
                action={
                  <a class="button button-secondary" href={PAYOUTS_PATH}>
                    See what is due
                  </a>
                }
              >
                {mayChange
                  ? 'Start one with “Run payouts” on the Due tab: it pays everyone whose balance is ready.'
                  : 'Owners and admins start runs from the Due tab.'}
              </EmptyState>
            }
          />
        </Card>
      )}
      {mayChange && (
        <RunDecisionDialogs
          run={deciding?.run ?? { id: '', payees: 0 }}
          open={deciding?.decision ?? null}
          payout={null}
          onClose={() => setDeciding(null)}
          onDone={(text) => {
            setNotice(text);
            reload();
          }}
        />
      )}
    </Page>
  );
}

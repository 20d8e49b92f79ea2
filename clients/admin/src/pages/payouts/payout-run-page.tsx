/**
 * One payout run: its status and dates, who requested and approved it, the totals by status, its
 * payouts (failed, returned and unclaimed ones first and highlighted, with the provider's words), the
 * CSV and its workflow in Temporal's UI. OWNERs and ADMINs approve or cancel it, or cancel one payout,
 * while it awaits approval. The page looks again every few seconds while the run moves.
 */
import { useState } from 'preact/hooks';
import { Card, ChangeOutcome, DataTable, EmptyState, Page, type Column } from '../../components';
import { formatMoney } from '../../format';
import { usePolling, useQuery } from '../../hooks';
import type { RouteProps } from '../../router';
import { canChange, useSession } from '../../session';
import { detailStates } from '../common/detail-states';
import { AccountLink, Item } from '../referrals/referral-parts';
import { PAYOUT_RUN, type Payout, type PayoutRunDetail } from './payout-queries';
import {
  formatIso,
  METHOD_NAMES,
  PayoutStatusBadge,
  PayoutTabs,
  PROBLEM_STATUSES,
  RUN_MOVING,
  RUNS_PATH,
  RunStatusBadge,
} from './payout-words';
import { CsvButton, RunDecisionDialogs, type RunDecision } from './run-actions';
import { TemporalLink } from './temporal-link';

const BACK = { href: RUNS_PATH, label: 'Payout runs' };

const isProblem = (p: Payout) => PROBLEM_STATUSES.includes(p.status);

function payoutColumns(cancel: ((p: Payout) => void) | null): Column<Payout>[] {
  const columns: Column<Payout>[] = [
    {
      key: 'account',
      header: 'Account',
      rowHeader: true,
      className: 'payout-account',
      render: (p) => <AccountLink id={p.accountId} />,
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (p) => formatMoney(p.amountCents, p.currency),
    },
    { key: 'method', header: 'Method', render: (p) => METHOD_NAMES[p.method] },
    {
      key: 'status',
      header: 'Status',
      className: 'payout-wrap',
      render: (p) => (
        <span class="cell-stack payout-stack">
          <PayoutStatusBadge status={p.status} />
          {p.providerMessage && (
            <span class={isProblem(p) ? 'payout-message payout-message-problem' : 'payout-message'}>
              {p.providerMessage}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'ref',
      header: 'Provider reference',
      className: 'mono',
      render: (p) => p.providerRef ?? '—',
    },
    { key: 'settled', header: 'Settled', render: (p) => formatIso(p.settledAt ?? p.sentAt) },
  ];
  if (cancel) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (p) =>
        p.status === 'RESERVED' ? (
          <button
            type="button"
            class="button button-secondary button-small"
            aria-label={`Cancel the payout to ${p.accountId}`}
            data-testid="payout-cancel"
            onClick={() => cancel(p)}
          >
            Cancel
          </button>
        ) : null,
    });
  }
  return columns;
}

/** The run's payouts that did not reach the payee, each with the provider's message. */
function Problems({ payouts }: { payouts: Payout[] }) {
  const problems = payouts.filter(isProblem);
  if (problems.length === 0) return null;
  return (
    <section class="payout-problems" aria-labelledby="payout-problems-title" data-testid="payout-problems">
      <h3 id="payout-problems-title">
        {problems.length === 1 ? '1 payout did not arrive' : `${problems.length} payouts did not arrive`}
      </h3>
      <p>Their money is back in the payees’ balances; the next run tries again once the cause is fixed.</p>
      <ul>
        {problems.map((p) => (
          <li key={p.id} data-testid="payout-problem">
            <PayoutStatusBadge status={p.status} /> <AccountLink id={p.accountId} />{' '}
            {formatMoney(p.amountCents, p.currency)} by {METHOD_NAMES[p.method]}:{' '}
            <span class="payout-message-problem">{p.providerMessage ?? 'The provider gave no reason.'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The run's payouts counted and summed by status and currency: "Paid 2 · $40.00". */
function Totals({ payouts }: { payouts: Payout[] }) {
  const totals = new Map<
    string,
    { status: Payout['status']; currency: string; count: number; cents: number }
  >();
  for (const p of payouts) {
    const key = `${p.status} ${p.currency}`;
    const t = totals.get(key) ?? { status: p.status, currency: p.currency, count: 0, cents: 0 };
    t.count += 1;
    t.cents += p.amountCents;
    totals.set(key, t);
  }
  if (totals.size === 0) return null;
  return (
    <ul class="payout-totals" aria-label="Totals by status" data-testid="run-totals">
      {[...totals.values()].map((t) => (
        <li key={`${t.status} ${t.currency}`}>
          <PayoutStatusBadge status={t.status} />{' '}
          <span>
            {t.count} · {formatMoney(t.cents, t.currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function RunView({ run, reload }: { run: PayoutRunDetail; reload: () => void }) {
  const mayChange = canChange(useSession().operator.role);
  const [decision, setDecision] = useState<RunDecision | null>(null);
  const [cancelling, setCancelling] = useState<Payout | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const awaiting = run.status === 'AWAITING_APPROVAL';
  const decide = mayChange && awaiting;
  // Problems first, then by account: what needs a look is at the top.
  const payouts = [...run.payouts].sort(
    (a, b) => Number(isProblem(b)) - Number(isProblem(a)) || a.accountId.localeCompare(b.accountId),
  );
  return (
    <Page
      title={`Payout run of ${formatIso(run.createdAt)}`}
      description={<RunStatusBadge status={run.status} />}
      back={BACK}
      actions={
        <>
          {decide && (
            <>
              <button
                type="button"
                class="button"
                data-testid="run-approve"
                onClick={() => setDecision('approve')}
              >
                Approve
              </button>
              <button
                type="button"
                class="button button-secondary"
                data-testid="run-cancel"
                onClick={() => setDecision('cancel')}
              >
                Cancel run
              </button>
            </>
          )}
          <CsvButton run={run} />
          <TemporalLink href={run.workflowUrl} />
        </>
      }
    >
      <PayoutTabs current="runs" />
      <ChangeOutcome notice={notice} testId="run" />
      {awaiting && (
        <p class="notice payout-awaiting" data-testid="run-awaiting">
          {mayChange
            ? 'This run waits for your approval: nothing is sent until an owner or admin approves it.'
            : 'This run waits for an owner or admin to approve it.'}
        </p>
      )}
      <Card title="Run" titleId="payout-run-facts">
        <dl class="detail-list detail-list-wide" data-testid="run-facts">
          <Item label="Requested">
            {formatIso(run.createdAt)} by {run.requestedBy}
            {run.trigger === 'SCHEDULE' ? ' (on schedule)' : ''}
          </Item>
          <Item label="Approved" testId="run-approved">
            {run.approvedBy ? `${formatIso(run.approvedAt)} by ${run.approvedBy}` : '—'}
          </Item>
          <Item label="Finished">{formatIso(run.finishedAt)}</Item>
          <Item label="Workflow">
            <span class="mono">{run.workflowId}</span>
          </Item>
        </dl>
        <Totals payouts={run.payouts} />
      </Card>
      <Card title="Payouts" titleId="payout-run-payouts">
        <Problems payouts={run.payouts} />
        <DataTable
          caption="The run's payouts"
          hideCaption
          columns={payoutColumns(decide ? setCancelling : null)}
          rows={payouts}
          rowKey={(p) => p.id}
          testId="payouts-table"
          rowTestId="payout-row"
          stackOnPhone
          empty={
            <EmptyState title={run.status === 'RESERVING' ? 'Reserving…' : 'No payouts in this run'}>
              {run.status === 'RESERVING'
                ? 'The run is setting aside what each payee is owed; the payouts show here in a moment.'
                : 'No one had a balance ready to pay when the run reserved it.'}
            </EmptyState>
          }
        />
      </Card>
      {decide && (
        <RunDecisionDialogs
          run={run}
          open={decision}
          payout={cancelling}
          onClose={() => {
            setDecision(null);
            setCancelling(null);
          }}
          onDone={(text) => {
            setNotice(text);
            reload();
          }}
        />
      )}
    </Page>
  );
}

export function PayoutRunPage({ params }: RouteProps) {
  const query = useQuery(PAYOUT_RUN, { id: params.id ?? '' });
  const run = query.data?.payoutRun;
  usePolling(query.reload, 2000, !!run && RUN_MOVING.includes(run.status));
  const early = detailStates({ noun: 'payout run', back: BACK, query, found: run ? true : undefined });
  if (early || !run) return early;
  return <RunView run={run} reload={query.reload} />;
}

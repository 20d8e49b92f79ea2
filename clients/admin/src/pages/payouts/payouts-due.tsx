/**
 * Payouts → Due: what each referrer of a program would be paid by a run now, or why not, with the rewards
 * behind it; OWNERs and ADMINs hold or release payees, mark tax forms received and run payouts (the new
 * run's page opens). VIEWERs read.
 */
import { programName, ProgramPicker } from '../../components/program-picker';
import { useRef, useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Loading,
  newIdempotencyKey,
  Page,
  Pager,
  useCursorStack,
} from '../../components';
import { formatMoney } from '../../format';
import { useQuery } from '../../hooks';
import { navigate, useRoute } from '../../router';
import { canChange, useSession } from '../../session';
import { DueTable, type PayeeAction } from './due-table';
import { PayeeDialogs } from './payee-dialogs';
import { PAYOUTS_DUE, REQUEST_PAYOUT_RUN, type DuePayee } from './payout-queries';
import { PAYOUTS_PATH, PayoutTabs, runHref } from './payout-words';

const PAGE_SIZE = 50;

/** "$40.00 and €12.00" for the payable rows of the page. */
function payableTotals(rows: DuePayee[]): string {
  const byCurrency = new Map<string, number>();
  for (const r of rows) {
    if (r.payableCents > 0) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.payableCents);
  }
  return [...byCurrency].map(([currency, cents]) => formatMoney(cents, currency)).join(' and ');
}

/** The page of `?program=` (the default program without it): another program starts at its first page. */
export function PayoutsDuePage() {
  const program = useRoute().query.get('program');
  return <DueView key={program ?? ''} program={program} />;
}

function DueView({ program }: { program: string | null }) {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const stack = useCursorStack();
  const { data, error, loading, reload } = useQuery(PAYOUTS_DUE, {
    programId: program,
    after: stack.after,
    first: PAGE_SIZE,
  });
  const [acting, setActing] = useState<{ action: PayeeAction; row: DuePayee } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmRun, setConfirmRun] = useState(false);
  // One key per press of "Run payouts": a retry in its dialog (or a double click) names the same run.
  const runKey = useRef('');

  const rows = data?.payoutsDue.payees ?? [];
  const ready = rows.filter((r) => r.payableCents > 0);
  const programs = data?.programs ?? [];
  const name = data ? programName(programs, data.payoutPolicy.programId) : '';

  async function run() {
    const answer = await gql(REQUEST_PAYOUT_RUN, {
      input: { ...(program ? { programId: program } : {}), idempotencyKey: runKey.current },
    });
    navigate(runHref(answer.requestPayoutRun.id));
  }

  const runButton = mayChange ? (
    <button
      type="button"
      class="button"
      data-testid="run-payouts"
      disabled={!data}
      onClick={() => {
        runKey.current = newIdempotencyKey();
        setNotice(null);
        setConfirmRun(true);
      }}
    >
      Run payouts
    </button>
  ) : undefined;

  return (
    <Page
      title="Payouts"
      description={
        mayChange
          ? 'Cash rewards referrers hold, what a run would pay each of them now, and what stops the rest.'
          : 'Cash rewards referrers hold and what a run would pay them. Owners and admins run payouts.'
      }
      actions={runButton}
    >
      <PayoutTabs current="due" program={program ?? undefined} />
      <ProgramPicker name="payout" programs={programs} value={program} path={PAYOUTS_PATH} />
      <ChangeOutcome notice={notice} testId="due" />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="What is due couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading what is due…" />
      ) : (
        <Card
          title={programs.length > 1 ? `Due in ${name}` : 'Due now'}
          titleId="payouts-due-title"
          testId="due-card"
        >
          {rows.length === 0 && stack.pageIndex === 0 ? (
            <EmptyState title="Nothing is due">
              Referrers appear here once a rule gives them a cash reward. A run pays each one whose balance
              reaches the program’s minimum and who has a payout method.
            </EmptyState>
          ) : (
            <>
              <p class="card-intro" data-testid="due-summary">
                {ready.length === 0
                  ? 'No one on this page would be paid by a run now: see the status of each.'
                  : `${ready.length} of ${rows.length} on this page would be paid now: ${payableTotals(rows)}.`}
              </p>
              <DueTable
                rows={rows}
                onAction={mayChange ? (action, row) => setActing({ action, row }) : null}
              />
              {(stack.pageIndex > 0 || data.payoutsDue.next) && (
                <Pager
                  stack={stack}
                  endCursor={data.payoutsDue.next}
                  hasNextPage={data.payoutsDue.next !== null}
                  busy={loading}
                />
              )}
            </>
          )}
        </Card>
      )}
      {mayChange && (
        <>
          <PayeeDialogs
            open={acting}
            onClose={() => setActing(null)}
            onDone={(text) => {
              setNotice(text);
              reload();
            }}
          />
          <ConfirmDialog
            open={confirmRun}
            title="Run payouts now?"
            confirmLabel="Run payouts"
            onConfirm={run}
            onClose={() => setConfirmRun(false)}
          >
            <p>
              Everyone in {name} with nothing blocking them is paid what they hold through their payout
              method.{' '}
              {data?.payoutPolicy.requireApproval
                ? 'The run waits for an owner or admin to approve it before anything is sent.'
                : 'The money is sent as soon as it is reserved: this program runs without approval.'}
            </p>
          </ConfirmDialog>
        </>
      )}
    </Page>
  );
}

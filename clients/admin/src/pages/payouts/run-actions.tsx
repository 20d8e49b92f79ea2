/**
 * What an operator does to a run: approve it (OWNERs and ADMINs, who are the only ones shown these),
 * cancel it or one of its payouts while it awaits approval, and download its payouts as CSV.
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { ConfirmDialog, errorMessage } from '../../components';
import { APPROVE_PAYOUT_RUN, CANCEL_PAYOUT, CANCEL_PAYOUT_RUN, PAYOUT_RUN_CSV } from './payout-queries';

/** The CSV's file name: the run's day and the start of its id, e.g. payout-run-2026-11-29-3f2a9c1e.csv. */
export function csvFileName(run: { id: string; createdAt: string }): string {
  return `payout-run-${run.createdAt.slice(0, 10)}-${run.id.slice(0, 8)}.csv`;
}

/** Saves `text` as a file through a temporary object URL (the CSP allows blob: downloads). */
function saveFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Download CSV": asks for the run's CSV, then saves it; a failure shows beside the button. */
export function CsvButton({ run }: { run: { id: string; createdAt: string } }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const { payoutRunCsv } = await gql(PAYOUT_RUN_CSV, { id: run.id });
      saveFile(payoutRunCsv, csvFileName(run));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span class="payout-csv">
      <button
        type="button"
        class="button button-secondary"
        data-testid="run-csv"
        disabled={busy}
        onClick={() => void download()}
      >
        {busy ? 'Preparing…' : 'Download CSV'}
      </button>
      {error && (
        <span class="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

export type RunDecision = 'approve' | 'cancel';

export interface RunDecisionDialogsProps {
  run: { id: string; payees: number };
  open: RunDecision | null;
  /** A payout to cancel (its account shown), or null. */
  payout: { id: string; accountId: string } | null;
  onDone: (notice: string) => void;
  onClose: () => void;
}

/** The confirmations behind Approve, Cancel run and a payout's Cancel. */
export function RunDecisionDialogs({ run, open, payout, onDone, onClose }: RunDecisionDialogsProps) {
  const payees = run.payees === 1 ? '1 payee' : `${run.payees} payees`;
  return (
    <>
      <ConfirmDialog
        open={open === 'approve'}
        title="Approve this run?"
        confirmLabel="Approve and send"
        onConfirm={async () => {
          await gql(APPROVE_PAYOUT_RUN, { id: run.id });
          onDone(`Approved: the money is on its way to ${payees}.`);
        }}
        onClose={onClose}
      >
        <p>The run pays {payees} through their providers at once. Payouts cannot be called back once sent.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel'}
        title="Cancel this run?"
        confirmLabel="Cancel run"
        cancelLabel="Keep run"
        danger
        onConfirm={async () => {
          await gql(CANCEL_PAYOUT_RUN, { id: run.id });
          onDone('The run is cancelled: nothing was sent and the money is back in the balances.');
        }}
        onClose={onClose}
      >
        <p>Nothing is sent; what the run reserved goes back to the payees’ balances.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={payout !== null}
        title="Cancel this payout?"
        confirmLabel="Cancel payout"
        cancelLabel="Keep payout"
        danger
        onConfirm={async () => {
          if (!payout) return;
          await gql(CANCEL_PAYOUT, { id: payout.id });
          onDone(`The payout to ${payout.accountId} is cancelled: the money is back in their balance.`);
        }}
        onClose={onClose}
      >
        <p>
          {payout?.accountId ?? ''} is left out of this run; what it reserved goes back to their balance for a
          later run.
        </p>
      </ConfirmDialog>
    </>
  );
}

/**
 * A bulk action's run: the ids go to bulkReferralAction in chunks of 50 under one idempotency
 * key (a chunk sent twice applies once), a progress bar says "n of N done", and then a table says what
 * happened to each row: applied, already applied, refused (and why) or not found.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { gql } from '../../api';
import { Badge, DataTable, ProgressBar, errorMessage, type BadgeTone, type Column } from '../../components';
import { graphql } from '../../gql';
import type {
  BulkReferralActionKind,
  BulkRowOutcome,
  ManualRewardInput,
  ReferralSide,
} from '../../gql/graphql';
import type { BulkMutation } from '../../gql/graphql';

export type BulkKind = BulkReferralActionKind;
export type BulkOutcome = BulkRowOutcome;

export interface BulkJob {
  action: BulkKind;
  /** "Cancel 3 referrals" — the dialog's title. */
  title: string;
  ids: string[];
  reason: string;
  idempotencyKey: string;
  side?: ReferralSide;
  reward?: ManualRewardInput;
  reference?: string;
  /** What a row is, in words (e.g. the referred account), by id. */
  describe: (id: string) => string;
}

type RowResult = Omit<BulkMutation['bulkReferralAction'][number], 'outcome' | 'problem'> & {
  /** FAILED: not sent, because an earlier chunk failed. */
  outcome: BulkOutcome | 'FAILED';
};

export const BULK_LIMIT = 500;
const CHUNK = 50;

const RUN = graphql(`
  mutation Bulk($input: BulkReferralActionInput!) {
    bulkReferralAction(input: $input) {
      id
      outcome
      message
      problem
    }
  }
`);

const OUTCOMES: Record<RowResult['outcome'], { label: string; tone: BadgeTone }> = {
  APPLIED: { label: 'Applied', tone: 'success' },
  ALREADY_APPLIED: { label: 'Already applied', tone: 'info' },
  REFUSED: { label: 'Refused', tone: 'warning' },
  NOT_FOUND: { label: 'Not found', tone: 'neutral' },
  FAILED: { label: 'Not sent', tone: 'danger' },
};

/** "2 applied, 1 refused" in the outcomes' order. */
function summary(results: RowResult[]): string {
  return (Object.keys(OUTCOMES) as RowResult['outcome'][])
    .map((o) => [o, results.filter((r) => r.outcome === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${OUTCOMES[o].label.toLowerCase()}`)
    .join(', ');
}

interface BulkProgressProps {
  job: BulkJob | null;
  onClose: () => void;
  /** Where focus goes on closing when the button that opened it is gone or disabled. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/**
 * The progress dialog of a job (null: closed). It starts sending when it opens; it cannot be closed
 * while a chunk is on its way; closing afterwards calls onClose (the list then reloads).
 */
export function BulkProgressDialog({ job, onClose, fallbackFocus }: BulkProgressProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const [results, setResults] = useState<RowResult[]>([]);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (job && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      void run(job);
    } else if (!job && dialog.open) {
      dialog.close();
      const back = opener.current as HTMLButtonElement | null;
      if (back?.isConnected && !back.disabled) back.focus();
      else fallbackFocus?.()?.focus();
    }
  }, [job]);

  async function run(current: BulkJob) {
    setResults([]);
    setFailure(null);
    setRunning(true);
    const { ids, action, reason, idempotencyKey, side, reward, reference } = current;
    const input = { action, reason, idempotencyKey, side, reward, reference };
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      try {
        const data = await gql(RUN, { input: { ...input, ids: chunk } });
        setResults((done) => [...done, ...data.bulkReferralAction]);
      } catch (error) {
        // The rest is not sent: each row says so, and the error says why.
        setFailure(errorMessage(error));
        const unsent = ids.slice(start).map((id) => ({ id, outcome: 'FAILED' as const, message: null }));
        setResults((done) => [...done, ...unsent]);
        break;
      }
    }
    setRunning(false);
  }

  // While it runs, focus rests on the title; once done, on Close (enabled by then).
  useEffect(() => {
    if (!job) return;
    if (running) titleRef.current?.focus();
    else closeRef.current?.focus();
  }, [running, job]);

  const total = job?.ids.length ?? 0;
  const done = results.filter((r) => r.outcome !== 'FAILED').length;
  const columns: Column<RowResult>[] = [
    { key: 'row', header: 'Row', rowHeader: true, render: (r) => job?.describe(r.id) ?? r.id },
    {
      key: 'outcome',
      header: 'Result',
      render: (r) => (
        <Badge tone={OUTCOMES[r.outcome].tone} testId="bulk-outcome">
          {OUTCOMES[r.outcome].label}
        </Badge>
      ),
    },
    {
      key: 'message',
      header: 'Detail',
      className: 'review-wrap',
      render: (r) => <span class="cell-note">{r.message ?? '—'}</span>,
    },
  ];

  return (
    <dialog
      ref={ref}
      class="dialog dialog-form dialog-wide"
      data-testid="bulk-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!running) onClose();
      }}
    >
      <h2 ref={titleRef} id={titleId} class="dialog-title" tabIndex={-1}>
        {job?.title}
      </h2>
      <div class="dialog-body">
        <ProgressBar
          percent={total === 0 ? 0 : (done / total) * 100}
          label="Bulk action progress"
          valueText={`${done} of ${total} done`}
          tone={failure ? 'danger' : running ? 'accent' : 'success'}
          testId="bulk-progress"
        />
        <p class="bulk-status" aria-live="polite" data-testid="bulk-status">
          {running ? `${done} of ${total} done…` : `${done} of ${total} done. ${summary(results)}.`}
        </p>
        {failure && (
          <p class="form-error" role="alert" data-testid="bulk-error">
            {failure}
          </p>
        )}
        {!running && results.length > 0 && (
          <div class="bulk-results">
            <DataTable
              caption="Result per row"
              hideCaption
              columns={columns}
              rows={results}
              rowKey={(r) => r.id}
              testId="bulk-results"
              rowTestId="bulk-row"
              stackOnPhone
            />
          </div>
        )}
      </div>
      <div class="dialog-actions">
        <button
          ref={closeRef}
          type="button"
          class="button"
          data-testid="bulk-close"
          disabled={running}
          onClick={onClose}
        >
          {running ? 'Working…' : 'Close'}
        </button>
      </div>
    </dialog>
  );
}

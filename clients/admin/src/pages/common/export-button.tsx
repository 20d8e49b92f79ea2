/**
 * "Export CSV" for a list page: starts an export job (createJob with a QUERY/… type and the page's
 * filters), then shows its progress (polling job(id) every second) and, once it has completed, the
 * download. Its states: starting, running (a progress bar with rows written), done (Download CSV), failed
 * or refused (the reason and "Try again"). docs/exports.md.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { fileDownloadUrl, gql } from '../../api';
import { ProgressBar, errorMessage } from '../../components';
import { formatNumber } from '../../format';
import { usePolling } from '../../hooks';
import type { ExportJobType } from '../../../../../shared/contract/enums';
import { CREATE_MUTATION, isFinal, JOB_QUERY, newIdempotencyKey, type Job } from '../imports/import-types';

/** The export's filters, as JobFiltersInput takes them (from and to: ISO dates; to is exclusive). */
export interface ExportFilters {
  from?: string;
  to?: string;
  status?: string;
  programId?: string;
}

/** The UTC day after `day` (YYYY-MM-DD): a list's inclusive "to" day as an export's exclusive bound. */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export interface ExportButtonProps {
  type: ExportJobType;
  filters: ExportFilters;
  /** What is exported, for the labels: ['referral', 'referrals'], … */
  what: readonly [one: string, other: string];
  /** A note shown while the page has filters the export does not take (a search, a code). */
  ignored?: string;
}

function percentOf(job: Job): number | null {
  if (job.status === 'COMPLETED') return 100;
  const { recordsProcessed, recordsTotal } = job.stats;
  if (recordsTotal === null) return null;
  return recordsTotal === 0 ? 0 : (recordsProcessed / recordsTotal) * 100;
}

export function ExportButton({ type, filters, what, ignored }: ExportButtonProps) {
  const rows = (n: number) => `${formatNumber(n)} ${n === 1 ? what[0] : what[1]}`;
  const [job, setJob] = useState<Job | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const inFlight = useRef(false);
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as ExportFilters;
  const key = JSON.stringify(clean);
  // A change of filters starts over: the export shown was of the old ones.
  useEffect(() => {
    setJob(undefined);
    setError(undefined);
  }, [key, type]);

  async function start() {
    setStarting(true);
    setError(undefined);
    try {
      const jobInput = { type, outputFormat: 'CSV', idempotencyKey: newIdempotencyKey(), filters: clean };
      setJob((await gql(CREATE_MUTATION, { jobInput })).createJob);
    } catch (err) {
      setError(err);
    } finally {
      setStarting(false);
    }
  }

  const poll = useCallback(async () => {
    if (!job || inFlight.current) return;
    inFlight.current = true;
    try {
      const next = (await gql(JOB_QUERY, { id: job.id })).job;
      if (next) setJob(next);
    } catch (err) {
      setError(err);
    } finally {
      inFlight.current = false;
    }
  }, [job?.id]);
  usePolling(() => void poll(), 1000, !!job && !isFinal(job) && error === undefined);

  const running = !!job && !isFinal(job);
  const label = starting ? 'Starting…' : running ? 'Exporting…' : 'Export CSV';
  return (
    <div class="export" data-testid="export">
      <button
        type="button"
        class="button button-secondary"
        data-testid="export-start"
        disabled={starting || running}
        onClick={() => void start()}
      >
        {label}
      </button>
      <div class="export-status" role="status" aria-live="polite">
        {error !== undefined && (
          <p class="form-error" data-testid="export-error">
            The export couldn't {job ? 'be followed' : 'start'}: {errorMessage(error)}{' '}
            <button
              type="button"
              class="button button-secondary button-small"
              onClick={() => (job ? setError(undefined) : void start())}
            >
              Try again
            </button>
          </p>
        )}
        {job && running && error === undefined && (
          <div class="export-progress">
            <ProgressBar
              percent={percentOf(job)}
              label={`Export of ${what[1]}`}
              valueText={
                job.stats.recordsTotal === null
                  ? 'Waiting for a worker'
                  : `${formatNumber(job.stats.recordsProcessed)} of ${formatNumber(job.stats.recordsTotal)} rows`
              }
              testId="export-progress"
            />
            <span class="export-count">
              {job.stats.recordsTotal === null
                ? 'Waiting for a worker…'
                : `${formatNumber(job.stats.recordsProcessed)} of ${rows(job.stats.recordsTotal)}`}
            </span>
          </div>
        )}
        {job?.status === 'COMPLETED' && job.resultFileRef && (
          <a class="button" href={fileDownloadUrl(job.resultFileRef)} download data-testid="export-download">
            Download CSV ({rows(job.stats.recordsProcessed)})
          </a>
        )}
        {job && (job.status === 'FAILED' || job.status === 'ABORTED') && (
          <p class="form-error" data-testid="export-error">
            The export{' '}
            {job.status === 'FAILED' ? `failed${job.error ? `: ${job.error}` : ''}` : 'was stopped'}.
          </p>
        )}
        {ignored && !running && <p class="export-note">{ignored}</p>}
      </div>
    </div>
  );
}

/**
 * One import job, live: polls job(id) every second until it ends (without reloading the page), with a
 * progress bar, processed/failed counts, the speed measured between polls and the time left, its
 * status, "Abort" (confirmed) while it runs and the result file once it has ended.
 */
import { Fragment } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { fileDownloadUrl, gql } from '../../api';
import { Badge, ConfirmDialog, EmptyState, ErrorState, Loading, ProgressBar } from '../../components';
import { formatDateTime, formatNumber } from '../../format';
import { usePolling } from '../../hooks';
import {
  ABORT_MUTATION,
  formatDuration,
  isFinal,
  JOB_QUERY,
  jobTypeLabel,
  REQUESTERS,
  rowsPerSecond,
  STATUS_BADGES,
  type Job,
  type Sample,
} from './import-types';

/** Speed is measured over the polls of the last few seconds. */
const WINDOW_MS = 20_000;

function percentOf(job: Job): number | null {
  const { recordsProcessed, recordsTotal } = job.stats;
  if (job.status === 'COMPLETED') return 100;
  if (recordsTotal === null) return job.status === 'PENDING' ? null : 0;
  if (recordsTotal === 0) return isFinal(job) ? 100 : 0;
  return (recordsProcessed / recordsTotal) * 100;
}

function statsParts(job: Job, rate: number | null): string[] {
  const { recordsProcessed, recordsFailed, recordsTotal } = job.stats;
  if (job.status === 'PENDING' && recordsTotal === null) return ['Waiting for a worker to start the job…'];
  const done =
    recordsTotal === null
      ? `${formatNumber(recordsProcessed)} processed`
      : `${formatNumber(recordsProcessed)} of ${formatNumber(recordsTotal)} processed`;
  const parts = [done, `${formatNumber(recordsFailed)} failed`];
  if (isFinal(job)) {
    if (job.dateStarted !== null && job.dateCompleted !== null) {
      const ms = Math.max(1, job.dateCompleted - job.dateStarted);
      parts.push(
        `${formatNumber(Math.round((recordsProcessed * 1000) / ms))} rows/s`,
        `took ${formatDuration(ms)}`,
      );
    }
  } else if (rate === null) {
    parts.push('measuring speed…');
  } else {
    parts.push(`${formatNumber(Math.round(rate))} rows/s`);
    if (recordsTotal !== null && rate > 0) {
      parts.push(`about ${formatDuration(((recordsTotal - recordsProcessed) / rate) * 1000)} left`);
    }
  }
  return parts;
}

function announcement(job: Job): string {
  const label = STATUS_BADGES[job.status].label.toLowerCase();
  return isFinal(job)
    ? `Import ${label}: ${formatNumber(job.stats.recordsProcessed)} rows processed, ${formatNumber(job.stats.recordsFailed)} failed`
    : `Import ${label}`;
}

export interface JobPanelProps {
  jobId: string;
  /** What is already known of the job (from createJob or the history), shown until the first poll. */
  initial?: Job;
  canChange: boolean;
  /** Called once when the job reaches COMPLETED, FAILED or ABORTED while shown. */
  onEnded: (job: Job) => void;
}

export function JobPanel({ jobId, initial, canChange, onEnded }: JobPanelProps) {
  const [job, setJob] = useState<Job | null | undefined>(initial);
  const [error, setError] = useState<unknown>(undefined);
  const [rate, setRate] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [abortRequested, setAbortRequested] = useState(false);
  const samples = useRef<Sample[]>([]);
  const inFlight = useRef(false);
  const ended = useRef(initial ? isFinal(initial) : false);
  const endedHandler = useRef(onEnded);
  endedHandler.current = onEnded;

  const take = useCallback((next: Job | null) => {
    setJob(next);
    setError(undefined);
    if (!next) return;
    if (next.status === 'IN_PROGRESS') {
      const now = Date.now();
      const kept = samples.current.filter((s) => now - s.at <= WINDOW_MS);
      kept.push({ at: now, processed: next.stats.recordsProcessed });
      samples.current = kept;
      const measured = rowsPerSecond(kept);
      if (measured !== null) setRate(measured);
    }
    if (isFinal(next) && !ended.current) {
      ended.current = true;
      endedHandler.current(next);
    }
  }, []);

  const poll = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      take((await gql(JOB_QUERY, { id: jobId })).job);
    } catch (err) {
      setError(err);
    } finally {
      inFlight.current = false;
    }
  }, [jobId, take]);

  useEffect(() => {
    void poll();
  }, [poll]);
  usePolling(() => void poll(), 1000, job === undefined ? error === undefined : !!job && !isFinal(job));

  async function abort() {
    const data = await gql(ABORT_MUTATION, { id: jobId });
    setAbortRequested(true);
    take(data.abortJob);
  }

  if (job === undefined) {
    return (
      <section class="card job-panel" aria-label="Import job">
        {error === undefined ? (
          <Loading label="Loading the job…" />
        ) : (
          <ErrorState error={error} onRetry={() => void poll()} title="The job couldn't be loaded" />
        )}
      </section>
    );
  }
  if (job === null) {
    return (
      <section class="card job-panel" aria-label="Import job">
        <EmptyState title="This job no longer exists">It may belong to another program.</EmptyState>
      </section>
    );
  }

  const badge = STATUS_BADGES[job.status];
  const percent = percentOf(job);
  const final = isFinal(job);
  const tone =
    job.status === 'FAILED' ? 'danger' : job.status === 'ABORTED' ? 'warning' : final ? 'success' : 'accent';
  return (
    <section class="card job-panel" aria-labelledby="job-panel-title" data-testid="job-panel">
      <div class="job-panel-head">
        <div>
          <h2 class="card-title job-panel-title" id="job-panel-title">
            {job.name || jobTypeLabel(job.type)}
          </h2>
          <p class="job-panel-meta">
            {jobTypeLabel(job.type)} · created {formatDateTime(job.dateCreated)}{' '}
            {REQUESTERS[job.requester]?.phrase ?? `by ${job.requester}`}
          </p>
        </div>
        <Badge tone={badge.tone} testId="job-status">
          {badge.label}
        </Badge>
      </div>
      <p class="job-progress-label" aria-hidden="true">
        <span>Progress</span>
        <span>{percent === null ? '—' : `${Math.floor(percent)}%`}</span>
      </p>
      <ProgressBar
        percent={percent}
        label="Import progress"
        valueText={
          job.stats.recordsTotal === null
            ? undefined
            : `${formatNumber(job.stats.recordsProcessed)} of ${formatNumber(job.stats.recordsTotal)} rows`
        }
        tone={tone}
        testId="job-progress"
      />
      <p class="job-stats" data-testid="job-stats">
        {statsParts(job, rate).map((part, i) => (
          <Fragment key={i}>
            {i > 0 && ' · '}
            <span class="nowrap">{part}</span>
          </Fragment>
        ))}
      </p>
      <p class="visually-hidden" role="status">
        {announcement(job)}
      </p>
      {job.status === 'FAILED' && job.error && (
        <p class="form-error" data-testid="job-error">
          {job.error}
        </p>
      )}
      {abortRequested && !final && (
        <p class="notice">Stopping after the rows being applied now; rows already imported stay imported.</p>
      )}
      <div class="job-panel-actions">
        {job.resultFileRef && (
          <a class="button" href={fileDownloadUrl(job.resultFileRef)} download data-testid="download-result">
            Download result file
          </a>
        )}
        {!final && canChange && (
          <button
            type="button"
            class="button button-danger"
            data-testid="abort-job"
            disabled={abortRequested}
            onClick={() => setConfirming(true)}
          >
            {abortRequested ? 'Stopping…' : 'Abort'}
          </button>
        )}
        {final && job.stats.recordsFailed > 0 && (
          <p class="job-panel-hint">The result file names each rejected row with its line and the reason.</p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Abort this import?"
        confirmLabel="Abort import"
        cancelLabel="Keep running"
        danger
        onConfirm={abort}
        onClose={() => setConfirming(false)}
      >
        The job stops after the rows it is applying now. Rows already imported stay imported; the result file
        lists them.
      </ConfirmDialog>
    </section>
  );
}

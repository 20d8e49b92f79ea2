/**
 * The tenant's import jobs, newest first, ten a page (offsets held in the Pager's cursor stack), with
 * their result files. Refreshed when a job starts or ends, and every few seconds while one is running.
 */
import { useEffect, useRef } from 'preact/hooks';
import { fileDownloadUrl } from '../../api';
import {
  Badge,
  DataTable,
  EmptyState,
  ErrorState,
  Loading,
  Pager,
  useCursorStack,
  type Column,
} from '../../components';
import { formatNumber } from '../../format';
import { usePolling, useQuery } from '../../hooks';
import {
  formatShortDateTime,
  isFinal,
  JOBS_QUERY,
  jobTypeLabel,
  REQUESTERS,
  STATUS_BADGES,
  type Job,
} from './import-types';

const PAGE_SIZE = 10;

export interface ImportHistoryProps {
  /** Changes whenever a job started or ended on this page: the list is loaded again. */
  version: number;
  /** The job shown in the live panel (its row is marked). */
  currentJobId: string | null;
  /** Shows a job in the live panel. */
  onShow: (job: Job) => void;
}

export function ImportHistory({ version, currentJobId, onShow }: ImportHistoryProps) {
  const stack = useCursorStack();
  const offset = Number(stack.after ?? 0);
  const { data, error, loading, reload } = useQuery(JOBS_QUERY, { limit: PAGE_SIZE, offset });
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version !== firstVersion.current) reload();
  }, [version, reload]);
  const running = !!data?.jobs.jobs.some((job) => !isFinal(job));
  usePolling(reload, 5000, running);

  const title = (job: Job) => job.name || jobTypeLabel(job.type);
  const columns: Column<Job>[] = [
    {
      key: 'name',
      header: 'Job',
      rowHeader: true,
      render: (job) => (
        <span class="job-name-cell">
          <button
            type="button"
            class="job-link-button"
            aria-pressed={job.id === currentJobId}
            onClick={() => onShow(job)}
          >
            <span class="visually-hidden">Show </span>
            {title(job)}
          </button>
          {job.name && <span class="job-type-line">{jobTypeLabel(job.type)}</span>}
        </span>
      ),
    },
    {
      key: 'requester',
      header: 'Requester',
      render: (job) => REQUESTERS[job.requester]?.label ?? job.requester,
    },
    {
      key: 'status',
      header: 'Status',
      render: (job) => <Badge tone={STATUS_BADGES[job.status].tone}>{STATUS_BADGES[job.status].label}</Badge>,
    },
    {
      key: 'processed',
      header: 'Processed / failed',
      align: 'right',
      render: (job) =>
        `${formatNumber(job.stats.recordsProcessed)} / ${formatNumber(job.stats.recordsFailed)}`,
    },
    { key: 'created', header: 'Created', render: (job) => formatShortDateTime(job.dateCreated) },
    {
      key: 'finished',
      header: 'Finished',
      render: (job) => (isFinal(job) ? formatShortDateTime(job.dateCompleted) : '—'),
    },
    {
      key: 'result',
      header: 'Result',
      render: (job) =>
        job.resultFileRef ? (
          <a href={fileDownloadUrl(job.resultFileRef)} download>
            Download<span class="visually-hidden"> the result file of {title(job)}</span>
          </a>
        ) : (
          '—'
        ),
    },
  ];

  if (!data) {
    return error !== undefined && !loading ? (
      <ErrorState error={error} onRetry={reload} title="The import history couldn't be loaded" />
    ) : (
      <Loading label="Loading the import history…" />
    );
  }
  const { jobs, totalCount } = data.jobs;
  const hasNext = offset + jobs.length < totalCount;
  return (
    <>
      {error !== undefined && !loading && (
        <p class="form-error" role="alert">
          The history could not be refreshed.{' '}
          <button type="button" class="button button-secondary button-small" onClick={reload}>
            Try again
          </button>
        </p>
      )}
      <DataTable
        caption={`Import jobs, newest first (${formatNumber(totalCount)} in all)`}
        columns={columns}
        rows={jobs}
        rowKey={(job) => job.id}
        testId="job-history"
        rowTestId="job-history-row"
        empty={
          <EmptyState title={offset > 0 ? 'No more jobs' : 'No imports yet'}>
            {offset > 0
              ? 'Go back to the previous page.'
              : 'Jobs started here, through the API or over SFTP are listed here with their result files.'}
          </EmptyState>
        }
      />
      {(totalCount > PAGE_SIZE || offset > 0) && (
        <Pager
          stack={stack}
          endCursor={hasNext ? String(offset + jobs.length) : null}
          hasNextPage={hasNext}
          busy={loading}
        />
      )}
    </>
  );
}

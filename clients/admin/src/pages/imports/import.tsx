/**
 * Analytics › Reports › Import (/admin/import): bulk jobs from a file — choose the type, upload the file,
 * see the server's check, start the job and follow it live; the history of jobs below. A job still
 * running when the page opens is picked up and shown live.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { Card, Page } from '../../components';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { ImportForm } from './import-form';
import { ImportHistory } from './import-history';
import { JobPanel } from './import-job-panel';
import { ACTIVE_JOBS_QUERY, type Job } from './import-types';

/** Beside the form while no job is shown: what happens after "Start import". */
function HowItRuns() {
  return (
    <Card title="How an import runs" titleId="how-title" class="import-steps">
      <ol>
        <li>Choose what the file does and the file itself; it is uploaded and checked at once.</li>
        <li>Problems are listed by line (the header is line 1); a file with problems cannot start.</li>
        <li>
          Start the import. It runs on the server in chunks: you can leave this page and come back, or abort
          it (rows already imported stay imported).
        </li>
        <li>When it ends, download the result file: one line per row with SUCCESS or FAILED and why.</li>
      </ol>
    </Card>
  );
}

export function ImportPage() {
  const session = useSession();
  const mayChange = canChange(session.operator.role);
  const [shown, setShown] = useState<Job | null>(null);
  const [version, setVersion] = useState(0);
  const active = useQuery(ACTIVE_JOBS_QUERY);

  // Opened while a job runs: show that one (the running one first, else the one waiting to start).
  useEffect(() => {
    if (!active.data) return;
    const job = active.data.running.jobs[0] ?? active.data.pending.jobs[0];
    if (job) setShown((current) => current ?? job);
  }, [active.data]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  function show(job: Job) {
    setShown(job);
    window.requestAnimationFrame(() =>
      document.getElementById('job-panel-title')?.scrollIntoView({ block: 'nearest' }),
    );
  }

  return (
    <Page
      title="Import"
      description="Change users, events and reward balances in bulk from a CSV or JSON Lines file."
    >
      {!mayChange && (
        <p class="notice" data-testid="viewer-notice">
          You are a viewer: you can follow imports and download their results, but not start or stop them.
        </p>
      )}
      <div class="import-layout">
        {shown && (
          <JobPanel key={shown.id} jobId={shown.id} initial={shown} canChange={mayChange} onEnded={refresh} />
        )}
        {mayChange && (
          <ImportForm
            onStarted={(job) => {
              setShown(job);
              refresh();
            }}
          />
        )}
        {!shown && <HowItRuns />}
      </div>
      <Card title="History" titleId="history-title">
        <ImportHistory version={version} currentJobId={shown?.id ?? null} onShow={show} />
      </Card>
    </Page>
  );
}

/**
 * A new import: the job type (with its columns), the file (uploaded at once, with a progress bar), the
 * server's check of the file (validateJobCreation, its "line N: …" problems) and "Start import".
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, gql, uploadFile } from '../../api';
import { Card, errorMessage, Field, ProgressBar } from '../../components';
import { formatNumber } from '../../format';
import {
  CREATE_MUTATION,
  formatBytes,
  JOB_TYPES,
  newIdempotencyKey,
  VALIDATE_QUERY,
  type Job,
  type JobTypeInfo,
} from './import-types';

interface Upload {
  file: File;
  /** 0..1 of the bytes sent. */
  fraction: number;
  fileRef?: string;
  uploadError?: unknown;
  /** The idempotency key of this upload: a double click, or a retry, starts one job. */
  key: string;
}

interface Check {
  /** What was checked: `${fileRef} ${type}`. */
  of: string;
  errors?: string[];
  error?: unknown;
}

const ACCEPT = '.csv,.jsonl,.ndjson,text/csv,application/x-ndjson';
const MAX_SHOWN = 100;

function ColumnsHelp({ type }: { type: string }) {
  const info = JOB_TYPES.find((t) => t.value === type)!;
  return (
    <div class="import-columns" id="columns-help" data-testid="columns-help">
      <p>{info.description}</p>
      <p class="import-columns-title">Columns (* required):</p>
      <ul class="import-column-list">
        {info.columns.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <details class="import-example">
        <summary>Example and file formats</summary>
        <pre class="import-example-code">{info.example}</pre>
        <p>
          CSV: a header row with these names, UTF-8. JSON Lines (<code>.jsonl</code>, <code>.ndjson</code>):
          one object per line with the same fields nested, e.g.{' '}
          <code>{'{"referredBy":{"code":"JANEDOE"}}'}</code>. An empty cell leaves the stored value as it is.
        </p>
      </details>
    </div>
  );
}

/** OWNERs and ADMINs only: a VIEWER's Import page has no form (a read-only view). */
export interface ImportFormProps {
  onStarted: (job: Job) => void;
}

export function ImportForm({ onStarted }: ImportFormProps) {
  const [type, setType] = useState(JOB_TYPES[0]!.value);
  const [name, setName] = useState('');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(undefined);
  const [inputKey, setInputKey] = useState(0);
  const startingRef = useRef(false);
  const uploadSeq = useRef(0);

  const fileRef = upload?.fileRef;
  const checkOf = fileRef ? `${fileRef} ${type}` : null;

  // Every uploaded file is checked for the chosen type (again when the type changes).
  useEffect(() => {
    if (!fileRef || !checkOf) return;
    let current = true;
    setCheck({ of: checkOf });
    gql(VALIDATE_QUERY, { jobInput: { fileRef, type } }).then(
      (data) => current && setCheck({ of: checkOf, errors: data.validateJobCreation.errors }),
      (error: unknown) => current && setCheck({ of: checkOf, error }),
    );
    return () => {
      current = false;
    };
  }, [fileRef, type, checkOf]);

  async function choose(file: File | undefined) {
    setStartError(undefined);
    setCheck(null);
    if (!file) {
      setUpload(null);
      return;
    }
    const seq = ++uploadSeq.current;
    const fresh: Upload = { file, fraction: 0, key: newIdempotencyKey() };
    setUpload(fresh);
    setName(file.name.replace(/\.(csv|jsonl|ndjson)$/i, ''));
    try {
      const { fileRef: ref } = await uploadFile(file, (fraction) => {
        if (seq === uploadSeq.current) setUpload((u) => (u && u.key === fresh.key ? { ...u, fraction } : u));
      });
      if (seq === uploadSeq.current) setUpload({ ...fresh, fraction: 1, fileRef: ref });
    } catch (uploadError) {
      if (seq === uploadSeq.current) setUpload({ ...fresh, uploadError });
    }
  }

  async function start() {
    if (!upload?.fileRef || startingRef.current) return;
    startingRef.current = true;
    setStarting(true);
    setStartError(undefined);
    try {
      const index = JOB_TYPES.findIndex((t) => t.value === type);
      const data = await gql(CREATE_MUTATION, {
        jobInput: {
          fileRef: upload.fileRef,
          type,
          outputFormat: 'CSV',
          name: name.trim() || null,
          idempotencyKey: `${upload.key}-${index}`,
        },
      });
      onStarted(data.createJob);
      setUpload(null);
      setCheck(null);
      setName('');
      setInputKey((k) => k + 1);
    } catch (error) {
      setStartError(error);
    } finally {
      startingRef.current = false;
      setStarting(false);
    }
  }

  const uploading = !!upload && !upload.fileRef && upload.uploadError === undefined;
  const current = check && check.of === checkOf ? check : null;
  const valid = !!current?.errors && current.errors.length === 0;
  const locked = uploading || starting;

  return (
    <Card title="New import" titleId="new-import-title" class="import-form">
      <Field label="Job type" name="job-type">
        {(control) => (
          <select
            class="input"
            {...control}
            aria-describedby="columns-help"
            data-testid="job-type"
            value={type}
            disabled={locked}
            onChange={(e) => setType(e.currentTarget.value as JobTypeInfo['value'])}
          >
            {JOB_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label} ({t.value.replace('MUTATION/', '')})
              </option>
            ))}
          </select>
        )}
      </Field>
      <ColumnsHelp type={type} />
      <Field
        label="File"
        name="file"
        hint="CSV or JSON Lines (.csv, .jsonl, .ndjson). It is uploaded and checked at once."
      >
        {(control) => (
          <input
            key={inputKey}
            class="input input-file"
            type="file"
            accept={ACCEPT}
            {...control}
            data-testid="import-file"
            disabled={locked}
            onChange={(e) => void choose(e.currentTarget.files?.[0])}
          />
        )}
      </Field>
      {upload && (
        <div class="import-upload">
          <ProgressBar
            percent={upload.fraction * 100}
            label="Upload progress"
            valueText={`${formatBytes(upload.file.size * upload.fraction)} of ${formatBytes(upload.file.size)}`}
            tone={upload.uploadError !== undefined ? 'danger' : upload.fileRef ? 'success' : 'accent'}
            testId="upload-progress"
          />
          <p class="import-upload-text" role="status">
            {upload.uploadError !== undefined
              ? `${upload.file.name} could not be uploaded`
              : upload.fileRef
                ? `Uploaded ${upload.file.name} (${formatBytes(upload.file.size)})`
                : `Uploading ${upload.file.name}… ${Math.floor(upload.fraction * 100)}%`}
          </p>
          {upload.uploadError !== undefined && (
            <p class="form-error" role="alert" data-testid="upload-error">
              {errorMessage(upload.uploadError)}
            </p>
          )}
        </div>
      )}
      {upload?.fileRef && !current?.errors && current?.error === undefined && (
        <p class="import-checking" role="status">
          <span class="spinner" aria-hidden="true" /> Checking the file…
        </p>
      )}
      {current?.error !== undefined && (
        <p class="form-error" role="alert">
          The file could not be checked: {errorMessage(current.error)}
        </p>
      )}
      {current?.errors && current.errors.length > 0 && (
        <div class="form-error import-problems" role="alert">
          <p class="import-problems-title">
            {current.errors.length >= MAX_SHOWN
              ? `The file has at least ${formatNumber(MAX_SHOWN)} problems (the first ${formatNumber(MAX_SHOWN)} below).`
              : `The file has ${formatNumber(current.errors.length)} ${current.errors.length === 1 ? 'problem' : 'problems'}.`}{' '}
            Fix the file and choose it again (the header is line 1), or choose another job type.
          </p>
          <ul class="import-problem-list" data-testid="validation-errors">
            {current.errors.map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {valid && (
        <>
          <p class="import-valid" role="status" data-testid="validation-ok">
            The file is valid for {JOB_TYPES.find((t) => t.value === type)!.label.toLowerCase()}.
          </p>
          <Field
            label="Name (optional)"
            name="job-name"
            hint="Shown in the history."
            value={name}
            maxLength={255}
            disabled={locked}
            onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
          />
          {startError !== undefined && (
            <div class="form-error" role="alert" data-testid="start-error">
              <p>{errorMessage(startError)}</p>
              {startError instanceof ApiError && startError.validationErrors && (
                <ul class="import-problem-list">
                  {startError.validationErrors.map((v, i) => (
                    <li key={i}>{v.message}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <button type="button" class="button" data-testid="start-import" disabled={locked} onClick={start}>
            {starting ? 'Starting…' : 'Start import'}
          </button>
        </>
      )}
    </Card>
  );
}

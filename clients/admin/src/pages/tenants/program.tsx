import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import { ErrorState, errorMessage, Loading, Page, ReadOnly } from '../../components';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import {
  buildPatch,
  changedCount,
  mapServerErrors,
  valuesFromProgram,
  type FieldErrors,
  type Program,
  type ProgramValues,
} from './program-form';
import { ProgramSections, FIELD_LABELS } from './program-sections';
import { ShareSection } from './program-share';
import { ProgramWarnings } from './program-warnings';
import { rulesPath } from '../programs/rules-page';
import { graphql } from '../../gql';

const PROGRAM = graphql(`
  query Program($id: ID) {
    program(id: $id) {
      ...ProgramFields
    }
  }
`);

const UPDATE = graphql(`
  mutation UpdateProgram($id: ID, $input: ProgramInput!) {
    updateProgram(id: $id, input: $input) {
      ...ProgramFields
    }
  }
`);

const KNOWN_FIELDS: ReadonlySet<string> = new Set(Object.keys(FIELD_LABELS));

type Outcome =
  | { kind: 'saved'; count: number }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; message: string; other: string[] }
  | { kind: 'failed'; message: string };

/** A VIEWER's program: every setting as text (no form, no control), with the same warnings. */
function ProgramView({ program }: { program: Program }) {
  const values = valuesFromProgram(program);
  const update = () => undefined;
  return (
    <div class="program-form program-view" data-testid="program-view">
      <p class="notice" data-testid="read-only-notice">
        You have view access: only an Owner or an Admin can change the program.
      </p>
      <ProgramWarnings values={values} />
      <ReadOnly>
        <ProgramSections values={values} errors={{}} update={update} shared={program.isDefault} />
        <ShareSection
          values={values}
          errors={{}}
          update={update}
          logoUrl={program.logoUrl}
          savedLandingUrl={values.landingUrl}
          shared={program.isDefault}
        />
      </ReadOnly>
    </div>
  );
}

function ProgramForm({ program }: { program: Program }) {
  const [initial, setInitial] = useState<ProgramValues>(() => valuesFromProgram(program));
  const [values, setValues] = useState<ProgramValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const pending = changedCount(buildPatch(initial, values).patch);

  function update<K extends keyof ProgramValues>(key: K, value: ProgramValues[K], field: string = key) {
    setValues((v) => ({ ...v, [key]: value }));
    setOutcome((o) => (o?.kind === 'saved' || o?.kind === 'unchanged' ? null : o));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  }

  function showProblems(fields: FieldErrors, message: string, other: string[] = []) {
    setErrors(fields);
    setOutcome({ kind: 'invalid', message, other });
    window.requestAnimationFrame(() => summary.current?.focus());
  }

  async function save(event: Event) {
    event.preventDefault();
    const { patch, errors: local } = buildPatch(initial, values);
    if (Object.keys(local).length > 0) {
      showProblems(local, 'The program was not saved. Correct the fields below.');
      return;
    }
    if (changedCount(patch) === 0) {
      setErrors({});
      setOutcome({ kind: 'unchanged' });
      return;
    }
    setBusy(true);
    try {
      const data = await gql(UPDATE, { id: program.id, input: patch });
      const saved = valuesFromProgram(data.updateProgram);
      setInitial(saved);
      setValues(saved);
      setErrors({});
      setOutcome({ kind: 'saved', count: changedCount(patch) });
    } catch (err) {
      if (err instanceof ApiError && err.validationErrors?.length) {
        const submitted = Array.isArray(patch.allowedOrigins) ? (patch.allowedOrigins as string[]) : [];
        const mapped = mapServerErrors(err.validationErrors, KNOWN_FIELDS, submitted);
        showProblems(mapped.fields, 'The program was not saved. Correct the fields below.', mapped.other);
      } else {
        setOutcome({ kind: 'failed', message: errorMessage(err) });
      }
    } finally {
      setBusy(false);
    }
  }

  const listed = Object.entries(errors);
  return (
    <form class="program-form" onSubmit={save} noValidate aria-label="Program settings">
      {outcome?.kind === 'invalid' && (
        <div
          class="form-error error-summary"
          role="alert"
          tabIndex={-1}
          ref={summary}
          data-testid="program-errors"
        >
          <p class="error-summary-title">{outcome.message}</p>
          <ul>
            {listed.map(([field, message]) => (
              <li key={field}>
                <a href={`#field-${field}`}>{FIELD_LABELS[field] ?? field}</a>: {message}
              </li>
            ))}
            {outcome.other.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {outcome?.kind === 'failed' && (
        <p class="form-error" role="alert" data-testid="program-failed">
          The program was not saved: {outcome.message}
        </p>
      )}
      <ProgramWarnings values={values} />
      <fieldset class="plain-fieldset" disabled={busy}>
        <ProgramSections values={values} errors={errors} update={update} shared={program.isDefault} />
        <ShareSection
          values={values}
          errors={errors}
          update={update}
          logoUrl={program.logoUrl}
          savedLandingUrl={initial.landingUrl}
          shared={program.isDefault}
        />
      </fieldset>
      <div class="form-actions">
        <div class="form-actions-status" role="status" aria-live="polite" data-testid="program-notice">
          {outcome?.kind === 'saved'
            ? `Saved. ${outcome.count} ${outcome.count === 1 ? 'setting' : 'settings'} changed.`
            : outcome?.kind === 'unchanged'
              ? 'Nothing to save: no setting was changed.'
              : pending > 0
                ? `${pending} unsaved ${pending === 1 ? 'change' : 'changes'}`
                : ''}
        </div>
        <button
          type="button"
          class="button button-secondary"
          disabled={busy || pending === 0}
          onClick={() => {
            setValues(initial);
            setErrors({});
            setOutcome(null);
          }}
        >
          Discard changes
        </button>
        <button type="submit" class="button" disabled={busy} data-testid="program-save">
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/**
 * Every program setting, saved as only the changed fields, with the server's errors under each field:
 * the default program at /admin/program, another at /admin/programs/:id (its own settings only; those
 * every program shares are on the default program's page).
 */
export function ProgramPage({ params }: { params?: Record<string, string> }) {
  const session = useSession();
  const id = params?.id;
  const { data, error, loading, reload } = useQuery(PROGRAM, { id });
  const loaded = !!data;
  // A link to a section (/admin/program#program-fraud, from the Review page) shows it once the form is in.
  useEffect(() => {
    const target =
      loaded && window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    (target?.closest('section') ?? target)?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  return (
    <Page
      title={id ? (data?.program.name ?? 'Program') : 'Program'}
      description={
        id
          ? "This program's offer, texts, cookie, fraud policy, hold and expiry. The settings every program shares are on the default program's page."
          : 'Rewards, conversion, the browser library, the widget and the share page. Changes apply as soon as they are saved.'
      }
      actions={
        <a class="button button-secondary" href={rulesPath(id ?? 'default')} data-testid="rules-link">
          Reward rules
        </a>
      }
    >
      {data?.program.archivedAt ? (
        <p class="notice" data-testid="archived-notice">
          This program is archived: its codes refer nobody new. Its settings still apply to its referrals.
        </p>
      ) : null}
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The program couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the program…" />
      ) : canChange(session.operator.role) ? (
        <ProgramForm key={data.program.id} program={data.program} />
      ) : (
        <ProgramView key={data.program.id} program={data.program} />
      )}
    </Page>
  );
}

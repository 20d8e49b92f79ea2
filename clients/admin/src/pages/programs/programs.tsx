import { useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import {
  Badge,
  Card,
  ChangeOutcome,
  ConfirmDialog,
  DataTable,
  ErrorState,
  errorMessage,
  Field,
  Loading,
  Page,
  type Column,
} from '../../components';
import { formatDateTime, formatMoney } from '../../format';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { graphql } from '../../gql';
import type { ProgramListQuery } from '../../gql/graphql';

type ProgramRow = ProgramListQuery['programs'][number];

const PROGRAMS = graphql(`
  query ProgramList {
    programs {
      id
      isDefault
      archivedAt
      name
      referredDiscountPercent
      referrerReward {
        type
        discountPercent
        amountCents
        unit
      }
      ruleVersion
    }
  }
`);

const CREATE = graphql(`
  mutation CreateProgram($input: ProgramInput!) {
    createProgram(input: $input) {
      id
      name
    }
  }
`);

const ARCHIVE = graphql(`
  mutation ArchiveProgram($id: ID!) {
    archiveProgram(id: $id) {
      id
      archivedAt
    }
  }
`);

/** Where a program's settings are edited: the default program keeps its old address. */
export function programPath(id: string): string {
  return id === 'default' ? '/admin/program' : `/admin/programs/${encodeURIComponent(id)}`;
}

/** "30 % off for the friend; EUR 25.00 credit for the referrer", or what the rules say. */
function offer(p: ProgramRow): string {
  const friend = `${p.referredDiscountPercent} % off for the friend`;
  if (p.ruleVersion !== null && p.ruleVersion !== undefined)
    return `${friend}; rules version ${p.ruleVersion}`;
  const r = p.referrerReward;
  const referrer =
    r.type === 'CREDIT' && r.amountCents !== null && r.amountCents !== undefined && r.unit
      ? `${formatMoney(r.amountCents, r.unit)} credit`
      : `${r.discountPercent ?? 0} % off`;
  return `${friend}; ${referrer} for the referrer`;
}

/** A name, then createProgram; the new program's settings page opens. */
function NewProgramForm({ onCreated }: { onCreated: (id: string, name: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const focusName = () => document.getElementById('field-new-program-name')?.focus();

  async function create(event: Event) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Enter a name for the program.');
      focusName();
      return;
    }
    setBusy(true);
    try {
      const data = await gql(CREATE, { input: { name: name.trim() } });
      setName('');
      setError(null);
      onCreated(data.createProgram.id, data.createProgram.name);
    } catch (err) {
      const field =
        err instanceof ApiError ? err.validationErrors?.find((v) => v.field === 'input.name') : null;
      setError(field ? field.message : errorMessage(err));
      focusName();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="new-program-form" onSubmit={create} noValidate aria-label="New program">
      <Field
        label="Name"
        name="new-program-name"
        hint="It starts with the default program's offer, texts, cookie, fraud policy, hold and expiry; change them on its page."
        value={name}
        maxLength={200}
        error={error}
        onInput={(e) => setName((e.target as HTMLInputElement).value)}
        disabled={busy}
      />
      <button type="submit" class="button" disabled={busy} data-testid="create-program">
        {busy ? 'Creating…' : 'Create program'}
      </button>
    </form>
  );
}

/**
 * The tenant's programs: the default one first, then the others by creation, each with its offer and
 * state. OWNERs and ADMINs create programs and archive them after a confirmation; VIEWERs read.
 */
export function ProgramsPage() {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { data, error, loading, reload } = useQuery(PROGRAMS);
  const [archiving, setArchiving] = useState<ProgramRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  async function archive(program: ProgramRow) {
    setActionError(null);
    try {
      await gql(ARCHIVE, { id: program.id });
      setNotice(`“${program.name}” is archived: its codes refer nobody new; its referrals run to their end.`);
      reload();
    } catch (err) {
      setActionError(errorMessage(err));
    }
  }

  const columns: Column<ProgramRow>[] = [
    {
      key: 'name',
      header: 'Program',
      rowHeader: true,
      render: (p) => (
        <a href={programPath(p.id)} data-testid="program-link">
          {p.name}
        </a>
      ),
    },
    {
      key: 'state',
      header: 'State',
      render: (p) =>
        p.isDefault ? (
          <Badge tone="info">Default</Badge>
        ) : p.archivedAt ? (
          <Badge tone="neutral" title={`Archived ${formatDateTime(p.archivedAt)}`}>
            Archived
          </Badge>
        ) : (
          <Badge tone="success">Open</Badge>
        ),
    },
    { key: 'offer', header: 'Offer', className: 'wrap-cell', render: offer },
    { key: 'id', header: 'Id', className: 'mono', render: (p) => p.id },
  ];
  if (mayChange) {
    columns.push({
      key: 'actions',
      header: <span class="visually-hidden">Actions</span>,
      align: 'right',
      render: (p) =>
        p.isDefault || p.archivedAt ? null : (
          <button
            type="button"
            class="button button-secondary button-small"
            aria-label={`Archive ${p.name}`}
            data-testid="archive-program"
            onClick={() => {
              setNotice(null);
              setArchiving(p);
            }}
          >
            Archive
          </button>
        ),
    });
  }

  return (
    <Page
      title="Programs"
      description="Each program has its own offer, rules, texts, landing URL, cookie, fraud policy, hold and expiry. Share codes find their program; calls without a program act on the default one."
    >
      <ChangeOutcome error={actionError} notice={notice} testId="programs" />
      {mayChange && (
        <Card title="Add a program" titleId="new-program-title">
          <NewProgramForm
            onCreated={(_id, name) => {
              setActionError(null);
              setNotice(`“${name}” is created: open it below to set its offer and texts.`);
              reload();
            }}
          />
        </Card>
      )}
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The programs couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the programs…" />
      ) : (
        <Card title="Programs" titleId="programs-title">
          <DataTable
            caption="Programs, the default first"
            hideCaption
            stackOnPhone
            columns={columns}
            rows={data.programs}
            rowKey={(p) => p.id}
            testId="programs"
            rowTestId="program-row"
          />
        </Card>
      )}
      {mayChange && (
        <ConfirmDialog
          open={archiving !== null}
          title={archiving ? `Archive “${archiving.name}”?` : 'Archive the program?'}
          confirmLabel="Archive program"
          danger
          onConfirm={() => (archiving ? archive(archiving) : undefined)}
          onClose={() => setArchiving(null)}
        >
          <p>
            Its share codes and links stop referring new friends at once. Referrals it already has keep their
            rewards and run to their end. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

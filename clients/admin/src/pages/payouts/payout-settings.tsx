/**
 * Payouts → Settings: the program's payout policy (the minimum, the schedule, approval), the tenant's
 * yearly tax threshold, and the payout providers' connections (payout-connections.tsx). VIEWERs see the
 * values as text.
 */
import { programName, ProgramPicker } from '../../components/program-picker';
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  Card,
  ChangeOutcome,
  CheckboxField,
  ErrorState,
  errorMessage,
  Field,
  Loading,
  Page,
  ReadOnly,
  useReadOnly,
} from '../../components';
import { formatMoney } from '../../format';
import { useQuery } from '../../hooks';
import { useRoute } from '../../router';
import { canChange, useSession } from '../../session';
import type { PayoutSchedule } from '../../gql/graphql';
import { PayoutConnections } from './payout-connections';
import { PAYOUT_SETTINGS, SET_POLICY, SET_TAX_THRESHOLD, type PayoutPolicy } from './payout-queries';
import { PayoutTabs, SCHEDULE_WORDS, SETTINGS_PATH } from './payout-words';

/** A whole number of minor units typed by a person ("1000", "1 000"), or null. */
function minorUnits(text: string): number | null {
  const clean = text.replace(/[\s,_]/g, '');
  return /^\d{1,10}$/.test(clean) ? Number(clean) : null;
}

const example = (cents: number) => `${formatMoney(cents, 'USD')} or ${formatMoney(cents, 'EUR')}`;

function PolicyForm({ policy, name, onSaved }: { policy: PayoutPolicy; name: string; onSaved: () => void }) {
  const [minimum, setMinimum] = useState(String(policy.minimumCents));
  const [schedule, setSchedule] = useState<PayoutSchedule>(policy.schedule);
  const [approval, setApproval] = useState(policy.requireApproval);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const cents = minorUnits(minimum);

  async function save(event: Event) {
    event.preventDefault();
    setNotice(null);
    if (cents === null || cents < 1) {
      setError('Enter a whole number of cents (minor units), at least 1.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await gql(SET_POLICY, {
        input: { programId: policy.programId, minimumCents: cents, schedule, requireApproval: approval },
      });
      setNotice(`The payout policy of ${name} is saved.`);
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="payout-form" onSubmit={save} noValidate aria-label="Payout policy" data-testid="policy-form">
      <Field
        label="Minimum payout (cents)"
        name="minimumCents"
        inputMode="numeric"
        value={minimum}
        display={formatMinimum(policy.minimumCents)}
        hint={`In minor units of each payee’s currency: ${cents !== null ? example(cents) : '1000 is $10.00 or €10.00'}. Smaller balances wait.`}
        onInput={(e) => setMinimum(e.currentTarget.value)}
      />
      <Field label="Schedule" name="schedule" display={SCHEDULE_WORDS[policy.schedule]}>
        {(control) => (
          <select
            {...control}
            class="input"
            value={schedule}
            onChange={(e) => setSchedule(e.currentTarget.value as PayoutSchedule)}
          >
            {(Object.keys(SCHEDULE_WORDS) as PayoutSchedule[]).map((s) => (
              <option key={s} value={s}>
                {SCHEDULE_WORDS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CheckboxField
        label="Each run waits for an owner or admin to approve it"
        name="requireApproval"
        checked={approval}
        onChange={setApproval}
        hint="Recommended: someone looks at the payees and amounts before money leaves."
      />
      <ChangeOutcome error={error} notice={notice} testId="policy" />
      {!useReadOnly() && (
        <button type="submit" class="button" disabled={busy} data-testid="policy-save">
          {busy ? 'Saving…' : 'Save policy'}
        </button>
      )}
    </form>
  );
}

const formatMinimum = (cents: number) => `${cents} cents (${example(cents)})`;

function ThresholdForm({ threshold, onSaved }: { threshold: number | null; onSaved: () => void }) {
  const [text, setText] = useState(threshold === null ? '' : String(threshold));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function save(event: Event) {
    event.preventDefault();
    setNotice(null);
    const cents = text.trim() === '' ? null : minorUnits(text);
    if (text.trim() !== '' && cents === null) {
      setError('Enter a whole number of cents, or leave it empty for no threshold.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await gql(SET_TAX_THRESHOLD, { thresholdCents: cents });
      setNotice(
        cents === null
          ? 'No tax threshold: payees are paid without a tax form.'
          : 'The tax threshold is saved.',
      );
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      class="payout-form"
      onSubmit={save}
      noValidate
      aria-label="Tax threshold"
      data-testid="threshold-form"
    >
      <Field
        label="Yearly tax threshold (cents)"
        name="thresholdCents"
        inputMode="numeric"
        value={text}
        display={threshold === null ? 'None' : formatMinimum(threshold)}
        hint="A payee without a tax form is paid up to this much a calendar year, per currency; empty: no threshold."
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <ChangeOutcome error={error} notice={notice} testId="threshold" />
      {!useReadOnly() && (
        <button type="submit" class="button" disabled={busy} data-testid="threshold-save">
          {busy ? 'Saving…' : 'Save threshold'}
        </button>
      )}
    </form>
  );
}

export function PayoutSettingsPage() {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { query } = useRoute();
  const program = query.get('program');
  const { data, error, loading, reload } = useQuery(PAYOUT_SETTINGS, { programId: program });
  const programs = data?.programs ?? [];
  const name = data ? programName(programs, data.payoutPolicy.programId) : '';
  return (
    <Page
      title="Payout settings"
      description={
        mayChange
          ? 'When referrers are paid, how much at least, and through which providers.'
          : 'When referrers are paid and through which providers. Owners and admins change these.'
      }
    >
      <PayoutTabs current="settings" program={program ?? undefined} />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The payout settings couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the payout settings…" />
      ) : (
        <ReadOnly when={!mayChange}>
          <div class="payout-settings">
            <Card
              title={programs.length > 1 ? `Policy of ${name}` : 'Policy'}
              titleId="payout-policy-title"
              testId="policy-card"
            >
              <ProgramPicker name="payout" programs={programs} value={program} path={SETTINGS_PATH} />
              <PolicyForm
                key={data.payoutPolicy.programId}
                policy={data.payoutPolicy}
                name={name}
                onSaved={reload}
              />
            </Card>
            <Card title="Tax threshold" titleId="payout-threshold-title" testId="threshold-card">
              <ThresholdForm threshold={data.payoutTaxThreshold} onSaved={reload} />
            </Card>
            <PayoutConnections connections={data.payoutConnections} mayChange={mayChange} onSaved={reload} />
          </div>
        </ReadOnly>
      )}
    </Page>
  );
}

/**
 * "Simulate before publishing": the editor's draft replayed by the server (simulateProgram) over a
 * period of the program's recorded conversions, payments and events, shown per rule and per month and
 * unit next to what was given. The server decides every number; this only asks and shows. A result for
 * an earlier draft says so, and publishing stays where it is, below.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../../api';
import { DateField, EmptyState, ErrorState, Loading } from '../../components';
import { addDays, daysBetween, formatDay, formatNumber, isDay, utcDay } from '../../format';
import type { ProgramRuleInput, SimulateRulesQuery } from '../../gql/graphql';
import { SimulationTables } from './simulation-tables';

export type Simulation = SimulateRulesQuery['simulateProgram'];

export interface RuleSimulationProps {
  /** The draft as the API takes it; null when the editor found problems (it shows them on its controls). */
  prepare: () => ProgramRuleInput[] | null;
  /** The draft as it reads now, to tell a result for an earlier draft. */
  signature: string;
  /** The server's errors on the draft's rules (`rules.<i>.…`), for the editor to show on its controls. */
  onRuleErrors: (errors: { field: string; message: string }[]) => void;
  onSimulate: (rules: ProgramRuleInput[], from: string, to: string) => Promise<Simulation>;
  disabled: boolean;
}

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; result: Simulation; signature: string; triggers: Set<string> }
  | { kind: 'failed'; error: unknown };

/** The longest period the server replays, in days. */
const MAX_DAYS = 366;

/** The last 90 days, today (UTC) included. */
function defaultPeriod(): { from: string; to: string } {
  const to = utcDay(Date.now());
  return { from: addDays(to, -89), to };
}

/** What is wrong with the period, per field, before anything is sent. */
function periodProblems(from: string, to: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isDay(from)) problems.from = 'Choose the first day.';
  if (!isDay(to)) problems.to = 'Choose the last day.';
  if (problems.from || problems.to) return problems;
  const days = daysBetween(from, to);
  if (days < 1) problems.from = 'The first day must not be after the last.';
  else if (days > MAX_DAYS) problems.to = `The period is ${days} days; at most ${MAX_DAYS} can be replayed.`;
  return problems;
}

export function RuleSimulation({
  prepare,
  signature,
  onRuleErrors,
  onSimulate,
  disabled,
}: RuleSimulationProps) {
  const [period, setPeriod] = useState(defaultPeriod);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function run() {
    const local = periodProblems(period.from, period.to);
    setProblems(local);
    if (Object.keys(local).length > 0) return;
    const rules = prepare();
    if (!rules) return setState({ kind: 'idle' });
    setState({ kind: 'running' });
    try {
      const result = await onSimulate(rules, period.from, period.to);
      setState({ kind: 'done', result, signature, triggers: new Set(rules.map((r) => r.trigger.type)) });
    } catch (error) {
      const issues = error instanceof ApiError ? (error.validationErrors ?? []) : [];
      const onPeriod = issues.filter((i) => i.field === 'from' || i.field === 'to');
      const onRules = issues.filter((i) => i.field.startsWith('rules'));
      if (onPeriod.length > 0) setProblems(Object.fromEntries(onPeriod.map((i) => [i.field, i.message])));
      if (onRules.length > 0) onRuleErrors(onRules);
      setState(onPeriod.length + onRules.length > 0 ? { kind: 'idle' } : { kind: 'failed', error });
    }
  }

  const setDay = (field: 'from' | 'to') => (value: string) => {
    setPeriod((p) => ({ ...p, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };
  const problemList = Object.entries(problems);
  return (
    <section class="rule-simulation" aria-labelledby="rules-simulate" data-testid="rule-simulation">
      <h3 id="rules-simulate" class="rule-simulation-title">
        Simulate before publishing
      </h3>
      <p class="cell-note">
        Replays the program’s recorded conversions, payments and events of a period against the draft above,
        without changing anything: what each rule would have given, next to what was given.
      </p>
      <div class="rule-simulation-bar">
        <DateField
          label="From"
          value={period.from}
          max={period.to}
          testId="simulate-from"
          onChange={setDay('from')}
        />
        <DateField
          label="To"
          value={period.to}
          min={period.from}
          testId="simulate-to"
          onChange={setDay('to')}
        />
        <button
          type="button"
          class="button button-secondary"
          disabled={disabled || state.kind === 'running'}
          onClick={() => void run()}
          data-testid="rules-simulate"
        >
          {state.kind === 'running' ? 'Simulating…' : 'Simulate the draft'}
        </button>
      </div>
      {problemList.length > 0 && (
        <ul class="form-error rule-simulation-problems" role="alert" data-testid="simulate-period-error">
          {problemList.map(([field, message]) => (
            <li key={field}>
              {field === 'from' ? 'From' : 'To'}: {message}
            </li>
          ))}
        </ul>
      )}
      {state.kind === 'running' && <Loading label="Replaying the period against the draft…" />}
      {state.kind === 'failed' && (
        <ErrorState error={state.error} title="The simulation didn’t run" onRetry={() => void run()} />
      )}
      {state.kind === 'done' && (
        <SimulationResult
          result={state.result}
          triggers={state.triggers}
          stale={state.signature !== signature}
        />
      )}
    </section>
  );
}

/** "3 conversions, 4 payments and 2 events": payments and events when the draft has rules for them. */
function replayedWords(result: Simulation, triggers: Set<string>): string {
  const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;
  const parts = [count(result.conversions, 'conversion', 'conversions')];
  if (triggers.has('PAYMENT')) parts.push(count(result.payments, 'payment', 'payments'));
  if (triggers.has('EVENT')) parts.push(count(result.events, 'event', 'events'));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

interface SimulationResultProps {
  result: Simulation;
  /** The trigger types of the draft simulated. */
  triggers: Set<string>;
  stale: boolean;
}

function SimulationResult({ result, triggers, stale }: SimulationResultProps) {
  const period = `${formatDay(result.from)} to ${formatDay(result.to)}`;
  if (result.conversions + result.payments + result.events === 0 && result.given.length === 0) {
    return (
      <div data-testid="simulation-result">
        <EmptyState title="No recorded referrals in this period">
          Nothing converted, paid or happened that the draft rewards from {period}. Choose a longer or an
          earlier period.
        </EmptyState>
      </div>
    );
  }
  return (
    <div data-testid="simulation-result">
      {stale && (
        <p class="notice" data-testid="simulation-stale">
          The draft changed after this simulation: simulate again to see it as it is now.
        </p>
      )}
      <p class="rule-simulation-summary" data-testid="simulation-summary">
        From {period}: {replayedWords(result, triggers)} replayed.
      </p>
      <SimulationTables result={result} />
    </div>
  );
}

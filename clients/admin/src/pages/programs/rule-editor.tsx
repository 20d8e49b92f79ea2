/**
 * The reward rules editor: a program's rules as drafts to add, edit, remove and reorder, published
 * together as the next version. It takes the rules and a publish callback, so any program's page can
 * mount it; the server validates, and its field errors (`input.rules.<i>.<path>`) show under the
 * control they name, with focus on the first.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api';
import { EmptyState, errorMessage } from '../../components';
import type { ProgramRuleInput } from '../../gql/graphql';
import { controlNames, firstError, mapRuleErrors } from './rule-errors';
import {
  buildRules,
  draftFromRule,
  newRule,
  type FieldErrors,
  type Rule,
  type RuleDraft,
} from './rule-draft';
import { RuleFields } from './rule-fields';
import { RuleSimulation, type Simulation } from './rule-simulation';
import { EditedControl } from './reward-fields';
import { draftSentence } from './rule-words';

export interface RuleEditorProps {
  /** The rules in force ([] while none are published). */
  rules: Rule[];
  /** Their version (null while none are published). */
  version: number | null;
  /** Publishes the rules as the next version; answers its number, or throws the server's ApiError. */
  onPublish: (rules: ProgramRuleInput[]) => Promise<number | null>;
  /** Replays the draft over a period (rule-simulation.tsx); throws the server's ApiError. */
  onSimulate: (rules: ProgramRuleInput[], from: string, to: string) => Promise<Simulation>;
}

type Outcome =
  | { kind: 'published'; version: number | null }
  | { kind: 'invalid'; other: string[]; simulating: boolean }
  | { kind: 'failed'; message: string };

const focusControl = (name: string) =>
  window.requestAnimationFrame(() => document.getElementById(`field-${name}`)?.focus());

export function RuleEditor({ rules, version, onPublish, onSimulate }: RuleEditorProps) {
  const [drafts, setDrafts] = useState<RuleDraft[]>(() => rules.map(draftFromRule));
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const next = (version ?? 0) + 1;
  const baseline = useMemo(() => JSON.stringify(buildRules(rules.map(draftFromRule)).rules), [rules]);
  const signature = JSON.stringify(buildRules(drafts).rules);
  const dirty = signature !== baseline;

  const change = (list: RuleDraft[]) => {
    setDrafts(list);
    setOutcome((o) => (o?.kind === 'published' ? null : o));
  };
  const toggle = (key: number, show?: boolean) =>
    setOpen((s) => {
      const copy = new Set(s);
      if (show ?? !copy.has(key)) copy.add(key);
      else copy.delete(key);
      return copy;
    });
  const move = (i: number, by: number) => {
    const list = [...drafts];
    const [rule] = list.splice(i, 1);
    list.splice(i + by, 0, rule!);
    setErrors({});
    change(list);
    // Focus stays with the moved rule: the same button, or the other one at either end of the list.
    const at = i + by;
    const same = by < 0 ? at > 0 : at < list.length - 1;
    const dir = same === by < 0 ? 'up' : 'down';
    window.requestAnimationFrame(() => document.getElementById(`rule-${dir}-${rule!.key}`)?.focus());
  };
  const add = () => {
    const rule = newRule(drafts.map((d) => d.id));
    change([...drafts, rule]);
    toggle(rule.key, true);
    focusControl(`rules.${drafts.length}.name`);
  };

  function showErrors(fields: FieldErrors, other: string[], simulating = false) {
    setErrors(fields);
    setOutcome({ kind: 'invalid', other, simulating });
    const names = controlNames(drafts);
    setOpen((s) => {
      const copy = new Set(s);
      drafts.forEach((d, i) => {
        if (Object.keys(fields).some((f) => f.startsWith(`rules.${i}.`))) copy.add(d.key);
      });
      return copy;
    });
    const first = firstError(fields, names);
    if (first) focusControl(first);
    else window.requestAnimationFrame(() => summary.current?.focus());
  }

  /** The draft for a simulation, or null with its problems shown on the controls. */
  function prepareSimulation(): ProgramRuleInput[] | null {
    const built = buildRules(drafts);
    if (Object.keys(built.errors).length > 0) {
      showErrors(built.errors, [], true);
      return null;
    }
    setErrors({});
    setOutcome((o) => (o?.kind === 'invalid' ? null : o));
    return built.rules;
  }

  async function publish() {
    const built = buildRules(drafts);
    if (Object.keys(built.errors).length > 0) return showErrors(built.errors, []);
    setBusy(true);
    try {
      const published = await onPublish(built.rules);
      setErrors({});
      setOutcome({ kind: 'published', version: published });
    } catch (err) {
      if (err instanceof ApiError && err.validationErrors?.length) {
        const mapped = mapRuleErrors(err.validationErrors, controlNames(drafts));
        showErrors(mapped.fields, mapped.other);
      } else setOutcome({ kind: 'failed', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  const edited = (name: string) =>
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _fixed, ...rest } = e;
      return rest;
    });
  const errorCount = Object.keys(errors).length;
  return (
    <form
      class="rule-editor"
      // Enter in a field publishes nothing: only the Publish button does.
      onSubmit={(event) => event.preventDefault()}
      noValidate
      aria-label="Reward rules"
      data-testid="rule-editor"
    >
      {drafts.length === 0 ? (
        <EmptyState title="No reward rules yet">
          <p>
            Referrals get the program’s fixed rewards. Add a rule to reward conversions, payments, events or
            milestones, with tiers and limits.
          </p>
        </EmptyState>
      ) : (
        <ol class="rule-list">
          {drafts.map((draft, i) => {
            const isOpen = open.has(draft.key);
            const label = `rule ${i + 1}`;
            const hasError = Object.keys(errors).some((f) => f.startsWith(`rules.${i}.`));
            return (
              <li
                key={draft.key}
                class={hasError ? 'rule-item rule-item-invalid' : 'rule-item'}
                data-testid="rule-item"
              >
                <div class="rule-head">
                  <h3 class="rule-title">
                    Rule {i + 1}: {draft.name.trim() || 'Untitled rule'}
                  </h3>
                  <div class="rule-head-actions">
                    <button
                      type="button"
                      class="button button-secondary button-small"
                      aria-expanded={isOpen}
                      onClick={() => toggle(draft.key)}
                    >
                      {isOpen ? 'Close' : 'Edit'}
                      <span class="visually-hidden"> {label}</span>
                    </button>
                    <button
                      type="button"
                      class="button button-secondary button-small"
                      id={`rule-up-${draft.key}`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      Move up<span class="visually-hidden"> {label}</span>
                    </button>
                    <button
                      type="button"
                      class="button button-secondary button-small"
                      id={`rule-down-${draft.key}`}
                      disabled={i === drafts.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      Move down<span class="visually-hidden"> {label}</span>
                    </button>
                    <button
                      type="button"
                      class="button button-danger button-small"
                      onClick={() => {
                        setErrors({});
                        change(drafts.filter((d) => d.key !== draft.key));
                        window.requestAnimationFrame(() => document.getElementById('rule-add')?.focus());
                      }}
                    >
                      Remove<span class="visually-hidden"> {label}</span>
                    </button>
                  </div>
                </div>
                <p class="rule-sentence" data-testid="rule-sentence">
                  {draftSentence(draft)}
                </p>
                {isOpen && (
                  <EditedControl.Provider value={edited}>
                    <RuleFields
                      draft={draft}
                      at={`rules.${i}`}
                      errors={errors}
                      onChange={(d) => change(drafts.map((x) => (x.key === d.key ? d : x)))}
                    />
                  </EditedControl.Provider>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <RuleSimulation
        prepare={prepareSimulation}
        signature={signature}
        onRuleErrors={(issues) => {
          const mapped = mapRuleErrors(issues, controlNames(drafts));
          showErrors(mapped.fields, mapped.other, true);
        }}
        onSimulate={onSimulate}
        disabled={busy || drafts.length === 0}
      />
      {outcome?.kind === 'invalid' && (
        <div class="form-error" role="alert" tabIndex={-1} ref={summary} data-testid="rules-errors">
          <p>
            {outcome.simulating ? 'The draft was not simulated' : `Version ${next} was not published`}:{' '}
            {errorCount} {errorCount === 1 ? 'field needs' : 'fields need'} a change.
          </p>
          {outcome.other.length > 0 && (
            <ul>
              {outcome.other.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {outcome?.kind === 'failed' && (
        <p class="form-error" role="alert" data-testid="rules-failed">
          Version {next} was not published: {outcome.message}
        </p>
      )}
      <div class="form-actions">
        <div class="form-actions-status" role="status" aria-live="polite" data-testid="rules-notice">
          {outcome?.kind === 'published'
            ? `Version ${outcome.version ?? ''} is published. Referrals made from now on are rewarded by it; earlier referrals keep their version.`
            : dirty
              ? 'Unpublished changes'
              : ''}
        </div>
        <button type="button" class="button button-secondary" id="rule-add" onClick={add}>
          Add a rule
        </button>
        <button
          type="button"
          class="button button-secondary"
          disabled={busy || !dirty}
          onClick={() => {
            setDrafts(rules.map(draftFromRule));
            setErrors({});
            setOutcome(null);
          }}
        >
          Discard changes
        </button>
        <button
          type="button"
          onClick={() => void publish()}
          class="button"
          disabled={busy || drafts.length === 0 || !dirty}
          data-testid="rules-publish"
        >
          {busy ? 'Publishing…' : `Publish version ${next}`}
        </button>
      </div>
    </form>
  );
}

/**
 * Read-only views ("A VIEWER sees read-only views, not disabled forms"). A page wraps what a
 * VIEWER may not change in <ReadOnly>; Field, CheckboxField and the pages' own controls then render as
 * text (ReadOnlyValue: a label, the value, the hint) instead of form controls, and hide their actions.
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';

const ReadOnlyContext = createContext(false);

/** Everything inside renders read-only when `when` is true (the default). */
export function ReadOnly({ when = true, children }: { when?: boolean; children: ComponentChildren }) {
  return <ReadOnlyContext.Provider value={when}>{children}</ReadOnlyContext.Provider>;
}

/** Whether the component is inside <ReadOnly>: render text, not a control. */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

export interface ReadOnlyValueProps {
  label: ComponentChildren;
  /** The field's name: the value's data-testid is `value-<name>`. */
  name: string;
  /** The value as text; empty (or null) reads "Not set". */
  value: ComponentChildren;
  hint?: ComponentChildren;
  /** A monospaced value (ids, codes, origins). */
  mono?: boolean;
}

/** One setting as a description list: its label, its value as text (never HTML), its hint. */
export function ReadOnlyValue({ label, name, value, hint, mono }: ReadOnlyValueProps) {
  const empty = value === '' || value === null || value === undefined;
  return (
    <dl class="field field-readonly" data-testid={`field-${name}`}>
      <dt class="field-label">{label}</dt>
      <dd class={mono && !empty ? 'field-value mono' : 'field-value'} data-testid={`value-${name}`}>
        {empty ? <span class="muted-text">Not set</span> : value}
      </dd>
      {hint && <dd class="field-hint">{hint}</dd>}
    </dl>
  );
}

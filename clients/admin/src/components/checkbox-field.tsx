import type { ComponentChildren } from 'preact';
import { ReadOnlyValue, useReadOnly } from './read-only';

export interface CheckboxFieldProps {
  label: ComponentChildren;
  /** The control's id is `field-<name>`, the error's data-testid `error-<name>` (as Field's). */
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ComponentChildren;
  error?: string | null;
  disabled?: boolean;
}

/** A checkbox with its label beside it, a hint and an inline error under it (for, aria-describedby). */
export function CheckboxField({ label, name, checked, onChange, hint, error, disabled }: CheckboxFieldProps) {
  if (useReadOnly())
    return <ReadOnlyValue label={label} name={name} value={checked ? 'Yes' : 'No'} hint={hint} />;
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div class={error ? 'field field-checkbox field-invalid' : 'field field-checkbox'}>
      <div class="checkbox-row">
        <input
          type="checkbox"
          class="checkbox"
          id={id}
          name={name}
          checked={checked}
          disabled={disabled}
          aria-invalid={!!error}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <label class="field-label" for={id}>
          {label}
        </label>
      </div>
      {hint && (
        <p class="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={errorId} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

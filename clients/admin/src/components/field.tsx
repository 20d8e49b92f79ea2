import type { ComponentChildren, InputHTMLAttributes, LooseInputHTMLAttributes } from 'preact';
import { ReadOnlyValue, useReadOnly } from './read-only';

/** What a Field's control must carry to be labelled and described. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps extends Omit<
  LooseInputHTMLAttributes<HTMLInputElement>,
  'children' | 'label' | 'id'
> {
  label: ComponentChildren;
  /** The field's name: the control's id is `field-<name>`, the error's data-testid `error-<name>`. */
  name: string;
  /** An inline error under the control (e.g. from ApiError.validationErrors). */
  error?: string | null;
  /** A line of help under the label. */
  hint?: ComponentChildren;
  /**
   * A custom control (select, textarea, checkbox …): called with the props it must spread. Without it,
   * Field renders an <input> with the remaining props (type, value, onInput, required, …).
   */
  children?: (control: ControlProps) => ComponentChildren;
  /**
   * The value as text inside <ReadOnly> (a select's chosen label, say); without it, the input's value.
   * A file input, or a control that only helps set another field, passes `false`: nothing is shown.
   */
  display?: ComponentChildren | false;
}

/** A label, a control, a hint and an inline error, wired together (for, aria-describedby, aria-invalid). */
export function Field({ label, name, error, hint, children, display, ...inputProps }: FieldProps) {
  const readOnly = useReadOnly();
  if (readOnly) {
    if (display === false) return null;
    const value = display ?? (inputProps.value as ComponentChildren);
    const mono = typeof inputProps.class === 'string' && inputProps.class.split(' ').includes('mono');
    return <ReadOnlyValue label={label} name={name} value={value} hint={hint} mono={mono} />;
  }
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: ControlProps = {
    id,
    name,
    'aria-invalid': !!error,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label class="field-label" for={id}>
        {label}
      </label>
      {hint && (
        <p class="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children ? (
        children(control)
      ) : (
        <input class="input" {...(inputProps as InputHTMLAttributes)} {...control} />
      )}
      {error && (
        <p class="field-error" id={errorId} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A write-only credential (a processor's key, a signing secret, a payout provider's secret): masked,
 * never offered to the browser's password manager as a sign-in password, no spell-check, monospace.
 */
export function SecretField(props: Omit<FieldProps, 'type' | 'autocomplete' | 'spellcheck' | 'class'>) {
  return (
    <Field type="password" autocomplete="new-password" spellcheck={false} class="input mono" {...props} />
  );
}

/**
 * A hand action's dialog (issue 31): its fields, a required reason (kept in the audit log), the
 * server's refusals shown on the field they name (amountCents, code, input.email …) or as the dialog's
 * error. Built on ConfirmDialog: focus kept inside, Escape cancels, busy while it runs.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { ConfirmDialog, Field } from '../components';

export interface ActionField {
  /** The key of `values`; the server's field name maps onto it through `serverNames`. */
  key: string;
  label: string;
  hint?: string;
  type?: 'text' | 'email';
  inputMode?: 'decimal' | 'text';
  required?: boolean;
  /** The server's names for this field (e.g. amountCents, input.email). */
  serverNames?: string[];
}

export interface ActionDialogProps {
  open: boolean;
  /** Prefixes the fields' ids, so that dialogs on one page never share one. */
  idPrefix: string;
  title: string;
  intro?: ComponentChildren;
  confirmLabel: string;
  danger?: boolean;
  fields: ActionField[];
  initial?: Record<string, string>;
  /** Checks the values before sending: an error per field key, or none. */
  check?: (values: Record<string, string>) => Record<string, string>;
  /** Sends the action; answers the notice to show once it is applied. */
  run: (values: Record<string, string>, reason: string) => Promise<string>;
  onClose: () => void;
  onDone: (notice: string) => void;
}

export const REASON_MAX = 500;

export function ActionDialog(props: ActionDialogProps) {
  const { open, idPrefix, fields } = props;
  const [values, setValues] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!open) return;
    setValues(props.initial ?? {});
    setReason('');
    setErrors({});
  }, [open]);

  async function confirm(): Promise<void | false> {
    const found: Record<string, string> = { ...(props.check?.(values) ?? {}) };
    for (const field of fields) {
      if (field.required && !(values[field.key] ?? '').trim())
        found[field.key] = `Enter the ${field.label.replace(/ \(.*\)$/, '').toLowerCase()}`;
    }
    if (!reason.trim()) found.reason = 'Give a reason: it is kept in the audit log';
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      const notice = await props.run(values, reason.trim());
      props.onDone(notice);
    } catch (err) {
      const named = err instanceof ApiError ? (err.validationErrors ?? []) : [];
      const mapped: Record<string, string> = {};
      for (const e of named) {
        const field = fields.find((f) => f.key === e.field || f.serverNames?.includes(e.field));
        const key = field?.key ?? (e.field === 'reason' ? 'reason' : null);
        if (key) mapped[key] = `${field?.label ?? 'Reason'}: ${e.message}`;
      }
      if (Object.keys(mapped).length === 0) throw err;
      setErrors(mapped);
      return false;
    }
  }

  const reasonId = `${idPrefix}-reason`;
  return (
    <ConfirmDialog
      open={open}
      title={props.title}
      confirmLabel={props.confirmLabel}
      danger={props.danger}
      onConfirm={confirm}
      onClose={props.onClose}
    >
      {props.intro && <p>{props.intro}</p>}
      {fields.map((field) => (
        <Field
          key={field.key}
          label={field.label}
          hint={field.hint}
          name={`${idPrefix}-${field.key}`}
          type={field.type ?? 'text'}
          inputMode={field.inputMode}
          autocomplete="off"
          value={values[field.key] ?? ''}
          error={errors[field.key]}
          onInput={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, [field.key]: value }));
          }}
        />
      ))}
      <Field label="Reason" name={reasonId} hint="Required. Kept in the audit log." error={errors.reason}>
        {(control) => (
          <textarea
            {...control}
            class="input"
            rows={3}
            maxLength={REASON_MAX}
            required
            data-testid="action-reason"
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}

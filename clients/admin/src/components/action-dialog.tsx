import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { errorMessage } from './states';

/** The server's field errors by path ("reason", "to.code", "reward.amountCents" …). */
export type FieldErrors = Record<string, string>;

export interface ActionDialogProps {
  open: boolean;
  title: string;
  /** The submitting button's text, e.g. "Cancel referral". */
  submitLabel: string;
  /** A destructive action: the submitting button is red. */
  danger?: boolean;
  /** What the action does, in a sentence or two. */
  intro?: ComponentChildren;
  /** The required text field's label: "Reason" (the default) or "Note". */
  reasonLabel?: string;
  reasonHint?: string;
  /** The action's own fields, above the reason; given the server's field errors to show at each. */
  fields?: (errors: FieldErrors) => ComponentChildren;
  /** The fields' labels by the server's path (e.g. "reward.unit": "Currency"), for the error summary. */
  fieldLabels?: Record<string, string>;
  /**
   * Sends the action with the reason and this opening's idempotency key (a double submit applies once).
   * An ApiError shows in the dialog, its field errors at their fields; answering false keeps the dialog
   * open without an error (a field of the caller's says what is missing). Otherwise the dialog closes.
   */
  onSubmit: (reason: string, idempotencyKey: string) => Promise<void | false>;
  /** Back, Escape, or after onSubmit succeeded: the caller sets open to false. */
  onClose: () => void;
  testId?: string;
}

const REASON_MAX = 500;

/** A fresh idempotency key: a UUID (crypto.getRandomValues where randomUUID is not offered). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A field the portal checks itself, thrown from onSubmit: shown like the server's field errors. */
export function fieldProblem(field: string, message: string): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', message, [{ field, message }]);
}

function fieldErrorsOf(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const v of error.validationErrors ?? []) out[v.field] ??= v.message;
  }
  return out;
}

function alertText(error: unknown, labels: Record<string, string>): string {
  if (error instanceof ApiError && error.validationErrors?.length) {
    const named = error.validationErrors.map((v) => `${labels[v.field] ?? v.field}: ${v.message}`);
    return `Check ${named.length === 1 ? 'this field' : 'these fields'}. ${named.join('; ')}`;
  }
  return errorMessage(error);
}

/**
 * A modal form for one hand action (the native <dialog>): focus moves to its first field, Escape and
 * Back close it, focus returns to the button that opened it. A reason is required; the submit is
 * disabled while sending; the server's error shows as an alert, its field errors at the fields.
 * data-testid action-dialog (or testId), action-reason, action-submit, action-back, action-error.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { open, title, submitLabel, danger, intro, fields, onSubmit, onClose } = props;
  const { reasonLabel = 'Reason', reasonHint = 'Required. Kept with the action and in the audit log.' } =
    props;
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const key = useRef('');
  const sending = useRef(false);
  const titleId = useId();
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      key.current = newIdempotencyKey();
      setReason('');
      setReasonError(null);
      setError(undefined);
      dialog.showModal();
      dialog.querySelector<HTMLElement>('input, select, textarea')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const back = opener.current;
      if (back?.isConnected) back.focus();
    }
  }, [open]);

  const fieldErrors = fieldErrorsOf(error);
  const reasonProblem = reasonError ?? fieldErrors.reason ?? null;

  async function submit(event: Event) {
    event.preventDefault();
    if (sending.current) return;
    const text = reason.trim();
    if (!text || text.length > REASON_MAX) {
      setReasonError(text ? `At most ${REASON_MAX} characters` : `Enter a ${reasonLabel.toLowerCase()}`);
      reasonRef.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setError(undefined);
    try {
      if ((await onSubmit(text, key.current)) !== false) onClose();
    } catch (err) {
      setError(err);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      class="dialog dialog-form"
      data-testid={props.testId ?? 'action-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        // An edit answers the last refusal: its messages go until the next submit.
        onInput={() => {
          if (error !== undefined && !busy) setError(undefined);
        }}
        onChange={() => {
          if (error !== undefined && !busy) setError(undefined);
        }}
      >
        <h2 id={titleId} class="dialog-title">
          {title}
        </h2>
        <div class="dialog-body">
          {intro && <p>{intro}</p>}
          {open && fields?.(fieldErrors)}
          <div class={reasonProblem ? 'field field-invalid' : 'field'}>
            <label class="field-label" for={reasonId}>
              {reasonLabel}
            </label>
            <p class="field-hint" id={`${reasonId}-hint`}>
              {reasonHint}
            </p>
            <textarea
              ref={reasonRef}
              id={reasonId}
              name="reason"
              class="input"
              rows={3}
              maxLength={REASON_MAX}
              required
              aria-invalid={!!reasonProblem}
              aria-describedby={reasonProblem ? `${reasonId}-hint ${reasonId}-error` : `${reasonId}-hint`}
              data-testid="action-reason"
              value={reason}
              onInput={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
            />
            {reasonProblem && (
              <p class="field-error" id={`${reasonId}-error`} data-testid="error-reason">
                {reasonProblem}
              </p>
            )}
          </div>
        </div>
        {error !== undefined && (
          <p class="form-error" role="alert" data-testid="action-error">
            {alertText(error, { ...props.fieldLabels, reason: reasonLabel })}
          </p>
        )}
        <div class="dialog-actions">
          <button
            type="button"
            class="button button-secondary"
            data-testid="action-back"
            disabled={busy}
            onClick={onClose}
          >
            Back
          </button>
          <button
            type="submit"
            class={danger ? 'button button-danger' : 'button'}
            data-testid="action-submit"
            disabled={busy}
            aria-disabled={busy}
          >
            {busy ? 'Sending…' : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

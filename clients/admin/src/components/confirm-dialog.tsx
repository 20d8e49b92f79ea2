import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { errorMessage } from './states';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ComponentChildren;
  /** The confirming button's text, e.g. "Revoke key". */
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action: the confirming button is red. */
  danger?: boolean;
  /**
   * Runs the action; the dialog stays open and busy until it settles, and shows its error if it fails.
   * Answering false keeps it open without an error (a field in the dialog shows what is missing).
   */
  onConfirm: () => Promise<void | false> | void | false;
  /** Cancel, Escape, or after onConfirm succeeded: the caller sets open to false. */
  onClose: () => void;
}

/**
 * A modal confirmation (the native <dialog>: focus kept inside, Escape cancels, focus goes back to the
 * button that opened it). data-testid confirm-dialog, confirm-ok, confirm-cancel.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, cancelLabel = 'Cancel', danger, onConfirm, onClose } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  // Its own title id: a page may hold several dialogs (Install: Disconnect and Revoke SFTP key).
  const titleId = useId();
  const [error, setError] = useState<unknown>(undefined);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setError(undefined);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      if ((await onConfirm()) !== false) onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      class="dialog"
      data-testid="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} class="dialog-title">
        {title}
      </h2>
      {children && <div class="dialog-body">{children}</div>}
      {error !== undefined && (
        <p class="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <div class="dialog-actions">
        <button
          type="button"
          class="button button-secondary"
          data-testid="confirm-cancel"
          disabled={busy}
          onClick={onClose}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          class={danger ? 'button button-danger' : 'button'}
          data-testid="confirm-ok"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

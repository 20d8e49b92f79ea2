import { h } from '../widget/dom';
import type { Texts } from './i18n';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea,[tabindex]:not([tabindex="-1"])';

/**
 * POPUP mode: a button that opens the panel in a modal dialog. Focus moves into the dialog and stays
 * there (Tab wraps), Escape and the backdrop close it, and focus returns to the button.
 */
export function popup(root: ShadowRoot, panel: HTMLElement, t: Texts, onOpen: () => void): HTMLElement {
  const button = h(
    'button',
    { type: 'button', class: 'open', 'aria-haspopup': 'dialog', 'data-testid': 'open' },
    t.open,
  );
  const closeButton = h(
    'button',
    { type: 'button', class: 'close ghost', 'aria-label': t.close, 'data-testid': 'close' },
    '×',
  );
  const dialog = h(
    'dialog',
    { 'aria-labelledby': 'rw-title', 'aria-label': t.open, 'aria-modal': 'true', 'data-testid': 'dialog' },
    h('div', { class: 'card' }, closeButton, panel),
  );
  const close = () => {
    if (dialog.open) dialog.close();
    button.focus();
  };
  button.onclick = () => {
    dialog.showModal();
    closeButton.focus();
    onOpen();
  };
  closeButton.onclick = close;
  // The card fills the dialog, so a click whose target is the dialog itself landed on the backdrop.
  dialog.onclick = (event) => {
    if (event.target === dialog) close();
  };
  dialog.onkeydown = (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (element) => element.getClientRects().length > 0,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = root.activeElement;
      if (!dialog.contains(active) || active === (event.shiftKey ? first : last)) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      }
    }
  };
  // The browser's own cancel (e.g. a close request without a keydown) also restores focus.
  dialog.oncancel = (event) => {
    event.preventDefault();
    close();
  };
  return h('div', {}, button, dialog);
}

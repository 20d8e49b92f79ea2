import { h } from './dom';

/**
 * What the widget shows before its drawing script is there, or when that script or the data fail to
 * load: the loading and error states, with their texts and styles. They are in the library itself, so a
 * widget whose drawing script cannot load still says so and offers a retry.
 */
export interface ShellTexts {
  loading: string;
  error: string;
  retry: string;
}

export const SHELL_TEXTS: { en: ShellTexts } & Record<string, ShellTexts> = {
  en: { loading: 'Loading…', error: 'We could not load your referral details.', retry: 'Try again' },
  fr: {
    loading: 'Chargement…',
    error: 'Impossible de charger vos informations de parrainage.',
    retry: 'Réessayer',
  },
  de: {
    loading: 'Wird geladen…',
    error: 'Ihre Empfehlungsdaten konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
  },
};

/**
 * The panel, its buttons and the two states, scoped by the widget's shadow root. The merchant's CSS
 * custom properties (--referral-accent, --referral-font, --referral-bg, --referral-text) cross the
 * shadow boundary; the rest stays inside. Greys are translucent so they work on any background colour.
 */
export const SHELL_STYLES = `
:host{display:block;--a:var(--referral-accent,#4f46e5);--f:var(--referral-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);--b:var(--referral-bg,#fff);--t:var(--referral-text,#1f2937)}
:host([hidden]){display:none}
*{box-sizing:border-box}
.panel{font:15px/1.5 var(--f);color:var(--t);background:var(--b);border:1px solid rgba(127,127,127,.25);border-radius:12px;padding:20px;width:100%;overflow-wrap:anywhere}
p{margin:0}
button{font:inherit;font-weight:600;cursor:pointer;border-radius:8px;padding:8px 14px;border:1px solid var(--a);background:var(--a);color:#fff;min-width:6em}
button.ghost{background:transparent;color:inherit;border-color:rgba(127,127,127,.5)}
:focus-visible{outline:3px solid var(--a);outline-offset:2px}
.state{display:flex;flex-direction:column;align-items:center;gap:12px;padding:24px 0;text-align:center}
.spin{width:24px;height:24px;border:3px solid rgba(127,127,127,.25);border-top-color:var(--a);border-radius:50%;animation:s 1s linear infinite}
@keyframes s{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spin{animation:none}}
@media (max-width:420px){.panel{padding:16px;font-size:14px}button{padding:8px 10px}}
`;

export function renderLoading(panel: HTMLElement, t: ShellTexts): void {
  panel.replaceChildren(
    h(
      'p',
      { class: 'state', role: 'status', 'data-testid': 'loading' },
      h('span', { class: 'spin' }),
      t.loading,
    ),
  );
}

export function renderError(panel: HTMLElement, t: ShellTexts, retry: () => void): void {
  const button = h('button', { type: 'button', class: 'ghost' }, t.retry);
  button.onclick = retry;
  panel.replaceChildren(
    h('div', { class: 'state error', role: 'alert', 'data-testid': 'error' }, h('p', {}, t.error), button),
  );
}

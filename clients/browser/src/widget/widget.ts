import { clientError, request, userPath } from '../http';
import { jwtUser } from '../jwt';
import { pickTag, textsFor } from '../locale';
import { tenantFor } from '../tenant';
import type { WidgetApi, WidgetData } from '../widget-drawing/types';
import { h } from './dom';
import type { WidgetDrawing } from './drawing-api';
import { loadWidgetDrawing } from './load-drawing';
import { renderError, renderLoading, SHELL_STYLES, SHELL_TEXTS } from './shell';

export interface WidgetOptions {
  /** The host element (or a selector): EMBED renders into it; POPUP puts its button there (default: body). */
  element?: Element | string;
  mode?: 'EMBED' | 'POPUP';
  jwt: string;
  tenant_alias?: string;
  account_id?: string;
  user_id?: string;
  locale?: string;
  /** A program other than the default: its offer and texts, the user's code in it, its friends. */
  programId?: string;
}

export interface WidgetHandle {
  /** Reads the widget route again and re-renders (the current content stays until the answer arrives). */
  refresh(): Promise<void>;
}

function hostElement(options: WidgetOptions): Element {
  const { element, mode } = options;
  const found = typeof element === 'string' ? document.querySelector(element) : element;
  if (found instanceof Element) return found;
  if (element === undefined && mode === 'POPUP')
    return document.body.appendChild(document.createElement('div'));
  throw clientError('widget: element must be an element or a selector that matches one');
}

/**
 * Renders the referrer widget in the host's shadow root from GET /open/account/{a}/user/{u}/widget.
 * The drawing code is a second script (./load-drawing.ts), fetched on the first call at the same time
 * as the data. Resolves once the data is shown; a failed load of either shows the error state (with a
 * retry) and rejects. POPUP mode shows its button once the drawing script is there, and the error state
 * in its place when that script does not load.
 */
export async function widget(options: WidgetOptions): Promise<WidgetHandle> {
  if (!options || !options.jwt) throw clientError('widget: jwt is required');
  const tenant = tenantFor(options.tenant_alias);
  const claims = jwtUser(options.jwt);
  const accountId = options.account_id || claims.accountId;
  const userId = options.user_id || claims.id;
  if (!tenant) throw clientError('tenant_alias is required (or data-tenant on the script tag)');
  if (!accountId || !userId) throw clientError('account_id and user_id are required');
  const host = hostElement(options);
  const { tag, texts } = textsFor(pickTag(options.locale), SHELL_TEXTS);

  let root: ShadowRoot;
  try {
    root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  } catch {
    throw clientError('widget: this element cannot hold a shadow root (use a div)');
  }
  const panel = h('section', { class: 'panel', 'aria-labelledby': 'rw-title', 'aria-busy': 'false' });
  const program = options.programId ? `&programId=${encodeURIComponent(options.programId)}` : '';
  const user = userPath(tenant, accountId, userId);
  const path = `${user}/widget?locale=${encodeURIComponent(tag)}${program}`;
  const api: WidgetApi = {
    loadMore: (cursor) =>
      request<WidgetData>('GET', `${path}&cursor=${encodeURIComponent(cursor)}`, { jwt: options.jwt }),
    payouts: () => request('GET', `${user}/payouts`, { jwt: options.jwt }),
    setPayoutMethod: (body) => request('PUT', `${user}/payout-method`, { jwt: options.jwt, body }),
  };
  const style = h('style', {}, SHELL_STYLES);
  const popup = options.mode === 'POPUP';
  root.replaceChildren(style, ...(popup ? [] : [panel]));

  let drawn: WidgetDrawing | undefined;
  /** The drawing script, and once it is there its styles (and POPUP's button, the panel in its dialog). */
  const drawing = async (): Promise<WidgetDrawing> => {
    if (drawn) return drawn;
    const loaded = await loadWidgetDrawing();
    if (!drawn) {
      drawn = loaded;
      const drawingStyle = h('style', {}, loaded.styles);
      const content = popup
        ? loaded.popup(root, panel, tag, texts, () => void refresh().catch(() => undefined))
        : panel;
      root.replaceChildren(style, drawingStyle, content);
    }
    return drawn;
  };
  let loads = 0;
  const load = async (): Promise<void> => {
    const mine = ++loads;
    if (!panel.firstChild) renderLoading(panel, texts);
    panel.setAttribute('aria-busy', 'true');
    try {
      const [draw, data] = await Promise.all([
        drawing(),
        request<WidgetData>('GET', path, { jwt: options.jwt }),
      ]);
      if (mine === loads) draw.render(panel, data, tag, texts, api);
    } catch (err) {
      if (mine === loads) {
        // POPUP without its drawing script: the error state where its button would be.
        if (!root.contains(panel)) root.replaceChildren(style, panel);
        renderError(panel, texts, () => void refresh().catch(() => undefined));
      }
      throw err;
    } finally {
      if (mine === loads) panel.setAttribute('aria-busy', 'false');
    }
  };
  // A retry starts from the loading state again, so the visitor sees it is trying.
  const refresh = (): Promise<void> => {
    if (panel.querySelector('[data-testid="error"]')) panel.replaceChildren();
    return load();
  };

  await load();
  return { refresh };
}

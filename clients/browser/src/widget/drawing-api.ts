import type { WidgetApi, WidgetData } from '../widget-drawing/types';
import type { ShellTexts } from './shell';

/**
 * What the widget's drawing script (clients/browser/src/widget-drawing, a second script the library
 * loads on the first widget() call) hands the library: the panel's content for an answer of the widget
 * route (with the calls it may make as the user, WidgetApi), POPUP mode's button and dialog, and its styles. It announces itself by dispatching
 * DRAWING_EVENT, with this object as the detail, on its own script element while it runs, so no
 * global is involved.
 */
export interface WidgetDrawing {
  styles: string;
  render(panel: HTMLElement, data: WidgetData, tag: string, shell: ShellTexts, api: WidgetApi): void;
  popup(
    root: ShadowRoot,
    panel: HTMLElement,
    tag: string,
    shell: ShellTexts,
    onOpen: () => void,
  ): HTMLElement;
}

export const DRAWING_EVENT = 'referral-widget-drawing';

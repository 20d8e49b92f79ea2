import { DRAWING_EVENT, type WidgetDrawing } from '../widget/drawing-api';
import { drawingTexts } from './i18n';
import { popup } from './popup';
import { STYLES } from './styles';
import { renderData } from './view';

/**
 * The widget's drawing script: a second classic script, loaded by the library on the first widget()
 * call (../widget/load-drawing.ts) and built by clients/browser/build.ts with its own size budget. It
 * hands its drawing functions to the library on its own script element, while it runs.
 */
const drawing: WidgetDrawing = {
  styles: STYLES,
  render: (panel, data, tag, shell, api) => renderData(panel, data, tag, drawingTexts(tag, shell), api),
  popup: (root, panel, tag, shell, onOpen) => popup(root, panel, drawingTexts(tag, shell), onOpen),
};
document.currentScript?.dispatchEvent(new CustomEvent(DRAWING_EVENT, { detail: drawing }));

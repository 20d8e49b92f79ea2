import { env } from '../env';
import type { ApiError } from '../http';
import { DRAWING_EVENT, type WidgetDrawing } from './drawing-api';

/** Set by clients/browser/build.ts: the drawing script's content-hashed file name and its SHA-384. */
declare const __WIDGET_DRAWING_FILE__: string;
declare const __WIDGET_DRAWING_INTEGRITY__: string;

let loading: Promise<WidgetDrawing> | undefined;

/**
 * Loads the widget's drawing script once, from the folder the library came from: a classic script tag
 * with the script's Subresource Integrity hash (a changed byte is refused) and the library's CSP nonce.
 * A failed load rejects like a network error and is not remembered, so a retry fetches it again.
 */
export function loadWidgetDrawing(): Promise<WidgetDrawing> {
  loading ??= new Promise<WidgetDrawing>((resolve, reject) => {
    const script = document.createElement('script');
    let drawing: WidgetDrawing | undefined;
    script.addEventListener(DRAWING_EVENT, (event) => {
      drawing = (event as CustomEvent<WidgetDrawing>).detail;
    });
    const fail = () => {
      script.remove();
      loading = undefined;
      const error: ApiError = {
        statusCode: 0,
        message: `Network error: the widget's drawing script did not load from ${script.src}`,
        apiErrorCode: 'NETWORK_ERROR',
      };
      reject(error);
    };
    script.onload = () => (drawing ? resolve(drawing) : fail());
    script.onerror = fail;
    script.src = env.scripts + __WIDGET_DRAWING_FILE__;
    script.integrity = __WIDGET_DRAWING_INTEGRITY__;
    script.crossOrigin = 'anonymous';
    if (env.nonce) script.nonce = env.nonce;
    document.head.appendChild(script);
  });
  return loading;
}

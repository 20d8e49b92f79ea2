/**
 * The live preview of a template: the subject, the HTML part and the text part.
 *
 * The HTML part is e-mail HTML with inline styles, which the portal's CSP (no inline style) would strip,
 * and a srcdoc or blob: frame inherits that CSP. It is never put into the portal's DOM: its <body> goes,
 * as XHTML, into an SVG <foreignObject>, shown as an <img> of a data: URL. An image document runs no
 * script, loads nothing, takes no clicks and keeps its own inline styles, so the operator sees the
 * e-mail as a mail client draws it. Should it not draw, the Text part still shows the words.
 */
import { useState } from 'preact/hooks';
import { Loading } from '../../components';

/** The width the e-mail is drawn at: a desktop mail client's, or a phone's on a phone. */
const WIDE = 600;
const NARROW = 360;

/** A generous estimate of the rendered e-mail's height (the image must have one). */
function estimateHeight(text: string, width: number): number {
  const perLine = width >= WIDE ? 62 : 34;
  const lines = text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / perLine)), 0);
  return Math.min(6000, 150 + lines * 24);
}

const VOID = /<(area|base|br|col|hr|img|input|link|meta|source|wbr)\b([^>]*?)\/?>/gi;

/**
 * The e-mail's HTML as an SVG image's data: URL, its <body> as the foreignObject's XHTML root. The
 * rendering (template-render.ts) writes well-formed markup with XML's entities only; void elements are
 * closed here. Built as a string: parsing it in the page (DOMParser) would meet the page's CSP.
 */
export function mailImageUrl(html: string, text: string, width = WIDE): string {
  const open = html.search(/<body\b/i);
  const close = html.search(/<\/body>/i);
  const inner = open >= 0 && close > open ? html.slice(open, close) : `<body>${html}`;
  const body = inner
    .replace(/^<body\b/i, '<div xmlns="http://www.w3.org/1999/xhtml"')
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(VOID, '<$1$2/>');
  const height = estimateHeight(text, width);
  // The e-mail's own background fills the image below its content.
  const fill = /^<div[^>]*background:\s*(#[0-9a-fA-F]{3,6})/.exec(body)?.[1] ?? '#ffffff';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${fill}"/><foreignObject x="0" y="0" width="${width}" height="${height}">${body}</div></foreignObject></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface PreviewValue {
  subject: string;
  html: string;
  text: string;
}

export function TemplatePreview({
  preview,
  pending,
  problem,
}: {
  preview: PreviewValue | null;
  pending: boolean;
  /** Why the current draft has no preview (an unknown variable …). */
  problem: string | null;
}) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  const [broken, setBroken] = useState<string | null>(null);
  const narrow = window.matchMedia('(max-width: 700px)').matches;
  return (
    <div class="mail-preview" data-testid="preview" aria-busy={pending}>
      <div class="mail-preview-head">
        <h3 class="mail-preview-title">Preview</h3>
        <div class="segmented" role="group" aria-label="Part of the e-mail">
          {(['html', 'text'] as const).map((p) => (
            <button
              key={p}
              type="button"
              class="segmented-button"
              aria-pressed={part === p}
              data-testid={`preview-part-${p}`}
              onClick={() => setPart(p)}
            >
              {p === 'html' ? 'HTML' : 'Text'}
            </button>
          ))}
        </div>
      </div>
      <p class="table-note">With example values: Alex refers Sam.</p>
      {problem && (
        <p class="form-error" role="alert" data-testid="preview-problem">
          No preview: {problem}
        </p>
      )}
      {!preview ? (
        !problem && <Loading label="Rendering the preview…" />
      ) : (
        <div class={problem ? 'mail-preview-body stale' : 'mail-preview-body'}>
          <p class="mail-preview-subject">
            <span class="muted-text">Subject: </span>
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          {part === 'html' && broken === preview.html ? (
            <p class="field-hint" data-testid="preview-html-broken">
              This HTML can’t be drawn here; the Text part shows its words.
            </p>
          ) : part === 'html' ? (
            <img
              onError={() => setBroken(preview.html)}
              class="mail-preview-image"
              src={mailImageUrl(preview.html, preview.text, narrow ? NARROW : WIDE)}
              alt={`The HTML e-mail: ${preview.text}`}
              data-testid="preview-html"
            />
          ) : (
            <pre class="mail-preview-text" data-testid="preview-text">
              {preview.text}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}

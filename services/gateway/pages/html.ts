import type { Context } from 'koa';

/*
 * Server-rendered pages (the hosted share-link landing page) are built only with the html`` template
 * below: every interpolated value is escaped, so a name like `<img src=x onerror=alert(1)>` is shown as
 * text. Only markup made by html`` itself is inserted as it is.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup built by html``: already escaped, so inserting it into another html`` keeps it as it is. */
export class SafeHtml {
  constructor(readonly text: string) {}
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A template whose values are escaped (text and double-quoted attribute values alike); arrays are joined. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/**
 * Scripts and styles only from the gateway itself (no inline code, no CDN), nothing else loaded, no
 * framing, no forms, no <base>.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Sends a hosted page with its security headers; never cached (each visit of a share link counts). */
export function sendPage(ctx: Context, status: number, page: SafeHtml): void {
  ctx.status = status;
  ctx.set({
    'Content-Security-Policy': PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  });
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html>\n${page.text}`;
}

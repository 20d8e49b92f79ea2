import { AppError } from '../../errors';

/**
 * Notification templates: a subject line and a plain-text body with `{{variable}}` places, paragraphs
 * parted by a blank line. The text part is the body with the values in; the HTML part is the same with
 * every value HTML-escaped, links made clickable, in an e-mail layout with inline styles only.
 */

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const URL_TEXT = /https?:\/\/[^\s<>"'{}]+[^\s<>"'{}.,;:!?)\]]/g;
/** Variables whose values are links, linked in the HTML part. */
const LINK_VARIABLES = new Set(['shareLink', 'unsubscribeUrl', 'link', 'portal']);

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_BODY_LENGTH = 10_000;

/** The variable names a text uses, in order, each once. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/**
 * Refuses a subject or body that names a variable its kind does not have: VALIDATION_FAILED naming the
 * field and the variable (`unknown variable {{referrer.nmae}}`).
 */
export function checkTemplate(allowed: readonly string[], text: { subject: string; body: string }): void {
  const issues: { path: string; message: string }[] = [];
  for (const field of ['subject', 'body'] as const) {
    for (const name of templateVariables(text[field])) {
      if (!allowed.includes(name)) issues.push({ path: field, message: `unknown variable {{${name}}}` });
    }
  }
  if (issues.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid input: ${issues.map((i) => `${i.path}: ${i.message}`).join(', ')}`,
      {
        validationErrors: issues,
      },
    );
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (_, name: string) => values[name] ?? '');
}

function link(url: string): string {
  const href = escapeHtml(url);
  return `<a href="${href}" style="color:#1a56db;text-decoration:underline">${href}</a>`;
}

function linkify(literal: string): string {
  let out = '';
  let last = 0;
  for (const m of literal.matchAll(URL_TEXT)) {
    out += escapeHtml(literal.slice(last, m.index)) + link(m[0]);
    last = m.index + m[0].length;
  }
  return out + escapeHtml(literal.slice(last));
}

/** One paragraph as HTML: literal text linkified, values escaped (links for the link variables). */
function paragraphHtml(paragraph: string, values: Record<string, string>): string {
  let out = '';
  let last = 0;
  for (const m of paragraph.matchAll(VARIABLE)) {
    out += linkify(paragraph.slice(last, m.index));
    const name = m[1]!;
    const value = values[name] ?? '';
    out += LINK_VARIABLES.has(name) && /^https?:\/\//.test(value) ? link(value) : escapeHtml(value);
    last = m.index + m[0].length;
  }
  out += linkify(paragraph.slice(last));
  return out.replace(/\r?\n/g, '<br>');
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailLayout {
  /** Shown at the top (the program's name). */
  title: string;
  /** #rrggbb for the top rule; default a neutral grey. */
  accent?: string | null;
  /** html lang. */
  lang: string;
}

function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The subject, HTML part and text part of a template with these values. */
export function renderTemplate(
  template: { subject: string; body: string },
  values: Record<string, string>,
  layout: MailLayout,
): RenderedMail {
  const subject = fill(template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = `${paragraphs(fill(template.body, values)).join('\n\n')}\n`;
  const body = paragraphs(template.body)
    .map((p) => `<p style="margin:0 0 16px 0;font-size:15px;line-height:1.5">${paragraphHtml(p, values)}</p>`)
    .join('\n');
  const accent = layout.accent && /^#[0-9a-fA-F]{6}$/.test(layout.accent) ? layout.accent : '#4b5563';
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(layout.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-top:4px solid ${accent};border-radius:4px">
<tr><td style="padding:24px 28px 8px 28px;font-size:18px;font-weight:bold">${escapeHtml(layout.title)}</td></tr>
<tr><td style="padding:8px 28px 16px 28px">
${body}
</td></tr></table>
</td></tr></table>
</body></html>
`;
  return { subject, html, text };
}

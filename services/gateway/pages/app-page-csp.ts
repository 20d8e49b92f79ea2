/**
 * The Content-Security-Policy of the gateway's script-driven pages (the admin portal and the API
 * reference at /docs): their own scripts and styles only (no inline code, no CDN), calls only to this
 * origin, images from here or data: URIs, no framing, forms posting only here. One policy, so the two
 * pages cannot drift apart; each page's browser test checks it raises no violation.
 */
export const APP_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of such a page's HTML document: the policy, no sniffing, no referrer, no framing. */
export const APP_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': APP_PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
};

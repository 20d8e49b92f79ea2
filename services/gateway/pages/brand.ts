/**
 * A program's brand colour on the hosted pages. Our CSP forbids inline styles, so the colour is a
 * stylesheet of its own at /brand/{rrggbb}.css: keyed by the colour alone (nothing about a tenant), the
 * same for every program with that colour, cacheable for a year. The text on the colour is white or
 * black, whichever contrasts more: one of them always reaches 4.5:1 (WCAG AA for body text).
 */

function channel(hex: string): number {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of #rrggbb. */
export function luminance(color: string): number {
  const r = channel(color.slice(1, 3));
  const g = channel(color.slice(3, 5));
  const b = channel(color.slice(5, 7));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or black, whichever is more legible on `color`. */
export function textColorOn(color: string): '#ffffff' | '#000000' {
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, '#000000') ? '#ffffff' : '#000000';
}

export const BRAND_COLOR_FORMAT = /^[0-9a-f]{6}$/;

/** The stylesheet of a colour (lower-case rrggbb, no #), in light and dark mode alike. */
export function brandStylesheet(rrggbb: string): string {
  const color = `#${rrggbb}`;
  const text = textColorOn(color);
  const vars = `--accent: ${color}; --accent-text: ${text};`;
  return `:root { ${vars} }\n@media (prefers-color-scheme: dark) { :root { ${vars} } }\n`;
}

/** Where a page links its brand colour's stylesheet. */
export function brandStylesheetHref(color: string): string {
  return `/brand/${color.slice(1).toLowerCase()}.css`;
}

import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { imageVersion } from '../../../shared/domain/referrals/share-images';
import type { LandingPageView } from '../../../shared/domain/referrals/share-links';
import { textColorOn } from './brand';
import { escapeHtml } from './html';
import type { PageLanguage } from './landing-i18n';

/**
 * The 1200x630 link-preview image of a share link: the program's name and logo, "Maya gave you 10% off"
 * and the code on the brand colour. Rendered by resvg with the bundled DejaVu fonts only (never the
 * system's, so every gateway draws the same pixels).
 */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => path.join(FONT_DIR, f));
const DEFAULT_COLOR = '#4f46e5';

export interface ShareImageInput {
  programName: string;
  headline: string;
  code: string;
  brandColor: string | null;
  /** The program's logo as re-encoded PNG, or null. */
  logoPng: Buffer | null;
}

/** Everything the image shows, hashed: the image's version (a changed setting renders a new image). */
export function shareImageVersion(view: LandingPageView, lang: PageLanguage): string {
  return imageVersion([
    view.programName,
    view.referrerFirstName,
    view.referredDiscountPercent,
    view.code,
    view.brand.brandColor,
    view.brand.logoHash,
    view.brand.landingHeadline,
    lang,
  ]);
}

/** /share-images/{tenant}/{code}-{lang}.png?v={version}: a new URL for every version. */
export function shareImagePath(view: LandingPageView, lang: PageLanguage): string {
  const file = `${encodeURIComponent(view.code)}-${lang}.png`;
  return `/share-images/${encodeURIComponent(view.tenantAlias)}/${file}?v=${shareImageVersion(view, lang)}`;
}

/** Words in lines of at most `max` characters, at most `lines` lines (the last one ellipsised). */
function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= max || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1]!.slice(0, max - 1)}…`;
  }
  return out.map((l) => (l.length > max ? `${l.slice(0, max - 1)}…` : l));
}

export function renderShareImage(input: ShareImageInput): Buffer {
  const color = input.brandColor ?? DEFAULT_COLOR;
  const ink = textColorOn(color);
  const x = escapeHtml;
  const headline = wrap(input.headline, 24, 3)
    .map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : 84}">${x(l)}</tspan>`)
    .join('');
  const logo = input.logoPng
    ? `<image href="data:image/png;base64,${input.logoPng.toString('base64')}" x="80" y="60" width="240" height="96" preserveAspectRatio="xMinYMid meet"/>`
    : '';
  const nameY = input.logoPng ? 210 : 130;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${color}"/>
  ${logo}
  <text x="80" y="${nameY}" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="${ink}" fill-opacity="0.85">${x(wrap(input.programName, 44, 1)[0] ?? '')}</text>
  <text x="80" y="${nameY + 110}" font-family="DejaVu Sans" font-weight="bold" font-size="72" fill="${ink}">${headline}</text>
  <rect x="80" y="500" width="${Math.min(1040, 120 + input.code.length * 34)}" height="80" rx="16" fill="${ink}"/>
  <text x="120" y="554" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="${color}">${x(input.code)}</text>
</svg>`;
  const resvg = new Resvg(svg, {
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'original' },
  });
  return resvg.render().asPng();
}

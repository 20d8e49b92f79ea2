import { fillLandingText, logoPath } from '../../../shared/domain/tenants/hosted-page-settings';
import type { LandingPageView, PageBrand } from '../../../shared/domain/referrals/share-links';
import { brandStylesheetHref } from './brand';
import { html, type SafeHtml } from './html';
import { PAGE_TEXTS, type PageLanguage, type PageTexts } from './landing-i18n';
import { staticAsset } from './static-assets';

/** What a page needs besides its view: the friend's language and, for link previews, absolute URLs. */
export interface PageContext {
  lang: PageLanguage;
  /** PUBLIC_URL (or the custom host's origin): the base of the logo and image URLs in the tags. */
  publicUrl: string;
}

/** Link-preview tags (Open Graph, Twitter card) with absolute URLs. */
interface Preview {
  title: string;
  description: string;
  url: string;
  image: string;
  siteName: string;
}

function previewTags(preview: Preview | undefined, lang: PageLanguage): SafeHtml | '' {
  if (!preview) return '';
  const locale = { en: 'en_US', fr: 'fr_FR', de: 'de_DE' }[lang];
  return html`<meta name="description" content="${preview.description}" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="${preview.siteName}" />
    <meta property="og:title" content="${preview.title}" />
    <meta property="og:description" content="${preview.description}" />
    <meta property="og:url" content="${preview.url}" />
    <meta property="og:image" content="${preview.image}" />
    <meta property="og:image:type" content="image/png" />
    <meta property="og:image:width" content="1200" />
    <meta property="og:image:height" content="630" />
    <meta property="og:image:alt" content="${preview.title}" />
    <meta property="og:locale" content="${locale}" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content="${preview.title}" />
    <meta name="twitter:description" content="${preview.description}" />
    <meta name="twitter:image" content="${preview.image}" />`;
}

/** The page around a card: phone-sized viewport, the gateway's own stylesheets and script, no indexing. */
function layout(
  page: { title: string; lang: PageLanguage; brand: PageBrand | null; preview?: Preview },
  card: SafeHtml,
  withScript: boolean,
): SafeHtml {
  const script = withScript ? html`<script src="${staticAsset('landing.js').href}" defer></script>` : '';
  const color = page.brand?.brandColor;
  const brandCss = color ? html`<link rel="stylesheet" href="${brandStylesheetHref(color)}" />` : '';
  return html`<html lang="${page.lang}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <title>${page.title}</title>
      ${previewTags(page.preview, page.lang)}
      <link rel="stylesheet" href="${staticAsset('landing.css').href}" />
      ${brandCss} ${script}
    </head>
    <body>
      <main class="card">${card}</main>
    </body>
  </html> `;
}

/** "10% off" in the friend's language, or '' without a discount. */
function offerText(view: LandingPageView, t: PageTexts): string {
  return view.referredDiscountPercent > 0 ? t.offer(view.referredDiscountPercent) : '';
}

/** "Jane gave you 10% off", or what is left of it without a name or a discount. */
export function offerHeadline(view: LandingPageView, t: PageTexts = PAGE_TEXTS.en): string {
  const name = view.referrerFirstName;
  const offer = offerText(view, t);
  if (offer) return name ? t.gaveYouOff(name, offer) : t.givenOff(offer);
  return name ? t.invitedYou(name, view.programName) : t.invited(view.programName);
}

/** A program text with its variables filled in ({name} without a name: the program's name). */
function programText(text: string, view: LandingPageView, t: PageTexts): string {
  return fillLandingText(text, {
    name: view.referrerFirstName ?? view.programName,
    offer: offerText(view, t),
    program: view.programName,
  });
}

/** Only an http(s) URL becomes a link (the program settings allow nothing else; checked again here). */
function continueLink(url: string | null, label: string | null, t: PageTexts): SafeHtml | '' {
  if (!url || !/^https?:\/\//i.test(url)) return '';
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return '';
  }
  return html`<a class="website" href="${url}" rel="noopener noreferrer">${label ?? t.continueTo(host)}</a>`;
}

function logo(brand: PageBrand | null, alias: string, programName: string, t: PageTexts): SafeHtml | '' {
  if (!brand?.logoHash) return '';
  return html`<img class="logo" src="${logoPath(alias, brand.logoHash)}" alt="${t.logoAlt(programName)}" />`;
}

/**
 * The hosted landing page of a share link whose program has no landing URL: who invited the friend and
 * the offer (or the program's own headline and text), the code (selectable without JavaScript;
 * landing.js adds a copy button with a "Copied" state) and the continue link to the merchant's site,
 * which carries rsCode so the browser library there keeps the code. In the friend's language.
 */
export function landingPage(
  view: LandingPageView,
  context: PageContext,
  preview?: { url: string; image: string },
): SafeHtml {
  const t = PAGE_TEXTS[context.lang];
  const { brand } = view;
  const headline = brand.landingHeadline
    ? programText(brand.landingHeadline, view, t)
    : offerHeadline(view, t);
  const lead = brand.landingText
    ? programText(brand.landingText, view, t)
    : view.referredDiscountPercent > 0
      ? t.leadWithDiscount(view.programName)
      : t.lead(view.programName);
  const button = brand.landingButtonText ? programText(brand.landingButtonText, view, t) : null;
  const card = html`${logo(brand, view.tenantAlias, view.programName, t)}
    <p class="eyebrow">${view.programName}</p>
    <h1>${headline}</h1>
    <p class="lead">${lead}</p>
    <div class="code-box">
      <span class="code-label" id="code-label">${t.yourCode}</span>
      <code class="code" id="code" tabindex="0" aria-labelledby="code-label">${view.code}</code>
      <button
        type="button"
        class="copy"
        id="copy"
        data-copied-label="${t.copied}"
        data-copied-status="${t.copiedStatus}"
        hidden
      >
        ${t.copy}
      </button>
    </div>
    <p class="status" id="copy-status" role="status" aria-live="polite"></p>
    ${continueLink(view.continueUrl, button, t)}`;
  const title = `${headline} · ${view.programName}`;
  const previewTagsOf = preview && {
    ...preview,
    title: headline,
    description: lead,
    siteName: view.programName,
  };
  return layout({ title, lang: context.lang, brand, preview: previewTagsOf }, card, true);
}

/**
 * One page for every unknown share link (unknown tenant or unknown code alike: nothing tells them apart).
 * On a program's custom host the tenant is known from the host, so the page takes its brand.
 */
export function notFoundPage(
  context: PageContext = { lang: 'en', publicUrl: '' },
  branded?: { alias: string; programName: string; brand: PageBrand },
): SafeHtml {
  const t = PAGE_TEXTS[context.lang];
  const brand = branded?.brand ?? null;
  const card = html`${branded ? logo(brand, branded.alias, branded.programName, t) : ''}
    <p class="eyebrow">${branded?.programName ?? t.notFoundEyebrow}</p>
    <h1>${t.notFoundTitle}</h1>
    <p class="lead">${t.notFoundText}</p>`;
  return layout({ title: t.notFoundTitle, lang: context.lang, brand }, card, false);
}

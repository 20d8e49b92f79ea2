import type { LandingPageView } from '../../../shared/domain/share-links';
import { html, type SafeHtml } from './html';
import { staticAsset } from './static-assets';

/** The page around a card: phone-sized viewport, the gateway's own stylesheet and script, no indexing. */
function layout(title: string, card: SafeHtml, withScript: boolean): SafeHtml {
  const script = withScript ? html`<script src="${staticAsset('landing.js').href}" defer></script>` : '';
  return html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <title>${title}</title>
      <link rel="stylesheet" href="${staticAsset('landing.css').href}" />
      ${script}
    </head>
    <body>
      <main class="card">${card}</main>
    </body>
  </html> `;
}

/** "Jane gave you 10% off", or what is left of it without a name or a discount. */
export function offerHeadline(view: LandingPageView): string {
  const name = view.referrerFirstName;
  const percent = view.referredDiscountPercent;
  if (percent > 0) return name ? `${name} gave you ${percent}% off` : `You've been given ${percent}% off`;
  return name ? `${name} invited you to ${view.programName}` : `You've been invited to ${view.programName}`;
}

/** Only an http(s) URL becomes a link (the program settings allow nothing else; checked again here). */
function websiteLink(url: string | null): SafeHtml | '' {
  if (!url || !/^https?:\/\//i.test(url)) return '';
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return '';
  }
  return html`<a class="website" href="${url}" rel="noopener noreferrer">Continue to ${host}</a>`;
}

/**
 * The hosted landing page of a share link whose program has no landing URL: who invited the friend and
 * the offer, the code (selectable without JavaScript; landing.js adds a copy button with a "Copied"
 * state) and the program's website when set. English only.
 */
export function landingPage(view: LandingPageView): SafeHtml {
  const headline = offerHeadline(view);
  const lead =
    view.referredDiscountPercent > 0
      ? `Use this code when you sign up with ${view.programName} to get your discount.`
      : `Use this code when you sign up with ${view.programName}.`;
  const card = html`<p class="eyebrow">${view.programName}</p>
    <h1>${headline}</h1>
    <p class="lead">${lead}</p>
    <div class="code-box">
      <span class="code-label" id="code-label">Your code</span>
      <code class="code" id="code" tabindex="0" aria-labelledby="code-label">${view.code}</code>
      <button type="button" class="copy" id="copy" data-copied-label="Copied" hidden>Copy code</button>
    </div>
    <p class="status" id="copy-status" role="status" aria-live="polite"></p>
    ${websiteLink(view.websiteUrl)}`;
  return layout(`${headline} · ${view.programName}`, card, true);
}

/** One page for every unknown share link (unknown tenant or unknown code alike: nothing tells them apart). */
export function notFoundPage(): SafeHtml {
  const card = html`<p class="eyebrow">Referral link</p>
    <h1>This link doesn't work</h1>
    <p class="lead">
      It may be mistyped, or it is no longer active. Ask the person who shared it to send it again.
    </p>`;
  return layout('Link not found', card, false);
}

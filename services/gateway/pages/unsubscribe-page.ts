import { html, type SafeHtml } from './html';
import type { PageLanguage } from './landing-i18n';
import { staticAsset } from './static-assets';

/** The one-click unsubscribe pages (routes/unsubscribe.routes.ts): a confirmation with a button, and done. */
const TEXTS: Record<
  PageLanguage,
  {
    title: string;
    ask: (email: string) => string;
    button: string;
    done: (email: string) => string;
    invalid: string;
  }
> = {
  en: {
    title: 'Unsubscribe',
    ask: (email) => `Stop e-mails about this referral program to ${email}?`,
    button: 'Unsubscribe',
    done: (email) => `${email} will get no more e-mails about this referral program.`,
    invalid: 'This unsubscribe link is not valid.',
  },
  fr: {
    title: 'Se désinscrire',
    ask: (email) => `Ne plus envoyer d’e-mails sur ce programme de parrainage à ${email} ?`,
    button: 'Se désinscrire',
    done: (email) => `${email} ne recevra plus d’e-mails sur ce programme de parrainage.`,
    invalid: 'Ce lien de désinscription n’est pas valide.',
  },
  de: {
    title: 'Abmelden',
    ask: (email) => `Keine E-Mails mehr zu diesem Empfehlungsprogramm an ${email} senden?`,
    button: 'Abmelden',
    done: (email) => `${email} erhält keine E-Mails mehr zu diesem Empfehlungsprogramm.`,
    invalid: 'Dieser Abmeldelink ist nicht gültig.',
  },
};

/** Like the hosted pages' CSP, but the confirmation's form may post to the gateway itself. */
export const UNSUBSCRIBE_PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function shell(lang: PageLanguage, card: SafeHtml): SafeHtml {
  return html`<html lang="${lang}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <title>${TEXTS[lang].title}</title>
      <link rel="stylesheet" href="${staticAsset('landing.css').href}" />
    </head>
    <body>
      <main class="card">${card}</main>
    </body>
  </html>`;
}

/** GET: asks, with a button that POSTs the RFC 8058 body (a GET alone never unsubscribes). */
export function unsubscribeConfirmPage(lang: PageLanguage, email: string, action: string): SafeHtml {
  const t = TEXTS[lang];
  return shell(
    lang,
    html`<h1>${t.title}</h1>
      <p class="lead">${t.ask(email)}</p>
      <form method="post" action="${action}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit" class="copy">${t.button}</button>
      </form>`,
  );
}

export function unsubscribedPage(lang: PageLanguage, email: string): SafeHtml {
  const t = TEXTS[lang];
  return shell(
    lang,
    html`<h1>${t.title}</h1>
      <p class="lead" role="status">${t.done(email)}</p>`,
  );
}

export function invalidUnsubscribePage(lang: PageLanguage): SafeHtml {
  const t = TEXTS[lang];
  return shell(
    lang,
    html`<h1>${t.title}</h1>
      <p class="lead">${t.invalid}</p>`,
  );
}

/**
 * The hosted pages' texts in English, French and German (the widget's languages). The friend's language
 * comes from `?lang=` when it names one of them, else from Accept-Language (by quality), else English.
 */
export const PAGE_LANGUAGES = ['en', 'fr', 'de'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export interface PageTexts {
  gaveYouOff(name: string, offer: string): string;
  givenOff(offer: string): string;
  invitedYou(name: string, program: string): string;
  invited(program: string): string;
  /** "10% off" as the offer variable and the share image show it. */
  offer(percent: number): string;
  leadWithDiscount(program: string): string;
  lead(program: string): string;
  yourCode: string;
  copy: string;
  copied: string;
  copiedStatus: string;
  continueTo(host: string): string;
  notFoundEyebrow: string;
  notFoundTitle: string;
  notFoundText: string;
  logoAlt(program: string): string;
}

const en: PageTexts = {
  gaveYouOff: (name, offer) => `${name} gave you ${offer}`,
  givenOff: (offer) => `You've been given ${offer}`,
  invitedYou: (name, program) => `${name} invited you to ${program}`,
  invited: (program) => `You've been invited to ${program}`,
  offer: (percent) => `${percent}% off`,
  leadWithDiscount: (program) => `Use this code when you sign up with ${program} to get your discount.`,
  lead: (program) => `Use this code when you sign up with ${program}.`,
  yourCode: 'Your code',
  copy: 'Copy code',
  copied: 'Copied',
  copiedStatus: 'Code copied to the clipboard',
  continueTo: (host) => `Continue to ${host}`,
  notFoundEyebrow: 'Referral link',
  notFoundTitle: "This link doesn't work",
  notFoundText:
    'It may be mistyped, or it is no longer active. Ask the person who shared it to send it again.',
  logoAlt: (program) => `${program} logo`,
};

const fr: PageTexts = {
  gaveYouOff: (name, offer) => `${name} vous offre ${offer}`,
  givenOff: (offer) => `Vous bénéficiez de ${offer}`,
  invitedYou: (name, program) => `${name} vous invite chez ${program}`,
  invited: (program) => `Vous êtes invité chez ${program}`,
  offer: (percent) => `${percent} % de réduction`,
  leadWithDiscount: (program) =>
    `Utilisez ce code en vous inscrivant chez ${program} pour obtenir votre réduction.`,
  lead: (program) => `Utilisez ce code en vous inscrivant chez ${program}.`,
  yourCode: 'Votre code',
  copy: 'Copier le code',
  copied: 'Copié',
  copiedStatus: 'Code copié dans le presse-papiers',
  continueTo: (host) => `Continuer vers ${host}`,
  notFoundEyebrow: 'Lien de parrainage',
  notFoundTitle: 'Ce lien ne fonctionne pas',
  notFoundText:
    "Il est peut-être mal saisi ou n'est plus actif. Demandez à la personne qui l'a partagé de vous le renvoyer.",
  logoAlt: (program) => `Logo de ${program}`,
};

const de: PageTexts = {
  gaveYouOff: (name, offer) => `${name} schenkt dir ${offer}`,
  givenOff: (offer) => `Du bekommst ${offer}`,
  invitedYou: (name, program) => `${name} lädt dich zu ${program} ein`,
  invited: (program) => `Du bist zu ${program} eingeladen`,
  offer: (percent) => `${percent} % Rabatt`,
  leadWithDiscount: (program) =>
    `Gib diesen Code bei der Anmeldung bei ${program} ein, um deinen Rabatt zu erhalten.`,
  lead: (program) => `Gib diesen Code bei der Anmeldung bei ${program} ein.`,
  yourCode: 'Dein Code',
  copy: 'Code kopieren',
  copied: 'Kopiert',
  copiedStatus: 'Code in die Zwischenablage kopiert',
  continueTo: (host) => `Weiter zu ${host}`,
  notFoundEyebrow: 'Empfehlungslink',
  notFoundTitle: 'Dieser Link funktioniert nicht',
  notFoundText:
    'Vielleicht ist er falsch geschrieben oder nicht mehr aktiv. Bitte die Person, die ihn geteilt hat, ihn erneut zu senden.',
  logoAlt: (program) => `Logo von ${program}`,
};

export const PAGE_TEXTS: Record<PageLanguage, PageTexts> = { en, fr, de };

function known(tag: string): PageLanguage | undefined {
  const base = tag.trim().toLowerCase().split('-')[0]!;
  return (PAGE_LANGUAGES as readonly string[]).includes(base) ? (base as PageLanguage) : undefined;
}

/** `?lang=` first, then Accept-Language's best supported tag (q-values honoured), then English. */
export function pageLanguage(langParam: unknown, acceptLanguage: string | undefined): PageLanguage {
  if (typeof langParam === 'string') {
    const chosen = known(langParam);
    if (chosen) return chosen;
  }
  const ranked = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const entry of ranked) {
    const chosen = known(entry.tag);
    if (chosen) return chosen;
  }
  return 'en';
}

import { pickTag, textsFor } from '../locale';

/** The friend-offer's bundled texts (en, fr, de, as the widget's). */
export interface FriendOfferTexts {
  /** "Maya gave you 10% off"; name null: a friend. */
  gave: (name: string | null, offer: string) => string;
  at: (programName: string) => string;
  code: string;
  loading: string;
}

const en: FriendOfferTexts = {
  gave: (name, offer) => `${name ?? 'A friend'} gave you ${offer} off`,
  at: (program) => `Your welcome offer at ${program}, applied when you sign up.`,
  code: 'Your code',
  loading: 'Loading your offer…',
};

const fr: FriendOfferTexts = {
  gave: (name, offer) => `${name ?? 'Un ami'} vous offre ${offer} de réduction`,
  at: (program) => `Votre offre de bienvenue chez ${program}, appliquée à l’inscription.`,
  code: 'Votre code',
  loading: 'Chargement de votre offre…',
};

const de: FriendOfferTexts = {
  gave: (name, offer) => `${name ?? 'Ein Freund'} schenkt Ihnen ${offer} Rabatt`,
  at: (program) => `Ihr Willkommensangebot bei ${program}, angewendet bei der Anmeldung.`,
  code: 'Ihr Code',
  loading: 'Ihr Angebot wird geladen…',
};

/** The locale as the widget picks it (the call's, the page's lang, the browser's), with these texts. */
export function friendOfferLocale(requested: string | null | undefined): {
  tag: string;
  texts: FriendOfferTexts;
} {
  return textsFor(pickTag(requested), { en, fr, de });
}

/**
 * The widget's bundled texts. A locale's formats (numbers, money, dates) follow the full tag (fr-CA);
 * its texts the language, English when the language is not bundled.
 */
export interface Texts {
  title: string;
  subtitle: (reward: string) => string;
  off: (percent: string) => string;
  credit: (amount: string) => string;
  give: (offer: string) => string;
  get: (reward: string) => string;
  forFriends: string;
  forYou: string;
  linkLabel: string;
  noLink: string;
  copy: string;
  copied: string;
  shareVia: string;
  email: string;
  newTab: string;
  shareMessage: (offer: string | null) => string;
  emailSubject: string;
  referrals: string;
  empty: string;
  status: Record<string, string>;
  rewards: string;
  discountNow: (percent: string) => string;
  noRewards: string;
  loading: string;
  error: string;
  retry: string;
  open: string;
  close: string;
}

const en: Texts = {
  title: 'Refer a friend',
  subtitle: (r) => `Share your link. You get ${r} for every friend who subscribes.`,
  off: (p) => `${p} off`,
  credit: (a) => `${a} credit`,
  give: (o) => `Give ${o}`,
  get: (r) => `Get ${r}`,
  forFriends: 'to your friends',
  forYou: 'when they subscribe',
  linkLabel: 'Your share link',
  noLink: 'Your share link is not ready yet.',
  copy: 'Copy',
  copied: 'Copied!',
  shareVia: 'Share via',
  email: 'Email',
  newTab: '(opens in a new tab)',
  shareMessage: (o) => (o ? `Here is ${o} for you. Sign up with my link:` : 'Join me! Sign up with my link:'),
  emailSubject: 'An invitation for you',
  referrals: 'Your referrals',
  empty: 'No referrals yet — share your link',
  status: { IN_PROGRESS: 'In progress', CONVERTED: 'Converted', ENDED: 'Ended' },
  rewards: 'Your rewards',
  discountNow: (p) => `${p} off now`,
  noRewards: 'No rewards yet',
  loading: 'Loading…',
  error: 'We could not load your referral details.',
  retry: 'Try again',
  open: 'Refer a friend',
  close: 'Close',
};

const fr: Texts = {
  title: 'Parrainez un ami',
  subtitle: (r) => `Partagez votre lien. Vous recevez ${r} pour chaque ami qui s’abonne.`,
  off: (p) => `${p} de réduction`,
  credit: (a) => `${a} de crédit`,
  give: (o) => `Offrez ${o}`,
  get: (r) => `Recevez ${r}`,
  forFriends: 'à vos amis',
  forYou: 'quand ils s’abonnent',
  linkLabel: 'Votre lien de parrainage',
  noLink: 'Votre lien de parrainage n’est pas encore prêt.',
  copy: 'Copier',
  copied: 'Copié !',
  shareVia: 'Partager via',
  email: 'E-mail',
  newTab: '(nouvel onglet)',
  shareMessage: (o) =>
    o
      ? `Voici ${o} pour vous. Inscrivez-vous avec mon lien :`
      : 'Rejoignez-moi ! Inscrivez-vous avec mon lien :',
  emailSubject: 'Une invitation pour vous',
  referrals: 'Vos filleuls',
  empty: 'Aucun filleul pour l’instant — partagez votre lien',
  status: { IN_PROGRESS: 'En cours', CONVERTED: 'Converti', ENDED: 'Terminé' },
  rewards: 'Vos récompenses',
  discountNow: (p) => `${p} de réduction actuellement`,
  noRewards: 'Pas encore de récompense',
  loading: 'Chargement…',
  error: 'Impossible de charger vos informations de parrainage.',
  retry: 'Réessayer',
  open: 'Parrainer un ami',
  close: 'Fermer',
};

const de: Texts = {
  title: 'Freunde werben',
  subtitle: (r) => `Teilen Sie Ihren Link. Sie erhalten ${r} für jeden Freund, der ein Abo abschließt.`,
  off: (p) => `${p} Rabatt`,
  credit: (a) => `${a} Guthaben`,
  give: (o) => `Schenken Sie ${o}`,
  get: (r) => `Erhalten Sie ${r}`,
  forFriends: 'Ihren Freunden',
  forYou: 'wenn sie ein Abo abschließen',
  linkLabel: 'Ihr Empfehlungslink',
  noLink: 'Ihr Empfehlungslink ist noch nicht bereit.',
  copy: 'Kopieren',
  copied: 'Kopiert!',
  shareVia: 'Teilen über',
  email: 'E-Mail',
  newTab: '(neuer Tab)',
  shareMessage: (o) =>
    o
      ? `Hier sind ${o} für dich. Melde dich über meinen Link an:`
      : 'Mach mit! Melde dich über meinen Link an:',
  emailSubject: 'Eine Einladung für dich',
  referrals: 'Ihre Empfehlungen',
  empty: 'Noch keine Empfehlungen — teilen Sie Ihren Link',
  status: { IN_PROGRESS: 'In Bearbeitung', CONVERTED: 'Abgeschlossen', ENDED: 'Beendet' },
  rewards: 'Ihre Prämien',
  discountNow: (p) => `${p} Rabatt aktuell`,
  noRewards: 'Noch keine Prämien',
  loading: 'Wird geladen…',
  error: 'Ihre Empfehlungsdaten konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  open: 'Freunde werben',
  close: 'Schließen',
};

const bundled: Record<string, Texts> = { en, fr, de };

/** The locale to use: the call's, else the page's `lang`, else the browser's; English when not bundled. */
export function pickLocale(requested: string | null | undefined): { tag: string; texts: Texts } {
  let tag = (requested || document.documentElement.lang || navigator.language || 'en').replace(/_/g, '-');
  try {
    new Intl.NumberFormat(tag); // throws RangeError on a malformed tag
  } catch {
    tag = 'en';
  }
  const texts = bundled[tag.slice(0, 2).toLowerCase()];
  return texts ? { tag, texts } : { tag: 'en', texts: en };
}

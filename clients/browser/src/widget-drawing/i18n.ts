/**
 * The widget's bundled texts. A locale's formats (numbers, money, dates) follow the full tag (fr-CA);
 * its texts the language, English when the language is not bundled (../locale.ts). The loading and
 * error texts are the library's own (../widget/shell.ts): they show before this script is there.
 */
import type { FriendState } from '../../../../shared/contract/enums';
import { textsFor } from '../locale';
import type { ShellTexts } from '../widget/shell';
import { payoutTexts, type PayoutTexts } from './payouts-i18n';

export type Texts = DrawingTexts & ShellTexts & { pay: PayoutTexts };

interface DrawingTexts {
  title: string;
  subtitle: (reward: string) => string;
  off: (percent: string) => string;
  credit: (amount: string) => string;
  /** CASH as a share of the friend's payments. */
  ofPayments: (percent: string) => string;
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
  /** The native share sheet's button, the QR code's toggle and its image's name. */
  share: string;
  qr: string;
  qrLabel: string;
  referrals: string;
  empty: string;
  /** The summary: friends joined, of them subscribed, and what was earned (null: nothing in money). */
  summary: (friends: number, subscribed: number, earned: string | null) => string;
  /** A friend's state in the referrer's words; SUBSCRIBED with its reward earned or on its way. */
  state: Record<FriendState, string>;
  earned: (reward: string) => string;
  pending: (reward: string) => string;
  /** A reward rule's outcome for this friend: what it gave you (and where it stands), or why not yet. */
  why: {
    gave: (rule: string, reward: string) => string;
    held: (date: string) => string;
    review: string;
    cancelled: string;
    notConverted: (rule: string) => string;
    notYet: (rule: string) => string;
    milestone: (rule: string, have: number, need: number) => string;
    capped: (rule: string) => string;
    notEligible: (rule: string) => string;
    none: (rule: string) => string;
  };
  more: string;
  shown: (shown: number, total: number) => string;
  rewards: string;
  discountNow: (percent: string) => string;
  /** A referred friend's own discount: "You got 10% off from Maya". */
  gotFrom: (offer: string, name: string | null) => string;
  noRewards: string;
  /** Progress to the next milestone or tier: "1 of 3 friends to 100% off", and what is left. */
  progress: {
    title: string;
    of: (have: number, at: number, reward: string) => string;
    remaining: (n: number) => string;
    start: string;
    perFriend: (reward: string) => string;
    /** Nothing ahead (every milestone reached, or the rules have none). */
    soFar: (n: number) => string;
  };
  /** The program's leaderboard. */
  board: {
    title: string;
    month: string;
    allTime: string;
    you: string;
    friends: (n: number) => string;
    empty: string;
  };
  open: string;
  close: string;
}

const en: DrawingTexts = {
  title: 'Refer a friend',
  subtitle: (r) => `Share your link. You get ${r} for every friend who subscribes.`,
  off: (p) => `${p} off`,
  credit: (a) => `${a} credit`,
  ofPayments: (p) => `${p} of their payments`,
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
  share: 'Share…',
  qr: 'QR code',
  qrLabel: 'QR code of your share link',
  referrals: 'Your friends',
  empty: 'No friends yet — share your link',
  summary: (f, s, e) =>
    `${f} ${f === 1 ? 'friend' : 'friends'} joined, ${s} subscribed${e ? `, ${e} earned` : ''}`,
  state: {
    SIGNED_UP: 'Signed up',
    SUBSCRIBED: 'Subscribed',
    UNDER_REVIEW: 'Under review',
    CANCELLED: 'Cancelled',
  },
  earned: (r) => `Subscribed — you earned ${r}`,
  pending: (r) => `Subscribed — ${r} on its way`,
  why: {
    gave: (r, w) => `“${r}” gave you ${w}`,
    held: (d) => `held until ${d}`,
    review: 'waiting for review',
    cancelled: 'cancelled',
    notConverted: (r) => `“${r}”: when your friend subscribes`,
    notYet: (r) => `“${r}”: not yet`,
    milestone: (r, h, n) => `“${r}”: ${h} of ${n} friends so far`,
    capped: (r) => `“${r}”: limit reached`,
    notEligible: (r) => `“${r}”: this friend does not qualify`,
    none: (r) => `“${r}”: nothing for this friend`,
  },
  more: 'Show more',
  shown: (n, t) => `Showing ${n} of ${t}`,
  rewards: 'Your rewards',
  discountNow: (p) => `${p} off now`,
  gotFrom: (o, n) => `You got ${o} from ${n ?? 'a friend'}`,
  noRewards: 'No rewards yet',
  progress: {
    title: 'Your progress',
    of: (h, n, r) => `${h} of ${n} friends to ${r}`,
    remaining: (n) => `${n} more to go`,
    start: 'Share your link to get started',
    perFriend: (r) => `${r} per friend`,
    soFar: (n) => `${n} ${n === 1 ? 'friend' : 'friends'} subscribed so far`,
  },
  board: {
    title: 'Top referrers',
    month: 'This month',
    allTime: 'All time',
    you: 'you',
    friends: (n) => `${n} ${n === 1 ? 'friend' : 'friends'}`,
    empty: 'Nobody yet — be the first!',
  },
  open: 'Refer a friend',
  close: 'Close',
};

const fr: DrawingTexts = {
  title: 'Parrainez un ami',
  subtitle: (r) => `Partagez votre lien. Vous recevez ${r} pour chaque ami qui s’abonne.`,
  off: (p) => `${p} de réduction`,
  credit: (a) => `${a} de crédit`,
  ofPayments: (p) => `${p} de leurs paiements`,
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
  share: 'Partager…',
  qr: 'Code QR',
  qrLabel: 'Code QR de votre lien de parrainage',
  referrals: 'Vos filleuls',
  empty: 'Aucun filleul pour l’instant — partagez votre lien',
  summary: (f, s, e) =>
    `${f} ${f > 1 ? 'amis inscrits' : 'ami inscrit'}, ${s} ${s > 1 ? 'abonnés' : 'abonné'}${e ? `, ${e} gagnés` : ''}`,
  state: {
    SIGNED_UP: 'Inscrit',
    SUBSCRIBED: 'Abonné',
    UNDER_REVIEW: 'En vérification',
    CANCELLED: 'Résilié',
  },
  earned: (r) => `Abonné — vous avez gagné ${r}`,
  pending: (r) => `Abonné — ${r} en route`,
  why: {
    gave: (r, w) => `« ${r} » vous a donné ${w}`,
    held: (d) => `bloqué jusqu’au ${d}`,
    review: 'en vérification',
    cancelled: 'annulé',
    notConverted: (r) => `« ${r} » : quand votre ami s’abonnera`,
    notYet: (r) => `« ${r} » : pas encore`,
    milestone: (r, h, n) => `« ${r} » : ${h} ${h > 1 ? 'amis' : 'ami'} sur ${n} pour l’instant`,
    capped: (r) => `« ${r} » : limite atteinte`,
    notEligible: (r) => `« ${r} » : cet ami ne remplit pas les conditions`,
    none: (r) => `« ${r} » : rien pour cet ami`,
  },
  more: 'Afficher plus',
  shown: (n, t) => `${n} sur ${t}`,
  rewards: 'Vos récompenses',
  discountNow: (p) => `${p} de réduction actuellement`,
  gotFrom: (o, n) => `Vous avez reçu ${o} de la part de ${n ?? 'un ami'}`,
  noRewards: 'Pas encore de récompense',
  progress: {
    title: 'Votre progression',
    of: (h, n, r) => `${h} ${h > 1 ? 'amis' : 'ami'} sur ${n} pour ${r}`,
    remaining: (n) => `encore ${n} ${n > 1 ? 'amis' : 'ami'}`,
    start: 'Partagez votre lien pour commencer',
    perFriend: (r) => `${r} par ami`,
    soFar: (n) => `${n} ${n > 1 ? 'amis abonnés' : 'ami abonné'} pour l’instant`,
  },
  board: {
    title: 'Meilleurs parrains',
    month: 'Ce mois-ci',
    allTime: 'Depuis le début',
    you: 'vous',
    friends: (n) => `${n} ${n > 1 ? 'amis' : 'ami'}`,
    empty: 'Personne pour l’instant — lancez-vous !',
  },
  open: 'Parrainer un ami',
  close: 'Fermer',
};

const de: DrawingTexts = {
  title: 'Freunde werben',
  subtitle: (r) => `Teilen Sie Ihren Link. Sie erhalten ${r} für jeden Freund, der ein Abo abschließt.`,
  off: (p) => `${p} Rabatt`,
  credit: (a) => `${a} Guthaben`,
  ofPayments: (p) => `${p} ihrer Zahlungen`,
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
  share: 'Teilen…',
  qr: 'QR-Code',
  qrLabel: 'QR-Code Ihres Empfehlungslinks',
  referrals: 'Ihre Freunde',
  empty: 'Noch keine Freunde — teilen Sie Ihren Link',
  summary: (f, s, e) =>
    `${f} ${f === 1 ? 'Freund' : 'Freunde'} angemeldet, ${s} mit Abo${e ? `, ${e} verdient` : ''}`,
  state: {
    SIGNED_UP: 'Angemeldet',
    SUBSCRIBED: 'Abo abgeschlossen',
    UNDER_REVIEW: 'Wird geprüft',
    CANCELLED: 'Gekündigt',
  },
  earned: (r) => `Abo abgeschlossen — Sie haben ${r} verdient`,
  pending: (r) => `Abo abgeschlossen — ${r} folgen`,
  why: {
    gave: (r, w) => `„${r}“ hat Ihnen ${w} gebracht`,
    held: (d) => `zurückgehalten bis ${d}`,
    review: 'wird geprüft',
    cancelled: 'storniert',
    notConverted: (r) => `„${r}“: sobald Ihr Freund ein Abo abschließt`,
    notYet: (r) => `„${r}“: noch nicht`,
    milestone: (r, h, n) => `„${r}“: bisher ${h} von ${n} Freunden`,
    capped: (r) => `„${r}“: Limit erreicht`,
    notEligible: (r) => `„${r}“: dieser Freund erfüllt die Bedingungen nicht`,
    none: (r) => `„${r}“: nichts für diesen Freund`,
  },
  more: 'Mehr anzeigen',
  shown: (n, t) => `${n} von ${t}`,
  rewards: 'Ihre Prämien',
  discountNow: (p) => `${p} Rabatt aktuell`,
  gotFrom: (o, n) => `Sie haben ${o} von ${n ?? 'einem Freund'} erhalten`,
  noRewards: 'Noch keine Prämien',
  progress: {
    title: 'Ihr Fortschritt',
    of: (h, n, r) => `${h} von ${n} Freunden bis ${r}`,
    remaining: (n) => `noch ${n} ${n === 1 ? 'Freund' : 'Freunde'}`,
    start: 'Teilen Sie Ihren Link, um loszulegen',
    perFriend: (r) => `${r} pro Freund`,
    soFar: (n) => `Bisher ${n} ${n === 1 ? 'Freund' : 'Freunde'} mit Abo`,
  },
  board: {
    title: 'Top-Werber',
    month: 'Diesen Monat',
    allTime: 'Insgesamt',
    you: 'Sie',
    friends: (n) => `${n} ${n === 1 ? 'Freund' : 'Freunde'}`,
    empty: 'Noch niemand — machen Sie den Anfang!',
  },
  open: 'Freunde werben',
  close: 'Schließen',
};

/** The texts of the tag's language (English when not bundled), with the library's own and Payouts'. */
export function drawingTexts(tag: string, shell: ShellTexts): Texts {
  return { ...shell, ...textsFor(tag, { en, fr, de }).texts, pay: payoutTexts(tag) };
}

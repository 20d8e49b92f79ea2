/**
 * The widget's Payouts texts (./payouts.ts, ./payout-form.ts), in the languages the widget bundles: the
 * referrer's cash, their payout method and form, and their recent payouts. Amounts come formatted.
 */
import { textsFor } from '../locale';
import type { PayoutMethodType, PayoutStatus } from './types';

export interface PayoutTexts {
  title: string;
  available: string;
  pending: string;
  inFlight: string;
  paidOut: string;
  /** A negative available balance: a refund reversed cash already paid, owed from later rewards. */
  owed: (amount: string) => string;
  noCash: string;
  loadFailed: string;
  held: string;
  method: string;
  /** The form's choice of method. */
  via: string;
  methods: Record<PayoutMethodType, string>;
  noMethod: string;
  change: string;
  cancel: string;
  email: string;
  name: string;
  country: string;
  chooseCountry: string;
  save: string;
  saved: string;
  /** Stripe's onboarding link, once the method is saved. */
  stripeNext: string;
  /** What is wrong with a field the API refused, by field. */
  invalid: { email: string; name: string; country: string };
  failed: string;
  recent: string;
  none: string;
  status: Record<PayoutStatus, string>;
}

const en: PayoutTexts = {
  title: 'Payouts',
  available: 'Available',
  pending: 'Pending',
  inFlight: 'On its way',
  paidOut: 'Paid out',
  owed: (a) =>
    `A refund reversed a reward you were already paid: ${a} will come out of your next rewards before anything is paid again.`,
  noCash: 'No cash yet: it shows here once a friend earns you some.',
  loadFailed: 'We could not load your payouts.',
  held: 'Your payouts are paused for now. Contact us if you have a question.',
  method: 'Payout method',
  via: 'Receive your cash by',
  methods: { PAYPAL: 'PayPal', GIFT_CARD: 'Gift card by e-mail', STRIPE_CONNECT: 'Bank account (Stripe)' },
  noMethod: 'Add a payout method to receive your cash.',
  change: 'Change',
  cancel: 'Cancel',
  email: 'E-mail address',
  name: 'Name on the gift card (optional)',
  country: 'Country',
  chooseCountry: 'Choose your country',
  save: 'Save',
  saved: 'Payout method saved.',
  stripeNext: 'Finish setting up your account with Stripe',
  invalid: {
    email: 'Enter an e-mail address such as name@example.com.',
    name: 'Enter a name of at most 120 characters.',
    country: 'Choose your country.',
  },
  failed: 'We could not save your payout method. Try again, or choose another one.',
  recent: 'Recent payouts',
  none: 'No payouts yet.',
  status: {
    RESERVED: 'Being prepared',
    SENT: 'On its way',
    PAID: 'Paid',
    FAILED: 'Failed',
    RETURNED: 'Returned',
    UNCLAIMED: 'Not claimed',
    CANCELLED: 'Cancelled',
  },
};

const fr: PayoutTexts = {
  title: 'Versements',
  available: 'Disponible',
  pending: 'En attente',
  inFlight: 'En route',
  paidOut: 'Versé',
  owed: (a) =>
    `Un remboursement a annulé une récompense qui vous avait déjà été versée : ${a} seront retenus sur vos prochaines récompenses avant tout nouveau versement.`,
  noCash: 'Pas encore de gains : ils s’afficheront ici dès qu’un ami vous en rapportera.',
  loadFailed: 'Impossible de charger vos versements.',
  held: 'Vos versements sont suspendus pour le moment. Contactez-nous si vous avez une question.',
  method: 'Mode de versement',
  via: 'Recevoir vos gains par',
  methods: {
    PAYPAL: 'PayPal',
    GIFT_CARD: 'Carte cadeau par e-mail',
    STRIPE_CONNECT: 'Compte bancaire (Stripe)',
  },
  noMethod: 'Ajoutez un mode de versement pour recevoir vos gains.',
  change: 'Modifier',
  cancel: 'Annuler',
  email: 'Adresse e-mail',
  name: 'Nom sur la carte cadeau (facultatif)',
  country: 'Pays',
  chooseCountry: 'Choisissez votre pays',
  save: 'Enregistrer',
  saved: 'Mode de versement enregistré.',
  stripeNext: 'Terminez la configuration de votre compte avec Stripe',
  invalid: {
    email: 'Saisissez une adresse e-mail, par exemple nom@exemple.fr.',
    name: 'Saisissez un nom de 120 caractères au plus.',
    country: 'Choisissez votre pays.',
  },
  failed: 'Impossible d’enregistrer votre mode de versement. Réessayez ou choisissez-en un autre.',
  recent: 'Derniers versements',
  none: 'Aucun versement pour l’instant.',
  status: {
    RESERVED: 'En préparation',
    SENT: 'En route',
    PAID: 'Versé',
    FAILED: 'Échec',
    RETURNED: 'Retourné',
    UNCLAIMED: 'Non réclamé',
    CANCELLED: 'Annulé',
  },
};

const de: PayoutTexts = {
  title: 'Auszahlungen',
  available: 'Verfügbar',
  pending: 'Ausstehend',
  inFlight: 'Unterwegs',
  paidOut: 'Ausgezahlt',
  owed: (a) =>
    `Eine Erstattung hat eine Prämie rückgängig gemacht, die Ihnen bereits ausgezahlt wurde: ${a} werden mit Ihren nächsten Prämien verrechnet, bevor wieder etwas ausgezahlt wird.`,
  noCash: 'Noch kein Guthaben: Es erscheint hier, sobald ein Freund Ihnen etwas einbringt.',
  loadFailed: 'Ihre Auszahlungen konnten nicht geladen werden.',
  held: 'Ihre Auszahlungen sind vorerst angehalten. Kontaktieren Sie uns bei Fragen.',
  method: 'Auszahlungsmethode',
  via: 'Auszahlung per',
  methods: { PAYPAL: 'PayPal', GIFT_CARD: 'Geschenkkarte per E-Mail', STRIPE_CONNECT: 'Bankkonto (Stripe)' },
  noMethod: 'Fügen Sie eine Auszahlungsmethode hinzu, um Ihr Guthaben zu erhalten.',
  change: 'Ändern',
  cancel: 'Abbrechen',
  email: 'E-Mail-Adresse',
  name: 'Name auf der Geschenkkarte (optional)',
  country: 'Land',
  chooseCountry: 'Wählen Sie Ihr Land',
  save: 'Speichern',
  saved: 'Auszahlungsmethode gespeichert.',
  stripeNext: 'Schließen Sie die Einrichtung Ihres Kontos bei Stripe ab',
  invalid: {
    email: 'Geben Sie eine E-Mail-Adresse ein, z. B. name@beispiel.de.',
    name: 'Geben Sie einen Namen mit höchstens 120 Zeichen ein.',
    country: 'Wählen Sie Ihr Land.',
  },
  failed:
    'Ihre Auszahlungsmethode konnte nicht gespeichert werden. Versuchen Sie es erneut oder wählen Sie eine andere.',
  recent: 'Letzte Auszahlungen',
  none: 'Noch keine Auszahlungen.',
  status: {
    RESERVED: 'In Vorbereitung',
    SENT: 'Unterwegs',
    PAID: 'Ausgezahlt',
    FAILED: 'Fehlgeschlagen',
    RETURNED: 'Zurückgebucht',
    UNCLAIMED: 'Nicht abgeholt',
    CANCELLED: 'Storniert',
  },
};

/** The Payouts texts of the tag's language (English when not bundled). */
export function payoutTexts(tag: string): PayoutTexts {
  return textsFor(tag, { en, fr, de }).texts;
}

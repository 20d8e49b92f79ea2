import type { NotificationKind, NotificationLocale } from './notification-kinds';

/** A template as the operator edits it: a subject line and a plain-text body with {{variables}}. */
export interface TemplateText {
  subject: string;
  body: string;
}

const FOOTER: Record<NotificationLocale, string> = {
  en: 'You receive this e-mail from {{program.name}}. Unsubscribe: {{unsubscribeUrl}}',
  fr: 'Vous recevez cet e-mail de {{program.name}}. Se désinscrire : {{unsubscribeUrl}}',
  de: 'Sie erhalten diese E-Mail von {{program.name}}. Abmelden: {{unsubscribeUrl}}',
};

const TEXTS: Record<NotificationLocale, Record<NotificationKind, TemplateText>> = {
  en: {
    FRIEND_SIGNED_UP: {
      subject: '{{friend.firstName}} joined with your link',
      body: 'Hi {{referrer.firstName}},\n\n{{friend.firstName}} signed up with your referral link. Keep sharing: {{shareLink}}',
    },
    REWARD_EARNED: {
      subject: 'You earned {{reward.amount}}',
      body: 'Hi {{referrer.firstName}},\n\nThanks to {{friend.firstName}}, you earned {{reward.amount}}. It is yours to use from {{availableAt}}.\n\nShare again: {{shareLink}}',
    },
    REWARD_AVAILABLE: {
      subject: 'Your {{reward.amount}} reward is ready',
      body: 'Hi {{referrer.firstName}},\n\nYour reward of {{reward.amount}} is now available.\n\nShare again: {{shareLink}}',
    },
    FRIEND_WELCOME: {
      subject: 'Welcome! {{referrer.firstName}} invited you',
      body: 'Hi {{friend.firstName}},\n\nWelcome to {{program.name}}. As a friend of {{referrer.firstName}}, you get {{offer}}.',
    },
    CREDIT_EXPIRING: {
      subject: 'Your {{reward.amount}} credit expires soon',
      body: 'Hi {{referrer.firstName}},\n\nYour credit of {{reward.amount}} expires on {{expiresAt}}. Use it before then.\n\nShare again: {{shareLink}}',
    },
    PAYOUT_SENT: {
      subject: 'Your payout of {{payout.amount}} is on its way',
      body: 'Hi {{referrer.firstName}},\n\nWe sent you a payout of {{payout.amount}}. It should reach you soon.',
    },
  },
  fr: {
    FRIEND_SIGNED_UP: {
      subject: '{{friend.firstName}} s’est inscrit avec votre lien',
      body: 'Bonjour {{referrer.firstName}},\n\n{{friend.firstName}} s’est inscrit avec votre lien de parrainage. Continuez à partager : {{shareLink}}',
    },
    REWARD_EARNED: {
      subject: 'Vous avez gagné {{reward.amount}}',
      body: 'Bonjour {{referrer.firstName}},\n\nGrâce à {{friend.firstName}}, vous avez gagné {{reward.amount}}. Vous pourrez l’utiliser à partir du {{availableAt}}.\n\nPartagez encore : {{shareLink}}',
    },
    REWARD_AVAILABLE: {
      subject: 'Votre récompense de {{reward.amount}} est prête',
      body: 'Bonjour {{referrer.firstName}},\n\nVotre récompense de {{reward.amount}} est maintenant disponible.\n\nPartagez encore : {{shareLink}}',
    },
    FRIEND_WELCOME: {
      subject: 'Bienvenue ! {{referrer.firstName}} vous a invité',
      body: 'Bonjour {{friend.firstName}},\n\nBienvenue chez {{program.name}}. En tant qu’ami de {{referrer.firstName}}, vous bénéficiez de {{offer}}.',
    },
    CREDIT_EXPIRING: {
      subject: 'Votre crédit de {{reward.amount}} expire bientôt',
      body: 'Bonjour {{referrer.firstName}},\n\nVotre crédit de {{reward.amount}} expire le {{expiresAt}}. Utilisez-le d’ici là.\n\nPartagez encore : {{shareLink}}',
    },
    PAYOUT_SENT: {
      subject: 'Votre paiement de {{payout.amount}} est en route',
      body: 'Bonjour {{referrer.firstName}},\n\nNous vous avons envoyé un paiement de {{payout.amount}}. Il vous parviendra bientôt.',
    },
  },
  de: {
    FRIEND_SIGNED_UP: {
      subject: '{{friend.firstName}} hat sich mit Ihrem Link angemeldet',
      body: 'Hallo {{referrer.firstName}},\n\n{{friend.firstName}} hat sich mit Ihrem Empfehlungslink angemeldet. Teilen Sie weiter: {{shareLink}}',
    },
    REWARD_EARNED: {
      subject: 'Sie haben {{reward.amount}} verdient',
      body: 'Hallo {{referrer.firstName}},\n\ndank {{friend.firstName}} haben Sie {{reward.amount}} verdient. Sie können die Prämie ab dem {{availableAt}} nutzen.\n\nErneut teilen: {{shareLink}}',
    },
    REWARD_AVAILABLE: {
      subject: 'Ihre Prämie von {{reward.amount}} ist bereit',
      body: 'Hallo {{referrer.firstName}},\n\nIhre Prämie von {{reward.amount}} ist jetzt verfügbar.\n\nErneut teilen: {{shareLink}}',
    },
    FRIEND_WELCOME: {
      subject: 'Willkommen! {{referrer.firstName}} hat Sie eingeladen',
      body: 'Hallo {{friend.firstName}},\n\nwillkommen bei {{program.name}}. Als Freund von {{referrer.firstName}} erhalten Sie {{offer}}.',
    },
    CREDIT_EXPIRING: {
      subject: 'Ihr Guthaben von {{reward.amount}} läuft bald ab',
      body: 'Hallo {{referrer.firstName}},\n\nIhr Guthaben von {{reward.amount}} läuft am {{expiresAt}} ab. Nutzen Sie es bis dahin.\n\nErneut teilen: {{shareLink}}',
    },
    PAYOUT_SENT: {
      subject: 'Ihre Auszahlung von {{payout.amount}} ist unterwegs',
      body: 'Hallo {{referrer.firstName}},\n\nwir haben Ihnen eine Auszahlung von {{payout.amount}} gesendet. Sie erreicht Sie in Kürze.',
    },
  },
};

/** The built-in subject and body of a kind in a language (the footer with the unsubscribe link included). */
export function defaultTemplate(kind: NotificationKind, locale: NotificationLocale): TemplateText {
  const text = TEXTS[locale][kind];
  return { subject: text.subject, body: `${text.body}\n\n${FOOTER[locale]}` };
}

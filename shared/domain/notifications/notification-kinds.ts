import { z } from 'zod';

/** The notifications a program sends, who receives each, and the variables its template may use. */
export const NOTIFICATION_KINDS = [
  'FRIEND_SIGNED_UP',
  'REWARD_EARNED',
  'REWARD_AVAILABLE',
  'FRIEND_WELCOME',
  'CREDIT_EXPIRING',
  'PAYOUT_SENT',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export type NotificationRecipient = 'REFERRER' | 'FRIEND';

/** The template languages with built-in texts, as the widget bundles them. */
export const NOTIFICATION_LOCALES = ['en', 'fr', 'de'] as const;
export type NotificationLocale = (typeof NOTIFICATION_LOCALES)[number];
export const notificationLocaleSchema = z.enum(NOTIFICATION_LOCALES);

/** A user's locale tag (fr-CA, de_DE, null) → the template language: its language when built in, else en. */
export function templateLocale(tag: string | null | undefined): NotificationLocale {
  const language = (tag ?? '').slice(0, 2).toLowerCase();
  return (NOTIFICATION_LOCALES as readonly string[]).includes(language)
    ? (language as NotificationLocale)
    : 'en';
}

const COMMON = ['program.name', 'unsubscribeUrl'] as const;

/** Each kind's recipient and variables (without braces), in the order the editor lists them. */
export const NOTIFICATION_KIND_INFO: Record<
  NotificationKind,
  { recipient: NotificationRecipient; variables: readonly string[] }
> = {
  FRIEND_SIGNED_UP: {
    recipient: 'REFERRER',
    variables: ['referrer.firstName', 'friend.firstName', 'shareLink', ...COMMON],
  },
  REWARD_EARNED: {
    recipient: 'REFERRER',
    variables: [
      'referrer.firstName',
      'friend.firstName',
      'reward.amount',
      'availableAt',
      'shareLink',
      ...COMMON,
    ],
  },
  REWARD_AVAILABLE: {
    recipient: 'REFERRER',
    variables: ['referrer.firstName', 'reward.amount', 'shareLink', ...COMMON],
  },
  FRIEND_WELCOME: {
    recipient: 'FRIEND',
    variables: ['friend.firstName', 'referrer.firstName', 'offer', ...COMMON],
  },
  CREDIT_EXPIRING: {
    recipient: 'REFERRER',
    variables: ['referrer.firstName', 'reward.amount', 'expiresAt', 'shareLink', ...COMMON],
  },
  PAYOUT_SENT: {
    recipient: 'REFERRER',
    variables: ['referrer.firstName', 'payout.amount', ...COMMON],
  },
};

/** Example values for previews and test sends. */
export const SAMPLE_VARIABLES: Record<string, string> = {
  'referrer.firstName': 'Alex',
  'friend.firstName': 'Sam',
  'reward.amount': '$10.00',
  'payout.amount': '$25.00',
  availableAt: 'January 15, 2027',
  expiresAt: 'January 22, 2027',
  offer: '10% off',
  'program.name': 'Our referral program',
  shareLink: 'https://example.com/r/alex',
  unsubscribeUrl: 'https://example.com/u/sample',
};

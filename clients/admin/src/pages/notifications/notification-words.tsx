/**
 * What the Notifications pages share: each kind's name and what it is for, the locales, delivery
 * statuses as badges, the paths and the tabs between the pages.
 */
import { Badge, type BadgeTone } from '../../components';

import type { NotificationKind } from '../../gql/graphql';

export const NOTIFICATIONS_PATH = '/admin/notifications';
export const MAIL_SETTINGS_PATH = '/admin/notifications/settings';
export const DELIVERIES_PATH = '/admin/notifications/deliveries';

export const KIND_WORDS: Record<NotificationKind, { name: string; when: string }> = {
  FRIEND_SIGNED_UP: {
    name: 'Friend signed up',
    when: 'To the referrer, when a friend signs up with their code.',
  },
  REWARD_EARNED: { name: 'Reward earned', when: 'To the referrer, when a reward is earned.' },
  REWARD_AVAILABLE: {
    name: 'Reward available',
    when: 'To the referrer, when a held reward becomes available.',
  },
  FRIEND_WELCOME: { name: 'Friend welcome', when: 'To the friend: a welcome with the offer.' },
  CREDIT_EXPIRING: { name: 'Credit expiring', when: 'To the referrer, 7 days before their credit expires.' },
  PAYOUT_SENT: { name: 'Payout sent', when: 'To the referrer, when a payout is sent.' },
};

export const KINDS = Object.keys(KIND_WORDS) as NotificationKind[];

/** A kind from the address (/admin/notifications/reward-earned), or null. */
export function kindFromSlug(slug: string): NotificationKind | null {
  const kind = slug.toUpperCase().replace(/-/g, '_');
  return (KINDS as string[]).includes(kind) ? (kind as NotificationKind) : null;
}

export const kindSlug = (kind: NotificationKind) => kind.toLowerCase().replace(/_/g, '-');

export const LOCALES = [
  ['en', 'English'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
] as const;
export type Locale = (typeof LOCALES)[number][0];

const STATUS: Record<string, [string, BadgeTone]> = {
  PENDING: ['Pending', 'info'],
  SENT: ['Sent', 'success'],
  REFUSED: ['Refused', 'danger'],
  SUPPRESSED: ['Suppressed', 'warning'],
  NOT_SENT: ['Not sent', 'neutral'],
};

export function DeliveryStatusBadge({ status }: { status: string }) {
  const [label, tone] = STATUS[status] ?? [status, 'neutral'];
  return (
    <Badge tone={tone} testId="delivery-status">
      {label}
    </Badge>
  );
}

export const DELIVERY_STATUSES = Object.keys(STATUS);
export const statusWord = (status: string) => STATUS[status]?.[0] ?? status;

export const kindName = (kind: string) =>
  kind === 'TEST' ? 'Test send' : (KIND_WORDS[kind as NotificationKind]?.name ?? kind);

/** The tabs between the Notifications pages: links, the current one marked. */
export function NotificationTabs({ current }: { current: 'kinds' | 'settings' | 'deliveries' }) {
  const tabs = [
    ['kinds', 'E-mails', NOTIFICATIONS_PATH],
    ['settings', 'Sender and suppressions', MAIL_SETTINGS_PATH],
    ['deliveries', 'Deliveries', DELIVERIES_PATH],
  ] as const;
  return (
    <nav class="payout-tabs" aria-label="Notifications">
      <ul>
        {tabs.map(([key, label, path]) => (
          <li key={key}>
            <a
              class="payout-tab"
              href={path}
              aria-current={key === current ? 'page' : undefined}
              data-testid={`notification-tab-${key}`}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An SMTP-less deployment: nothing is sent, said on every page. */
export function SmtpWarning({ configured }: { configured: boolean }) {
  if (configured) return null;
  return (
    <p class="notice notice-warning" role="note" data-testid="smtp-missing">
      SMTP is not configured (SMTP_URL is unset): no e-mail is sent, and deliveries are recorded as “Not
      sent”. Ask whoever runs the service to set SMTP_URL.
    </p>
  );
}

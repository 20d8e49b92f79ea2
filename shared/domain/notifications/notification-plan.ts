import type { NotificationKind } from './notification-kinds';

/** The mail kinds beyond a program's notifications: the deployment's own mail to operators. */
export type OperatorMailKind = 'OPERATOR_DIGEST';

/** One message to send for an outbound event, before its recipient is looked up. */
export interface PlannedDelivery {
  /** Unique per tenant: the event and the kind (one recipient per kind and event). */
  key: string;
  kind: NotificationKind | OperatorMailKind;
  eventId?: string;
  referralId?: string;
  rewardId?: string;
  /** A payout's account and amount (payout.sent's data). */
  accountId?: string;
  programId?: string;
  amountCents?: number;
  currency?: string;
  operatorId?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Rewards that are the referrer's (a friend's own REFERRED reward and hand adjustments are not). */
const REFERRER_SOURCES = new Set(['FRIEND_SIGNUP']);

/**
 * The messages an outbound webhook event causes (the trigger copies only these types to the outbox):
 * referral.started → the referrer (FRIEND_SIGNED_UP) and the friend (FRIEND_WELCOME); reward.created
 * and reward.available of a referrer's reward → REWARD_EARNED, REWARD_AVAILABLE; payout.sent →
 * PAYOUT_SENT. Pure: the recipients are looked up when each is delivered.
 */
export function planDeliveries(event: {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}): PlannedDelivery[] {
  const data = (event.payload.data ?? {}) as Record<string, unknown>;
  const id = str(data.id);
  if (!id) return [];
  const base = (kind: NotificationKind) => ({ key: `${event.id}/${kind}`, kind, eventId: event.id });
  switch (event.type) {
    case 'referral.started':
      return [
        { ...base('FRIEND_SIGNED_UP'), referralId: id },
        { ...base('FRIEND_WELCOME'), referralId: id },
      ];
    case 'reward.created':
    case 'reward.available': {
      if (!REFERRER_SOURCES.has(String(data.rewardSource))) return [];
      return [
        { ...base(event.type === 'reward.created' ? 'REWARD_EARNED' : 'REWARD_AVAILABLE'), rewardId: id },
      ];
    }
    case 'payout.sent': {
      const accountId = str(data.accountId);
      if (!accountId || typeof data.amountCents !== 'number') return [];
      return [
        {
          ...base('PAYOUT_SENT'),
          accountId,
          programId: str(data.programId),
          amountCents: data.amountCents,
          currency: str(data.currency),
        },
      ];
    }
    default:
      return [];
  }
}

/** The reminder of one credit reward's expiry: once per reward. */
export function creditExpiringDelivery(rewardId: string): PlannedDelivery {
  return { key: `credit-expiring/${rewardId}`, kind: 'CREDIT_EXPIRING', rewardId };
}

/** An operator's digest of one day (YYYY-MM-DD, UTC): once per operator and day. */
export function digestDelivery(operatorId: string, day: string): PlannedDelivery {
  return { key: `digest/${operatorId}/${day}`, kind: 'OPERATOR_DIGEST', operatorId };
}

/** Days before expiry the CREDIT_EXPIRING reminder goes. */
export const CREDIT_REMINDER_DAYS = 7;

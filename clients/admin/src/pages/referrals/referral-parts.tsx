/**
 * What the referral list, the referral detail and the account detail share: the GraphQL fields of a
 * referral and a reward, their labels (status badge, reward in words) and the referrals table.
 */
import type { ComponentChildren } from 'preact';
import { ApiError } from '../../api';
import { Badge, DataTable, type BadgeTone, type Column } from '../../components';
import { SignalsFlag } from './referral-signals';
import { ReviewFlag } from './referral-review';
import { formatDateTime, formatMoney, formatNumber } from '../../format';
import { PersonLines } from '../common/people-cells';
import { graphql } from '../../gql';
import type {
  ReferralFieldsFragment,
  ReferralStatus as GqlReferralStatus,
  RewardFieldsFragment,
  RewardStatus as GqlRewardStatus,
} from '../../gql/graphql';

export type ReferralStatus = GqlReferralStatus;

export type Reward = RewardFieldsFragment;

export type RewardStatus = GqlRewardStatus;

export type Referral = ReferralFieldsFragment;

/** The fragments RewardFields and ReferralFields: a document spreads them by name, and codegen adds them to it. */
export const REFERRAL_FRAGMENTS = graphql(`
  fragment RewardFields on Reward {
    id
    type
    discountPercent
    amountCents
    redeemedCents
    unit
    rewardSource
    referralId
    status
    dateGiven
    dateCancelled
    dateRedeemed
    holdUntil
    expiresAt
    dateExpired
  }
  fragment ReferralFields on Referral {
    id
    status
    referralCodeUsed
    attributionSource
    referrerAccountId
    referrerUserId
    referredAccountId
    referrerReward {
      ...RewardFields
    }
    referredReward {
      ...RewardFields
    }
    dateReferralStarted
    dateReferralPaid
    dateReferralEnded
    fraudSignals {
      signal
      evidence
    }
    review {
      status
      reason
      reviewedBy
      dateReviewed
    }
    referrer {
      accountId
      userId
      name
      email
    }
    friend {
      accountId
      userId
      name
      email
    }
  }
`);

export const STATUS_LABELS: Record<ReferralStatus, string> = {
  IN_PROGRESS: 'In progress',
  CONVERTED: 'Converted',
  ENDED: 'Ended',
};

const STATUS_TONES: Record<ReferralStatus, BadgeTone> = {
  IN_PROGRESS: 'info',
  CONVERTED: 'success',
  ENDED: 'neutral',
};

export function StatusBadge({ status }: { status: ReferralStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} testId="referral-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export const SOURCE_LABELS: Record<Referral['attributionSource'], string> = {
  CODE: 'Referral code',
  COOKIE: 'Referral cookie (share link)',
  PROCESSOR: 'Payment processor discount',
};

const REWARD_STATUS_TONES: Record<RewardStatus, BadgeTone> = {
  PENDING: 'info',
  PENDING_REVIEW: 'warning',
  AVAILABLE: 'success',
  REDEEMED: 'neutral',
  CANCELLED: 'danger',
  EXPIRED: 'neutral',
};

export const REWARD_STATUS_LABELS: Record<RewardStatus, string> = {
  PENDING: 'Pending',
  PENDING_REVIEW: 'Awaiting review',
  AVAILABLE: 'Available',
  REDEEMED: 'Redeemed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

export function RewardStatusBadge({ status }: { status: RewardStatus }) {
  return (
    <Badge tone={REWARD_STATUS_TONES[status]} testId="reward-status">
      {REWARD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The dates a reward's status depends on: "until …" for a hold, "expires …", "expired …"; or null. */
export function rewardTimeNote(reward: Reward): string | null {
  if (reward.status === 'PENDING' && reward.holdUntil !== null)
    return `until ${formatDateTime(reward.holdUntil)}`;
  if (reward.status === 'EXPIRED') return `expired ${formatDateTime(reward.dateExpired)}`;
  if (reward.status === 'AVAILABLE' && reward.expiresAt !== null)
    return `expires ${formatDateTime(reward.expiresAt)}`;
  return null;
}

export const REWARD_SOURCE_LABELS: Record<Reward['rewardSource'], string> = {
  FRIEND_SIGNUP: 'For referring a friend',
  REFERRED: 'For being referred',
  ADJUSTMENT: 'Adjusted by hand',
};

/** "10% discount", "$25.00 credit" (redeemed part added when some is). */
export function rewardText(reward: Reward): string {
  if (reward.type === 'PCT_DISCOUNT') return `${formatNumber(reward.discountPercent ?? 0)}% discount`;
  const unit = reward.unit ?? '';
  const amount = `${formatMoney(reward.amountCents ?? 0, unit)} credit`;
  return reward.redeemedCents > 0 && reward.status !== 'REDEEMED'
    ? `${amount} (${formatMoney(reward.redeemedCents, unit)} redeemed)`
    : amount;
}

/** A link to an account's page (the id as its text). */
export function AccountLink({ id }: { id: string }) {
  return (
    <a class="mono" href={`/admin/accounts/${encodeURIComponent(id)}`}>
      {id}
    </a>
  );
}

export function referralHref(id: string): string {
  return `/admin/referrals/${encodeURIComponent(id)}`;
}

const COLUMNS: Column<Referral>[] = [
  {
    key: 'started',
    header: 'Started',
    rowHeader: true,
    render: (r) => (
      <a href={referralHref(r.id)} data-testid="referral-link">
        {formatDateTime(r.dateReferralStarted)}
      </a>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => (
      <span class="cell-badges">
        <StatusBadge status={r.status} /> <ReviewFlag review={r.review} />{' '}
        <SignalsFlag signals={r.fraudSignals} />
      </span>
    ),
  },
  { key: 'code', header: 'Code', render: (r) => r.referralCodeUsed, className: 'mono' },
  {
    key: 'referrer',
    header: 'Referrer',
    render: (r) => (
      <span class="cell-stack">
        <AccountLink id={r.referrerAccountId} />
        <span class="cell-note">user {r.referrerUserId}</span>
        <PersonLines person={r.referrer} testId="referrer-person" />
      </span>
    ),
  },
  { key: 'referred', header: 'Referred account', render: (r) => <AccountLink id={r.referredAccountId} /> },
  { key: 'converted', header: 'Converted', render: (r) => formatDateTime(r.dateReferralPaid) },
  {
    key: 'friend',
    header: 'Friend',
    render: (r) =>
      r.friend.name || r.friend.email ? <PersonLines person={r.friend} testId="friend-person" /> : '—',
  },
];

export interface ReferralTableProps {
  caption: string;
  rows: Referral[];
  empty?: ComponentChildren;
  hideCaption?: boolean;
  /** Columns before the rest (the bulk actions' checkboxes). */
  lead?: Column<Referral>[];
}

/** Referrals newest first: the start (link to the detail), status, code, referrer, referred, conversion. */
export function ReferralTable({ caption, rows, empty, hideCaption = true, lead = [] }: ReferralTableProps) {
  return (
    <DataTable
      caption={caption}
      hideCaption={hideCaption}
      columns={[...lead, ...COLUMNS]}
      rows={rows}
      rowKey={(r) => r.id}
      testId="referrals-table"
      rowTestId="referral-row"
      empty={empty}
    />
  );
}

/** An id the API refuses outright (too long, control characters) is as unknown as a missing one. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED');
}

/** A definition list's row. */
export function Item({
  label,
  children,
  testId,
}: {
  label: string;
  children: ComponentChildren;
  testId?: string;
}) {
  return (
    <div class="detail-item">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

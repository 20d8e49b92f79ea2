/**
 * The Review page's table: each referral awaiting a decision with who referred whom, the code, when,
 * the fraud signals with their evidence and what each reward is waiting as; for operators who may
 * decide, a checkbox per row and one that selects the whole page.
 */
import { Badge, DataTable, type Column } from '../../components';
import { formatDateTime } from '../../format';
import {
  AccountLink,
  referralHref,
  RewardStatusBadge,
  rewardText,
  rewardTimeNote,
  type Referral,
  type Reward,
} from './referral-parts';
import { PersonLines } from '../common/people-cells';
import { SIGNAL_LABELS } from './referral-signals';
import { selectColumn } from '../common/selection';

export interface ReviewTableProps {
  rows: Referral[];
  /** The ids selected; absent for an operator who may not decide (no checkboxes then). */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: string[], on: boolean) => void;
}

function RewardLine({ who, reward }: { who: string; reward: Reward | null }) {
  const note = reward && rewardTimeNote(reward);
  return (
    <span class="review-reward">
      <span class="review-reward-who">{who}</span>
      {reward ? (
        <span class="review-reward-what">
          {rewardText(reward)} <RewardStatusBadge status={reward.status} />
          {note && <span class="cell-note"> {note}</span>}
        </span>
      ) : (
        <span class="cell-note">None yet: given when the friend pays</span>
      )}
    </span>
  );
}

const BASE_COLUMNS: Column<Referral>[] = [
  {
    key: 'referred',
    header: 'Referred account',
    rowHeader: true,
    render: (r) => (
      <span class="cell-stack">
        <AccountLink id={r.referredAccountId} />
        <PersonLines person={r.friend} testId="friend-person" />
        <span class="cell-note">{formatDateTime(r.dateReferralStarted)}</span>
        <a class="cell-note" href={referralHref(r.id)} data-testid="review-detail-link">
          View referral<span class="visually-hidden"> of {r.referredAccountId}</span>
        </a>
      </span>
    ),
  },
  {
    key: 'referrer',
    header: 'Referrer and code',
    render: (r) => (
      <span class="cell-stack">
        <AccountLink id={r.referrerAccountId} />
        <span class="cell-note">user {r.referrerUserId}</span>
        <PersonLines person={r.referrer} testId="referrer-person" />
        <span class="mono" data-testid="review-code">
          {r.referralCodeUsed}
        </span>
      </span>
    ),
  },
  {
    key: 'signals',
    header: 'Signals',
    className: 'review-wrap',
    render: (r) => (
      <ul class="review-signals" data-testid="review-signals">
        {r.fraudSignals.map((hit) => (
          <li key={hit.signal}>
            <Badge tone="warning">{SIGNAL_LABELS[hit.signal]}</Badge>
            <span class="signal-evidence">{hit.evidence}</span>
          </li>
        ))}
      </ul>
    ),
  },
  {
    key: 'rewards',
    header: 'Rewards',
    className: 'review-wrap',
    render: (r) => (
      <span class="review-rewards" data-testid="review-rewards">
        <RewardLine who="Referrer" reward={r.referrerReward} />
        <RewardLine who="Friend" reward={r.referredReward} />
      </span>
    ),
  },
];

/** The queue's table; the checkboxes (and "Select all on this page", placed by the page) when it may decide. */
export function ReviewTable({ rows, selected, onSelect }: ReviewTableProps) {
  const columns: Column<Referral>[] =
    selected && onSelect
      ? [
          selectColumn<Referral>(
            selected,
            onSelect,
            (r) => `Select the referral of ${r.referredAccountId}`,
            'review-select',
          ),
          ...BASE_COLUMNS,
        ]
      : BASE_COLUMNS;
  return (
    <DataTable
      caption="Referrals awaiting review, newest first"
      hideCaption
      stackOnPhone
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      testId="review-table"
      rowTestId="review-row"
    />
  );
}

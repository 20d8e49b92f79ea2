/**
 * One account: its users (share code and share link to copy), the referral that brought it, the
 * referrals it made, its rewards and its users' newest events. Another program's account, or an id
 * that names none, is the not-found state.
 */
import { useState } from 'preact/hooks';
import { ChangeOutcome, Card, CopyButton, EmptyState, Page, type Column } from '../../components';
import { formatDateTime, formatNumber } from '../../format';
import { useQuery } from '../../hooks';
import { navigate, type RouteProps } from '../../router';
import { canChange, useSession } from '../../session';
import { CreditSummary, UserActionButtons } from './account-action-buttons';
import { AccountActionDialogs, type Acting } from './account-actions';
import { detailStates } from '../common/detail-states';
import { AccountEvents } from './account-events';
import { AccountRewards } from '../rewards/reward-bulk-actions';
import {
  AccountLink,
  Item,
  referralHref,
  REWARD_SOURCE_LABELS,
  ReferralTable,
  RewardStatusBadge,
  rewardTimeNote,
  rewardText,
  StatusBadge,
  type Reward,
} from '../referrals/referral-parts';
import { graphql } from '../../gql';
import type { AccountDetailQuery } from '../../gql/graphql';

const ACCOUNT = graphql(`
  query AccountDetail($id: String!) {
    account(id: $id) {
      id
      currency
      paymentProviderId
      dateCreated
      subscription {
        status
        billingIntervalType
        billingIntervalValue
        value
      }
      users {
        id
        email
        firstName
        lastName
        shareCode
        shareLink
      }
      referredBy {
        ...ReferralFields
      }
      referrals {
        ...ReferralFields
      }
      rewards {
        ...RewardFields
      }
      recentEvents {
        id
        key
        fields
        dateTriggered
        dateReceived
      }
    }
    rewardBalance(accountId: $id) {
      unit
      available
      pending
    }
  }
`);

type AccountUser = Account['users'][number];

type Account = NonNullable<AccountDetailQuery['account']>;

const BACK = { href: '/admin/accounts', label: 'Accounts' };

const nameOf = (u: AccountUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');

/** One user: name and id, e-mail, share code, the share link with a copy button, and hand actions. */
function UserCard({ user, onAct }: { user: AccountUser; onAct: ((acting: Acting) => void) | null }) {
  const name = nameOf(user);
  return (
    <li class="user-card" data-testid="user-row">
      <h3 class="user-name" data-testid="user-name">
        {name || user.id}
      </h3>
      <dl class="detail-list user-facts">
        <Item label="User id">
          <span class="mono break">{user.id}</span>
        </Item>
        <Item label="E-mail" testId="user-email">
          {user.email ?? '—'}
        </Item>
        <Item label="Share code">
          <span class="mono" data-testid="share-code">
            {user.shareCode ?? '—'}
          </span>
        </Item>
        <Item label="Share link">
          {user.shareLink ? (
            <span class="share-link">
              <a
                href={user.shareLink}
                class="mono break"
                data-testid="share-link"
                target="_blank"
                rel="noopener noreferrer"
              >
                {user.shareLink}
              </a>
              <CopyButton text={user.shareLink} label="Copy link" testId="copy-share-link" />
            </span>
          ) : (
            '—'
          )}
        </Item>
      </dl>
      {onAct && <UserActionButtons user={user} onAct={onAct} />}
    </li>
  );
}

const REWARD_COLUMNS: Column<Reward>[] = [
  { key: 'what', header: 'Reward', rowHeader: true, render: (r) => rewardText(r) },
  { key: 'source', header: 'Why', render: (r) => REWARD_SOURCE_LABELS[r.rewardSource] },
  {
    key: 'status',
    header: 'Status',
    render: (r) => {
      const note = rewardTimeNote(r);
      return (
        <span class="reward-status-cell">
          <RewardStatusBadge status={r.status} />
          {note && <span class="cell-note">{note}</span>}
        </span>
      );
    },
  },
  { key: 'given', header: 'Given', render: (r) => formatDateTime(r.dateGiven) },
  {
    key: 'referral',
    header: 'Referral',
    render: (r) =>
      r.referralId ? <a href={referralHref(r.referralId)}>View referral</a> : 'Adjusted by hand',
  },
];

function subscriptionText(s: Account['subscription'], currency: string): string {
  if (!s || (!s.status && s.value === null)) return '—';
  const parts = [s.status ?? 'No status'];
  if (s.value !== null) parts.push(`${formatNumber(s.value)} ${currency}`);
  if (s.billingIntervalType) {
    parts.push(`every ${s.billingIntervalValue ?? 1} ${s.billingIntervalType.toLowerCase()}`);
  }
  return parts.join(' · ');
}

export function AccountDetailPage({ params }: RouteProps) {
  const id = params.id ?? '';
  const { data, error, loading, reload } = useQuery(ACCOUNT, { id });
  const mayChange = canChange(useSession().operator.role);
  const [acting, setActing] = useState<Acting | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const unready = detailStates({
    noun: 'account',
    back: BACK,
    query: { error, loading, reload },
    found: data ? !!data.account : undefined,
  });
  if (unready || !data?.account) return unready;
  const a = data.account;
  const balance = data.rewardBalance ?? [];
  const onAct = mayChange ? setActing : null;
  return (
    <Page title={`Account ${a.id}`} back={BACK}>
      <ChangeOutcome notice={notice} testId="account-action" />
      <Card title="Details" titleId="account-facts">
        <dl class="detail-list detail-list-wide">
          <Item label="Created">{formatDateTime(a.dateCreated)}</Item>
          <Item label="Subscription">{subscriptionText(a.subscription, a.currency)}</Item>
          <Item label="Currency">{a.currency}</Item>
          <Item label="Payment processor id">
            <span class="mono break">{a.paymentProviderId ?? '—'}</span>
          </Item>
        </dl>
      </Card>
      <Card title="Users" titleId="account-users">
        {a.users.length === 0 ? (
          <EmptyState title="No users yet">
            Users appear when your site identifies them (their share codes are made then).
          </EmptyState>
        ) : (
          <ul class="user-list" data-testid="account-users">
            {a.users.map((u) => (
              <UserCard key={u.id} user={u} onAct={onAct} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Credit" titleId="account-credit">
        <CreditSummary balance={balance} onAct={onAct} />
      </Card>
      <Card title="Referred by" titleId="account-referred-by" testId="referred-by">
        {a.referredBy ? (
          <p class="referred-by">
            <StatusBadge status={a.referredBy.status} /> User {a.referredBy.referrerUserId} of{' '}
            <AccountLink id={a.referredBy.referrerAccountId} /> with code{' '}
            <span class="mono">{a.referredBy.referralCodeUsed}</span>,{' '}
            {formatDateTime(a.referredBy.dateReferralStarted)}.{' '}
            <a href={referralHref(a.referredBy.id)}>View referral</a>
          </p>
        ) : (
          <p class="cell-note">Not referred: this account signed up without a share link or code.</p>
        )}
      </Card>
      <Card title="Referrals made" titleId="account-referrals">
        <ReferralTable
          caption="Referrals this account made"
          rows={a.referrals}
          empty={<EmptyState title="No referrals made yet" />}
        />
      </Card>
      <AccountRewards rewards={a.rewards} columns={REWARD_COLUMNS} reload={reload} />
      <Card title="Recent events" titleId="account-events">
        <AccountEvents events={a.recentEvents} />
      </Card>
      {mayChange && (
        <AccountActionDialogs
          accountId={a.id}
          unit={balance[0]?.unit ?? a.currency}
          acting={acting}
          onClose={() => setActing(null)}
          onDone={(text, accountDeleted) => {
            if (accountDeleted) navigate(BACK.href);
            setNotice(text);
            reload();
          }}
        />
      )}
    </Page>
  );
}

/**
 * One referral: its fields, who referred whom (links to both accounts), its fraud signals, the rewards
 * it gave, what happened when (the timeline) and its lifecycle workflow in the Temporal UI.
 */
import { useState } from 'preact/hooks';
import { Card, ChangeOutcome, Page } from '../../components';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import type { RouteProps } from '../../router';
import { detailStates } from '../common/detail-states';
import {
  AccountLink,
  Item,
  REWARD_SOURCE_LABELS,
  RewardStatusBadge,
  rewardText,
  rewardTimeNote,
  SOURCE_LABELS,
  StatusBadge,
  type Reward,
} from './referral-parts';
import { ReferralActionsBar, RewardActions, useReferralActions, type ActionTarget } from './referral-actions';
import { ActionHistory } from './referral-history';
import { FraudSignalsCard } from './referral-signals';
import { ReviewBadge, ReviewCard } from './referral-review';
import { RewardsExplained } from './reward-explanations';
import { graphql } from '../../gql';
import type { ReferralQuery } from '../../gql/graphql';

const DETAIL = graphql(`
  query Referral($id: ID!) {
    referral(id: $id) {
      referral {
        ...ReferralFields
      }
      timeline {
        at
        kind
        description
      }
      workflowId
      workflowUrl
      ...ReferralActionFields
    }
  }
`);

type TimelineKind = TimelineEntry['kind'];

type TimelineEntry = ReferralDetail['timeline'][number];

type ReferralDetail = NonNullable<ReferralQuery['referral']>;

const KIND_LABELS: Record<TimelineKind, string> = {
  ATTRIBUTED: 'Referred',
  REVIEWED: 'Reviewed',
  CONVERTED: 'Converted',
  ENDED: 'Ended',
  REWARD_GIVEN: 'Reward given',
  REWARD_REDEEMED: 'Reward redeemed',
  REWARD_CANCELLED: 'Reward cancelled',
  REWARD_EXPIRED: 'Reward expired',
};

const BACK = { href: '/admin/referrals', label: 'Referrals' };

export function ReferralDetailPage({ params }: RouteProps) {
  const id = params.id ?? '';
  const { data, error, loading, reload } = useQuery(DETAIL, { id });

  const unready = detailStates({
    noun: 'referral',
    back: BACK,
    query: { error, loading, reload },
    found: data ? !!data.referral : undefined,
  });
  if (unready || !data?.referral) return unready;
  return <ReferralView detail={data.referral} reload={reload} />;
}

function ReferralView({ detail, reload }: { detail: ReferralDetail; reload: () => void }) {
  const editable = canChange(useSession().operator.role);
  const [notice, setNotice] = useState<string | null>(null);
  const { referral: r, timeline, workflowId, workflowUrl, actions, grantedRewards } = detail;
  const act = useReferralActions(r, (text) => {
    setNotice(text);
    reload();
  });
  const onAct = editable
    ? (target: ActionTarget) => {
        setNotice(null);
        act.open(target);
      }
    : undefined;
  const sideIds = [r.referrerReward?.id, r.referredReward?.id];
  const granted = grantedRewards.filter((g) => !sideIds.includes(g.id));
  return (
    <Page
      title={`Referral of ${r.referredAccountId}`}
      description={
        <span class="cell-badges">
          <StatusBadge status={r.status} />
          {r.review && <ReviewBadge status={r.review.status} />}
        </span>
      }
      back={BACK}
      actions={
        <a
          class="button button-secondary"
          href={workflowUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="temporal-link"
        >
          Open in Temporal UI<span class="visually-hidden"> (opens in a new tab)</span>
          <span aria-hidden="true"> ↗</span>
        </a>
      }
    >
      <ChangeOutcome notice={notice} testId="action" />
      {onAct && (
        <Card title="Actions" titleId="referral-act">
          <ReferralActionsBar referral={r} onAct={onAct} />
        </Card>
      )}
      <div class="detail-grid">
        <Card title="Details" titleId="referral-facts">
          <dl class="detail-list detail-list-wide" data-testid="referral-fields">
            <Item label="Referrer">
              <span class="cell-stack">
                <AccountLink id={r.referrerAccountId} />
                <span class="cell-note">user {r.referrerUserId}</span>
              </span>
            </Item>
            <Item label="Referred account">
              <AccountLink id={r.referredAccountId} />
            </Item>
            <Item label="Code used" testId="referral-code">
              <span class="mono">{r.referralCodeUsed}</span>
            </Item>
            <Item label="Attributed by">{SOURCE_LABELS[r.attributionSource]}</Item>
            <Item label="Started">{formatDateTime(r.dateReferralStarted)}</Item>
            <Item label="Converted">{formatDateTime(r.dateReferralPaid)}</Item>
            <Item label="Ended">{formatDateTime(r.dateReferralEnded)}</Item>
            <Item label="Referral id">
              <span class="mono break">{r.id}</span>
            </Item>
            <Item label="Workflow id">
              <span class="mono break">{workflowId}</span>
            </Item>
          </dl>
        </Card>
        <Card title="Timeline" titleId="referral-timeline">
          <ol class="timeline" data-testid="timeline">
            {timeline.map((entry, i) => (
              <li key={i} class={`timeline-entry timeline-${entry.kind.toLowerCase()}`}>
                <span class="timeline-kind">{KIND_LABELS[entry.kind]}</span>
                <time class="timeline-at" dateTime={new Date(entry.at).toISOString()}>
                  {formatDateTime(entry.at)}
                </time>
                <p class="timeline-text">{entry.description}</p>
              </li>
            ))}
          </ol>
        </Card>
      </div>
      {r.review && <ReviewCard review={r.review} />}
      <FraudSignalsCard signals={r.fraudSignals} />
      <Card title="Rewards" titleId="referral-rewards">
        <div class="reward-cards" data-testid="referral-rewards">
          <RewardCard
            title="Referrer"
            reward={r.referrerReward}
            none="None yet: given when the referral converts."
            onAct={onAct}
          />
          <RewardCard title="Referred account" reward={r.referredReward} none="None." onAct={onAct} />
          {granted.map((g) => (
            <RewardCard
              key={g.id}
              title={g.rewardSource === 'FRIEND_SIGNUP' ? 'Granted to the referrer' : 'Granted to the friend'}
              reward={g}
              none=""
              onAct={onAct}
            />
          ))}
        </div>
      </Card>
      <RewardsExplained
        key={[r.status, ...grantedRewards.map((g) => `${g.id}:${g.status}`)].join(',')}
        referralId={r.id}
      />
      <ActionHistory actions={actions} />
      {onAct && act.dialog}
    </Page>
  );
}

interface RewardCardProps {
  title: string;
  reward: Reward | null;
  none: string;
  onAct?: (target: ActionTarget) => void;
}

function RewardCard({ title, reward, none, onAct }: RewardCardProps) {
  const note = reward && rewardTimeNote(reward);
  return (
    <div class="reward-card" data-testid="reward-card">
      <h3 class="reward-title">{title}</h3>
      {reward ? (
        <>
          <p class="reward-what">
            {rewardText(reward)} <RewardStatusBadge status={reward.status} />
            {note && (
              <span class="reward-when" data-testid="reward-when">
                {note}
              </span>
            )}
          </p>
          <p class="cell-note">
            {REWARD_SOURCE_LABELS[reward.rewardSource]} · given {formatDateTime(reward.dateGiven)}
            {reward.dateRedeemed !== null && ` · redeemed ${formatDateTime(reward.dateRedeemed)}`}
            {reward.dateCancelled !== null && ` · cancelled ${formatDateTime(reward.dateCancelled)}`}
          </p>
          {onAct && <RewardActions reward={reward} onAct={onAct} />}
        </>
      ) : (
        <p class="cell-note">{none}</p>
      )}
    </div>
  );
}

/**
 * A referral's rewards explained (explainRewards): for each rule of the referral's version, what it gave
 * and for what, or why it gave nothing; the server writes the sentences, the page only lays them out.
 */
import { Badge, Card, EmptyState, ErrorState, Loading } from '../../components';
import { graphql } from '../../gql';
import { useQuery } from '../../hooks';
import { RewardStatusBadge } from './referral-parts';

const EXPLAIN = graphql(`
  query ExplainRewards($referralId: ID!) {
    explainRewards(referralId: $referralId) {
      ruleId
      ruleName
      recipient
      outcome
      rewardId
      rewardStatus
      text
    }
  }
`);

const RECIPIENT = { REFERRER: 'Referrer', REFERRED: 'Friend' } as const;

/** Mounted with a key that changes with the referral's rewards, so a hand action refreshes it. */
export function RewardsExplained({ referralId }: { referralId: string }) {
  const { data, error, loading, reload } = useQuery(EXPLAIN, { referralId });
  return (
    <Card title="Rewards explained" titleId="referral-explained" testId="rewards-explained">
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The explanations couldn't be loaded" />
      ) : !data ? (
        <Loading label="Explaining the rewards…" />
      ) : data.explainRewards.length === 0 ? (
        <EmptyState title="Nothing to explain">
          <p>No rule applies to this referral and it gave no reward.</p>
        </EmptyState>
      ) : (
        <ul class="explanations">
          {data.explainRewards.map((e, i) => (
            <li
              key={`${e.ruleId ?? 'fixed'}-${e.rewardId ?? i}`}
              class="explanation"
              data-testid="explanation"
            >
              <div class="explanation-head">
                <strong>{e.ruleName}</strong>
                <Badge tone="neutral">{RECIPIENT[e.recipient]}</Badge>
                {e.outcome === 'GRANTED' ? (
                  <Badge tone="success">Granted</Badge>
                ) : (
                  <Badge tone="warning">Not granted</Badge>
                )}
                {e.rewardStatus && <RewardStatusBadge status={e.rewardStatus} />}
              </div>
              <p class="explanation-text">{e.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

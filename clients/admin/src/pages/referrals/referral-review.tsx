/**
 * A referral's review: the fraud policy's REVIEW holds its rewards until an operator approves
 * or denies it. The list's flag, the detail page's card, and the words for a decision's outcomes.
 */
import { Badge, Card, type BadgeTone } from '../../components';
import { formatDateTime } from '../../format';
import type {
  ReferralFieldsFragment,
  ReviewDecision as GqlReviewDecision,
  ReviewOutcome as GqlReviewOutcome,
  ReviewStatus as GqlReviewStatus,
} from '../../gql/graphql';

export type ReviewStatus = GqlReviewStatus;

export type ReferralReview = NonNullable<ReferralFieldsFragment['review']>;

export type ReviewDecision = GqlReviewDecision;
export type ReviewOutcome = GqlReviewOutcome;

export const REVIEW_PATH = '/admin/review';

const REVIEW_LABELS: Record<ReviewStatus, string> = {
  PENDING: 'Awaiting review',
  APPROVED: 'Approved',
  DENIED: 'Denied',
};

const REVIEW_TONES: Record<ReviewStatus, BadgeTone> = {
  PENDING: 'warning',
  APPROVED: 'success',
  DENIED: 'danger',
};

export function ReviewBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge tone={REVIEW_TONES[status]} testId="review-status">
      {REVIEW_LABELS[status]}
    </Badge>
  );
}

/** The list's flag for a referral awaiting a decision; nothing otherwise. */
export function ReviewFlag({ review }: { review: ReferralReview | null }) {
  if (review?.status !== 'PENDING') return null;
  return (
    <Badge tone="warning" testId="review-flag" title="Awaiting an operator’s review">
      Review
    </Badge>
  );
}

/** The detail page's card: the decision, why, who and when (or that it is waiting, with a link). */
export function ReviewCard({ review }: { review: ReferralReview }) {
  return (
    <Card title="Review" titleId="referral-review">
      <div class="review-summary" data-testid="referral-review">
        <p class="review-line">
          <ReviewBadge status={review.status} />
          {review.status === 'PENDING' ? (
            <span class="cell-note">
              The fraud policy held this referral; its rewards wait until someone decides on the{' '}
              <a href={REVIEW_PATH}>Review page</a>.
            </span>
          ) : (
            <span class="cell-note" data-testid="review-by">
              by {review.reviewedBy ?? 'unknown'} · {formatDateTime(review.dateReviewed)}
            </span>
          )}
        </p>
        {review.reason !== null && (
          <blockquote class="review-reason" data-testid="review-reason">
            {review.reason}
          </blockquote>
        )}
      </div>
    </Card>
  );
}

/** "3 approved", "1 denied; 1 was already decided" — what a reviewReferrals call did, in words. */
export function outcomeText(decision: ReviewDecision, outcomes: ReviewOutcome[]): string {
  const count = (outcome: ReviewOutcome) => outcomes.filter((o) => o === outcome).length;
  const decided = count('DECIDED');
  const parts = [`${decided} ${decision === 'APPROVE' ? 'approved' : 'denied'}`];
  const already = count('ALREADY_DECIDED');
  if (already > 0) {
    parts.push(
      `${already} ${already === 1 ? 'was' : 'were'} already decided by someone else and kept that decision`,
    );
  }
  const notHeld = count('NOT_UNDER_REVIEW');
  if (notHeld > 0) parts.push(`${notHeld} ${notHeld === 1 ? 'was' : 'were'} not held for review`);
  const gone = count('NOT_FOUND');
  if (gone > 0) parts.push(`${gone} no longer ${gone === 1 ? 'exists' : 'exist'}`);
  return `${parts.join('; ')}.`;
}

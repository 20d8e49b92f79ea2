/**
 * A referral's hand actions and notes, oldest first: what was done, by whom, when and why,
 * all as text (a reason is the operator's words, never markup).
 */
import { Card } from '../../components';
import { formatDateTime } from '../../format';
import type { ReferralActionFieldsFragment, ReferralActionKind } from '../../gql/graphql';

export type ActionKind = ReferralActionKind;

export type ActionEntry = ReferralActionFieldsFragment['actions'][number];

export const ACTION_LABELS: Record<ActionKind, string> = {
  CANCEL: 'Cancelled',
  REATTRIBUTE: 'Re-attributed',
  GRANT_REWARD: 'Reward granted',
  VOID_REWARD: 'Reward voided',
  MARK_FULFILLED: 'Marked fulfilled',
  NOTE: 'Note',
};

/** Hand actions and notes, oldest first: what, who, when and why, as text. */
export function ActionHistory({ actions }: { actions: ActionEntry[] }) {
  return (
    <Card title="Actions and notes" titleId="referral-actions-history">
      {actions.length === 0 ? (
        <p class="cell-note" data-testid="action-history-empty">
          No hand actions or notes yet.
        </p>
      ) : (
        <ol class="action-history" data-testid="action-history">
          {actions.map((a) => (
            <li key={a.id} class="action-entry" data-testid="action-entry">
              <p class="action-head">
                <strong>{ACTION_LABELS[a.action]}</strong>
                <span class="cell-note">
                  {' '}
                  by {a.actor} · <time dateTime={new Date(a.at).toISOString()}>{formatDateTime(a.at)}</time>
                </span>
              </p>
              {a.action !== 'NOTE' && <p class="action-summary">{a.summary}</p>}
              {a.reference && <p class="cell-note">Reference: {a.reference}</p>}
              <blockquote class="review-reason" data-testid="action-reason-text">
                {a.reason}
              </blockquote>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

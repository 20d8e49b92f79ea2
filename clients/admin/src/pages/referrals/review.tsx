/**
 * The Review page: referrals the fraud policy held (REVIEW), newest first, whose rewards wait
 * as PENDING_REVIEW. An Owner or Admin selects some (or the whole page) and approves or denies them with
 * a reason (reviewReferrals); the outcome is said in words and the queue reloads. Viewers read it only.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { gql } from '../../api';
import {
  ChangeOutcome,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Loading,
  Page,
  Pager,
  useCursorStack,
} from '../../components';
import { useQuery } from '../../hooks';
import { navigate, useRoute, withQuery } from '../../router';
import { canChange, useSession } from '../../session';
import { pageSizeFrom, SearchBox, sizeParam } from '../common/list-controls';
import { outcomeText, type ReviewDecision } from './referral-review';
import { ReviewTable } from './review-table';
import { SelectAll, useSelection } from '../common/selection';
import { graphql } from '../../gql';

const QUEUE = graphql(`
  query ReviewQueue($first: Int, $after: String, $query: String) {
    referralsForReview(first: $first, after: $after, query: $query) {
      items {
        ...ReferralFields
      }
      endCursor
      hasNextPage
    }
  }
`);

const DECIDE = graphql(`
  mutation ReviewReferrals($ids: [ID!]!, $decision: ReviewDecision!, $reason: String!) {
    reviewReferrals(ids: $ids, decision: $decision, reason: $reason) {
      id
      outcome
    }
  }
`);

const REASON_MAX = 500;

export function ReviewPage() {
  const session = useSession();
  const editable = canChange(session.operator.role);
  const route = useRoute();
  const size = pageSizeFrom(route.query);
  // Find people: the queue's search, in the address (?q=); a new search starts at page 1.
  const search = (route.query.get('q') ?? '').trim();
  const stack = useCursorStack();
  const { reset } = stack;
  useEffect(() => reset(), [search, reset]);
  const { data, error, loading, reload } = useQuery(QUEUE, {
    first: size,
    after: stack.after,
    query: search || undefined,
  });
  const { selected, select, clear } = useSelection();
  const [deciding, setDeciding] = useState<ReviewDecision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const items = data?.referralsForReview.items ?? [];
  // Only what this page shows counts as selected (a row decided elsewhere drops out on reload).
  const chosen = items.filter((r) => selected.has(r.id)).map((r) => r.id);

  function open(decision: ReviewDecision) {
    setReason('');
    setReasonError(null);
    setNotice(null);
    setDeciding(decision);
  }

  async function decide(): Promise<void | false> {
    const text = reason.trim();
    if (!text || text.length > REASON_MAX) {
      setReasonError(
        text ? `At most ${REASON_MAX} characters` : 'Enter a reason: it is kept with the decision',
      );
      reasonRef.current?.focus();
      return false;
    }
    const decision = deciding ?? 'APPROVE';
    const answer = await gql(DECIDE, {
      ids: chosen,
      decision,
      reason: text,
    });
    setNotice(
      outcomeText(
        decision,
        answer.reviewReferrals.map((r) => r.outcome),
      ),
    );
    clear();
    if (stack.pageIndex > 0) stack.reset();
    else reload();
  }

  const count = chosen.length;
  const noun = count === 1 ? 'referral' : 'referrals';
  return (
    <Page
      title="Review"
      description="Referrals the fraud policy held for review, newest first. Their rewards wait until you approve or deny them."
    >
      <ChangeOutcome notice={notice} testId="review" />
      {!editable && (
        <p class="notice" data-testid="read-only-notice">
          You have view access: only an Owner or an Admin can approve or deny referrals.
        </p>
      )}
      <div class="toolbar list-toolbar">
        <SearchBox
          label="Search"
          hint="Name, e-mail, id or code (or part of one)"
          value={search}
          maxLength={255}
          testId="review-search"
          onSearch={(q) =>
            navigate(withQuery('/admin/review', { q, size: sizeParam(size) }), { replace: true })
          }
        />
      </div>
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The review queue couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the review queue…" />
      ) : items.length === 0 && stack.pageIndex === 0 && search ? (
        <EmptyState title={`No referral awaiting review matches “${search}”`}>
          The search looks for part of a name, e-mail, id or code of the referrer or the friend, in any case
          and without accents.
        </EmptyState>
      ) : items.length === 0 && stack.pageIndex === 0 ? (
        <EmptyState
          title="Nothing to review"
          action={
            <a class="button button-secondary" href="/admin/program#program-fraud">
              Fraud protection settings
            </a>
          }
        >
          Referrals land here when a fraud signal set to Review in Program › Fraud protection is raised: they
          proceed, but their rewards wait until you approve or deny them.
        </EmptyState>
      ) : (
        <section class="card card-flush" aria-label="Referrals awaiting review" aria-busy={loading}>
          {editable && (
            <div class="review-actions" role="group" aria-label="Decide on the selected referrals">
              <SelectAll rows={items} selected={selected} onSelect={select} />
              <span class="review-selected" aria-live="polite" data-testid="review-selected">
                {count === 0 ? 'Select referrals to decide on them.' : `${count} ${noun} selected`}
              </span>
              <button
                type="button"
                class="button"
                data-testid="review-approve"
                disabled={count === 0}
                onClick={() => open('APPROVE')}
              >
                Approve
              </button>
              <button
                type="button"
                class="button button-danger-outline button-secondary"
                data-testid="review-deny"
                disabled={count === 0}
                onClick={() => open('DENY')}
              >
                Deny
              </button>
            </div>
          )}
          <ReviewTable
            rows={items}
            selected={editable ? selected : undefined}
            onSelect={editable ? select : undefined}
          />
          <div class="card-footer">
            <Pager
              stack={{
                ...stack,
                next: (cursor) => {
                  clear();
                  stack.next(cursor);
                },
                prev: () => {
                  clear();
                  stack.prev();
                },
              }}
              endCursor={data.referralsForReview.endCursor}
              hasNextPage={data.referralsForReview.hasNextPage}
              busy={loading}
            />
          </div>
        </section>
      )}
      <ConfirmDialog
        open={deciding !== null}
        title={`${deciding === 'DENY' ? 'Deny' : 'Approve'} ${count} ${noun}?`}
        confirmLabel={deciding === 'DENY' ? `Deny ${count}` : `Approve ${count}`}
        danger={deciding === 'DENY'}
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      >
        <p>
          {deciding === 'DENY'
            ? 'Their rewards are cancelled: no discount is given and no credit can be used.'
            : 'Their rewards become available (or stay pending until the program’s hold ends) and discounts are synced.'}{' '}
          A decision is final.
        </p>
        <div class={reasonError ? 'field field-invalid' : 'field'}>
          <label class="field-label" for="review-reason">
            Reason
          </label>
          <p class="field-hint" id="review-reason-hint">
            Required. Kept with the decision, shown on each referral and in the audit log.
          </p>
          <textarea
            ref={reasonRef}
            id="review-reason"
            class="input"
            rows={3}
            maxLength={REASON_MAX}
            required
            aria-invalid={!!reasonError}
            aria-describedby={reasonError ? 'review-reason-hint review-reason-error' : 'review-reason-hint'}
            data-testid="review-reason"
            value={reason}
            onInput={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
          />
          {reasonError && (
            <p class="field-error" id="review-reason-error" data-testid="error-review-reason">
              {reasonError}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </Page>
  );
}

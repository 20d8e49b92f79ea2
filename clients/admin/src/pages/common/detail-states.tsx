/**
 * What a detail page (one referral, one account) shows before its record: the error with "Try again",
 * "not found" (another program's id or a mistyped address), or loading. One place, so every detail page
 * answers these states alike.
 */
import type { ComponentChildren } from 'preact';
import { EmptyState, ErrorState, Loading, Page } from '../../components';
import type { QueryState } from '../../hooks';
import { isNotFound } from '../referrals/referral-parts';

export interface DetailStatesProps {
  /** The record's name in lower case, e.g. "referral"; its list is `back`. */
  noun: string;
  back: { href: string; label: string };
  query: Pick<QueryState<unknown>, 'error' | 'loading' | 'reload'>;
  /** Whether the answer holds the record: undefined while there is no answer yet. */
  found: boolean | undefined;
}

/** The page for an unready detail page, or null once its record is there. */
export function detailStates({ noun, back, query, found }: DetailStatesProps): ComponentChildren | null {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  const { error, loading, reload } = query;
  if (error !== undefined && !loading && !isNotFound(error)) {
    return (
      <Page title={title} back={back}>
        <ErrorState error={error} onRetry={reload} title={`The ${noun} couldn't be loaded`} />
      </Page>
    );
  }
  if (isNotFound(error) || found === false) {
    return (
      <Page title={`${title} not found`} back={back}>
        <EmptyState
          title={`There is no ${noun} with this id in this program`}
          action={
            <a class="button button-secondary" href={back.href}>
              Go to the {noun}s
            </a>
          }
        >
          It may belong to another program (live and test are separate), or the address is mistyped.
        </EmptyState>
      </Page>
    );
  }
  if (!found) {
    return (
      <Page title={title} back={back}>
        <Loading label={`Loading the ${noun}…`} />
      </Page>
    );
  }
  return null;
}

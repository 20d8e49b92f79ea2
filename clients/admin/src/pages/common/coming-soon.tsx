import { EmptyState, Page } from '../../components';
import type { RouteProps } from '../../router';

/** A page whose screen is not built yet: says so instead of showing nothing. */
export function ComingSoonPage({ title }: RouteProps) {
  return (
    <Page title={title}>
      <EmptyState title="This page is on its way">
        Use the GraphQL API at <code>/api/v1/&lt;alias&gt;/graphql</code> in the meantime.
      </EmptyState>
    </Page>
  );
}

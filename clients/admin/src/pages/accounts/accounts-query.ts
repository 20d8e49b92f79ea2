/**
 * The account list's data: the GraphQL query the page sends (also run by
 * test/integration/accounts/portal-accounts.test.ts against the real gateway) and the shape of its answer.
 */
import { graphql } from '../../gql';
import type { AccountsQuery } from '../../gql/graphql';
export const ACCOUNTS = graphql(`
  query Accounts($search: String, $query: String, $first: Int, $after: String) {
    accounts(search: $search, query: $query, first: $first, after: $after) {
      items {
        id
        email
        name
        userCount
        referralsMade
        dateCreated
      }
      endCursor
      hasNextPage
    }
  }
`);

export type AccountSummary = AccountPage['items'][number];

export type AccountPage = AccountsQuery['accounts'];

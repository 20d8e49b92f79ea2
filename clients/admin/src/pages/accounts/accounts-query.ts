/**
 * The account list's data: the GraphQL query the page sends (also run by
 * test/integration/accounts/portal-accounts.test.ts against the real gateway) and the shape of its answer.
 */
export const ACCOUNTS = /* GraphQL */ `
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
`;

export interface AccountSummary {
  id: string;
  email: string | null;
  /** The first user's name. */
  name: string | null;
  userCount: number;
  referralsMade: number;
  dateCreated: number;
}

export interface AccountPage {
  items: AccountSummary[];
  endCursor: string | null;
  hasNextPage: boolean;
}

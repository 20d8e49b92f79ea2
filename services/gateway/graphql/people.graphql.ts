import { referralPeople, type PersonView } from '../../../shared/domain/accounts/people';
import type { GraphQLContext } from './context';
import type { GraphQLModule } from './module';
import type { ReferralParent } from './parents';

/** A referral's people: the list reads them with its page; elsewhere (detail, account, review) one statement. */
function side(which: 'referrer' | 'friend') {
  return async (parent: ReferralParent, _: unknown, ctx: GraphQLContext): Promise<PersonView> =>
    parent[which] ?? (await referralPeople(ctx.deps.db, ctx.tenant.id, parent))[which];
}

/** "Lists show people": names and e-mails next to a referral's ids. */
export const peopleModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A person behind an account id: a user of the tenant."
    type Person {
      accountId: String!
      "Null when the account has no user yet."
      userId: String
      "First and last name; null when the user gave none."
      name: String
      email: String
    }
    extend type Referral {
      "The referring user."
      referrer: Person!
      "The referred account's first user (by creation)."
      friend: Person!
    }
  `,
  resolvers: {
    Referral: { referrer: side('referrer'), friend: side('friend') },
  },
};

import type { DbOrTrx } from '../../db/knex';
import { findReferralPeople, type PersonCells } from '../../repos/people-search.repo';
import { fullName } from './account-view';

/**
 * "Lists show people": the person behind an account id in the operator's lists (the referring
 * user, the referred account's first user), for operators only: the full name and e-mail, as stored.
 */
export interface PersonView {
  accountId: string;
  /** Null when the account has no user yet. */
  userId: string | null;
  name: string | null;
  email: string | null;
}

export function presentPerson(accountId: string, cells: PersonCells | null): PersonView {
  return {
    accountId,
    userId: cells?.id ?? null,
    name: cells ? fullName(cells.first_name, cells.last_name) : null,
    email: cells?.email ?? null,
  };
}

type ReferralIds = { referrerAccountId: string; referrerUserId: string; referredAccountId: string };

/**
 * The people of a referral that came without them (a detail, an account's referrals, a review result):
 * one statement, the tenant's rows only.
 */
export async function referralPeople(
  db: DbOrTrx,
  tenantId: string,
  referral: ReferralIds,
): Promise<{ referrer: PersonView; friend: PersonView }> {
  const rows = await findReferralPeople(db, tenantId, referral);
  const cells = (side: string) => rows.find((r) => r.side === side) ?? null;
  return {
    referrer: presentPerson(referral.referrerAccountId, cells('referrer')),
    friend: presentPerson(referral.referredAccountId, cells('friend')),
  };
}

import type { DbOrTrx } from '../../db/knex';
import type { AccountRow } from '../../repos/accounts.repo';
import { createReferralsRepo } from '../../repos/referrals.repo';
import { createUsersRepo, type UserRow } from '../../repos/users.repo';
import { createUserClientsRepo } from '../../repos/user-clients.repo';
import type { ClientKey, FraudSignalHit } from '../../types/fraud';
import type { ProgramSettings } from '../../types/program';
import { fraudSignals, type PersonFacts } from './fraud-signals';

const HOUR_MS = 3_600_000;
/** How long a client the referrer used counts as theirs for SAME_CLIENT (and so how long the worker keeps it). */
export const CLIENT_WINDOW_MS = 30 * 24 * HOUR_MS;

const facts = (u: UserRow): PersonFacts => ({
  userId: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
});

/**
 * The fraud signals of an attribution about to be made, read in its transaction: the referred
 * account's users against the code's owner, the clients of this identification (if any) against those
 * the owner used within 30 days, and the owner's attributions within the last hour (only read when the
 * program sets a limit).
 */
export async function collectFraudSignals(
  trx: DbOrTrx,
  account: AccountRow,
  owner: { account_id: string; user_id: string },
  program: ProgramSettings,
  clients: ClientKey[] = [],
  nowMs = Date.now(),
): Promise<FraudSignalHit[]> {
  const users = createUsersRepo(trx);
  // One after the other: a transaction is one connection, which runs one query at a time (node-postgres
  // queues a second one sent meanwhile, which it deprecates).
  const referred = await users.listByAccount(account.tenant_id, account.id, trx);
  const referrer = await users.find(account.tenant_id, owner.account_id, owner.user_id, trx);
  const limit = program.maxAttributionsPerReferrerPerHour;
  const attributionsLastHour =
    limit === null
      ? 0
      : await createReferralsRepo(trx).countByReferrerSince(
          account.tenant_id,
          { accountId: owner.account_id, userId: owner.user_id },
          new Date(nowMs - HOUR_MS),
          trx,
        );
  const sharedClients = await createUserClientsRepo(trx).seenAmong(
    { tenantId: account.tenant_id, accountId: owner.account_id, userId: owner.user_id },
    clients,
    new Date(nowMs - CLIENT_WINDOW_MS),
    trx,
  );
  return fraudSignals({
    referred: referred.map(facts),
    referrer: referrer ? facts(referrer) : null,
    attributionsLastHour,
    maxAttributionsPerHour: limit,
    sharedClients,
  });
}

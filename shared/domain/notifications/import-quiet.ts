import type { DbOrTrx } from '../../db/knex';
import { createNotificationSourcesRepo } from '../../repos/notification-sources.repo';

/**
 * What an import writes (historic referrals and rewards moved in from another system) e-mails nobody:
 * the events this transaction writes from now on skip the notification outbox. Later events of the
 * same referrals (a hold ending, a payout) are live and do mail.
 */
export async function quietNotifications(trx: DbOrTrx): Promise<void> {
  await createNotificationSourcesRepo(trx).quietForTransaction(trx);
}

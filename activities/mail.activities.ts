import type { Db } from '../shared/db/knex';
import type { Metrics } from '../shared/metrics';
import type { TemporalDeps } from '../shared/temporal/client';
import type {
  MailDeliveryInput,
  MailDeliveryResult,
  MailNotifierInput,
  MailNotifierResult,
} from '../shared/types/notifications';
import { deliverNotification } from '../shared/use-cases/notification-deliver';
import type { MailDeps } from '../shared/use-cases/notification-mail';
import { runMailNotifier } from '../shared/use-cases/notification-notifier';

/** E-mail notifications: thin adapters over the use cases (a thrown MailDeliveryError is retried by Temporal). */
export function createMailActivities(deps: {
  db: Db;
  temporal: TemporalDeps;
  metrics: Metrics;
  mail: MailDeps;
}) {
  return {
    deliverMail(input: MailDeliveryInput): Promise<MailDeliveryResult> {
      return deliverNotification({ ...deps.mail, db: deps.db }, input);
    },
    runMailNotifier(input: MailNotifierInput): Promise<MailNotifierResult> {
      return runMailNotifier(deps, input);
    },
  };
}

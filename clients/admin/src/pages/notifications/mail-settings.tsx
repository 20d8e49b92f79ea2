/**
 * Notifications → Sender and suppressions: whom e-mails come from (within the allowed domains) and the
 * addresses never mailed again. VIEWERs read both.
 */
import { ErrorState, Loading, Page, ReadOnly } from '../../components';
import { useQuery } from '../../hooks';
import { canChange, useSession } from '../../session';
import { MailSenderCard } from './mail-sender-card';
import { MAIL_SETTINGS } from './notification-queries';
import { NotificationTabs, SmtpWarning } from './notification-words';
import { SuppressionsCard } from './suppressions-card';

export function MailSettingsPage() {
  const { operator } = useSession();
  const mayChange = canChange(operator.role);
  const { data, error, loading, reload } = useQuery(MAIL_SETTINGS);
  return (
    <Page title="Notifications" description="Whom the e-mails come from, and the addresses they never go to.">
      <NotificationTabs current="settings" />
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="The e-mail settings couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading the e-mail settings…" />
      ) : (
        <ReadOnly when={!mayChange}>
          <SmtpWarning configured={data.mailSender.smtpConfigured} />
          <div class="payout-settings">
            <MailSenderCard sender={data.mailSender} onSaved={reload} />
            <SuppressionsCard rows={data.mailSuppressions} onChanged={reload} />
          </div>
        </ReadOnly>
      )}
    </Page>
  );
}

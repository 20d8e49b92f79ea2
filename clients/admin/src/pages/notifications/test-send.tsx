/** "Send a test": the saved template of a kind and locale, with example values, to one address, now. */
import { useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import { ChangeOutcome, errorMessage, Field } from '../../components';
import type { NotificationKind } from '../../gql/graphql';
import { SEND_TEST } from './notification-queries';

export function TestSend(props: {
  programId: string | null;
  kind: NotificationKind;
  locale: string;
  dirty: boolean;
  smtpConfigured: boolean;
}) {
  const { programId, kind, locale, dirty, smtpConfigured } = props;
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: Event) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setFieldError(null);
    if (!/^[^\s@]+@[^\s@]+$/.test(to.trim())) {
      setFieldError('Enter an e-mail address');
      return;
    }
    setBusy(true);
    try {
      const { sendTestNotification: d } = await gql(SEND_TEST, { programId, kind, locale, to: to.trim() });
      const answer = d.response ? ` (${d.response})` : '';
      if (d.status === 'SENT') setNotice(`Sent to ${to.trim()}${answer}.`);
      else if (d.status === 'NOT_SENT') setError(`Not sent: SMTP is not configured${answer}.`);
      else if (d.status === 'SUPPRESSED') setError(`Not sent: ${to.trim()} is on the suppression list.`);
      else setError(`Refused by the mail server${answer}.`);
    } catch (err) {
      const issue = err instanceof ApiError ? err.validationErrors?.find((e) => e.field === 'to') : undefined;
      if (issue) setFieldError(`This address ${issue.message}`);
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="test-send" onSubmit={send} noValidate aria-label="Send a test" data-testid="test-send">
      <h3 class="mail-preview-title">Send a test</h3>
      <Field
        label="To"
        name="testTo"
        type="email"
        autocomplete="email"
        value={to}
        error={fieldError}
        hint={
          dirty
            ? 'Sends the saved text with example values: save your changes first to test them.'
            : 'Sends the saved text with example values, now.'
        }
        onInput={(e) => setTo(e.currentTarget.value)}
      />
      {!smtpConfigured && (
        <p class="field-hint" data-testid="test-send-smtp">
          SMTP is not configured: the test is recorded as not sent.
        </p>
      )}
      <ChangeOutcome error={error} notice={notice} testId="test-send" />
      <button type="submit" class="button button-secondary" disabled={busy} data-testid="test-send-button">
        {busy ? 'Sending…' : 'Send test'}
      </button>
    </form>
  );
}

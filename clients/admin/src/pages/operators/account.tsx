/**
 * The signed-in operator's own account: change the password (the current one is required; every other
 * session of theirs ends) and "sign out everywhere" (every session, this one included).
 */
import { useState } from 'preact/hooks';
import { ApiError, changePassword, logoutEverywhere } from '../../api';
import { Card, ChangeOutcome, errorMessage, Field, Page, ReadOnly } from '../../components';
import { canChange, useSession } from '../../session';
import { DigestCard } from './digest-card';

type Values = { currentPassword: string; newPassword: string; confirm: string };
const EMPTY: Values = { currentPassword: '', newPassword: '', confirm: '' };

export function AccountPage() {
  const session = useSession();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const next: Partial<Values> = {};
    if (!values.currentPassword) next.currentPassword = 'Enter your current password';
    if (values.newPassword.length < 12) next.newPassword = 'Use at least 12 characters';
    if (values.confirm !== values.newPassword) next.confirm = 'The two passwords differ';
    setErrors(next);
    setNotice(null);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const { endedSessions } = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues(EMPTY);
      setNotice(
        endedSessions === 0
          ? 'Your password is changed.'
          : `Your password is changed; ${endedSessions} other session${endedSessions === 1 ? '' : 's'} ended.`,
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'WRONG_PASSWORD') {
        setErrors({ currentPassword: 'This is not your current password' });
      } else {
        const field =
          err instanceof ApiError ? err.validationErrors?.find((e) => e.field === 'newPassword') : undefined;
        if (field) setErrors({ newPassword: `This password ${field.message}` });
        else setFormError(errorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  }

  async function everywhere() {
    setFormError(null);
    try {
      await logoutEverywhere();
      window.location.assign('/admin/login');
    } catch (err) {
      setFormError(errorMessage(err));
    }
  }

  const field = (name: keyof Values, label: string, autocomplete: string) => (
    <Field
      label={label}
      name={name}
      type="password"
      autocomplete={autocomplete}
      value={values[name]}
      error={errors[name]}
      onInput={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
    />
  );

  return (
    <Page title="Your account" description={`Signed in as ${session.operator.email}.`}>
      <Card title="Change your password" titleId="password-title">
        <ChangeOutcome error={formError} notice={notice} testId="account" />
        <form class="account-form" onSubmit={submit} noValidate>
          {field('currentPassword', 'Current password', 'current-password')}
          {field('newPassword', 'New password', 'new-password')}
          {field('confirm', 'Repeat the new password', 'new-password')}
          <p class="table-note">
            At least 12 characters; common and breached passwords are refused. Your other sessions end.
          </p>
          <button type="submit" class="button" disabled={busy}>
            {busy ? 'Saving…' : 'Change password'}
          </button>
        </form>
      </Card>
      <ReadOnly when={!canChange(session.operator.role)}>
        <DigestCard />
      </ReadOnly>
      <Card title="Sign out everywhere" titleId="everywhere-title">
        <p>Ends every session of yours, on every device, this one included.</p>
        <button type="button" class="button button-secondary" onClick={() => void everywhere()}>
          Sign out everywhere
        </button>
      </Card>
    </Page>
  );
}

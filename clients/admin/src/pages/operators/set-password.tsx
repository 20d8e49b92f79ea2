/**
 * The page a one-time link opens (/admin/set-password#<token>, public, no session): the invitee, or an
 * operator whose access was reset, chooses a password; then they sign in with it. A link that is used,
 * expired or replaced shows a designed dead-link state rather than the form's error.
 */
import { useState } from 'preact/hooks';
import { ApiError, setPasswordWithLink } from '../../api';
import { errorMessage, Field } from '../../components';
import { useDocumentTitle } from '../../hooks';

export const SET_PASSWORD_PATH = '/admin/set-password';

export function SetPasswordPage({
  onDone,
}: {
  onDone: (where: { tenantAlias: string; email: string }) => void;
}) {
  useDocumentTitle('Choose your password');
  // The token stays in the fragment: it never reaches the server's logs or another site's Referer.
  const [token] = useState(() => window.location.hash.slice(1));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dead, setDead] = useState(token.length === 0);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const next: typeof errors = {};
    if (password.length < 12) next.password = 'Use at least 12 characters';
    if (confirm !== password) next.confirm = 'The two passwords differ';
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    setFormError(null);
    try {
      const where = await setPasswordWithLink({ token, password });
      window.history.replaceState(null, '', window.location.pathname);
      onDone(where);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ACCESS_LINK_INVALID') setDead(true);
      else {
        const field =
          err instanceof ApiError ? err.validationErrors?.find((e) => e.field === 'password') : undefined;
        if (field) setErrors({ password: `This password ${field.message}` });
        else setFormError(errorMessage(err));
      }
      setBusy(false);
    }
  }

  return (
    <main id="main" class="login">
      <div class="login-card">
        <p class="login-brand">Referral admin</p>
        {dead ? (
          <div data-testid="link-dead">
            <h1 class="login-title">This link no longer works</h1>
            <p>
              A link to choose a password works once and for a limited time, and a newer link replaces it. Ask
              an owner of your program for a new one.
            </p>
            <p>
              <a class="button button-block" href="/admin/login">
                Go to sign in
              </a>
            </p>
          </div>
        ) : (
          <>
            <h1 class="login-title">Choose your password</h1>
            <p class="login-lead">At least 12 characters; common and breached passwords are refused.</p>
            <form onSubmit={submit} noValidate>
              <Field
                label="New password"
                name="password"
                type="password"
                autocomplete="new-password"
                value={password}
                error={errors.password}
                onInput={(e) => setPassword(e.currentTarget.value)}
              />
              <Field
                label="Repeat it"
                name="confirm"
                type="password"
                autocomplete="new-password"
                value={confirm}
                error={errors.confirm}
                onInput={(e) => setConfirm(e.currentTarget.value)}
              />
              {formError && (
                <p class="form-error" role="alert">
                  {formError}
                </p>
              )}
              <button type="submit" class="button button-block" disabled={busy}>
                {busy ? 'Saving…' : 'Set password'}
              </button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}

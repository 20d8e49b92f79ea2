import { useState } from 'preact/hooks';
import { login, loginTwoFactor, type Session } from '../../api';
import { errorMessage, Field, type FieldProps } from '../../components';
import { useDocumentTitle } from '../../hooks';

const ALIAS_KEY = 'referral-admin.alias';

function rememberedAlias(): string {
  try {
    return window.localStorage.getItem(ALIAS_KEY) ?? '';
  } catch {
    return '';
  }
}

export interface LoginPageProps {
  onSignedIn: (session: Session) => void;
  /** A line above the form, e.g. that the session ended. */
  notice?: string;
}

type Credentials = { tenantAlias: string; email: string; password: string };
type CredentialField = keyof Credentials;

/** The form's fields, in order: their labels, input attributes and the words when one is left empty. */
const FIELDS: {
  name: CredentialField;
  label: string;
  whenEmpty: string;
  attributes: Omit<FieldProps, 'name' | 'label'>;
}[] = [
  {
    name: 'tenantAlias',
    label: 'Program',
    whenEmpty: 'Enter your program’s alias',
    attributes: {
      hint: 'Your program’s alias, as in your API URLs',
      autocomplete: 'organization',
      autocapitalize: 'none',
      spellcheck: false,
    },
  },
  {
    name: 'email',
    label: 'E-mail',
    whenEmpty: 'Enter your e-mail address',
    attributes: { type: 'email', autocomplete: 'username' },
  },
  {
    name: 'password',
    label: 'Password',
    whenEmpty: 'Enter your password',
    attributes: { type: 'password', autocomplete: 'current-password' },
  },
];

/** Sign-in: program (tenant alias), e-mail, password; the server's message when it refuses. */
export function LoginPage({ onSignedIn, notice }: LoginPageProps) {
  useDocumentTitle('Sign in');
  const [values, setValues] = useState<Credentials>(() => ({
    tenantAlias: rememberedAlias(),
    email: '',
    password: '',
  }));
  const [missing, setMissing] = useState<Partial<Record<CredentialField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set when the password was right and two-factor sign-in is on: the second step's form shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  function signedIn(session: Session) {
    try {
      window.localStorage.setItem(ALIAS_KEY, session.tenant.alias);
    } catch {
      // private mode: nothing remembered
    }
    onSignedIn(session);
  }

  async function submitCode(event: Event) {
    event.preventDefault();
    if (!challenge) return;
    if (!code.trim()) {
      setError('Enter the code from your authenticator app, or a recovery code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      signedIn(await loginTwoFactor(challenge, code.trim()));
    } catch (err) {
      setError(errorMessage(err));
      setCode('');
      setBusy(false);
    }
  }

  async function submit(event: Event) {
    event.preventDefault();
    // The password is sent as typed; the alias and e-mail without surrounding spaces.
    const credentials = { ...values, tenantAlias: values.tenantAlias.trim(), email: values.email.trim() };
    const empty: Partial<Record<CredentialField, string>> = {};
    for (const field of FIELDS) if (!credentials[field.name]) empty[field.name] = field.whenEmpty;
    setMissing(empty);
    if (Object.keys(empty).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await login(credentials);
      if ('challenge' in answer) {
        setChallenge(answer.challenge);
        setValues((v) => ({ ...v, password: '' }));
        setBusy(false);
        return;
      }
      signedIn(answer);
    } catch (err) {
      setError(errorMessage(err));
      setValues((v) => ({ ...v, password: '' }));
      setBusy(false);
    }
  }

  return (
    <main id="main" class="login">
      <div class="login-card">
        <p class="login-brand">Referral admin</p>
        <h1 class="login-title">Sign in</h1>
        {notice && (
          <p class="notice" role="status">
            {notice}
          </p>
        )}
        {challenge ? (
          <form onSubmit={submitCode} noValidate>
            <Field
              label="Authentication code"
              name="code"
              hint="The 6-digit code from your authenticator app, or one of your recovery codes"
              autocomplete="one-time-code"
              inputmode="numeric"
              autocapitalize="none"
              spellcheck={false}
              value={code}
              onInput={(e) => setCode(e.currentTarget.value)}
            />
            {error && (
              <p class="form-error" data-testid="login-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" class="button button-block" disabled={busy}>
              {busy ? 'Checking…' : 'Verify'}
            </button>
          </form>
        ) : (
          <form onSubmit={submit} noValidate>
            {FIELDS.map((field) => (
              <Field
                key={field.name}
                {...field.attributes}
                label={field.label}
                name={field.name}
                value={values[field.name]}
                error={missing[field.name]}
                onInput={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [field.name]: value }));
                }}
              />
            ))}
            {error && (
              <p class="form-error" data-testid="login-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" class="button button-block" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

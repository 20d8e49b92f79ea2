import { useEffect, useState } from 'preact/hooks';
import { twoFactor, type TwoFactorEnrolment, type TwoFactorStatus } from '../../api';
import {
  Card,
  CopyableValue,
  ErrorState,
  errorMessage,
  Field,
  Loading,
  Page,
  SecretCard,
} from '../../components';
import type { RouteProps } from '../../router';

/** A code form: one field, one button, the server's message under the field. */
function CodeForm(props: { submitLabel: string; onCode: (code: string) => Promise<void>; testId: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: Event) {
    event.preventDefault();
    if (!code.trim()) return setError('Enter the 6-digit code from your authenticator app');
    setBusy(true);
    setError(null);
    try {
      await props.onCode(code.trim());
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate data-testid={props.testId}>
      <Field
        label="Authentication code"
        name={`${props.testId}-code`}
        autocomplete="one-time-code"
        inputmode="numeric"
        value={code}
        error={error}
        onInput={(e) => setCode(e.currentTarget.value)}
      />
      <button type="submit" class="button" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}

/**
 * Two-factor sign-in for the signed-in operator: set it up (QR code and secret shown once, confirmed
 * with a code, then the recovery codes shown once) or turn it off with a code.
 */
export function TwoFactorPage({ title }: RouteProps) {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  function load() {
    setFailure(null);
    twoFactor.status().then(setStatus, setFailure);
  }
  useEffect(load, []);

  if (failure) return <Page title={title}>{<ErrorState error={failure} onRetry={load} />}</Page>;
  if (!status) return <Page title={title}>{<Loading />}</Page>;

  return (
    <Page title={title}>
      {status.required && !status.enabled && (
        <p class="notice" role="status">
          Your program requires two-factor sign-in: set it up to use the portal.
        </p>
      )}
      {recoveryCodes && (
        <SecretCard
          title="Recovery codes"
          titleId="recovery-codes-title"
          testId="recovery-codes"
          warning="Store them now: they will not be shown again."
          advice="Each code signs you in once when you do not have your authenticator app."
          onDone={() => setRecoveryCodes(null)}
        >
          <CopyableValue value={recoveryCodes.join(' ')} copyLabel="Copy codes" wide />
        </SecretCard>
      )}
      {status.enabled ? (
        <Card title="Two-factor sign-in is on" titleId="tfa-on-title" testId="tfa-on">
          <p>Each sign-in asks for a code from your authenticator app after your password.</p>
          <CodeForm
            testId="tfa-disable"
            submitLabel="Turn off"
            onCode={async (code) => {
              await twoFactor.disable(code);
              load();
            }}
          />
        </Card>
      ) : enrolment ? (
        <Card title="Scan the QR code" titleId="tfa-enrol-title" testId="tfa-enrol">
          <p>Scan it with your authenticator app, or enter the key by hand; then enter the code it shows.</p>
          <img
            class="qr-code"
            width={200}
            height={200}
            alt="QR code of the two-factor key"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
          />
          <p>
            Key: <CopyableValue value={enrolment.secret} copyLabel="Copy key" testId="tfa-secret" />
          </p>
          <CodeForm
            testId="tfa-confirm"
            submitLabel="Turn on"
            onCode={async (code) => {
              const { recoveryCodes: codes } = await twoFactor.confirm(code);
              setEnrolment(null);
              setRecoveryCodes(codes);
              load();
            }}
          />
        </Card>
      ) : (
        <Card title="Two-factor sign-in is off" titleId="tfa-off-title" testId="tfa-off">
          <p>Protect your account with a code from an authenticator app at each sign-in.</p>
          <button
            type="button"
            class="button"
            onClick={() => twoFactor.enroll().then(setEnrolment, setFailure)}
          >
            Set up
          </button>
        </Card>
      )}
    </Page>
  );
}

/**
 * Your account → Daily digest: the signed-in operator's own opt-in to a morning e-mail of what needs
 * them (new referrals awaiting review, failed webhooks and payouts). A VIEWER reads it.
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { Card, ChangeOutcome, CheckboxField, ErrorState, errorMessage, Loading } from '../../components';
import { useQuery } from '../../hooks';
import { OPERATOR_DIGEST, SET_OPERATOR_DIGEST } from '../notifications/notification-queries';

export function DigestCard() {
  const { data, error, loading, reload } = useQuery(OPERATOR_DIGEST);
  const [busy, setBusy] = useState(false);
  // The box moves at once; it moves back if the change fails.
  const [shown, setShown] = useState<boolean | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function change(enabled: boolean) {
    setBusy(true);
    setShown(enabled);
    setChangeError(null);
    setNotice(null);
    try {
      const { setOperatorDigest } = await gql(SET_OPERATOR_DIGEST, { enabled });
      setNotice(
        setOperatorDigest ? 'You receive the daily digest.' : 'You no longer receive the daily digest.',
      );
      reload();
    } catch (err) {
      setShown(null);
      setChangeError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Daily digest" titleId="digest-title" testId="digest-card">
      {error !== undefined && !loading ? (
        <ErrorState error={error} onRetry={reload} title="Your digest setting couldn't be loaded" />
      ) : !data ? (
        <Loading label="Loading your digest setting…" />
      ) : (
        <>
          <CheckboxField
            label="E-mail me a daily digest"
            name="digest"
            checked={shown ?? data.operatorDigest}
            disabled={busy}
            onChange={(on) => void change(on)}
            hint="Once a day, to your address: new referrals awaiting review, failed webhooks and failed payouts."
          />
          <ChangeOutcome error={changeError} notice={notice} testId="digest" />
        </>
      )}
    </Card>
  );
}

/**
 * A referral's fraud signals: what looked suspicious when it was attributed, each with the
 * evidence the service recorded, shown as text.
 */
import { Badge, Card } from '../../components';
import type { ReferralFieldsFragment } from '../../gql/graphql';

import { FRAUD_SIGNALS, type FraudSignal } from '../../../../../shared/contract/enums';
export { FRAUD_SIGNALS, type FraudSignal };

export type FraudSignalHit = ReferralFieldsFragment['fraudSignals'][number];

export const SIGNAL_LABELS: Record<FraudSignal, string> = {
  SAME_EMAIL: 'Same e-mail',
  SAME_NAME: 'Same name',
  SAME_CLIENT: 'Same browser or address',
  DISPOSABLE_EMAIL: 'Disposable e-mail',
  VELOCITY: 'Too many in an hour',
};

/** The list's flag: how many signals, named in its accessible text; nothing when there are none. */
export function SignalsFlag({ signals }: { signals: FraudSignalHit[] }) {
  if (signals.length === 0) return null;
  const names = signals.map((s) => SIGNAL_LABELS[s.signal]).join(', ');
  return (
    <span class="signals-flag" title={names} data-testid="signals-flag">
      <Badge tone="warning">
        {signals.length === 1 ? '1 signal' : `${signals.length} signals`}
        <span class="visually-hidden">: {names}</span>
      </Badge>
    </span>
  );
}

export function FraudSignalsCard({ signals }: { signals: FraudSignalHit[] }) {
  return (
    <Card title="Fraud signals" titleId="referral-signals">
      {signals.length === 0 ? (
        <p class="cell-note" data-testid="no-signals">
          Nothing looked suspicious when this referral was attributed.
        </p>
      ) : (
        <ul class="signal-list" data-testid="fraud-signals">
          {signals.map((hit) => (
            <li key={hit.signal} class="signal-item">
              <Badge tone="warning">{SIGNAL_LABELS[hit.signal]}</Badge>
              <p class="signal-evidence">{hit.evidence}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The Program page's fraud protection: the velocity limit, and what each fraud signal does to an
 * attribution: Allow (only recorded on the referral), Review (the referral proceeds, its rewards wait for
 * a decision on the Review page) or Block (no referral, no reward).
 */
import { Card, Field, useReadOnly } from '../../components';
import type { FieldErrors, FraudAction, ProgramValues } from './program-form';
import { FRAUD_SIGNALS, SIGNAL_LABELS, type FraudSignal } from '../referrals/referral-signals';
import { REVIEW_PATH } from '../referrals/referral-review';

const SIGNAL_HINTS: Record<FraudSignal, string> = {
  SAME_EMAIL: 'The friend and the referrer share a mailbox (case, +tags and Gmail dots ignored).',
  SAME_NAME: 'The friend has the referrer’s first and last name.',
  SAME_CLIENT: 'The friend signed up from a browser or address the referrer used in the last 30 days.',
  DISPOSABLE_EMAIL: 'The friend’s e-mail is at a throwaway-mail domain.',
  VELOCITY: 'The referrer had more attributions within an hour than the limit above.',
};

export interface FraudSectionProps {
  values: ProgramValues;
  errors: FieldErrors;
  update: <K extends keyof ProgramValues>(key: K, value: ProgramValues[K], field?: string) => void;
}

const ACTION_LABELS: Record<FraudAction, string> = {
  ALLOW: 'Allow: only record it',
  REVIEW: 'Review: hold the rewards',
  BLOCK: 'Block: make no referral',
};

const ACTIONS = Object.keys(ACTION_LABELS) as FraudAction[];

export function FraudSection({ values, errors, update }: FraudSectionProps) {
  const readOnly = useReadOnly();
  const choose = (signal: FraudSignal, action: FraudAction) =>
    update('fraudActions', { ...values.fraudActions, [signal]: action }, 'fraudPolicy');
  return (
    <Card title="Fraud protection" titleId="program-fraud">
      <p class="cell-note fraud-intro">
        Every referral records the signals found when it was made; you see them on the referral’s page. Choose
        what each signal does: <strong>Allow</strong> only records it; <strong>Review</strong> lets the
        referral proceed but holds its rewards until someone approves it on the{' '}
        <a href={REVIEW_PATH}>Review page</a>; <strong>Block</strong> makes no referral and no reward, and the
        API answer says REFUSED.
      </p>
      <div class="form-grid">
        <Field
          name="maxAttributionsPerReferrerPerHour"
          label="Attributions per referrer per hour"
          type="number"
          step={1}
          inputMode="numeric"
          class="input input-number"
          value={values.maxAttributionsPerReferrerPerHour}
          error={errors.maxAttributionsPerReferrerPerHour}
          hint="More than this within an hour raises the velocity signal. Leave empty for no limit."
          onInput={(e: Event) =>
            update('maxAttributionsPerReferrerPerHour', (e.currentTarget as HTMLInputElement).value)
          }
        />
      </div>
      <fieldset class="fieldset" id="field-fraudPolicy" tabIndex={-1} data-testid="fraud-policy">
        <legend>What each signal does</legend>
        <ul class="fraud-rules">
          {FRAUD_SIGNALS.map((signal) => {
            const id = `field-fraud-${signal}`;
            return (
              <li key={signal} class="fraud-rule" data-testid={`fraud-rule-${signal}`}>
                <div>
                  {readOnly ? (
                    <span class="field-label">{SIGNAL_LABELS[signal]}</span>
                  ) : (
                    <label class="field-label" for={id}>
                      {SIGNAL_LABELS[signal]}
                    </label>
                  )}
                  <p class="field-hint" id={`${id}-hint`}>
                    {SIGNAL_HINTS[signal]}
                  </p>
                </div>
                {readOnly ? (
                  <p class="fraud-value" data-testid={`value-fraud-${signal}`}>
                    {ACTION_LABELS[values.fraudActions[signal]]}
                  </p>
                ) : (
                  <select
                    class="input"
                    id={id}
                    name={`fraud-${signal}`}
                    aria-describedby={`${id}-hint`}
                    value={values.fraudActions[signal]}
                    onChange={(e) => choose(signal, e.currentTarget.value as FraudAction)}
                  >
                    {ACTIONS.map((action) => (
                      <option key={action} value={action}>
                        {ACTION_LABELS[action]}
                      </option>
                    ))}
                  </select>
                )}
              </li>
            );
          })}
        </ul>
        {errors.fraudPolicy && (
          <p class="field-error" data-testid="error-fraudPolicy">
            {errors.fraudPolicy}
          </p>
        )}
      </fieldset>
    </Card>
  );
}

/**
 * Safe defaults (issue 31): the Program page warns while a setting allows a subscription 100 % off or
 * every fraud signal is Allow. Read from the form's values, so the warning follows what is typed.
 */
import type { ProgramValues } from './program-form';

const asNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** The warnings for these values, each a sentence; none when the settings are safe. */
export function programWarnings(values: ProgramValues): string[] {
  const warnings: string[] = [];
  const cap = asNumber(values.maxReferrerDiscountPercent);
  if (values.rewardType === 'PCT_DISCOUNT' && cap !== null && cap >= 100) {
    warnings.push(
      'A referrer’s discounts can add up to 100 % off: a busy referrer pays nothing for as long as their friends stay. Set the maximum referrer discount below 100 (50 is the default for new programs).',
    );
  }
  if ((asNumber(values.referredDiscountPercent) ?? 0) >= 100) {
    warnings.push('Referred friends get 100 % off: their subscription is free while the discount lasts.');
  }
  if (values.rewardType === 'PCT_DISCOUNT' && (asNumber(values.rewardDiscountPercent) ?? 0) >= 100) {
    warnings.push('One conversion gives the referrer 100 % off.');
  }
  if (Object.values(values.fraudActions).every((action) => action === 'ALLOW')) {
    warnings.push(
      'Every fraud signal is set to Allow: referrals from a referrer’s own mailbox or a throwaway address earn rewards unchecked. Review or Block at least Same e-mail and Disposable e-mail.',
    );
  }
  return warnings;
}

export function ProgramWarnings({ values }: { values: ProgramValues }) {
  const warnings = programWarnings(values);
  if (warnings.length === 0) return null;
  return (
    <div class="notice notice-warning" data-testid="program-warnings">
      <p class="notice-title">Check these settings</p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}

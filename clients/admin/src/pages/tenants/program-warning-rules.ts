/**
 * Safe defaults: when the Program page warns. Pure and JSX-free, so test/unit/program-warnings.test.ts
 * checks each rule; program-warnings.tsx shows them.
 */
import type { FraudAction, FraudSignal, RewardType } from '../../../../../shared/contract/enums';

/** The settings the warnings read (the form's ProgramValues has them; kept apart so this file needs no JSX). */
export interface WarnedValues {
  rewardType: RewardType;
  referredDiscountPercent: string;
  rewardDiscountPercent: string;
  maxReferrerDiscountPercent: string;
  fraudActions: Record<FraudSignal, FraudAction>;
}

const asNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** The warnings for these values, each a sentence; none when the settings are safe. */
export function programWarnings(values: WarnedValues): string[] {
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

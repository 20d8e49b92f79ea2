import {
  programWarnings,
  type WarnedValues,
} from '../../clients/admin/src/pages/tenants/program-warning-rules';

/**
 * The safe defaults: the Program page warns when a setting allows 100 % off or leaves every fraud
 * signal on Allow, and says nothing for a new program's defaults (a 50 % cap, Same e-mail and Disposable
 * e-mail on Review).
 */

const ALL_ALLOW = {
  SAME_EMAIL: 'ALLOW',
  SAME_NAME: 'ALLOW',
  SAME_CLIENT: 'ALLOW',
  DISPOSABLE_EMAIL: 'ALLOW',
  VELOCITY: 'ALLOW',
} as const;

/** A new program's settings as the form holds them, with `changes`. */
function values(changes: Partial<WarnedValues> = {}): WarnedValues {
  return {
    referredDiscountPercent: '10',
    rewardType: 'PCT_DISCOUNT',
    rewardDiscountPercent: '10',
    maxReferrerDiscountPercent: '50',
    fraudActions: { ...ALL_ALLOW, SAME_EMAIL: 'REVIEW', DISPOSABLE_EMAIL: 'REVIEW' },
    ...changes,
  };
}

test("a new program's defaults raise no warning", () => {
  expect(programWarnings(values())).toEqual([]);
  expect(programWarnings(values({ maxReferrerDiscountPercent: '99' }))).toEqual([]);
});

test('a referrer cap of 100 % warns, for percent discounts only', () => {
  expect(programWarnings(values({ maxReferrerDiscountPercent: '100' }))).toEqual([
    expect.stringContaining('can add up to 100 % off'),
  ]);
  expect(programWarnings(values({ maxReferrerDiscountPercent: ' 100 ' }))).toHaveLength(1);
  // A credit reward is not a discount: the cap does not apply.
  expect(
    programWarnings(
      values({
        rewardType: 'CREDIT',
        maxReferrerDiscountPercent: '100',
      }),
    ),
  ).toEqual([]);
  // Half-typed or invalid text is the form's error to show, not a warning.
  expect(programWarnings(values({ maxReferrerDiscountPercent: '1e3' }))).toEqual([]);
});

test("100 % off for the friend, or in one referrer's reward, warns", () => {
  expect(programWarnings(values({ referredDiscountPercent: '100' }))).toEqual([
    'Referred friends get 100 % off: their subscription is free while the discount lasts.',
  ]);
  expect(programWarnings(values({ rewardDiscountPercent: '100' }))).toEqual([
    'One conversion gives the referrer 100 % off.',
  ]);
});

test('every fraud signal on Allow warns; one on Review or Block is enough to quiet it', () => {
  expect(programWarnings(values({ fraudActions: { ...ALL_ALLOW } }))).toEqual([
    expect.stringContaining('Every fraud signal is set to Allow'),
  ]);
  expect(programWarnings(values({ fraudActions: { ...ALL_ALLOW, VELOCITY: 'BLOCK' } }))).toEqual([]);
  // Both at once: each warning, the cap first.
  expect(
    programWarnings(values({ maxReferrerDiscountPercent: '100', fraudActions: { ...ALL_ALLOW } })),
  ).toEqual([
    expect.stringContaining('can add up to 100 % off'),
    expect.stringContaining('Every fraud signal is set to Allow'),
  ]);
});

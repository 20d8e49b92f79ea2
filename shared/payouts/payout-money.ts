/*
 * Amounts at the payout providers. Our orders carry minor units (cents); PayPal and Tremendous take a
 * decimal amount in the currency's major unit, Stripe takes minor units as we do.
 */

/** ISO 4217 currencies without minor units among those the providers pay out in (PayPal: HUF, JPY, TWD). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'HUF',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'TWD',
  'UGX',
  'VND',
  'XAF',
  'XOF',
]);

/** How many decimals the currency's amounts have at PayPal and Tremendous (2 but for the list above). */
export function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/** Minor units as the provider's decimal string: 1234 USD → "12.34", 500 JPY → "500". */
export function majorAmount(amountCents: number, currency: string): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new Error(`payout amount must be a positive whole number of minor units: ${amountCents}`);
  }
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(amountCents);
  const whole = Math.floor(amountCents / 100);
  const cents = String(amountCents % 100).padStart(2, '0');
  return `${whole}.${cents}`;
}

/** The inverse: the provider's decimal amount as minor units ("12.34" USD → 1234). */
export function minorAmount(value: string | number, currency: string): number {
  const decimals = currencyDecimals(currency);
  return Math.round(Number(value) * 10 ** decimals);
}

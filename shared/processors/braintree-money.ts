/**
 * Braintree amounts are decimal strings ("10.00", sometimes "10" or "10.5"); the service counts integer
 * cents. Converted by string manipulation so that no amount ever passes through a binary float.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** "10.00" → 1000, "0.5" → 50, "-1.25" → -125. Throws on anything else, including a third decimal. */
export function decimalToCents(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`not a money amount: ${JSON.stringify(value)}`);
  const [, sign, units, fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money amount out of range: ${value}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** 1000 → "10.00", 5 → "0.05", -125 → "-1.25". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

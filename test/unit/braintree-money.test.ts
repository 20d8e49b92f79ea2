import { centsToDecimal, decimalToCents } from '../../shared/processors/braintree-money';

describe('Braintree money', () => {
  test.each([
    ['10.00', 1000],
    ['0.01', 1],
    ['0.1', 10],
    ['10.5', 1050],
    ['10', 1000],
    ['0', 0],
    ['-0.00', 0],
    ['-1.25', -125],
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['123456789.99', 12345678999],
    [' 2.50 ', 250],
  ])('decimalToCents(%j) = %i', (decimal, cents) => {
    expect(decimalToCents(decimal)).toBe(cents);
  });

  test.each(['', '1.005', '1,00', 'abc', '1.', '.5', '1e3', '--1', '99999999999999999.00'])(
    'decimalToCents(%j) throws',
    (decimal) => {
      expect(() => decimalToCents(decimal)).toThrow(RangeError);
    },
  );

  test.each([
    [1000, '10.00'],
    [1, '0.01'],
    [10, '0.10'],
    [0, '0.00'],
    [29, '0.29'],
    [115, '1.15'],
    [-125, '-1.25'],
    [-5, '-0.05'],
    [12345678999, '123456789.99'],
  ])('centsToDecimal(%i) = %j', (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal);
    expect(decimalToCents(decimal)).toBe(cents);
  });

  test.each([1.5, Number.NaN, Infinity, 2 ** 60])('centsToDecimal(%d) throws', (cents) => {
    expect(() => centsToDecimal(cents)).toThrow(RangeError);
  });
});

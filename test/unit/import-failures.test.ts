/** Which import failures no retry can fix: those end the job FAILED after one attempt. */
import { deterministicFailure } from '../../shared/imports/failures';
import { UnreadableFileError } from '../../shared/imports/records';

const pgError = (code: string) =>
  Object.assign(new Error('insert into users ... - some database message'), { code });

test.each([
  [
    'an unreadable record',
    new UnreadableFileError('line 9: not valid CSV: Invalid Closing Quote'),
    'line 9: not valid CSV: Invalid Closing Quote',
  ],
  [
    'a stack overflow',
    new RangeError('Maximum call stack size exceeded'),
    'a row of the file is too large or too deeply nested to process',
  ],
  [
    'a string too long',
    new RangeError('Invalid string length'),
    'a row of the file is too large or too deeply nested to process',
  ],
  [
    'an unsupported Unicode escape',
    pgError('22P05'),
    'the database cannot store a value of the file (SQLSTATE 22P05)',
  ],
  [
    'an invalid byte sequence',
    pgError('22021'),
    'the database cannot store a value of the file (SQLSTATE 22021)',
  ],
  [
    'an index row too large',
    pgError('54000'),
    'the database cannot store a value of the file (SQLSTATE 54000)',
  ],
])('%s is final, with a readable reason and no SQL', (_name, err, reason) => {
  expect(deterministicFailure(err)).toBe(reason);
});

test.each([
  [
    'a refused connection',
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  ],
  ['an admin shutdown', pgError('57P01')],
  ['a serialization failure', pgError('40001')],
  ['a unique violation (a concurrent writer)', pgError('23505')],
  ['an out-of-memory buffer allocation', new RangeError('Array buffer allocation failed')],
  ['anything else', new Error('boom')],
  ['a non-error', 'boom'],
])('%s is retried', (_name, err) => {
  expect(deterministicFailure(err)).toBeUndefined();
});

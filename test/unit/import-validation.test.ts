import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { JobType } from '../../shared/imports/job-types';
import { formatOf, type ImportFormat } from '../../shared/imports/format';
import { validateImportFile } from '../../shared/imports/validate-file';

/** Validates bytes given whole or in small chunks (chunk boundaries must not matter). */
async function validate(content: string | Buffer, type: JobType, format: ImportFormat = 'csv', chunk = 0) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const pieces =
    chunk > 0
      ? Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
          bytes.subarray(i * chunk, (i + 1) * chunk),
        )
      : [bytes];
  return validateImportFile(Readable.from(pieces), type, format);
}

const USER = 'MUTATION/USER' as const;

describe('valid files have no errors', () => {
  test.each([
    ['a plain user file', 'id,accountId,email,firstName\nu1,a1,u1@example.com,Ada\nu2,a2,,\n', USER],
    ['a BOM and CRLF line ends', '\uFEFFid,accountId\r\nu1,a1\r\nu2,a2\r\n', USER],
    [
      'quoted cells with commas, quotes and newlines',
      'id,accountId,customFields.note\nu1,a1,"one, ""two""\nthree"\nu2,a2,x\n',
      USER,
    ],
    ['no final newline', 'id,accountId\nu1,a1', USER],
    [
      'custom fields and referral columns',
      'id,accountId,accountStatus,shareCode,referredBy.code,customFields.plan\nu1,a1,PAID,ADA1,JANEDOE,pro\n',
      USER,
    ],
    [
      'delete users',
      'id,accountId,preserveEmptyAccount,doNotTrack\nu1,a1,true,false\n',
      'MUTATION/DELETE_USER' as const,
    ],
    [
      'user events',
      'userId,accountId,idempotencyKey,event.key,event.dateTriggered,event.fields.revenue\nu1,a1,key-00000001,purchase,1700000000000,12.5\n',
      'MUTATION/USER_EVENT' as const,
    ],
    [
      'balance redemptions',
      'accountId,userId,unit,valueToRedeem\na1,u1,USD,500\n',
      'MUTATION/REDEEMABLE_REWARD_BALANCE' as const,
    ],
  ])('%s', async (_name, content, type) => {
    expect(await validate(content, type)).toEqual([]);
    expect(await validate(content, type, 'csv', 3)).toEqual([]);
  });

  test('JSON Lines with nested fields', async () => {
    const jsonl = [
      { id: 'u1', accountId: 'a1', referredBy: { code: 'JANEDOE' }, customFields: { plan: 'pro', seats: 3 } },
      { id: 'u2', accountId: 'a2', email: null },
    ]
      .map((o) => JSON.stringify(o))
      .join('\n');
    expect(await validate(jsonl, USER, 'jsonl')).toEqual([]);
    expect(await validate(`${jsonl}\r\n`, USER, 'jsonl', 5)).toEqual([]);
  });
});

describe('bad input: line-numbered errors naming the column and the problem', () => {
  test.each([
    [
      'an empty file (no header)',
      '',
      ['line 1: the file is empty; a header row of column names is expected'],
    ],
    [
      'a header and no rows (0-row file)',
      'id,accountId\n',
      ['line 2: the file has a header but no data rows'],
    ],
    ['a missing required column', 'id,email\nu1,a@b.co\n', ['line 1: missing required column "accountId"']],
    [
      'an unknown column',
      'id,accountId,colour\nu1,a1,red\n',
      ['line 1: unknown column "colour" for MUTATION/USER'],
    ],
    ['a duplicated column', 'id,accountId,id\nu1,a1,u1\n', ['line 1: column "id" appears twice']],
    [
      'a bad enum',
      'id,accountId,accountStatus\nu1,a1,GOLD\n',
      ['line 2: column "accountStatus" must be one of TRIAL, PAID, FREE, CANCELLED'],
    ],
    ['a required cell left empty', 'id,accountId\nu1,\n', ['line 2: column "accountId" is required']],
    [
      'an over-long cell',
      `id,accountId,firstName\nu1,a1,${'x'.repeat(101)}\n`,
      ['line 2: column "firstName" is longer than 100 characters'],
    ],
    [
      'an over-long custom field',
      `id,accountId,customFields.bio\nu1,a1,${'é'.repeat(751)}\n`,
      ['line 2: column "customFields.bio" is longer than 1,500 UTF-8 bytes'],
    ],
    [
      'more cells than the header',
      'id,accountId\nu1,a1,extra\n',
      ['line 2: 3 cells, but the header has 2 columns'],
    ],
    ['an empty line', 'id,accountId\nu1,a1\n\nu2,a2\n', ['line 3: empty line']],
    ['an unclosed quote', 'id,accountId\nu1,"a1\n', [expect.stringMatching(/^line \d: not valid CSV: /)]],
    [
      'line numbers after a quoted newline',
      'id,accountId,customFields.note\nu1,a1,"two\nlines"\nu2,a2,ok\nu3,,x\n',
      ['line 5: column "accountId" is required'],
    ],
  ])('%s', async (_name, content, expected) => {
    expect(await validate(content, USER)).toEqual(expected);
  });

  test.each([
    [
      'MUTATION/REDEEMABLE_REWARD_BALANCE' as const,
      'accountId,unit,valueToRedeem\na1,USD,ten\na2,usd,5\n',
      [
        'line 2: column "valueToRedeem" must be a positive whole number',
        'line 3: column "unit" must be 1-32 upper-case letters, digits or _',
      ],
    ],
    [
      'MUTATION/USER_EVENT' as const,
      'userId,accountId,event.key,event.dateTriggered,idempotencyKey\nu1,a1,buy,yesterday,short\n',
      [
        'line 2: column "event.dateTriggered" must be epoch milliseconds (a whole number)',
        'line 2: column "idempotencyKey" must be 8 to 64 characters of A-Z a-z 0-9 - _ .',
      ],
    ],
    [
      'MUTATION/DELETE_USER' as const,
      'id,accountId,doNotTrack\nu1,a1,yes\n',
      ['line 2: column "doNotTrack" must be one of true, false'],
    ],
  ])('%s: non-numeric numbers and bad values', async (type, content, expected) => {
    expect(await validate(content, type)).toEqual(expected);
  });

  test('invalid UTF-8 is reported on its line, whatever the chunking', async () => {
    const content = Buffer.concat([
      Buffer.from('id,accountId\nu1,a1\nu2,'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\nu3,a3\n'),
    ]);
    for (const chunk of [0, 1, 7]) {
      expect(await validate(content, USER, 'csv', chunk)).toContain('line 3: invalid UTF-8');
    }
  });

  test('a binary file gives errors, never a crash or a hang', async () => {
    const binary = crypto.randomBytes(256 * 1024);
    binary[10] = 0;
    const errors = await validate(binary, USER, 'csv', 4096);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(100);
    expect(errors[0]).toMatch(/^line 1: /);
  });

  test('at most 100 errors are listed; the last says how many more', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `u${i},a${i},NOPE`).join('\n');
    const errors = await validate(`id,accountId,accountStatus\n${rows}\n`, USER);
    expect(errors).toHaveLength(100);
    expect(errors[0]).toBe('line 2: column "accountStatus" must be one of TRIAL, PAID, FREE, CANCELLED');
    expect(errors[98]).toMatch(/^line 100: /);
    expect(errors[99]).toBe('... and 151 more errors');
  });

  test.each([
    ['not JSON', '{"id":"u1","accountId":"a1"}\n{oops\n', ['line 2: not valid JSON']],
    ['not an object', '["u1","a1"]\n', ['line 1: must be a JSON object']],
    [
      'an unknown member',
      '{"id":"u1","accountId":"a1","colour":"red"}\n',
      ['line 1: unknown column "colour" for MUTATION/USER'],
    ],
    ['a missing required member', '{"id":"u1"}\n', ['line 1: column "accountId" is required']],
    [
      'an empty line',
      '{"id":"u1","accountId":"a1"}\n\n{"id":"u2","accountId":"a2"}\n',
      ['line 2: empty line'],
    ],
    ['no rows at all', '', ['line 1: the file has no rows']],
    [
      'a row nested 100,000 levels deep (the flattener overflowed the stack)',
      `{"id":"u1","accountId":"a1"}\n{"id":"u2","accountId":"a2","customFields":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_001)}\n`,
      ['line 2: nested deeper than 16 levels'],
    ],
    [
      'an array nested 100,000 levels deep',
      `{"id":"u1","accountId":"a1","customFields":{"l":${'['.repeat(100_000)}${']'.repeat(100_000)}}}\n`,
      ['line 1: nested deeper than 16 levels'],
    ],
    [
      'text PostgreSQL cannot hold, in names and values',
      '{"id":"u1","accountId":"a1","customFields":{"k\\u0000":"v","n":"\\ud800"}}\n',
      [
        'line 1: column name "customFields.k\\u0000" must not contain NUL (U+0000) characters',
        'line 1: column "customFields.n" must not contain unpaired UTF-16 surrogates',
      ],
    ],
  ])('JSON Lines: %s', async (_name, content, expected) => {
    expect(await validate(content, USER, 'jsonl')).toEqual(expected);
  });
});

test.each([
  ['users.csv', 'csv'],
  ['events.jsonl', 'jsonl'],
  ['EVENTS.NDJSON', 'jsonl'],
  ['upload', 'csv'],
])('the format of %s is %s', (name, format) => {
  expect(formatOf(name)).toBe(format);
});

/** Reading import files by byte offset (the job's resume points), counting records, and result-file cells. */
import { Readable } from 'node:stream';
import {
  countRecords,
  flatten,
  linesSpanned,
  MAX_ROW_DEPTH,
  nestsDeeperThan,
  readCsvHeader,
  readRecords,
  type ImportRecord,
} from '../../shared/imports/records';
import { csvCell, resultLine } from '../../shared/imports/result-file';

/** The bytes from `start`, in small pieces so records straddle chunk boundaries. */
const source = (bytes: Buffer, start = 0, piece = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil((bytes.length - start) / piece) }, (_, i) =>
      bytes.subarray(start + i * piece, start + (i + 1) * piece),
    ),
  );

async function all(iterable: AsyncIterable<ImportRecord>): Promise<ImportRecord[]> {
  const out: ImportRecord[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

const summary = (records: ImportRecord[]) =>
  records.map((r) => [r.line, r.cells ? Object.fromEntries(r.cells) : r.problem]);

describe('CSV', () => {
  const text = '\uFEFFid,name\r\n1,"two\r\nlines"\r\n2,é\r\n\r\n3,"a ""q"""\r\n4,x,extra\n5,last';
  const bytes = Buffer.from(text);

  test('the header, then records with their lines, from any record boundary', async () => {
    const header = (await readCsvHeader(source(bytes)))!;
    expect(header.columns).toEqual(['id', 'name']);
    const records = await all(
      readRecords(source(bytes, header.dataOffset), {
        format: 'csv',
        columns: header.columns,
        offset: header.dataOffset,
        line: 2,
      }),
    );
    expect(summary(records)).toEqual([
      [2, { id: '1', name: 'two\r\nlines' }],
      [4, { id: '2', name: 'é' }],
      [5, 'empty line'],
      [6, { id: '3', name: 'a "q"' }],
      [7, '3 cells, but the header has 2 columns'],
      [8, { id: '5', name: 'last' }],
    ]);
    expect(records[records.length - 1]!.end).toBe(bytes.length);
    // Resuming at each record's end gives exactly the records after it.
    for (let i = 0; i < records.length; i += 1) {
      const { end, nextLine } = records[i]!;
      const rest = await all(
        readRecords(source(bytes, end), {
          format: 'csv',
          columns: header.columns,
          offset: end,
          line: nextLine,
        }),
      );
      expect(summary(rest)).toEqual(summary(records.slice(i + 1)));
    }
  });

  test('counting records agrees with reading them, with or without a trailing newline', async () => {
    expect(await countRecords(source(bytes), 'csv')).toBe(6);
    expect(await countRecords(source(Buffer.from(`${text}\n`)), 'csv')).toBe(6);
    expect(await countRecords(source(Buffer.from('id,accountId\n')), 'csv')).toBe(0);
    expect(linesSpanned(['a\nb', 'c\r\nd', 'e'])).toBe(3);
  });

  test('an empty file has no header', async () => {
    expect(await readCsvHeader(source(Buffer.alloc(0)))).toBeUndefined();
  });
});

describe('JSON Lines', () => {
  const text = '{"id":"1","referredBy":{"code":"X"}}\n\n[1]\n{"id":\n{"id":"2","n":3}';
  const bytes = Buffer.from(text);

  test('records with flattened members, problems per line, and resumable offsets', async () => {
    const records = await all(
      readRecords(source(bytes), { format: 'jsonl', columns: null, offset: 0, line: 1 }),
    );
    expect(summary(records)).toEqual([
      [1, { id: '1', 'referredBy.code': 'X' }],
      [2, 'empty line'],
      [3, 'must be a JSON object'],
      [4, 'not valid JSON'],
      [5, { id: '2', n: '3' }],
    ]);
    const third = records[2]!;
    const rest = await all(
      readRecords(source(bytes, third.end), {
        format: 'jsonl',
        columns: null,
        offset: third.end,
        line: third.nextLine,
      }),
    );
    expect(summary(rest)).toEqual(summary(records.slice(3)));
    expect(await countRecords(source(bytes), 'jsonl')).toBe(5);
  });
});

describe('JSON Lines nesting', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels - 1)}{"b":1}${'}'.repeat(levels - 1)}`;

  test('a row nested 100,000 levels deep is one record with a problem, and the next record follows', async () => {
    const bytes = Buffer.from(`{"id":"1"}\n${deep(100_000)}\n{"id":"3"}\n`);
    const records = await all(
      readRecords(source(bytes, 0, 64 * 1024), { format: 'jsonl', columns: null, offset: 0, line: 1 }),
    );
    expect(summary(records)).toEqual([
      [1, { id: '1' }],
      [2, `nested deeper than ${MAX_ROW_DEPTH} levels`],
      [3, { id: '3' }],
    ]);
  });

  test.each([
    [deep(16), 16, false],
    [deep(17), 16, true],
    ['{"a":"{{{{{{{{{{{{{{{{{{{{"}', 1, false],
    ['{"a":"\\"[[[[[["}', 1, false],
    ['[[]]', 1, true],
  ])('%s nests deeper than %d: %s', (text, limit, expected) => {
    expect(nestsDeeperThan(text, limit)).toBe(expected);
  });

  test('flattening is iterative and keeps member order', () => {
    const value = JSON.parse(deep(MAX_ROW_DEPTH)) as Record<string, unknown>;
    expect([...flatten(value)]).toEqual([[`${'a.'.repeat(MAX_ROW_DEPTH - 1)}b`, '1']]);
    expect([...flatten({ x: 1, y: { z: null, w: [1, { v: 2 }] }, u: 'text' })]).toEqual([
      ['x', '1'],
      ['y.z', ''],
      ['y.w', '[1,{"v":2}]'],
      ['u', 'text'],
    ]);
  });
});

describe('result file cells', () => {
  test.each([
    ['=1+2', "'=1+2"],
    ['+cmd', "'+cmd"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['plain', 'plain'],
  ])('%j is written as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test('a line is line,status,message', () => {
    expect(resultLine({ line: 7, ok: false, message: 'INVALID_ROW: column "x", bad' })).toBe(
      '7,FAILED,"INVALID_ROW: column ""x"", bad"\n',
    );
    expect(resultLine({ line: 2, ok: true, message: '' })).toBe('2,SUCCESS,\n');
  });
});

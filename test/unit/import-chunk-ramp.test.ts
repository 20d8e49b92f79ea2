/**
 * a new import job's first chunks are small (100 rows, doubling up to IMPORT_CHUNK_ROWS), so
 * the progress of a file of 5,000 rows or fewer moves while it is applied instead of jumping from 0 %
 * to 100 % in one commit; a resumed job (firstSize unset) keeps whole chunks.
 */
import { Readable } from 'node:stream';
import { checkedChunks } from '../../shared/imports/chunk-reader';
import { readRecords } from '../../shared/imports/records';

const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: `u${i}`, accountId: `a${i}` })).join('\n');

async function chunkSizes(rows: number, size: number, firstSize?: number): Promise<number[]> {
  const records = readRecords(Readable.from([Buffer.from(lines(rows))]), {
    format: 'jsonl',
    columns: null,
    offset: 0,
    line: 1,
  });
  const sizes: number[] = [];
  for await (const chunk of checkedChunks(records, {
    type: 'MUTATION/USER',
    format: 'jsonl',
    start: 0,
    size,
    firstSize,
  })) {
    expect(chunk.invalid).toEqual([]);
    sizes.push(chunk.valid.length);
  }
  return sizes;
}

test.each([
  [5000, 5000, 100, [100, 200, 400, 800, 1600, 1900]],
  [12000, 5000, 100, [100, 200, 400, 800, 1600, 3200, 5000, 700]],
  [150, 5000, 100, [100, 50]],
  [5000, 5000, undefined, [5000]],
  [7, 3, 100, [3, 3, 1]],
])('%i rows, chunks of %i, first %s: %j', async (rows, size, firstSize, expected) => {
  expect(await chunkSizes(rows, size, firstSize)).toEqual(expected);
});

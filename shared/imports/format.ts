export type ImportFormat = 'csv' | 'jsonl';

/** JSON Lines by extension (.jsonl, .ndjson); anything else is read as CSV. */
export function formatOf(fileName: string): ImportFormat {
  return /\.(jsonl|ndjson)$/i.test(fileName) ? 'jsonl' : 'csv';
}

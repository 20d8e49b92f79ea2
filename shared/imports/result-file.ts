import { csvCell } from '../csv-cell';
import type { RowResult } from './rows';

export { csvCell };

/** The result file's header; then one line per data row. */
export const RESULT_HEADER = 'line,status,message\n';
export function resultLine(result: RowResult): string {
  return `${result.line},${result.ok ? 'SUCCESS' : 'FAILED'},${csvCell(result.message)}\n`;
}

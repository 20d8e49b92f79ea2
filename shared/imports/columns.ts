import { textProblem } from '../validation';
import type { ColumnSpec } from './cell-checks';
import { JOB_TYPE_REGISTRY, type JobType } from './job-types';

/** The column of a job type that a header name belongs to, or undefined for an unknown column. */
function specFor(type: JobType, column: string): ColumnSpec | undefined {
  return JOB_TYPE_REGISTRY[type].columns.find((c) =>
    c.name.endsWith('.') ? column.startsWith(c.name) && column.length > c.name.length : c.name === column,
  );
}

/**
 * A column name as messages quote it: JSON-quoted, so control characters and unpaired surrogates appear
 * as escapes (a message is stored in PostgreSQL), and shortened.
 */
function quoted(column: string): string {
  return JSON.stringify(column.length > 100 ? `${column.slice(0, 100)}...` : column);
}

/**
 * Problems with the column names themselves (no name, a name twice, an unknown column, a name that is
 * not storable text), as messages without the line prefix: the header's problems apart from missing
 * required columns, and what a JSON Lines row's own member names can get wrong.
 */
export function columnProblems(type: JobType, columns: string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    const textIssue = textProblem(column);
    if (column === '') problems.push('a column has no name');
    else if (textIssue) problems.push(`column name ${quoted(column)} ${textIssue}`);
    else if (column.includes('\uFFFD')) problems.push(`column name ${quoted(column)} is not valid UTF-8`);
    else if (seen.has(column)) problems.push(`column ${quoted(column)} appears twice`);
    else if (!specFor(type, column)) problems.push(`unknown column ${quoted(column)} for ${type}`);
    seen.add(column);
  }
  return problems;
}

/** Problems with a header, as messages (without the line prefix). */
export function headerProblems(type: JobType, columns: string[]): string[] {
  const problems = columnProblems(type, columns);
  const seen = new Set(columns);
  for (const c of JOB_TYPE_REGISTRY[type].columns) {
    if (c.required && !seen.has(c.name)) problems.push(`missing required column "${c.name}"`);
  }
  return problems;
}

/**
 * Problems with one row's cells (keyed by column), as messages naming the column. A cell that is not
 * storable text (a NUL, an unpaired surrogate) is refused here, so no such text reaches PostgreSQL.
 */
export function rowProblems(type: JobType, cells: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const c of JOB_TYPE_REGISTRY[type].columns) {
    if (c.required && !cells.get(c.name)) problems.push(`column "${c.name}" is required`);
  }
  for (const [column, value] of cells) {
    if (value === '') continue;
    const problem = textProblem(value) ?? specFor(type, column)?.check(value);
    if (problem) problems.push(`column ${quoted(column)} ${problem}`);
  }
  return problems;
}

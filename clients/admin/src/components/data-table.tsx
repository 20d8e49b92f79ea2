import type { ComponentChildren } from 'preact';

export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: ComponentChildren;
  /** The cell's content: text or elements (never HTML). */
  render: (row: T, index: number) => ComponentChildren;
  /** Numbers are right-aligned. */
  align?: 'left' | 'right';
  /** The row's header cell (<th scope="row">), e.g. the name or id that identifies it. */
  rowHeader?: boolean;
  /** A class on this column's cells (e.g. "nowrap", "mono"). */
  className?: string;
}

export interface DataTableProps<T> {
  /** The table's accessible name and visible caption (visually hidden with hideCaption). */
  caption: string;
  hideCaption?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  /** data-testid of the <table>. */
  testId?: string;
  /** data-testid of each <tr> in the body. */
  rowTestId?: string;
  /** Shown instead of the table when there are no rows (an <EmptyState>). */
  empty?: ComponentChildren;
  /**
   * On phones, each row becomes a block of "header: value" lines instead of a wide table that
   * scrolls (for tables whose cells wrap: logs, lists with controls).
   */
  stackOnPhone?: boolean;
}

/**
 * A plain, readable table in a horizontally scrolling region (phones): caption, column headers with
 * scope, right-aligned numbers. The region is focusable so keyboard users can scroll it.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, hideCaption, columns, rows, rowKey, testId, rowTestId, empty, stackOnPhone } = props;
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const cellClass = (column: Column<T>) =>
    [column.align === 'right' ? 'num' : '', column.className ?? ''].filter(Boolean).join(' ') || undefined;
  // The label a stacked cell shows before its value (text headers only).
  const label = (column: Column<T>) =>
    stackOnPhone && typeof column.header === 'string' ? column.header : undefined;
  return (
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class={stackOnPhone ? 'data-table data-table-stacked' : 'data-table'} data-testid={testId}>
        <caption class={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" class={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} data-testid={rowTestId}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" class={cellClass(column)} data-label={label(column)}>
                    {column.render(row, index)}
                  </th>
                ) : (
                  <td key={column.key} class={cellClass(column)} data-label={label(column)}>
                    {column.render(row, index)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

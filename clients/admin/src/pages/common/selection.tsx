/**
 * Picking rows of a list to act on them at once (Review's decisions, the referral list's bulk actions):
 * the selection, a checkbox column and "Select all on this page".
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Column } from '../../components';

export interface SelectionProps<T extends { id: string }> {
  rows: T[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
}

/** The ids selected, and `select(ids, on)` to add or drop some; `clear()` forgets them all. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  function select(ids: string[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }
  return { selected, select, clear: () => setSelected(new Set()) };
}

/** "Select all on this page": checked when every row is, mixed when some are. */
export function SelectAll<T extends { id: string }>({ rows, selected, onSelect }: SelectionProps<T>) {
  const ref = useRef<HTMLInputElement>(null);
  const count = rows.filter((r) => selected.has(r.id)).length;
  const all = rows.length > 0 && count === rows.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <label class="select-all">
      <input
        ref={ref}
        type="checkbox"
        class="checkbox"
        data-testid="select-all"
        checked={all}
        onChange={(e) =>
          onSelect(
            rows.map((r) => r.id),
            e.currentTarget.checked,
          )
        }
      />
      Select all on this page
    </label>
  );
}

/** A table's first column: a checkbox per row, named by `label(row)`. */
export function selectColumn<T extends { id: string }>(
  selected: ReadonlySet<string>,
  onSelect: (ids: string[], on: boolean) => void,
  label: (row: T) => string,
  testId: string,
): Column<T> {
  return {
    key: 'select',
    header: <span class="visually-hidden">Select</span>,
    className: 'select-cell',
    render: (r) => (
      <input
        type="checkbox"
        class="checkbox"
        aria-label={label(r)}
        data-testid={testId}
        checked={selected.has(r.id)}
        onChange={(e) => onSelect([r.id], e.currentTarget.checked)}
      />
    ),
  };
}

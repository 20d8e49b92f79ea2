/**
 * Controls the portal's keyset lists share (referrals, accounts): a search box that applies on submit,
 * the rows-per-page select, and reading them from the address (so a reload or a shared link keeps them).
 */
import { useDraft } from '../../hooks';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** `?size=` when it is one of PAGE_SIZES, else the default. */
export function pageSizeFrom(query: URLSearchParams): number {
  const size = Number(query.get('size'));
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The address value for a page size (absent for the default). */
export function sizeParam(size: number): number | undefined {
  return size === DEFAULT_PAGE_SIZE ? undefined : size;
}

export interface SearchBoxProps {
  /** The applied search (from the address); the box shows it and follows when it changes. */
  value: string;
  onSearch: (text: string) => void;
  label: string;
  hint: string;
  maxLength: number;
  testId?: string;
}

/** A labelled search input with a Search button; typing changes nothing until Enter or the button. */
export function SearchBox({ value, onSearch, label, hint, maxLength, testId }: SearchBoxProps) {
  const [draft, setDraft] = useDraft(value);
  return (
    <form
      class="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        // The input's own value: a submit right after typing may come before the re-render with the draft.
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <label class="inline-field search-field">
        <span>{label}</span>
        <input
          class="input"
          type="search"
          name="q"
          value={draft}
          maxLength={maxLength}
          placeholder={hint}
          autoComplete="off"
          spellcheck={false}
          data-testid={testId}
          onInput={(event) => setDraft(event.currentTarget.value)}
        />
      </label>
      <button type="submit" class="button">
        Search
      </button>
    </form>
  );
}

export interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
}

export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  return (
    <label class="inline-field">
      <span>Rows per page</span>
      <select
        class="input"
        data-testid="page-size"
        value={String(value)}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}

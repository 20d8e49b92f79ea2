export interface DateFieldProps {
  label: string;
  /** A day, YYYY-MM-DD, or '' for none. */
  value: string;
  min?: string;
  max?: string;
  testId: string;
  /** The day picked or typed (what the input holds: '' while it is incomplete). */
  onChange: (value: string) => void;
}

/** A labelled date input for a toolbar (a date range, a list's filters). */
export function DateField({ label, value, min, max, testId, onChange }: DateFieldProps) {
  return (
    <label class="inline-field">
      <span>{label}</span>
      <input
        class="input"
        type="date"
        data-testid={testId}
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </label>
  );
}

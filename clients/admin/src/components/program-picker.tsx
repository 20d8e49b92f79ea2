/** Choosing among the tenant's programs on a settings page (Payouts, Notifications). */
import { navigate, withQuery } from '../router';

/** What a page needs of each program to name it and pick it. */
export interface ProgramChoice {
  id: string;
  name: string;
  isDefault: boolean;
  archivedAt?: unknown;
}

/** A program's name for lists ("(archived)" added); the default program when `id` is null. */
export function programName(programs: readonly ProgramChoice[], id: string | null): string {
  const program = id ? programs.find((p) => p.id === id) : programs.find((p) => p.isDefault);
  if (!program) return id ?? '';
  return program.archivedAt != null ? `${program.name} (archived)` : program.name;
}

/**
 * The program a page shows (`?program=` in the address, the default program without it): a select when
 * the tenant has several programs, nothing otherwise. `name` makes its id and test id
 * (`<name>-program`).
 */
export function ProgramPicker({
  programs,
  value,
  path,
  name,
}: {
  programs: readonly ProgramChoice[];
  value: string | null;
  path: string;
  name: string;
}) {
  if (programs.length < 2) return null;
  const selected = value ?? programs.find((p) => p.isDefault)?.id ?? programs[0]!.id;
  return (
    <div class="field payout-program">
      <label class="field-label" for={`${name}-program`}>
        Program
      </label>
      <select
        id={`${name}-program`}
        class="input"
        data-testid={`${name}-program`}
        value={selected}
        onChange={(e) => {
          const id = e.currentTarget.value;
          const chosen = programs.find((p) => p.id === id);
          navigate(withQuery(path, { program: chosen?.isDefault ? null : id }));
        }}
      >
        {programs.map((p) => (
          <option key={p.id} value={p.id}>
            {programName(programs, p.id)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Lists show people": the person behind an account id in a list cell (the name, then the
 * e-mail), as text under the id. Nothing when the user gave neither.
 */
export interface Person {
  accountId: string;
  userId: string | null;
  name: string | null;
  email: string | null;
}

export function PersonLines({ person, testId }: { person: Person | null | undefined; testId?: string }) {
  if (!person || (!person.name && !person.email)) return null;
  return (
    <span class="person-lines" data-testid={testId}>
      {person.name && <span class="person-name">{person.name}</span>}
      {person.email && <span class="cell-note person-email">{person.email}</span>}
    </span>
  );
}

/**
 * Names shown to someone other than the person named: the hosted landing page shows a referrer's first
 * name to a friend, the widget shows friends' names to a referrer. Only first names or initials, and
 * never anything that looks like an e-mail address (some sign-up forms put the address in the name).
 */

/** A name part fit to show: trimmed, not blank, not an e-mail address; else null. */
function shownPart(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed.includes('@') ? null : trimmed;
}

/** The first name to show, or null. */
export function shownFirstName(firstName: string | null | undefined): string | null {
  return shownPart(firstName);
}

/** A friend in a referrer's list: the first name, else the last name's initial ("D."), else "A friend". */
export function friendName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const first = shownPart(firstName);
  if (first) return first;
  const last = shownPart(lastName);
  const initial = last ? Array.from(last)[0]!.toLocaleUpperCase() : null;
  return initial ? `${initial}.` : 'A friend';
}

/** A referrer named to a friend (public code endpoint, friend-offer): the first name, else initials, else null. */
export function referrerShownName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string | null {
  const first = shownPart(firstName);
  if (first) return first;
  const last = shownPart(lastName);
  return last ? `${Array.from(last)[0]!.toLocaleUpperCase()}.` : null;
}

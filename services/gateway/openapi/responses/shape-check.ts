/**
 * Compile-time check that a response schema describes what a presenter returns: each type is assignable
 * to the other (same members, same value types), so a field added to a presenter and not to its schema
 * (or the reverse) fails `tsc`. Usage: `sameShape<z.output<typeof schema>, PresenterResult>(true)`.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export function sameShape<A, B>(_proof: Same<A, B>): void {}

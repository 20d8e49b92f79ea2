/**
 * The fields of the account's hand actions (account-actions.tsx) inside the shared ActionDialog: an
 * amount of credit (and a redemption's reference), a user's e-mail and names, a new share code. Each
 * shows the server's error for its path (amountCents, input.email, code …) next to it; the amount is
 * checked here first and refused the same way (fieldProblem).
 */
import { Field, fieldProblem, type FieldErrors } from '../../components';
import { formatMoney, fractionDigits } from '../../format';
import type { ActionKind, ActionUser } from './account-action-types';

/** The fields' labels by the server's paths, for the dialog's error summary. */
export const ACCOUNT_FIELD_LABELS: Record<string, string> = {
  amountCents: 'Amount',
  unit: 'Currency',
  reference: 'Reference',
  input: 'User',
  'input.email': 'E-mail',
  'input.firstName': 'First name',
  'input.lastName': 'Last name',
  code: 'New share code',
};

/** What the operator typed into an action's fields. */
export interface AccountDraft {
  amount: string;
  reference: string;
  email: string;
  firstName: string;
  lastName: string;
  code: string;
}

/** A fresh draft: an edit starts from the user as they are. */
export function initialDraft(user: ActionUser | undefined): AccountDraft {
  return {
    amount: '',
    reference: '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    code: '',
  };
}

/** "12.50" in a unit → its minor units (1250 for USD); null when it is not such an amount. */
export function minorUnits(text: string, unit: string, signed: boolean): number | null {
  const digits = /^[A-Z]{3}$/.test(unit) ? (fractionDigits(unit) ?? 0) : 0;
  const pattern = signed ? /^[-−]?\d+([.,]\d+)?$/ : /^\d+([.,]\d+)?$/;
  const clean = text.trim().replace('−', '-');
  if (!pattern.test(clean)) return null;
  const [whole, part = ''] = clean.replace(',', '.').split('.');
  if (part.length > digits) return null;
  const sign = whole!.startsWith('-') ? -1 : 1;
  const value = Number(whole!.replace('-', '')) * 10 ** digits + Number(part.padEnd(digits, '0') || 0);
  return value === 0 ? null : sign * value;
}

/** The amount to send, in minor units; a missing or malformed one is refused at the Amount field. */
export function amountCents(text: string, unit: string, signed: boolean): number {
  if (!text.trim()) throw fieldProblem('amountCents', 'Enter the amount');
  const cents = minorUnits(text, unit, signed);
  if (cents === null)
    throw fieldProblem(
      'amountCents',
      signed ? 'Enter a non-zero amount, e.g. 15.00 or -5.00' : 'Enter an amount above zero, e.g. 15.00',
    );
  return cents;
}

/** The new share code to send; an empty one is refused at its field. */
export function newCode(text: string): string {
  if (!text.trim()) throw fieldProblem('code', 'Enter the new share code');
  return text.trim();
}

export interface AccountFieldsProps {
  kind: ActionKind;
  unit: string;
  draft: AccountDraft;
  set: (change: Partial<AccountDraft>) => void;
  errors: FieldErrors;
}

/** The action's own fields (none for a deletion). */
export function AccountActionFields({ kind, unit, draft, set, errors }: AccountFieldsProps) {
  switch (kind) {
    case 'ADJUST':
    case 'REDEEM':
      return (
        <>
          <Field
            label={`Amount (${unit})`}
            name="credit-amount"
            hint={
              kind === 'ADJUST'
                ? `Negative to remove credit, e.g. -5.00. ${formatMoney(100, unit)} is 100 minor units.`
                : undefined
            }
            inputMode="decimal"
            autoComplete="off"
            required
            error={errors.amountCents ?? errors.unit}
            value={draft.amount}
            onInput={(e) => set({ amount: e.currentTarget.value })}
          />
          {kind === 'REDEEM' && (
            <Field
              label="Reference (optional)"
              name="credit-reference"
              hint="An order or invoice number."
              autoComplete="off"
              error={errors.reference}
              value={draft.reference}
              onInput={(e) => set({ reference: e.currentTarget.value })}
            />
          )}
        </>
      );
    case 'EDIT':
      return (
        <>
          <Field
            label="E-mail"
            name="edit-email"
            type="email"
            autoComplete="off"
            error={errors['input.email'] ?? errors.input}
            value={draft.email}
            onInput={(e) => set({ email: e.currentTarget.value })}
          />
          <Field
            label="First name"
            name="edit-first-name"
            autoComplete="off"
            error={errors['input.firstName']}
            value={draft.firstName}
            onInput={(e) => set({ firstName: e.currentTarget.value })}
          />
          <Field
            label="Last name"
            name="edit-last-name"
            autoComplete="off"
            error={errors['input.lastName']}
            value={draft.lastName}
            onInput={(e) => set({ lastName: e.currentTarget.value })}
          />
        </>
      );
    case 'CODE':
      return (
        <Field
          label="New share code"
          name="new-share-code"
          hint="Letters and digits, at most 15."
          autoComplete="off"
          spellcheck={false}
          required
          error={errors.code}
          value={draft.code}
          onInput={(e) => set({ code: e.currentTarget.value })}
        />
      );
    case 'DELETE':
      return null;
  }
}

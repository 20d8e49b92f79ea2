/**
 * Acting on an account and its users by hand (issue 31): adjust or redeem credit, edit a user, change a
 * share code, delete a user. Each opens a dialog with a required reason; the server applies it once
 * (a double-click sends one derived key) and audits it. Only an Owner or Admin sees the buttons.
 */
import { useRef } from 'preact/hooks';
import { gql } from '../api';
import { formatMoney, fractionDigits } from '../format';
import { ActionDialog, type ActionField } from './action-dialog';

export type ActionKind = 'ADJUST' | 'REDEEM' | 'EDIT' | 'CODE' | 'DELETE';

export interface ActionUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  shareCode: string | null;
}

export interface Acting {
  kind: ActionKind;
  user?: ActionUser;
}

const RESULT = 'outcome action { summary } balance { unit available } accountDeleted';
const MUTATIONS: Record<ActionKind, string> = {
  ADJUST: `mutation Adjust($accountId: ID!, $amountCents: Int!, $unit: String, $reason: String!) {
    adjustCredit(accountId: $accountId, amountCents: $amountCents, unit: $unit, reason: $reason) { ${RESULT} } }`,
  REDEEM: `mutation Redeem($accountId: ID!, $amountCents: Int!, $unit: String, $reference: String, $reason: String!) {
    redeemCredit(accountId: $accountId, amountCents: $amountCents, unit: $unit, reference: $reference, reason: $reason) { ${RESULT} } }`,
  EDIT: `mutation Edit($accountId: ID!, $userId: ID!, $input: UserEditInput!, $reason: String!) {
    updateUser(accountId: $accountId, userId: $userId, input: $input, reason: $reason) { ${RESULT} } }`,
  CODE: `mutation Code($accountId: ID!, $userId: ID!, $code: String!, $reason: String!) {
    changeShareCode(accountId: $accountId, userId: $userId, code: $code, reason: $reason) { ${RESULT} } }`,
  DELETE: `mutation Delete($accountId: ID!, $userId: ID!, $reason: String!) {
    deleteUser(accountId: $accountId, userId: $userId, reason: $reason) { ${RESULT} } }`,
};

interface Answer {
  outcome: 'APPLIED' | 'ALREADY_APPLIED';
  action: { summary: string };
  balance: { unit: string; available: number }[];
  accountDeleted: boolean;
}

async function send(kind: ActionKind, variables: Record<string, unknown>): Promise<Answer> {
  const data = await gql<Record<string, Answer>>(MUTATIONS[kind], variables);
  return Object.values(data)[0]!;
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

export const userName = (u: ActionUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.id;

export interface AccountActionDialogsProps {
  accountId: string;
  /** The credit unit the dialogs count in (the program's credit unit or the account's currency). */
  unit: string;
  acting: Acting | null;
  onClose: () => void;
  /** After an action: its notice, and whether the account is gone (its last user deleted). */
  onDone: (notice: string, accountDeleted: boolean) => void;
}

/** The five dialogs; `acting` says which one is open, and for which user. */
export function AccountActionDialogs({
  accountId,
  unit,
  acting,
  onClose,
  onDone,
}: AccountActionDialogsProps) {
  const user = acting?.user;
  // Whether the last answer deleted the account: read by onDone, right after run.
  const deleted = useRef(false);
  /** The notice: a credit change in money ("Added $15.00 of credit; $15.00 available"), else the summary. */
  const done = (a: Answer, credit?: { verb: string; cents: number }) => {
    deleted.current = a.accountDeleted;
    const left = a.balance.find((b) => b.unit === unit)?.available ?? 0;
    const text = credit
      ? `${credit.verb} ${formatMoney(Math.abs(credit.cents), unit)} of credit; ${formatMoney(left, unit)} available`
      : a.action.summary;
    return a.outcome === 'ALREADY_APPLIED' ? `${text} (already done before)` : text;
  };
  const common = {
    onClose,
    onDone: (notice: string) => onDone(notice, deleted.current),
  };
  const amount = (signed: boolean): ActionField => ({
    key: 'amount',
    label: `Amount (${unit})`,
    hint: signed
      ? `Negative to remove credit, e.g. -5.00. ${formatMoney(100, unit)} is 100 minor units.`
      : undefined,
    inputMode: 'decimal',
    required: true,
    serverNames: ['amountCents'],
  });
  const checkAmount =
    (signed: boolean) =>
    (v: Record<string, string>): Record<string, string> =>
      v.amount && minorUnits(v.amount, unit, signed) === null
        ? {
            amount: signed
              ? 'Enter a non-zero amount, e.g. 15.00 or -5.00'
              : 'Enter an amount above zero, e.g. 15.00',
          }
        : {};
  return (
    <>
      <ActionDialog
        {...common}
        open={acting?.kind === 'ADJUST'}
        idPrefix="adjust"
        title="Adjust credit"
        intro="Adds credit to the account, or removes it with a negative amount. Added credit does not expire."
        confirmLabel="Adjust credit"
        fields={[amount(true)]}
        check={checkAmount(true)}
        run={async (v, reason) => {
          const cents = minorUnits(v.amount!, unit, true)!;
          const answer = await send('ADJUST', { accountId, unit, reason, amountCents: cents });
          return done(answer, { verb: cents > 0 ? 'Added' : 'Removed', cents });
        }}
      />
      <ActionDialog
        {...common}
        open={acting?.kind === 'REDEEM'}
        idPrefix="redeem"
        title="Redeem credit"
        intro="Uses the account's available credit, oldest first. No more than is available can be redeemed."
        confirmLabel="Redeem credit"
        fields={[
          amount(false),
          { key: 'reference', label: 'Reference (optional)', hint: 'An order or invoice number.' },
        ]}
        check={checkAmount(false)}
        run={async (v, reason) => {
          const cents = minorUnits(v.amount!, unit, false)!;
          const reference = v.reference?.trim() || undefined;
          const answer = await send('REDEEM', { accountId, unit, reason, amountCents: cents, reference });
          return done(answer, { verb: 'Redeemed', cents });
        }}
      />
      <ActionDialog
        {...common}
        open={acting?.kind === 'EDIT'}
        idPrefix="edit-user"
        title={`Edit ${user ? userName(user) : 'user'}`}
        confirmLabel="Save user"
        initial={{
          email: user?.email ?? '',
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
        }}
        fields={[
          { key: 'email', label: 'E-mail', type: 'email', serverNames: ['input.email'] },
          { key: 'firstName', label: 'First name', serverNames: ['input.firstName'] },
          { key: 'lastName', label: 'Last name', serverNames: ['input.lastName'] },
        ]}
        run={async (v, reason) => {
          const clear = (s: string | undefined) => (s?.trim() ? s.trim() : null);
          const input = { email: clear(v.email), firstName: clear(v.firstName), lastName: clear(v.lastName) };
          return done(await send('EDIT', { accountId, userId: user!.id, input, reason }));
        }}
      />
      <ActionDialog
        {...common}
        open={acting?.kind === 'CODE'}
        idPrefix="share-code"
        title="Change share code"
        intro={`The old code ${user?.shareCode ?? ''} keeps leading to this user for 30 days, then stops working.`}
        confirmLabel="Change code"
        fields={[
          { key: 'code', label: 'New share code', hint: 'Letters and digits, at most 15.', required: true },
        ]}
        run={async (v, reason) =>
          done(await send('CODE', { accountId, userId: user!.id, code: v.code!.trim(), reason }))
        }
      />
      <ActionDialog
        {...common}
        open={acting?.kind === 'DELETE'}
        idPrefix="delete-user"
        title={`Delete ${user ? userName(user) : 'user'}?`}
        intro="The user, their events and share codes are deleted. An account left without users is deleted with its referral and rewards. This cannot be undone."
        confirmLabel="Delete user"
        danger
        fields={[]}
        run={async (_v, reason) => done(await send('DELETE', { accountId, userId: user!.id, reason }))}
      />
    </>
  );
}

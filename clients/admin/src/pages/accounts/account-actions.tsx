/**
 * Acting on an account and its users by hand: adjust or redeem credit, edit a user, change a
 * share code, delete a user. Each opens the shared ActionDialog with a required reason and sends its
 * mutation with the dialog's idempotency key, so a double submit applies once; the server audits it.
 * Only an Owner or Admin sees the buttons (account-action-buttons.tsx).
 */
import { useRef, useState } from 'preact/hooks';
import { gql } from '../../api';
import { graphql } from '../../gql';
import type { AccountActionResultFragment, TypedDocumentString } from '../../gql/graphql';
import { ActionDialog, type FieldErrors } from '../../components';
import { formatMoney } from '../../format';
import {
  ACCOUNT_FIELD_LABELS,
  AccountActionFields,
  amountCents,
  initialDraft,
  newCode,
  type AccountDraft,
} from './account-action-forms';
import type { ActionKind, ActionUser, Acting } from './account-action-types';

export type { ActionKind, ActionUser, Acting };

graphql(`
  fragment AccountActionResult on AccountActionResult {
    outcome
    action {
      summary
    }
    balance {
      unit
      available
    }
    accountDeleted
  }
`);

const MUTATIONS = {
  ADJUST: graphql(`
    mutation AdjustCredit(
      $accountId: ID!
      $amountCents: Int!
      $unit: String
      $reason: String!
      $key: String
    ) {
      r: adjustCredit(
        accountId: $accountId
        amountCents: $amountCents
        unit: $unit
        reason: $reason
        idempotencyKey: $key
      ) {
        ...AccountActionResult
      }
    }
  `),
  REDEEM: graphql(`
    mutation RedeemCredit(
      $accountId: ID!
      $amountCents: Int!
      $unit: String
      $reference: String
      $reason: String!
      $key: String
    ) {
      r: redeemCredit(
        accountId: $accountId
        amountCents: $amountCents
        unit: $unit
        reference: $reference
        reason: $reason
        idempotencyKey: $key
      ) {
        ...AccountActionResult
      }
    }
  `),
  EDIT: graphql(`
    mutation UpdateUser(
      $accountId: ID!
      $userId: ID!
      $input: UserEditInput!
      $reason: String!
      $key: String
    ) {
      r: updateUser(
        accountId: $accountId
        userId: $userId
        input: $input
        reason: $reason
        idempotencyKey: $key
      ) {
        ...AccountActionResult
      }
    }
  `),
  CODE: graphql(`
    mutation ChangeShareCode($accountId: ID!, $userId: ID!, $code: String!, $reason: String!, $key: String) {
      r: changeShareCode(
        accountId: $accountId
        userId: $userId
        code: $code
        reason: $reason
        idempotencyKey: $key
      ) {
        ...AccountActionResult
      }
    }
  `),
  DELETE: graphql(`
    mutation DeleteUser($accountId: ID!, $userId: ID!, $reason: String!, $key: String) {
      r: deleteUser(accountId: $accountId, userId: $userId, reason: $reason, idempotencyKey: $key) {
        ...AccountActionResult
      }
    }
  `),
} satisfies Record<ActionKind, unknown>;

type Answer = AccountActionResultFragment;

/** Every action's document seen as one: the same answer, the variables the dialog builds for it. */
type ActionDocument = TypedDocumentString<{ r: AccountActionResultFragment }, Record<string, unknown>>;

async function send(kind: ActionKind, variables: Record<string, unknown>) {
  return (await gql(MUTATIONS[kind] as ActionDocument, variables)).r;
}

export const userName = (u: ActionUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.id;

interface Copy {
  title: string;
  submit: string;
  intro?: string;
  danger?: boolean;
}

function copyOf({ kind, user }: Acting): Copy {
  const name = user ? userName(user) : 'user';
  switch (kind) {
    case 'ADJUST':
      return {
        title: 'Adjust credit',
        submit: 'Adjust credit',
        intro:
          'Adds credit to the account, or removes it with a negative amount. Added credit does not expire.',
      };
    case 'REDEEM':
      return {
        title: 'Redeem credit',
        submit: 'Redeem credit',
        intro:
          "Uses the account's available credit, oldest first. No more than is available can be redeemed.",
      };
    case 'EDIT':
      return { title: `Edit ${name}`, submit: 'Save user' };
    case 'CODE':
      return {
        title: 'Change share code',
        submit: 'Change code',
        intro: `The old code ${user?.shareCode ?? ''} keeps leading to this user for 30 days, then stops working.`,
      };
    case 'DELETE':
      return {
        title: `Delete ${name}?`,
        submit: 'Delete user',
        danger: true,
        intro:
          'The user, their events and share codes are deleted. An account left without users is deleted with its referral and rewards. This cannot be undone.',
      };
  }
}

export interface AccountActionDialogsProps {
  accountId: string;
  /** The credit unit the dialogs count in (the program's credit unit or the account's currency). */
  unit: string;
  /** Which action's dialog is open, and for which user; null: none. */
  acting: Acting | null;
  onClose: () => void;
  /** After an action: its notice, and whether the account is gone (its last user deleted). */
  onDone: (notice: string, accountDeleted: boolean) => void;
}

/** The one dialog of the account's hand actions; `acting` says which action, for which user. */
export function AccountActionDialogs({
  accountId,
  unit,
  acting,
  onClose,
  onDone,
}: AccountActionDialogsProps) {
  // The last action asked for: its title and fields stay while the dialog closes.
  const last = useRef<Acting>({ kind: 'ADJUST' });
  if (acting) last.current = acting;
  const current = last.current;
  const user = current.user;
  // The draft belongs to one opening (a new Acting each time): a fresh one for the next.
  const [draft, setDraft] = useState<{ of: Acting | null; values: AccountDraft }>({
    of: null,
    values: initialDraft(undefined),
  });
  const values = draft.of === current ? draft.values : initialDraft(user);
  const set = (change: Partial<AccountDraft>) =>
    setDraft((d) => ({
      of: current,
      values: { ...(d.of === current ? d.values : initialDraft(user)), ...change },
    }));

  /** The notice: a credit change in money ("Added $15.00 of credit; $15.00 available"), else the summary. */
  const notice = (a: Answer, credit?: { verb: string; cents: number }) => {
    const left = a.balance.find((b) => b.unit === unit)?.available ?? 0;
    const text = credit
      ? `${credit.verb} ${formatMoney(Math.abs(credit.cents), unit)} of credit; ${formatMoney(left, unit)} available`
      : a.action.summary;
    return a.outcome === 'ALREADY_APPLIED' ? `${text} (already done before)` : text;
  };

  async function submit(reason: string, key: string) {
    const base = { accountId, reason, key };
    const userId = user?.id;
    let answer: Answer;
    let text: string;
    switch (current.kind) {
      case 'ADJUST': {
        const cents = amountCents(values.amount, unit, true);
        answer = await send('ADJUST', { ...base, unit, amountCents: cents });
        text = notice(answer, { verb: cents > 0 ? 'Added' : 'Removed', cents });
        break;
      }
      case 'REDEEM': {
        const cents = amountCents(values.amount, unit, false);
        const reference = values.reference.trim() || undefined;
        answer = await send('REDEEM', { ...base, unit, amountCents: cents, reference });
        text = notice(answer, { verb: 'Redeemed', cents });
        break;
      }
      case 'EDIT': {
        const clear = (s: string) => s.trim() || null;
        const input = {
          email: clear(values.email),
          firstName: clear(values.firstName),
          lastName: clear(values.lastName),
        };
        answer = await send('EDIT', { ...base, userId, input });
        text = notice(answer);
        break;
      }
      case 'CODE':
        answer = await send('CODE', { ...base, userId, code: newCode(values.code) });
        text = notice(answer);
        break;
      case 'DELETE':
        answer = await send('DELETE', { ...base, userId });
        text = notice(answer);
        break;
    }
    onDone(text, answer.accountDeleted);
  }

  const copy = copyOf(current);
  return (
    <ActionDialog
      open={acting !== null}
      title={copy.title}
      submitLabel={copy.submit}
      danger={copy.danger}
      intro={copy.intro}
      fields={
        current.kind === 'DELETE'
          ? undefined
          : (errors: FieldErrors) => (
              <AccountActionFields kind={current.kind} unit={unit} draft={values} set={set} errors={errors} />
            )
      }
      fieldLabels={ACCOUNT_FIELD_LABELS}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/**
 * Hand actions on one referral: cancel, re-attribute, grant a reward, add a note, and per
 * reward void or mark fulfilled. Each opens an ActionDialog with a required reason, goes through the
 * one GraphQL mutation per action with the dialog's idempotency key, and the page reloads to show the
 * referral and its history. Only the actions its state allows are offered (the server checks again).
 */
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { ActionDialog, type FieldErrors } from '../../components';
import {
  ACTION_FIELD_LABELS,
  EMPTY_REWARD,
  EMPTY_TARGET,
  ReferenceField,
  RewardFields,
  rewardInput,
  TargetFields,
  targetInput,
  type RewardDraft,
  type TargetDraft,
} from './referral-action-forms';
import { rewardText, type Referral, type Reward } from './referral-parts';
import type { ActionKind } from './referral-history';
import { graphql } from '../../gql';
import type { ReferralActionResultFragment, TypedDocumentString } from '../../gql/graphql';
import type { RewardStatus } from '../../../../../shared/contract/enums';

/** The ReferralDetail fields this needs: the detail's query spreads them. */
graphql(`
  fragment ReferralActionFields on ReferralDetail {
    actions {
      id
      action
      reason
      actor
      at
      rewardId
      reference
      summary
    }
    grantedRewards {
      ...RewardFields
    }
  }
`);

graphql(`
  fragment ReferralActionResult on ReferralActionResult {
    outcome
    referral {
      id
      status
    }
  }
`);

const MUTATIONS = {
  CANCEL: graphql(`
    mutation CancelReferral($id: ID!, $reason: String!, $key: String) {
      r: cancelReferral(id: $id, reason: $reason, idempotencyKey: $key) {
        ...ReferralActionResult
      }
    }
  `),
  REATTRIBUTE: graphql(`
    mutation ReattributeReferral($id: ID!, $to: ReferrerTargetInput!, $reason: String!, $key: String) {
      r: reattributeReferral(id: $id, to: $to, reason: $reason, idempotencyKey: $key) {
        ...ReferralActionResult
      }
    }
  `),
  GRANT_REWARD: graphql(`
    mutation GrantReward(
      $id: ID!
      $side: ReferralSide!
      $reward: ManualRewardInput!
      $reason: String!
      $key: String
    ) {
      r: grantReward(id: $id, side: $side, reward: $reward, reason: $reason, idempotencyKey: $key) {
        ...ReferralActionResult
      }
    }
  `),
  VOID_REWARD: graphql(`
    mutation VoidReward($id: ID!, $reason: String!, $key: String) {
      r: voidReward(id: $id, reason: $reason, idempotencyKey: $key) {
        ...ReferralActionResult
      }
    }
  `),
  MARK_FULFILLED: graphql(`
    mutation MarkRewardFulfilled($id: ID!, $reference: String!, $reason: String!, $key: String) {
      r: markRewardFulfilled(id: $id, reference: $reference, reason: $reason, idempotencyKey: $key) {
        ...ReferralActionResult
      }
    }
  `),
  NOTE: graphql(`
    mutation AddReferralNote($id: ID!, $reason: String!, $key: String) {
      r: addReferralNote(id: $id, reason: $reason, idempotencyKey: $key) {
        ...ReferralActionResult
      }
    }
  `),
} satisfies Record<ActionKind, unknown>;

/** Every action's document seen as one: the same answer, the variables the dialog builds for it. */
type ActionDocument = TypedDocumentString<{ r: ReferralActionResultFragment }, Record<string, unknown>>;

const VOIDABLE: readonly RewardStatus[] = ['PENDING', 'PENDING_REVIEW', 'AVAILABLE'];

/** A reward that is held, awaiting review or available with nothing taken from it can be voided. */
export const canVoid = (r: Reward) => VOIDABLE.includes(r.status) && r.redeemedCents === 0;
/** An AVAILABLE credit can be marked paid outside the service. */
export const canFulfil = (r: Reward) => r.type === 'CREDIT' && r.status === 'AVAILABLE';

interface Copy {
  title: string;
  submit: string;
  danger?: boolean;
  intro: string;
  done: string;
}

function copyOf(kind: ActionKind, reward: Reward | null): Copy {
  const what = reward ? rewardText(reward) : '';
  switch (kind) {
    case 'CANCEL':
      return {
        title: 'Cancel this referral?',
        submit: 'Cancel referral',
        danger: true,
        intro: 'It ends now and its live rewards are voided; redeemed, expired and fulfilled ones stay.',
        done: 'The referral was cancelled.',
      };
    case 'REATTRIBUTE':
      return {
        title: 'Re-attribute this referral',
        submit: 'Re-attribute',
        intro: 'It moves to another referrer, with the referrer’s reward if nothing was taken from it yet.',
        done: 'The referral was re-attributed.',
      };
    case 'GRANT_REWARD':
      return {
        title: 'Grant a reward',
        submit: 'Grant reward',
        intro: 'It is available at once; credit granted by hand does not expire.',
        done: 'The reward was granted.',
      };
    case 'VOID_REWARD':
      return {
        title: `Void the ${what}?`,
        submit: 'Void reward',
        danger: true,
        intro: 'It is cancelled: no discount is given and no credit can be used.',
        done: 'The reward was voided.',
      };
    case 'MARK_FULFILLED':
      return {
        title: `Mark the ${what} fulfilled`,
        submit: 'Mark fulfilled',
        intro: 'Records that it was paid outside the service: it becomes redeemed, with the reference.',
        done: 'The reward was marked fulfilled.',
      };
    case 'NOTE':
      return {
        title: 'Add a note',
        submit: 'Add note',
        intro: 'Notes show in the referral’s history and the audit log.',
        done: 'The note was added.',
      };
  }
}

export interface ActionTarget {
  kind: ActionKind;
  reward?: Reward;
}

/**
 * The dialog state of a referral's page: `open(target)` shows the action's dialog; `dialog` is the
 * element to render once. `onDone(notice)` runs after the server applied it.
 */
export function useReferralActions(referral: Referral, onDone: (notice: string) => void) {
  const [target, setTarget] = useState<ActionTarget | null>(null);
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<TargetDraft>(EMPTY_TARGET);
  const [reward, setReward] = useState<RewardDraft>(EMPTY_REWARD);
  const [reference, setReference] = useState('');

  function start(next: ActionTarget) {
    setTo(EMPTY_TARGET);
    setReward({ ...EMPTY_REWARD, unit: referral.referrerReward?.unit ?? EMPTY_REWARD.unit });
    setReference('');
    setTarget(next);
    setOpen(true);
  }

  const kind = target?.kind ?? 'NOTE';
  const copy = copyOf(kind, target?.reward ?? null);

  async function submit(reason: string, key: string) {
    const base = { reason, key, id: target?.reward?.id ?? referral.id };
    const extra =
      kind === 'REATTRIBUTE'
        ? { to: targetInput(to) }
        : kind === 'GRANT_REWARD'
          ? { side: reward.side, reward: rewardInput(reward) }
          : kind === 'MARK_FULFILLED'
            ? { reference: reference.trim() }
            : {};
    await gql(MUTATIONS[kind] as ActionDocument, { ...base, ...extra });
    onDone(copy.done);
  }

  const fields =
    kind === 'REATTRIBUTE'
      ? (errors: FieldErrors) => (
          <TargetFields draft={to} set={(c) => setTo((d) => ({ ...d, ...c }))} errors={errors} />
        )
      : kind === 'GRANT_REWARD'
        ? (errors: FieldErrors) => (
            <RewardFields draft={reward} set={(c) => setReward((d) => ({ ...d, ...c }))} errors={errors} />
          )
        : kind === 'MARK_FULFILLED'
          ? (errors: FieldErrors) => <ReferenceField value={reference} set={setReference} errors={errors} />
          : undefined;

  const dialog = (
    <ActionDialog
      open={open}
      title={copy.title}
      submitLabel={copy.submit}
      danger={copy.danger}
      intro={copy.intro}
      reasonLabel={kind === 'NOTE' ? 'Note' : 'Reason'}
      reasonHint={
        kind === 'NOTE'
          ? 'Required. Shown in the history and the audit log.'
          : 'Required. Kept with the action, shown in the history and the audit log.'
      }
      fields={fields}
      fieldLabels={ACTION_FIELD_LABELS}
      onSubmit={submit}
      onClose={() => setOpen(false)}
    />
  );
  return { open: start, dialog };
}

/** The referral's buttons: what its state allows (nothing more on an ended referral but a note). */
export function ReferralActionsBar({
  referral,
  onAct,
}: {
  referral: Referral;
  onAct: (t: ActionTarget) => void;
}) {
  const live = referral.status !== 'ENDED';
  const button = (kind: ActionKind, label: string, cls = 'button button-secondary') => (
    <button
      type="button"
      class={cls}
      data-testid={`act-${kind.toLowerCase()}`}
      onClick={() => onAct({ kind })}
    >
      {label}
    </button>
  );
  return (
    <div class="action-bar" role="group" aria-label="Act on this referral" data-testid="referral-actions">
      {live && button('GRANT_REWARD', 'Grant reward')}
      {live && button('REATTRIBUTE', 'Re-attribute')}
      {button('NOTE', 'Add note')}
      {live && button('CANCEL', 'Cancel referral', 'button button-secondary button-danger-outline')}
    </div>
  );
}

/** A reward's buttons: Void and Mark fulfilled when its state allows them. */
export function RewardActions({ reward, onAct }: { reward: Reward; onAct: (t: ActionTarget) => void }) {
  if (!canVoid(reward) && !canFulfil(reward)) return null;
  const what = rewardText(reward);
  return (
    <div class="action-bar action-bar-small" role="group" aria-label={`Act on the ${what}`}>
      {canFulfil(reward) && (
        <button
          type="button"
          class="button button-secondary button-small"
          data-testid="act-mark_fulfilled"
          onClick={() => onAct({ kind: 'MARK_FULFILLED', reward })}
        >
          Mark fulfilled<span class="visually-hidden"> ({what})</span>
        </button>
      )}
      {canVoid(reward) && (
        <button
          type="button"
          class="button button-secondary button-small button-danger-outline"
          data-testid="act-void_reward"
          onClick={() => onAct({ kind: 'VOID_REWARD', reward })}
        >
          Void<span class="visually-hidden"> the {what}</span>
        </button>
      )}
    </div>
  );
}

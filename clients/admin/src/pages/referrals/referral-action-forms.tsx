/**
 * The fields of the hand actions that take more than a reason: the new referrer of a
 * re-attribution (a share code, or an account and user id), a reward to grant (side, credit or percent)
 * and a fulfilment's reference. Each shows the server's error for its path next to it.
 */
import { Field, fieldProblem, type FieldErrors } from '../../components';
import type { ManualRewardInput, ReferralSide, RewardType } from '../../gql/graphql';

/** The labels of these fields by the server's paths (ActionDialog's error summary). */
export const ACTION_FIELD_LABELS: Record<string, string> = {
  'to.code': 'Share code',
  'to.accountId': 'Account id',
  'to.userId': 'User id',
  side: 'Give it to',
  'reward.type': 'Reward',
  'reward.amountCents': 'Amount',
  'reward.unit': 'Currency',
  'reward.discountPercent': 'Discount (%)',
  reference: 'Payment reference',
  ids: 'Which reward',
};

export interface TargetDraft {
  by: 'code' | 'ids';
  code: string;
  accountId: string;
  userId: string;
}

export const EMPTY_TARGET: TargetDraft = { by: 'code', code: '', accountId: '', userId: '' };

/** The ReferrerTargetInput of a draft: the code, or the account and user ids. */
export function targetInput(d: TargetDraft): Record<string, string> {
  return d.by === 'code'
    ? { code: d.code.trim() }
    : { accountId: d.accountId.trim(), userId: d.userId.trim() };
}

interface DraftProps<T> {
  draft: T;
  set: (change: Partial<T>) => void;
  errors: FieldErrors;
}

export function TargetFields({ draft, set, errors }: DraftProps<TargetDraft>) {
  return (
    <>
      <fieldset class="field choice-group">
        <legend class="field-label">New referrer by</legend>
        {(
          [
            ['code', 'Share code'],
            ['ids', 'Account and user id'],
          ] as const
        ).map(([by, label]) => (
          <label key={by} class="choice">
            <input
              type="radio"
              name="target-by"
              value={by}
              checked={draft.by === by}
              data-testid={`target-by-${by}`}
              onChange={() => set({ by })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {draft.by === 'code' ? (
        <Field
          label="Share code"
          name="target-code"
          hint="The new referrer’s share code."
          error={errors['to.code'] ?? errors.to}
          value={draft.code}
          maxLength={64}
          autoComplete="off"
          spellcheck={false}
          data-testid="target-code"
          onInput={(e) => set({ code: e.currentTarget.value })}
        />
      ) : (
        <>
          <Field
            label="Account id"
            name="target-account"
            error={errors['to.accountId'] ?? errors.to}
            value={draft.accountId}
            maxLength={255}
            autoComplete="off"
            data-testid="target-account"
            onInput={(e) => set({ accountId: e.currentTarget.value })}
          />
          <Field
            label="User id"
            name="target-user"
            error={errors['to.userId']}
            value={draft.userId}
            maxLength={255}
            autoComplete="off"
            data-testid="target-user"
            onInput={(e) => set({ userId: e.currentTarget.value })}
          />
        </>
      )}
    </>
  );
}

export interface RewardDraft {
  side: ReferralSide;
  type: RewardType;
  /** In the unit's major units, e.g. "12.50". */
  amount: string;
  unit: string;
  percent: string;
}

export const EMPTY_REWARD: RewardDraft = {
  side: 'REFERRER',
  type: 'CREDIT',
  amount: '',
  unit: 'USD',
  percent: '',
};

const number = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));

/**
 * The ManualRewardInput of a draft. A value that is no number throws a field error here; the server
 * checks the ranges and the currency (and names the field).
 */
export function rewardInput(d: RewardDraft): ManualRewardInput {
  if (d.type === 'PCT_DISCOUNT') {
    const percent = number(d.percent);
    if (!Number.isInteger(percent))
      throw fieldProblem('reward.discountPercent', 'Enter a whole number from 1 to 100');
    return { type: d.type, discountPercent: percent };
  }
  const amount = number(d.amount);
  if (!Number.isFinite(amount)) throw fieldProblem('reward.amountCents', 'Enter an amount, e.g. 25.00');
  return { type: d.type, amountCents: Math.round(amount * 100), unit: d.unit.trim().toUpperCase() };
}

export function RewardFields({ draft, set, errors }: DraftProps<RewardDraft>) {
  return (
    <>
      <Field label="Give it to" name="grant-side" error={errors.side}>
        {(control) => (
          <select
            class="input"
            {...control}
            data-testid="grant-side"
            value={draft.side}
            onChange={(e) => set({ side: e.currentTarget.value as RewardDraft['side'] })}
          >
            <option value="REFERRER">The referrer</option>
            <option value="REFERRED">The referred account (the friend)</option>
          </select>
        )}
      </Field>
      <Field label="Reward" name="grant-type" error={errors['reward.type'] ?? errors.reward}>
        {(control) => (
          <select
            class="input"
            {...control}
            data-testid="grant-type"
            value={draft.type}
            onChange={(e) => set({ type: e.currentTarget.value as RewardDraft['type'] })}
          >
            <option value="CREDIT">Credit</option>
            <option value="PCT_DISCOUNT">Percent discount</option>
          </select>
        )}
      </Field>
      {draft.type === 'CREDIT' ? (
        <div class="field-row">
          <Field
            label="Amount"
            name="grant-amount"
            hint="e.g. 25.00"
            inputMode="decimal"
            error={errors['reward.amountCents']}
            value={draft.amount}
            data-testid="grant-amount"
            onInput={(e) => set({ amount: e.currentTarget.value })}
          />
          <Field
            label="Currency"
            name="grant-unit"
            hint="e.g. USD"
            error={errors['reward.unit']}
            value={draft.unit}
            maxLength={32}
            autoComplete="off"
            data-testid="grant-unit"
            onInput={(e) => set({ unit: e.currentTarget.value })}
          />
        </div>
      ) : (
        <Field
          label="Discount (%)"
          name="grant-percent"
          hint="1 to 100"
          inputMode="numeric"
          error={errors['reward.discountPercent']}
          value={draft.percent}
          data-testid="grant-percent"
          onInput={(e) => set({ percent: e.currentTarget.value })}
        />
      )}
    </>
  );
}

export function ReferenceField({
  value,
  set,
  errors,
}: {
  value: string;
  set: (v: string) => void;
  errors: FieldErrors;
}) {
  return (
    <Field
      label="Payment reference"
      name="fulfil-reference"
      hint="Where it was paid, e.g. a transfer or invoice number."
      error={errors.reference}
      value={value}
      maxLength={200}
      autoComplete="off"
      data-testid="fulfil-reference"
      onInput={(e) => set(e.currentTarget.value)}
    />
  );
}

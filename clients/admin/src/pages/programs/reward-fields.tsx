/** The controls shared by the rule editor's parts: a text input, a select, and a reward (type and amount). */
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { Field } from '../../components';
import { formatMoney } from '../../format';
import { REWARD_TYPES, type FieldErrors, type RewardDraft } from './rule-draft';
import { REWARD_LABELS } from './rule-words';

/** Called with a control's name when its value changes: the editor drops that control's error. */
export const EditedControl = createContext<(name: string) => void>(() => undefined);

interface TextProps {
  name: string;
  label: ComponentChildren;
  value: string;
  errors: FieldErrors;
  onInput: (value: string) => void;
  hint?: ComponentChildren;
  inputMode?: 'numeric' | 'decimal' | 'text';
  mono?: boolean;
}

/** An <input> named as the server names its field (`rules.0.reward.amountCents`), with that field's error. */
export function TextControl({ name, label, value, errors, onInput, hint, inputMode, mono }: TextProps) {
  const edited = useContext(EditedControl);
  return (
    <Field
      label={label}
      name={name}
      value={value}
      hint={hint}
      error={errors[name]}
      inputMode={inputMode}
      class={mono ? 'input mono' : 'input'}
      autoComplete="off"
      onInput={(e) => {
        edited(name);
        onInput(e.currentTarget.value);
      }}
    />
  );
}

interface SelectProps<T extends string> {
  name: string;
  label: ComponentChildren;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  errors: FieldErrors;
  onChange: (value: T) => void;
  hint?: ComponentChildren;
}

export function SelectControl<T extends string>(props: SelectProps<T>) {
  const { name, label, value, options, labels, errors, onChange, hint } = props;
  const edited = useContext(EditedControl);
  return (
    <Field label={label} name={name} hint={hint} error={errors[name]} display={labels[value]}>
      {(control) => (
        <select
          class="input"
          {...control}
          value={value}
          onChange={(e) => {
            edited(name);
            onChange(e.currentTarget.value as T);
          }}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {labels[o]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const CASH_BY_LABELS = { AMOUNT: 'A fixed amount', PERCENT: 'A share of each payment' } as const;

/** "= 10.00 USD" under an amount in minor units, once both parts read right. */
export function amountPreview(amount: string, unit: string): string | undefined {
  if (!/^\d+$/.test(amount.trim()) || !/^[A-Z][A-Z0-9_]{0,31}$/.test(unit.trim().toUpperCase()))
    return undefined;
  return `= ${formatMoney(Number(amount.trim()), unit.trim().toUpperCase())}`;
}

interface RewardProps {
  /** The reward's path: `rules.0.reward` or `rules.0.tiers.1.reward`. */
  at: string;
  reward: RewardDraft;
  errors: FieldErrors;
  onChange: (reward: RewardDraft) => void;
}

/** A reward's type and what it needs: a percent, or an amount in minor units and its currency or unit. */
export function RewardFields({ at, reward, errors, onChange }: RewardProps) {
  const set = (patch: Partial<RewardDraft>) => onChange({ ...reward, ...patch });
  const unitLabel = reward.type === 'CREDIT' ? 'Credit unit' : 'Currency';
  const showAmount =
    reward.type !== 'PCT_DISCOUNT' && !(reward.type === 'CASH' && reward.cashBy === 'PERCENT');
  return (
    <div class="rule-row">
      <SelectControl
        name={`${at}.type`}
        label="Reward"
        value={reward.type}
        options={REWARD_TYPES}
        labels={REWARD_LABELS}
        errors={errors}
        onChange={(type) => set({ type })}
      />
      {reward.type === 'PCT_DISCOUNT' && (
        <TextControl
          name={`${at}.discountPercent`}
          label="Discount (%)"
          value={reward.discountPercent}
          inputMode="numeric"
          errors={errors}
          onInput={(discountPercent) => set({ discountPercent })}
        />
      )}
      {reward.type === 'CASH' && (
        <SelectControl
          name={`${at}.cashBy`}
          label="Cash amount"
          value={reward.cashBy}
          options={['AMOUNT', 'PERCENT'] as const}
          labels={CASH_BY_LABELS}
          errors={errors}
          onChange={(cashBy) => set({ cashBy })}
        />
      )}
      {reward.type === 'CASH' && reward.cashBy === 'PERCENT' && (
        <TextControl
          name={`${at}.percentOfPayment`}
          label="Share of the payment (%)"
          value={reward.percentOfPayment}
          inputMode="decimal"
          errors={errors}
          onInput={(percentOfPayment) => set({ percentOfPayment })}
        />
      )}
      {showAmount && (
        <TextControl
          name={`${at}.amountCents`}
          label="Amount (minor units)"
          hint={amountPreview(reward.amountCents, reward.unit) ?? 'Cents for USD: 1000 is 10.00'}
          value={reward.amountCents}
          inputMode="numeric"
          errors={errors}
          onInput={(amountCents) => set({ amountCents })}
        />
      )}
      {reward.type !== 'PCT_DISCOUNT' && (
        <TextControl
          name={`${at}.unit`}
          label={unitLabel}
          value={reward.unit}
          mono
          errors={errors}
          onInput={(unit) => set({ unit })}
        />
      )}
    </div>
  );
}

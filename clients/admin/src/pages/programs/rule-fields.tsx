/** One rule's controls: its name and id, trigger, recipient, reward or tiers, limits and eligibility. */
import { CheckboxField } from '../../components';
import {
  LIMIT_PERIODS,
  newLimit,
  newTier,
  RECIPIENTS,
  TRIGGER_TYPES,
  type FieldErrors,
  type LimitDraft,
  type RuleDraft,
  type TierDraft,
} from './rule-draft';
import { RewardFields, SelectControl, TextControl } from './reward-fields';
import { PERIOD_LABELS, RECIPIENT_LABELS, TRIGGER_LABELS } from './rule-words';

interface Props {
  draft: RuleDraft;
  /** The rule's path: `rules.<i>`. */
  at: string;
  errors: FieldErrors;
  onChange: (draft: RuleDraft) => void;
}

function TriggerFields({ draft, at, errors, onChange }: Props) {
  const t = draft.trigger;
  const set = (patch: Partial<RuleDraft['trigger']>) => onChange({ ...draft, trigger: { ...t, ...patch } });
  const text = (field: keyof RuleDraft['trigger'], label: string, hint?: string, numeric = true) => (
    <TextControl
      name={`${at}.trigger.${field}`}
      label={label}
      hint={hint}
      value={t[field]}
      inputMode={numeric ? 'decimal' : 'text'}
      mono={!numeric}
      errors={errors}
      onInput={(value) => set({ [field]: value })}
    />
  );
  return (
    <div class="rule-row">
      <SelectControl
        name={`${at}.trigger.type`}
        label="When"
        value={t.type}
        options={TRIGGER_TYPES}
        labels={TRIGGER_LABELS}
        errors={errors}
        onChange={(type) => set({ type })}
      />
      {t.type === 'PAYMENT' &&
        text('forMonths', 'For how many months', 'Blank: for as long as the friend pays')}
      {t.type === 'EVENT' && text('eventKey', 'Event key', undefined, false)}
      {t.type === 'EVENT' && text('field', 'Numeric field (optional)', 'e.g. revenue', false)}
      {t.type === 'EVENT' && text('atLeast', 'At least', 'Only with a field')}
      {t.type === 'MILESTONE' && text('conversions', 'Converted friends')}
    </div>
  );
}

function TierFields({ draft, at, errors, onChange }: Props) {
  const setTier = (j: number, tier: TierDraft) =>
    onChange({ ...draft, tiers: draft.tiers.map((x, k) => (k === j ? tier : x)) });
  const last = draft.tiers[draft.tiers.length - 1];
  const nextFrom =
    last && /^\d+$/.test(last.toConversions.trim()) ? String(Number(last.toConversions) + 1) : '';
  return (
    <fieldset class="rule-group">
      <legend>Tiers by the referrer’s converted friends</legend>
      <ol class="rule-tiers">
        {draft.tiers.map((tier, j) => {
          const tierAt = `${at}.tiers.${j}`;
          return (
            <li key={tier.key} class="rule-tier" data-testid="rule-tier">
              <div class="rule-row">
                <TextControl
                  name={`${tierAt}.fromConversions`}
                  label={`Tier ${j + 1}: from friend`}
                  value={tier.fromConversions}
                  inputMode="numeric"
                  errors={errors}
                  onInput={(fromConversions) => setTier(j, { ...tier, fromConversions })}
                />
                <TextControl
                  name={`${tierAt}.toConversions`}
                  label={`Tier ${j + 1}: to friend`}
                  hint="Blank: no end (last tier only)"
                  value={tier.toConversions}
                  inputMode="numeric"
                  errors={errors}
                  onInput={(toConversions) => setTier(j, { ...tier, toConversions })}
                />
              </div>
              <RewardFields
                at={`${tierAt}.reward`}
                reward={tier.reward}
                errors={errors}
                onChange={(reward) => setTier(j, { ...tier, reward })}
              />
              <button
                type="button"
                class="button button-secondary button-small"
                disabled={draft.tiers.length === 1}
                onClick={() => onChange({ ...draft, tiers: draft.tiers.filter((_, k) => k !== j) })}
              >
                Remove tier {j + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        class="button button-secondary button-small"
        onClick={() => onChange({ ...draft, tiers: [...draft.tiers, newTier(nextFrom)] })}
      >
        Add a tier
      </button>
    </fieldset>
  );
}

function LimitFields({ draft, at, errors, onChange }: Props) {
  const setLimit = (k: number, limit: LimitDraft) =>
    onChange({ ...draft, limits: draft.limits.map((x, j) => (j === k ? limit : x)) });
  const unused = LIMIT_PERIODS.find((p) => !draft.limits.some((l) => l.period === p));
  return (
    <fieldset class="rule-group">
      <legend>Limits per referrer</legend>
      {draft.limits.length === 0 && <p class="cell-note">No limits: every friend can earn this reward.</p>}
      {draft.limits.map((limit, k) => {
        const limitAt = `${at}.limits.${k}`;
        return (
          <div key={limit.key} class="rule-row rule-limit" data-testid="rule-limit">
            <SelectControl
              name={`${limitAt}.period`}
              label={`Limit ${k + 1}: period`}
              value={limit.period}
              options={LIMIT_PERIODS}
              labels={PERIOD_LABELS}
              errors={errors}
              onChange={(period) => setLimit(k, { ...limit, period })}
            />
            <TextControl
              name={`${limitAt}.maxCount`}
              label={`Limit ${k + 1}: most rewards`}
              value={limit.maxCount}
              inputMode="numeric"
              errors={errors}
              onInput={(maxCount) => setLimit(k, { ...limit, maxCount })}
            />
            <TextControl
              name={`${limitAt}.maxAmountCents`}
              label={`Limit ${k + 1}: most amount (minor units)`}
              value={limit.maxAmountCents}
              inputMode="numeric"
              errors={errors}
              onInput={(maxAmountCents) => setLimit(k, { ...limit, maxAmountCents })}
            />
            <button
              type="button"
              class="button button-secondary button-small"
              onClick={() => onChange({ ...draft, limits: draft.limits.filter((_, j) => j !== k) })}
            >
              Remove limit {k + 1}
            </button>
          </div>
        );
      })}
      {unused && (
        <button
          type="button"
          class="button button-secondary button-small"
          onClick={() => onChange({ ...draft, limits: [...draft.limits, newLimit(unused)] })}
        >
          Add a limit
        </button>
      )}
    </fieldset>
  );
}

export function RuleFields(props: Props) {
  const { draft, at, errors, onChange } = props;
  const setUseTiers = (useTiers: boolean) =>
    onChange({
      ...draft,
      useTiers,
      tiers: useTiers && draft.tiers.length === 0 ? [newTier('1')] : draft.tiers,
    });
  const elig = draft.eligibility;
  return (
    <div class="rule-fields">
      <div class="rule-row">
        <TextControl
          name={`${at}.name`}
          label="Name"
          hint="Explanations use it: “$10 per friend”"
          value={draft.name}
          errors={errors}
          onInput={(name) => onChange({ ...draft, name })}
        />
        <TextControl
          name={`${at}.id`}
          label="Rule id"
          hint="Lower-case letters, digits and -; rewards name it"
          value={draft.id}
          mono
          errors={errors}
          onInput={(id) => onChange({ ...draft, id })}
        />
      </div>
      <TriggerFields {...props} />
      <div class="rule-row">
        <SelectControl
          name={`${at}.recipient`}
          label="Who gets it"
          value={draft.recipient}
          options={RECIPIENTS}
          labels={RECIPIENT_LABELS}
          errors={errors}
          onChange={(recipient) => onChange({ ...draft, recipient })}
        />
      </div>
      <CheckboxField
        name={`${at}.useTiers`}
        label="The reward depends on how many friends the referrer has converted (tiers)"
        checked={draft.useTiers}
        onChange={setUseTiers}
      />
      {draft.useTiers ? (
        <TierFields {...props} />
      ) : (
        <RewardFields
          at={`${at}.reward`}
          reward={draft.reward}
          errors={errors}
          onChange={(reward) => onChange({ ...draft, reward })}
        />
      )}
      <LimitFields {...props} />
      <fieldset class="rule-group">
        <legend>Eligibility</legend>
        <div class="rule-row">
          <TextControl
            name={`${at}.eligibility.minSubscriptionValueCents`}
            label="Minimum subscription value (minor units)"
            hint="Blank: any value"
            value={elig.minSubscriptionValueCents}
            inputMode="numeric"
            errors={errors}
            onInput={(v) => onChange({ ...draft, eligibility: { ...elig, minSubscriptionValueCents: v } })}
          />
        </div>
        <CheckboxField
          name={`${at}.eligibility.newCustomersOnly`}
          label="New customers only (the friend never paid before)"
          checked={elig.newCustomersOnly}
          error={errors[`${at}.eligibility.newCustomersOnly`]}
          onChange={(v) => onChange({ ...draft, eligibility: { ...elig, newCustomersOnly: v } })}
        />
      </fieldset>
    </div>
  );
}

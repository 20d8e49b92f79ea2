/**
 * Which control each of the server's rule errors belongs to: the editor's controls are named as the
 * server names the fields (`rules.<i>.<path>`), listed here in the order the editor shows them.
 */
import type { RuleTriggerType } from '../../gql/graphql';
import type { FieldErrors, RewardDraft, RuleDraft } from './rule-draft';

const TRIGGER_CONTROLS: Record<RuleTriggerType, string[]> = {
  CONVERSION: [],
  PAYMENT: ['forMonths'],
  EVENT: ['eventKey', 'field', 'atLeast'],
  MILESTONE: ['conversions'],
};

function rewardControls(r: RewardDraft): string[] {
  if (r.type === 'PCT_DISCOUNT') return ['discountPercent'];
  if (r.type === 'CASH')
    return ['cashBy', r.cashBy === 'PERCENT' ? 'percentOfPayment' : 'amountCents', 'unit'];
  return ['amountCents', 'unit'];
}

/** Every control's name for the drafts, in the order the editor shows them. */
export function controlNames(drafts: RuleDraft[]): string[] {
  const names: string[] = [];
  const reward = (r: RewardDraft, at: string) => ['type', ...rewardControls(r)].map((f) => `${at}.${f}`);
  drafts.forEach((d, i) => {
    const at = `rules.${i}`;
    names.push(`${at}.name`, `${at}.id`, `${at}.trigger.type`);
    names.push(...TRIGGER_CONTROLS[d.trigger.type].map((f) => `${at}.trigger.${f}`));
    names.push(`${at}.recipient`);
    if (d.useTiers)
      d.tiers.forEach((t, j) =>
        names.push(
          `${at}.tiers.${j}.fromConversions`,
          `${at}.tiers.${j}.toConversions`,
          ...reward(t.reward, `${at}.tiers.${j}.reward`),
        ),
      );
    else names.push(...reward(d.reward, `${at}.reward`));
    d.limits.forEach((_, k) =>
      names.push(
        `${at}.limits.${k}.period`,
        `${at}.limits.${k}.maxCount`,
        `${at}.limits.${k}.maxAmountCents`,
      ),
    );
    names.push(`${at}.eligibility.minSubscriptionValueCents`, `${at}.eligibility.newCustomersOnly`);
  });
  return names;
}

/**
 * The server's errors on the controls they name: `input.rules.0.reward.discountPercent` on that
 * control; a path naming a group (`rules.0.limits.0`, `rules.0.reward`) on the group's first control;
 * a currency on the unit control (one control holds a credit's unit and a currency). Anything else
 * (the list as a whole) is `other`.
 */
export function mapRuleErrors(
  issues: { field: string; message: string }[],
  names: string[],
): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const path = issue.field.replace(/^input\./, '').replace(/\.currency$/, '.unit');
    const rule = /^rules\.(\d+)/.exec(path);
    // A group's error on its first control, within one rule (an error on the whole list is no field's).
    const target = names.includes(path)
      ? path
      : rule
        ? names.find((n) => n.startsWith(`${path}.`))
        : undefined;
    if (target) fields[target] = fields[target] ? `${fields[target]} ${issue.message}` : issue.message;
    else other.push(rule ? `Rule ${Number(rule[1]) + 1}: ${issue.message}` : issue.message);
  }
  return { fields, other };
}

/** The first control with an error, in the editor's order. */
export const firstError = (errors: FieldErrors, names: string[]) => names.find((n) => errors[n]);

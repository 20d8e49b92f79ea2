import type { ApiError } from '../http';
import { h } from '../widget/dom';
import type { Texts } from './i18n';
import type { Payee, PayoutMethodInput, PayoutMethodType, WidgetApi } from './types';

/** What PUT …/payout-method answered: the payee, and Stripe's onboarding link (null for the others). */
export interface Saved {
  payee: Payee;
  onboardingUrl: string | null;
}

/** The countries Stripe Connect's Express accounts are offered in, named in the visitor's language. */
const COUNTRIES =
  'AT AU BE BG CA CH CY CZ DE DK EE ES FI FR GB GR HK HR HU IE IT JP LI LT LU LV MT MX MY NL NO NZ PL PT RO SE SG SI SK TH US'.split(
    ' ',
  );
const TYPES: PayoutMethodType[] = ['PAYPAL', 'GIFT_CARD', 'STRIPE_CONNECT'];
type Field = 'email' | 'name' | 'country';

interface DisplayNames {
  of(code: string): string | undefined;
}

/** Country options sorted by their names in `tag`, the tag's own region chosen when it is one of them. */
function countryOptions(tag: string, t: Texts): HTMLOptionElement[] {
  const Names = (Intl as unknown as { DisplayNames?: new (l: string[], o: object) => DisplayNames })
    .DisplayNames;
  let names: DisplayNames | undefined;
  try {
    names = Names && new Names([tag], { type: 'region' });
  } catch {
    names = undefined;
  }
  const region = tag.split('-')[1]?.toUpperCase();
  const options = COUNTRIES.map((code) => {
    const option = h('option', { value: code }, names?.of(code) ?? code);
    option.selected = code === region;
    return option;
  }).sort((a, b) => a.text.localeCompare(b.text, tag));
  const choose = h('option', { value: '' }, t.pay.chooseCountry);
  choose.selected = !region || !COUNTRIES.includes(region);
  return [choose, ...options];
}

/** A labelled control with its error line, which the API's refusal of that field fills. */
function field(id: Field, label: string, control: HTMLInputElement | HTMLSelectElement) {
  const error = h('p', { class: 'err', id: `rw-pay-${id}-err`, hidden: '' });
  const wrap = h('div', {}, h('label', { for: `rw-pay-${id}` }, label), control, error);
  return {
    wrap,
    control,
    fail(message: string | null) {
      error.textContent = message ?? '';
      error.hidden = !message;
      if (message) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', error.id);
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    },
  };
}

/**
 * The form that adds or changes the payout method: PayPal by e-mail, a gift card by e-mail (a name
 * optional), or a bank account through Stripe (a country). The API checks the input: the fields it
 * refuses show why next to them (in the visitor's language) and the first gets focus; any other failure
 * is said above the buttons. Cancel (when changing a method) puts the method back.
 */
export function payoutForm(
  tag: string,
  t: Texts,
  api: WidgetApi,
  current: PayoutMethodType | null,
  on: { onSaved: (saved: Saved) => void; onCancel?: () => void },
): HTMLFormElement {
  const radios = TYPES.map((type) => {
    const radio = h('input', {
      type: 'radio',
      name: 'rw-pay-type',
      value: type,
      'data-testid': `method-${type}`,
    });
    radio.checked = type === (current ?? 'PAYPAL');
    return radio;
  });
  const kinds = h(
    'fieldset',
    {},
    h('legend', {}, t.pay.via),
    ...radios.map((radio) =>
      h('label', { class: 'choice' }, radio, t.pay.methods[radio.value as PayoutMethodType]),
    ),
  );
  const email = field(
    'email',
    t.pay.email,
    h('input', { id: 'rw-pay-email', type: 'email', autocomplete: 'email', 'data-testid': 'payout-email' }),
  );
  const name = field(
    'name',
    t.pay.name,
    h('input', { id: 'rw-pay-name', autocomplete: 'name', maxlength: '120' }),
  );
  const country = field(
    'country',
    t.pay.country,
    h('select', { id: 'rw-pay-country', autocomplete: 'country', 'data-testid': 'payout-country' }),
  );
  country.control.append(...countryOptions(tag, t));
  const fields = { email, name, country };
  const problem = h('p', { class: 'err', role: 'alert', 'data-testid': 'payout-form-error' });
  const save = h('button', { type: 'submit', 'data-testid': 'save-method' }, t.pay.save);
  const cancel = on.onCancel ? h('button', { type: 'button', class: 'ghost' }, t.pay.cancel) : null;
  if (cancel) cancel.onclick = on.onCancel!;
  const form = h(
    'form',
    { class: 'pay-form', novalidate: '', 'data-testid': 'payout-form' },
    kinds,
    email.wrap,
    name.wrap,
    country.wrap,
    problem,
    h('div', { class: 'actions' }, save, cancel),
  );
  const chosen = () => radios.find((r) => r.checked)!.value as PayoutMethodType;
  const sync = () => {
    name.wrap.hidden = chosen() !== 'GIFT_CARD';
    country.wrap.hidden = chosen() !== 'STRIPE_CONNECT';
  };
  for (const radio of radios) radio.onchange = sync;
  sync();

  form.onsubmit = async (event) => {
    event.preventDefault();
    if (save.disabled) return;
    const type = chosen();
    const input: PayoutMethodInput =
      type === 'STRIPE_CONNECT'
        ? { type, email: email.control.value, country: country.control.value }
        : type === 'GIFT_CARD'
          ? {
              type,
              email: email.control.value,
              ...(name.control.value.trim() && { name: name.control.value }),
            }
          : { type, email: email.control.value };
    for (const f of Object.values(fields)) f.fail(null);
    problem.textContent = '';
    save.disabled = true;
    form.setAttribute('aria-busy', 'true');
    try {
      on.onSaved(await api.setPayoutMethod(input));
    } catch (err) {
      const refused = ((err as ApiError).validationErrors ?? [])
        .map((issue) => issue.path.split('.').pop() as Field)
        .filter((key) => key in fields);
      for (const key of refused) fields[key].fail(t.pay.invalid[key]);
      if (refused.length) fields[refused[0]!].control.focus();
      else problem.textContent = t.pay.failed;
    } finally {
      save.disabled = false;
      form.removeAttribute('aria-busy');
    }
  };
  return form;
}

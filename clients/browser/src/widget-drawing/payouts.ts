import { h } from '../widget/dom';
import { date, money } from './format';
import type { Texts } from './i18n';
import { payoutForm, type Saved } from './payout-form';
import type { CashBalance, Payee, Payout, ReferrerPayouts, WidgetApi, WidgetData } from './types';

/**
 * The widget's Payouts section: the referrer's cash by currency (available, pending, on its way, paid
 * out), a negative balance in plain words, their payout method (masked) or the form to add or change it,
 * and their recent payouts with the provider's words on a failure. It reads GET …/payouts after the
 * rest of the widget is drawn: while the program pays cash the section shows at once with its loading
 * state; otherwise it appears only when the referrer has cash. User data is only ever text.
 */

/** Whether the program pays cash: its reward, its rules' rewards, or a friend's reward is CASH. */
export function paysCash(data: WidgetData): boolean {
  const progress = data.progress;
  return (
    data.program.referrerReward.type === 'CASH' ||
    progress?.perFriend?.reward.type === 'CASH' ||
    progress?.next?.reward.type === 'CASH' ||
    data.referrals.some(
      (f) => f.reward?.type === 'CASH' || (f.rewardsExplained ?? []).some((e) => e.reward?.type === 'CASH'),
    )
  );
}

/** One currency's four amounts; below zero, what a refund took back, said in words. */
function balance(b: CashBalance, tag: string, t: Texts): Node[] {
  const parts: [string, string, number][] = [
    ['available', t.pay.available, b.availableCents],
    ['pending', t.pay.pending, b.pendingCents],
    ['in-flight', t.pay.inFlight, b.inFlightCents],
    ['paid-out', t.pay.paidOut, b.paidOutCents],
  ];
  const list = h(
    'dl',
    { class: 'cash', 'data-testid': `balance-${b.currency}` },
    ...parts.map(([id, label, cents]) =>
      h(
        'div',
        { class: id },
        h('dt', {}, label),
        h('dd', { 'data-testid': `cash-${id}` }, money(tag, cents, b.currency)),
      ),
    ),
  );
  if (b.availableCents >= 0) return [list];
  const owed = money(tag, -b.availableCents, b.currency);
  return [list, h('p', { class: 'note', 'data-testid': 'owed' }, t.pay.owed(owed))];
}

const PROBLEMS = ['FAILED', 'RETURNED', 'UNCLAIMED'];

function payoutItem(p: Payout, tag: string, t: Texts): HTMLElement {
  const problem = PROBLEMS.includes(p.status) && p.providerMessage;
  return h(
    'li',
    { 'data-testid': 'payout' },
    h(
      'div',
      {},
      h('span', { class: 'name' }, money(tag, p.amountCents, p.currency)),
      h('span', { class: 'muted' }, date(tag, Date.parse(p.createdAt))),
      problem && h('span', { class: 'why muted', 'data-testid': 'payout-message' }, problem),
    ),
    h('span', { class: `badge ${p.status}`, 'data-testid': 'payout-status' }, t.pay.status[p.status]),
  );
}

/** The onboarding link Stripe answered (http(s) only), to open in a new tab. */
function stripeLink(url: string, t: Texts): HTMLElement | null {
  if (!/^https?:\/\//i.test(url)) return null;
  return h(
    'a',
    {
      href: url,
      target: '_blank',
      rel: 'noopener noreferrer',
      class: 'button',
      'data-testid': 'stripe-onboarding',
    },
    t.pay.stripeNext,
    h('span', { class: 'sr' }, ` ${t.newTab}`),
  );
}

/**
 * The method as it may be shown ("PayPal · j•••@example.com") with a Change button, or the form when
 * there is none. A save shows the new method, says so in `status` and focuses Change; Stripe's link is
 * opened in a new tab (and offered as a link, where the browser blocks that).
 */
function methodPart(payee: Payee, tag: string, t: Texts, api: WidgetApi, status: HTMLElement): HTMLElement {
  const box = h('div', { class: 'method', 'data-testid': 'payout-method' });
  const show = (current: Payee, saved?: Saved) => {
    const method = current.method;
    const onSaved = (next: Saved) => show(next.payee, next);
    if (!method) {
      box.replaceChildren(
        h('p', { class: 'muted' }, t.pay.noMethod),
        payoutForm(tag, t, api, null, { onSaved }),
      );
      return;
    }
    const change = h(
      'button',
      { type: 'button', class: 'ghost', 'data-testid': 'change-method' },
      t.pay.change,
    );
    const line = h(
      'p',
      { class: 'chosen' },
      h('span', { 'data-testid': 'method-masked' }, `${t.pay.methods[method.type]} · ${method.masked}`),
      change,
    );
    change.onclick = () => {
      const form = payoutForm(tag, t, api, method.type, { onSaved, onCancel: () => show(current) });
      box.replaceChildren(form);
      form.querySelector<HTMLInputElement>('input:checked')?.focus();
    };
    const link = saved?.onboardingUrl ? stripeLink(saved.onboardingUrl, t) : null;
    box.replaceChildren(line, ...(link ? [link] : []));
    if (saved) {
      status.textContent = t.pay.saved;
      if (link) window.open(saved.onboardingUrl!, '_blank', 'noopener');
      (link ?? change).focus();
    }
  };
  show(payee);
  return box;
}

function body(data: ReferrerPayouts, tag: string, t: Texts, api: WidgetApi): Node[] {
  const status = h('p', { class: 'sr', role: 'status', 'data-testid': 'payout-status-message' });
  return [
    ...(data.payee.held ? [h('p', { class: 'note', 'data-testid': 'held' }, t.pay.held)] : []),
    ...(data.balances.length
      ? data.balances.flatMap((b) => balance(b, tag, t))
      : [h('p', { class: 'muted', 'data-testid': 'no-cash' }, t.pay.noCash)]),
    h('h4', {}, t.pay.method),
    methodPart(data.payee, tag, t, api, status),
    status,
    h('h4', { id: 'rw-pay-recent' }, t.pay.recent),
    data.payouts.length
      ? h(
          'ul',
          { 'aria-labelledby': 'rw-pay-recent', 'data-testid': 'payouts-list' },
          ...data.payouts.map((p) => payoutItem(p, tag, t)),
        )
      : h('p', { class: 'muted' }, t.pay.none),
  ];
}

/** The section (hidden until it has something to show), filled once GET …/payouts answers. */
export function payoutsSection(data: WidgetData, tag: string, t: Texts, api: WidgetApi): Node[] {
  const shown = paysCash(data);
  const content = h('div');
  const title = h('h3', { id: 'rw-pay', tabindex: '-1' }, t.pay.title);
  const section = h(
    'section',
    { class: 'payouts', 'data-testid': 'payouts', 'aria-labelledby': 'rw-pay' },
    title,
    content,
  );
  section.hidden = !shown;
  const load = () => {
    section.setAttribute('aria-busy', 'true');
    content.replaceChildren(
      h(
        'p',
        { class: 'state', role: 'status', 'data-testid': 'payouts-loading' },
        h('span', { class: 'spin' }),
        t.loading,
      ),
    );
    api.payouts().then(
      (payouts) => {
        section.removeAttribute('aria-busy');
        if (!shown && !payouts.balances.length) return;
        content.replaceChildren(...body(payouts, tag, t, api));
        section.hidden = false;
      },
      () => {
        section.removeAttribute('aria-busy');
        const retry = h(
          'button',
          { type: 'button', class: 'ghost', 'data-testid': 'payouts-retry' },
          t.retry,
        );
        retry.onclick = () => {
          load();
          title.focus();
        };
        content.replaceChildren(
          h(
            'div',
            { class: 'state', role: 'alert', 'data-testid': 'payouts-error' },
            h('p', {}, t.pay.loadFailed),
            retry,
          ),
        );
      },
    );
  };
  load();
  return [section];
}

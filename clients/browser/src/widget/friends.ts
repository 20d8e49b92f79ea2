import { h } from './dom';
import { date, money, percent } from './format';
import type { Texts } from './i18n';
import type { Credit, Friend, LoadMore, WidgetData } from './types';

/** Credit amounts in their units, joined ("$125.00", "$125.00 + 300.00 POINTS"); null when none. */
export function credits(tag: string, amounts: Credit[]): string | null {
  return amounts.length ? amounts.map((c) => money(tag, c.amountCents, c.unit)).join(' + ') : null;
}

/** The friend's state in the referrer's words: "Signed up", "Subscribed — you earned $25.00", … */
function stateText(friend: Friend, tag: string, t: Texts): string {
  const { reward, state } = friend;
  if (state === 'SUBSCRIBED' && reward) {
    const what =
      reward.type === 'CREDIT'
        ? money(tag, reward.amountCents ?? 0, reward.unit ?? 'USD')
        : t.off(percent(tag, reward.discountPercent ?? 0));
    if (reward.status === 'PENDING') return t.pending(what);
    return t.earned(what);
  }
  return t.state[state] ?? friend.status;
}

function friendItem(friend: Friend, tag: string, t: Texts): HTMLElement {
  return h(
    'li',
    { 'data-testid': 'referral', tabindex: '-1' },
    h(
      'div',
      {},
      h('span', { class: 'name', 'data-testid': 'referral-name' }, friend.name),
      h('span', { class: 'muted' }, date(tag, friend.dateConverted ?? friend.dateReferred)),
    ),
    h(
      'span',
      { class: `badge ${friend.state}`, 'data-testid': 'referral-status' },
      stateText(friend, tag, t),
    ),
  );
}

/**
 * The referrer's friends: the summary over all of them first, then a page of the list, and a "Show
 * more" button (with the count shown so far) while more follow. A new page is appended and focus moves
 * to its first friend, so a keyboard user carries on from there.
 */
export function friendsSection(data: WidgetData, tag: string, t: Texts, loadMore: LoadMore): Node[] {
  const { summary } = data;
  const list = h('ul', { 'data-testid': 'referrals', 'aria-labelledby': 'rw-refs' });
  const count = h('p', { class: 'muted', 'data-testid': 'referrals-count', 'aria-live': 'polite' });
  const more = h('button', { type: 'button', class: 'ghost', 'data-testid': 'more' }, t.more);
  const footer = h('div', { class: 'more' }, count, more);
  let shown = 0;
  let cursor = data.referralsPage.nextCursor;
  const append = (friends: Friend[]) => {
    const items = friends.map((friend) => friendItem(friend, tag, t));
    list.append(...items);
    shown += items.length;
    count.textContent = t.shown(shown, Math.max(shown, summary.friends));
    more.hidden = !cursor;
    return items;
  };
  more.onclick = async () => {
    if (!cursor || more.disabled) return;
    more.disabled = true;
    more.setAttribute('aria-busy', 'true');
    try {
      const next = await loadMore(cursor);
      cursor = next.referralsPage.nextCursor;
      append(next.referrals)[0]?.focus();
    } catch {
      count.textContent = t.error;
    } finally {
      more.disabled = false;
      more.removeAttribute('aria-busy');
    }
  };
  append(data.referrals);

  const nodes: Node[] = [h('h3', { id: 'rw-refs' }, t.referrals)];
  if (summary.friends === 0) return nodes.concat(h('p', { class: 'muted' }, t.empty));
  return nodes.concat(
    h(
      'p',
      { class: 'summary', 'data-testid': 'summary' },
      t.summary(summary.friends, summary.subscribed, credits(tag, summary.earned)),
    ),
    list,
    footer,
  );
}

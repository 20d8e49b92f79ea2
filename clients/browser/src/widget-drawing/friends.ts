import { percent } from '../locale';
import { h } from '../widget/dom';
import { date, money } from './format';
import type { Texts } from './i18n';
import type { Credit, Friend, LoadMore, RewardExplained, WidgetData } from './types';

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

/** A rule's outcome for the referrer in their words: "“$10 per friend” gave you $10.00 credit, held until …". */
function whyText(e: RewardExplained, tag: string, t: Texts): string {
  const { reward } = e;
  if (e.outcome === 'GRANTED' && reward) {
    const what =
      reward.type === 'PCT_DISCOUNT'
        ? t.off(percent(tag, reward.discountPercent ?? 0))
        : reward.type === 'CREDIT'
          ? t.credit(money(tag, reward.amountCents ?? 0, reward.unit ?? 'USD'))
          : money(tag, reward.amountCents ?? 0, reward.unit ?? 'USD');
    const where =
      reward.status === 'PENDING' && e.heldUntil !== null
        ? t.why.held(date(tag, e.heldUntil))
        : reward.status === 'PENDING_REVIEW'
          ? t.why.review
          : reward.status === 'CANCELLED'
            ? t.why.cancelled
            : null;
    return where ? `${t.why.gave(e.rule, what)}, ${where}` : t.why.gave(e.rule, what);
  }
  switch (e.reason) {
    case 'NOT_CONVERTED':
      return t.why.notConverted(e.rule);
    case 'WAITING':
      return t.why.notYet(e.rule);
    case 'MILESTONE_NOT_REACHED':
      return t.why.milestone(e.rule, e.progress?.conversions ?? 0, e.progress?.needed ?? 0);
    case 'CAPPED':
      return t.why.capped(e.rule);
    case 'NOT_ELIGIBLE':
      return t.why.notEligible(e.rule);
    default:
      return t.why.none(e.rule);
  }
}

/** The rules' outcomes under the friend's name (the fixed reward is the badge already). */
function whyLines(friend: Friend, tag: string, t: Texts): HTMLElement[] {
  return (friend.rewardsExplained ?? [])
    .filter((e) => e.ruleId !== null)
    .map((e) => h('span', { class: 'why muted', 'data-testid': 'reward-why' }, whyText(e, tag, t)));
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
      ...whyLines(friend, tag, t),
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

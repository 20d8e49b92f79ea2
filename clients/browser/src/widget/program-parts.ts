import { h } from './dom';
import { money, percent } from './format';
import type { Texts } from './i18n';
import type { Leader, WidgetData } from './types';

/**
 * The widget's program parts: the referrer's progress to the next milestone or tier of the program's
 * rules (a native <progress> with its words), and the program's leaderboard when it shows one. Names
 * and rule names are text, never HTML.
 */

type Next = NonNullable<NonNullable<WidgetData['progress']>['next']>;

function rewardWords(tag: string, t: Texts, next: Next): string {
  const { reward } = next;
  const amount = money(tag, reward.amountCents ?? 0, reward.currency ?? 'USD');
  const words =
    reward.type === 'PCT_DISCOUNT'
      ? t.off(percent(tag, reward.discountPercent ?? 0))
      : reward.type === 'CREDIT'
        ? t.credit(amount)
        : reward.type === 'FIXED_DISCOUNT'
          ? t.off(amount)
          : amount;
  return next.kind === 'TIER' ? t.progress.perFriend(words) : words;
}

export function progressSection(data: WidgetData, tag: string, t: Texts): Node[] {
  const next = data.progress?.next;
  if (!data.progress || !next) return [];
  const have = data.progress.conversions;
  const bar = h('progress', {
    max: String(next.at),
    value: String(Math.min(have, next.at)),
    'aria-labelledby': 'rw-progress-words',
  });
  return [
    h('h3', {}, t.progress.title),
    h(
      'div',
      { class: 'progress', 'data-testid': 'progress' },
      h('p', { id: 'rw-progress-words' }, t.progress.next(next.remaining, rewardWords(tag, t, next))),
      bar,
      h('p', { class: 'muted' }, `${t.progress.of(have, next.at)} · ${next.ruleName}`),
    ),
  ];
}

function board(title: string, leaders: Leader[], t: Texts): HTMLElement {
  const items = leaders.map((leader) =>
    h(
      'li',
      leader.you ? { class: 'you' } : {},
      h('span', { class: 'rank' }, `${leader.rank}.`),
      h('span', { class: 'who' }, leader.you ? `${leader.name} (${t.board.you})` : leader.name),
      h('span', { class: 'muted' }, t.board.friends(leader.conversions)),
    ),
  );
  return h(
    'div',
    { class: 'board' },
    h('h4', {}, title),
    items.length ? h('ol', {}, ...items) : h('p', { class: 'muted' }, t.board.empty),
  );
}

export function leaderboardSection(data: WidgetData, t: Texts): Node[] {
  if (!data.leaderboard) return [];
  return [
    h('h3', {}, t.board.title),
    h(
      'div',
      { class: 'boards', 'data-testid': 'leaderboard' },
      board(t.board.month, data.leaderboard.month, t),
      board(t.board.allTime, data.leaderboard.allTime, t),
    ),
  ];
}

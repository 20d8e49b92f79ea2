import { h } from '../widget/dom';
import { ruleRewardWords } from './format';
import type { Texts } from './i18n';
import type { Leader, WidgetData } from './types';

/**
 * The widget's program parts: the referrer's progress to the next milestone or tier of the program's
 * rules (a native <progress> named by its words), and the program's leaderboard when it shows one. Names
 * and rule names are text, never HTML.
 */

type Next = NonNullable<NonNullable<WidgetData['progress']>['next']>;

/** The next milestone's or tier's reward ("$20.00 credit per friend" for a tier). */
function rewardWords(tag: string, t: Texts, next: Next): string {
  const words = ruleRewardWords(tag, t, next.reward, next.ruleName);
  return next.kind === 'TIER' ? t.progress.perFriend(words) : words;
}

/**
 * "1 of 3 friends to 100% off", the bar, and what is left ("2 more to go", or how to start at none).
 * With nothing ahead, the count so far; nothing at all without rules, or with none ahead and no friend.
 */
export function progressSection(data: WidgetData, tag: string, t: Texts): Node[] {
  const progress = data.progress;
  const next = progress?.next;
  if (!progress || (!next && progress.conversions === 0)) return [];
  const have = progress.conversions;
  const body = next
    ? [
        h(
          'p',
          { id: 'rw-progress-words', class: 'goal' },
          t.progress.of(have, next.at, rewardWords(tag, t, next)),
        ),
        h('progress', {
          max: String(next.at),
          value: String(Math.min(have, next.at)),
          'aria-labelledby': 'rw-progress-words',
        }),
        h(
          'p',
          { class: 'muted' },
          `${have ? t.progress.remaining(next.remaining) : t.progress.start} · ${next.ruleName}`,
        ),
      ]
    : [h('p', { class: 'goal' }, t.progress.soFar(have))];
  return [h('h3', {}, t.progress.title), h('div', { class: 'progress', 'data-testid': 'progress' }, ...body)];
}

function board(id: string, title: string, leaders: Leader[], t: Texts): HTMLElement {
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
    { class: 'board', 'data-testid': `leaderboard-${id}` },
    h('h4', { id: `rw-board-${id}` }, title),
    items.length
      ? h('ol', { 'aria-labelledby': `rw-board-${id}` }, ...items)
      : h('p', { class: 'muted' }, t.board.empty),
  );
}

/** The top referrers this month and overall, side by side (stacked on a phone), the user marked. */
export function leaderboardSection(data: WidgetData, t: Texts): Node[] {
  if (!data.leaderboard) return [];
  return [
    h('h3', {}, t.board.title),
    h(
      'div',
      { class: 'boards', 'data-testid': 'leaderboard' },
      board('month', t.board.month, data.leaderboard.month, t),
      board('all', t.board.allTime, data.leaderboard.allTime, t),
    ),
  ];
}

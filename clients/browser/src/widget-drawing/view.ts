import { percent } from '../locale';
import { h } from '../widget/dom';
import { friendOffer, money, referrerReward } from './format';
import { friendsSection } from './friends';
import { leaderboardSection, progressSection } from './program-parts';
import type { Texts } from './i18n';
import { qrCode, type QrMatrix } from './qr';
import { coarsePointer, shareTargets } from './share';
import { payoutsSection } from './payouts';
import type { WidgetApi, WidgetData } from './types';

function offer(big: string, caption: string): HTMLElement {
  return h('div', { class: 'offer' }, h('strong', {}, big), h('span', {}, caption));
}

/** Clipboard API first; the old selection copy where it is missing or refused; else the text stays selected. */
async function copy(
  input: HTMLTextAreaElement,
  button: HTMLButtonElement,
  status: HTMLElement,
  t: Texts,
): Promise<void> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(input.value);
    copied = true;
  } catch {
    input.select();
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
  }
  if (!copied) {
    input.focus();
    input.select();
    return;
  }
  button.textContent = status.textContent = t.copied;
  clearTimeout(Number(button.dataset.timer));
  button.dataset.timer = String(
    window.setTimeout(() => {
      button.textContent = t.copy;
      status.textContent = '';
    }, 2000),
  );
}

/** The native share sheet, where the browser has one; a refusal or a cancel changes nothing. */
function shareSheetButton(share: { message: string; emailSubject: string }, t: Texts): HTMLElement | null {
  if (typeof navigator.share !== 'function') return null;
  const button = h('button', { type: 'button', 'data-testid': 'share-sheet' }, t.share);
  button.onclick = () => {
    navigator.share({ title: share.emailSubject, text: share.message }).catch(() => undefined);
  };
  return button;
}

/** A toggle that shows the link's QR code (drawn once, on first use). */
function qrToggle(qr: QrMatrix, t: Texts): Node[] {
  const figure = h('div', { class: 'qr', id: 'rw-qr', hidden: '' });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'ghost',
      'aria-expanded': 'false',
      'aria-controls': 'rw-qr',
      'data-testid': 'qr',
    },
    t.qr,
  );
  button.onclick = () => {
    if (!figure.firstChild) figure.append(qrCode(qr, t.qrLabel));
    const open = figure.hidden;
    figure.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  return [button, figure];
}

function linkSection(data: WidgetData, t: Texts): Node[] {
  const link = data.user.shareLink;
  if (!link || !data.share) return [h('p', { class: 'muted' }, t.noLink)];
  // A textarea, so a long link wraps on a phone instead of hiding its code past the edge.
  const input = h('textarea', { id: 'rw-link', rows: '1', readonly: '', 'data-testid': 'share-link' });
  input.value = link;
  input.onfocus = () => input.select();
  const button = h('button', { type: 'button', 'data-testid': 'copy' }, t.copy);
  const status = h('span', { class: 'sr', role: 'status' });
  button.onclick = () => copy(input, button, status, t);
  const targets = shareTargets(link, data.share.message, data.share.emailSubject, {
    email: t.email,
    sms: coarsePointer(),
  });
  const links = targets.map((target) =>
    h(
      'a',
      target.newTab
        ? {
            href: target.href,
            target: '_blank',
            rel: 'noopener noreferrer',
            'aria-label': `${target.name} ${t.newTab}`,
          }
        : { href: target.href },
      target.name,
    ),
  );
  const [qrButton, qrFigure] = qrToggle(data.share.qr, t);
  return [
    h('label', { for: 'rw-link' }, t.linkLabel),
    h('div', { class: 'row' }, input, button, status),
    h('div', { class: 'actions' }, shareSheetButton(data.share, t), qrButton!),
    qrFigure!,
    h(
      'nav',
      { class: 'share', 'aria-label': t.shareVia },
      h('span', { class: 'muted' }, t.shareVia),
      ...links,
    ),
  ];
}

function rewardList(data: WidgetData, tag: string, t: Texts): Node[] {
  const items: string[] = [];
  const got = data.referredBy;
  if (got && got.discountPercent > 0)
    items.push(t.gotFrom(t.off(percent(tag, got.discountPercent)), got.name));
  if (data.rewards.discountPercent > 0) items.push(t.discountNow(percent(tag, data.rewards.discountPercent)));
  for (const balance of data.rewards.balances) {
    if (balance.amountCents > 0) items.push(t.credit(money(tag, balance.amountCents, balance.unit)));
  }
  return [
    h('h3', {}, t.rewards),
    h(
      'div',
      { 'data-testid': 'rewards' },
      ...(items.length
        ? items.map((item) => h('p', { class: 'reward' }, item))
        : [h('p', { class: 'muted' }, t.noRewards)]),
    ),
  ];
}

/** The widget's content for one answer of the widget route. */
export function renderData(
  panel: HTMLElement,
  data: WidgetData,
  tag: string,
  t: Texts,
  api: WidgetApi,
): void {
  const { program } = data;
  const friend = friendOffer(tag, t, program);
  const reward = referrerReward(tag, t, data);
  panel.replaceChildren(
    h('h2', { id: 'rw-title' }, program.headline ?? t.title),
    h('p', { class: 'sub' }, program.subheadline ?? t.subtitle(reward)),
    h(
      'div',
      { class: 'offers' },
      friend && offer(t.give(friend), t.forFriends),
      offer(t.get(reward), t.forYou),
    ),
    ...linkSection(data, t),
    ...progressSection(data, tag, t),
    ...friendsSection(data, tag, t, api.loadMore),
    ...rewardList(data, tag, t),
    ...payoutsSection(data, tag, t, api),
    ...leaderboardSection(data, t),
  );
}

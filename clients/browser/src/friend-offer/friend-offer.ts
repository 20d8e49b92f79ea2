import { checkCode, type CodeCheck } from '../codes';
import { trackingCode } from '../cookie';
import { clientError, type ApiError } from '../http';
import { percent } from '../locale';
import { h } from '../widget/dom';
import { friendOfferLocale } from './i18n';
import { FRIEND_OFFER_STYLES } from './styles';

export interface FriendOfferOptions {
  /** The host element or a selector. */
  element: Element | string;
  tenant_alias?: string;
  locale?: string;
}

/** What the component ended up showing: the offer, or nothing (no code, an unknown code, an error). */
export interface FriendOfferResult {
  shown: boolean;
  code: string | null;
}

let logged = false;

/** Failures are silent on the page (the friend sees nothing) and logged once per page for the developer. */
function logOnce(message: string, detail?: unknown): void {
  if (logged) return;
  logged = true;
  console.warn(`referral: friend-offer: ${message}`, ...(detail === undefined ? [] : [detail]));
}

/**
 * Greets a friend who arrived through a share link ("Maya gave you 10% off") on the merchant's own page:
 * the code from `?rsCode=` or the tracking cookie, the greeting from the public code endpoint, in the
 * host's shadow root. With no code it renders nothing; while it loads it shows a quiet loading line; on
 * an unknown code or any failure it renders nothing and logs once. Never rejects for a failed lookup.
 */
export async function friendOffer(options: FriendOfferOptions): Promise<FriendOfferResult> {
  const host =
    typeof options?.element === 'string' ? document.querySelector(options.element) : options?.element;
  if (!(host instanceof Element)) {
    throw clientError('friendOffer: element must be an element or a selector that matches one');
  }
  let root: ShadowRoot;
  try {
    root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  } catch {
    throw clientError('friendOffer: this element cannot hold a shadow root (use a div)');
  }
  const { tag, texts } = friendOfferLocale(options.locale);
  const code = await trackingCode();
  if (!code) {
    root.replaceChildren();
    return { shown: false, code: null };
  }
  const style = h('style', {}, FRIEND_OFFER_STYLES);
  root.replaceChildren(
    style,
    h(
      'p',
      { class: 'loading', role: 'status', 'aria-live': 'polite', 'data-testid': 'loading' },
      texts.loading,
    ),
  );
  let check: CodeCheck;
  try {
    check = await checkCode(code, { tenant_alias: options.tenant_alias });
  } catch (err) {
    root.replaceChildren();
    const e = err as Partial<ApiError>;
    logOnce(`the offer could not be loaded (${e.statusCode ?? ''} ${e.apiErrorCode ?? String(err)})`, err);
    return { shown: false, code };
  }
  if (!check.valid) {
    root.replaceChildren();
    logOnce(`the referral code "${code}" is ${check.reason === 'NOT_FOUND' ? 'unknown' : 'not a code'}`);
    return { shown: false, code };
  }
  root.replaceChildren(
    style,
    h(
      'section',
      { class: 'offer', role: 'status', 'data-testid': 'friend-offer' },
      h(
        'strong',
        { class: 'title' },
        texts.gave(check.referrerName, percent(tag, check.offer.discountPercent)),
      ),
      h('p', {}, texts.at(check.offer.programName)),
      h('p', { class: 'code' }, `${texts.code}: `, h('strong', {}, check.code)),
    ),
  );
  return { shown: true, code: check.code };
}

/** `<referral-friend-offer tenant="acme" locale="fr">`: the component as markup, rendered when connected. */
export function defineFriendOfferElement(): void {
  if (!window.customElements || customElements.get('referral-friend-offer')) return;
  customElements.define(
    'referral-friend-offer',
    class extends HTMLElement {
      connectedCallback(): void {
        const attribute = (name: string) => this.getAttribute(name) ?? undefined;
        friendOffer({ element: this, tenant_alias: attribute('tenant'), locale: attribute('locale') }).catch(
          (err: unknown) => logOnce('not rendered', err),
        );
      }
    },
  );
}

import { report } from '../queue';
import { widget } from './widget';

/**
 * `<referral-widget jwt="…" mode="EMBED|POPUP" tenant="acme" locale="fr" program-id="prg_…">`: the
 * widget as markup.
 * It renders when it is connected; failures are logged like queue calls.
 */
export function defineWidgetElement(): void {
  if (!window.customElements || customElements.get('referral-widget')) return;
  customElements.define(
    'referral-widget',
    class extends HTMLElement {
      connectedCallback(): void {
        const attribute = (name: string) => this.getAttribute(name) ?? undefined;
        widget({
          element: this,
          mode: attribute('mode') === 'POPUP' ? 'POPUP' : 'EMBED',
          jwt: attribute('jwt') ?? '',
          tenant_alias: attribute('tenant'),
          account_id: attribute('account-id'),
          user_id: attribute('user-id'),
          locale: attribute('locale'),
          programId: attribute('program-id'),
        }).catch(report('widget'));
      }
    },
  );
}

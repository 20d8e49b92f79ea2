/**
 * Where the library sends its calls: `data-api` on its script tag, else the script's own origin (the
 * gateway serves it), and the tenant from `data-tenant` until a call names one. `scripts` is the folder
 * the library itself came from, where its widget drawing script lies beside it, and `nonce` the script
 * tag's CSP nonce, which that script gets too.
 */
export const env: { api: string; tenant: string | undefined; scripts: string; nonce: string } = {
  api: '',
  tenant: undefined,
  scripts: '',
  nonce: '',
};

/** Read once, while the script runs (document.currentScript is only set then). */
export function readScriptTag(): void {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="/js/referral"]');
  const api =
    script?.dataset.api || (script?.src ? new URL(script.src, location.href).origin : location.origin);
  env.api = api.replace(/\/+$/, '');
  env.tenant = script?.dataset.tenant || undefined;
  env.scripts = script?.src ? new URL('.', new URL(script.src, location.href)).href : `${env.api}/js/`;
  env.nonce = script?.nonce || '';
}
